import { describe, expect, it } from 'vitest';
import { Packet, XcpMark } from '../net/Packet.js';
import { XcpEndSystem } from './XcpEndSystem.js';

describe('XCP end-system (ns-2.35 xcp-end-sys.cc)', () => {
  it('smooths tick-counted RTT samples ×256 with gain 1/8 (XCP_INIT_SRTT, XCP_UPDATE_SRTT)', () => {
    const e = new XcpEndSystem(10e6, 1000);
    // 48 ms sent at 52 ms, back at 100 ms: ⌊100/10⌋ − ⌊52/10⌋ = 5 ticks → srtt 5·256 → 50 ms
    e.sample(48e6, 100e6);
    expect(e.srttNs).toBe(50e6);
    // 62 ms sent at 138 ms: 20 − 13 = 7 ticks: 1280 + 7·32 − ⌊1284/8⌋ = 1344 → 52.5 ms
    e.sample(62e6, 200e6);
    expect(e.srttNs).toBe(52.5e6);
  });

  it('with tick 0 the samples are exact and the gain is still 1/8', () => {
    const e = new XcpEndSystem(0, 1000);
    e.sample(40e6, 1e9);
    e.sample(80e6, 2e9);
    expect(e.srttNs).toBeCloseTo(45e6, 6);
  });

  it('stamps H_rtt, H_cwnd and an unbounded request, or no request before an RTT is known', () => {
    const e = new XcpEndSystem(10e6, 1000);
    const p = new Packet();
    e.stamp(p, 7, 1050);
    expect([p.hdrXcp, p.hdrRttNs, p.hdrCwndBytes, p.hdrFeedbackBytes]).toEqual([XcpMark.Data, 0, 7350, 0]);
    e.sample(48e6, 100e6);
    e.stamp(p, 7, 1050);
    expect(p.hdrRttNs).toBe(50e6);
    expect(p.hdrFeedbackBytes).toBe(Infinity);
  });

  it('cwnd ← max(cwnd + feedback / payload, 1), at most the receiver window', () => {
    const e = new XcpEndSystem(10e6, 1000);
    expect(e.apply(10, 500, 100)).toBe(10.5);
    expect(e.apply(10, -20000, 100)).toBe(1);
    expect(e.apply(10, Infinity, 100)).toBe(100);
    expect(e.feedbackAppliedBytes).toBeCloseTo(500 - 9000 + 90000, 9);
  });
});
