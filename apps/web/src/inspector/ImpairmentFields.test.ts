import { describe, expect, it } from 'vitest';
import { burstLossSummary, withImpairments } from './ImpairmentFields';

describe('the link inspector’s impairments', () => {
  it('summarises a Gilbert–Elliott chain: P(bad) = p/(p+r) of packets lost, bad periods of 1/r', () => {
    // 0.05 / 0.3 = 16.7 %, 1 / 0.25 = 4 packets
    expect(burstLossSummary({ p: 0.05, r: 0.25 })).toBe(
      '≈ 16.7 % of packets lost; a bad period lasts 4.0 packets on average',
    );
    // losses in both states: (5/6)·0.01 + (1/6)·0.6 = 10.8 %; 1 / 0.02 = 50 packets
    expect(burstLossSummary({ p: 0.004, r: 0.02, lossGood: 0.01, lossBad: 0.6 })).toBe(
      '≈ 10.8 % of packets lost; a bad period lasts 50 packets on average',
    );
    // below 1 %: two significant digits
    expect(burstLossSummary({ p: 0.001, r: 0.5 })).toBe(
      '≈ 0.20 % of packets lost; a bad period lasts 2.0 packets on average',
    );
  });

  it('says nothing of an incomplete or impossible chain', () => {
    expect(burstLossSummary(undefined)).toBeNull();
    expect(burstLossSummary({ p: 0.05 })).toBeNull();
    expect(burstLossSummary({ p: 0.05, r: 0 })).toBeNull();
    expect(burstLossSummary({ p: 0, r: 0.3 })).toBeNull();
  });

  it('edits one field at a time; clearing the last leaves no impairments at all', () => {
    const a = withImpairments(undefined, { jitter: '5ms' });
    expect(a).toEqual({ jitter: '5ms' });
    const b = withImpairments(a, { reorder: true });
    expect(b).toEqual({ jitter: '5ms', reorder: true });
    expect(withImpairments(b, { reorder: undefined })).toEqual({ jitter: '5ms' });
    expect(withImpairments({ jitter: '5ms' }, { jitter: undefined })).toBeUndefined();
  });
});
