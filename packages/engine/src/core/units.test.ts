import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBitRate, parseBufferLimit, parseByteSize, parseDuration, serializationNs } from './units.js';

describe('human units', () => {
  it('parses bit rates with SI prefixes', () => {
    expect(parseBitRate('10Mbps')).toEqual({ ok: true, value: 10e6 });
    expect(parseBitRate('1.5 Mb')).toEqual({ ok: true, value: 1.5e6 });
    expect(parseBitRate('100kbps')).toEqual({ ok: true, value: 100e3 });
    expect(parseBitRate('1Gbps')).toEqual({ ok: true, value: 1e9 });
    expect(parseBitRate(2000)).toEqual({ ok: true, value: 2000 });
  });

  it('rejects non-positive or unitless-garbage rates with a message naming the value', () => {
    const r = parseBitRate('-5Mbps');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe('"-5Mbps" is not a positive bit rate');
    expect(parseBitRate('fast').ok).toBe(false);
    expect(parseBitRate('10 furlongs').ok).toBe(false);
  });

  it('parses durations into integer nanoseconds', () => {
    expect(parseDuration('20ms')).toEqual({ ok: true, value: 20_000_000 });
    expect(parseDuration('1.5s')).toEqual({ ok: true, value: 1_500_000_000 });
    expect(parseDuration('100us')).toEqual({ ok: true, value: 100_000 });
    expect(parseDuration(2)).toEqual({ ok: true, value: 2_000_000_000 });
    expect(parseDuration('-1s').ok).toBe(false);
  });

  it('parses sizes and buffer limits', () => {
    expect(parseByteSize('1.5KB')).toEqual({ ok: true, value: 1500 });
    expect(parseBufferLimit('50 packets')).toEqual({ ok: true, value: { packets: 50 } });
    expect(parseBufferLimit(20)).toEqual({ ok: true, value: { packets: 20 } });
    expect(parseBufferLimit('64KB')).toEqual({ ok: true, value: { bytes: 64000 } });
    expect(parseBufferLimit('2.5 packets').ok).toBe(false);
  });

  it('round-trips any positive rate written in Mbps', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e5, noNaN: true }), (mbps) => {
        const r = parseBitRate(`${mbps}Mbps`);
        expect(r.ok).toBe(true);
        if (r.ok) expect(r.value).toBeCloseTo(mbps * 1e6, 0);
      }),
    );
  });

  it('serialization delay is size·8/rate', () => {
    expect(serializationNs(1000, 10e6)).toBe(800_000);
    expect(serializationNs(40, 1e9)).toBe(320);
  });
});
