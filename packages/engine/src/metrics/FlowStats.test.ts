import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FlowStats } from './FlowStats.js';
import { jainIndex, TimeSeries } from './TimeSeries.js';

describe('FlowStats', () => {
  it('computes mean delay, RFC 3393-style jitter and percentiles', () => {
    const s = new FlowStats();
    const delays = [10, 12, 11, 15, 10].map((ms) => ms * 1e6);
    for (const d of delays) s.recordDelay(d);
    expect(s.meanDelayNs()).toBeCloseTo(11.6e6, 0);
    // |12-10| + |11-12| + |15-11| + |10-15| = 12 over 4 differences
    expect(s.meanJitterNs()).toBeCloseTo(3e6, 0);
    // histogram buckets are 1.2 % wide: the percentile is the bucket's centre
    expect(Math.abs(s.delayPercentileNs(1) / 15e6 - 1)).toBeLessThan(0.012);
    expect(Math.abs(s.delayPercentileNs(0.2) / 10e6 - 1)).toBeLessThan(0.012);
  });

  it('puts each delay into bucket 1 + floor((log10(d) - 3) * 200), however consecutive delays straddle a boundary', () => {
    // 10 ms = 10^7 ns lies exactly on a boundary: (7 - 3) * 200 = 800, so 10 ms opens bucket 801;
    // 9.9 ms: (6.99564 - 3) * 200 = 799.13 -> 800; 9.999 ms: 799.99 -> 800; 10.1 ms: 800.86 -> 801
    const s = new FlowStats();
    for (const d of [9.9e6, 10.1e6, 10e6, 9.999e6, 9.9e6, 10.05e6]) s.recordDelay(d);
    expect(s.delayHistogram[800]).toBe(3);
    expect(s.delayHistogram[801]).toBe(3);
    expect(s.delayHistogram.reduce((a, b) => a + b, 0)).toBe(6);
  });

  it('finds the same percentile bucket scanning down from the largest delay as scanning up', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 5e9, noNaN: true }), { minLength: 1, maxLength: 300 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (delays, q) => {
          const s = new FlowStats();
          for (const d of delays) s.recordDelay(d);
          // between probes too: the largest delay may sit in the interval's fields
          if (delays.length > 2) s.takeInterval();
          s.recordDelay(delays[0]!);
          expect(s.delayPercentileFromTopNs(q)).toBe(s.delayPercentileNs(q));
        },
      ),
    );
    expect(new FlowStats().delayPercentileFromTopNs(0.95)).toBeNaN();
  });

  it('p95 of a uniform spread of delays lands within 1 % of the exact value', () => {
    const s = new FlowStats();
    for (let i = 1; i <= 1000; i++) s.recordDelay(i * 1e5);
    expect(Math.abs(s.delayPercentileNs(0.95) / 95e6 - 1)).toBeLessThan(0.01);
  });
});

describe('TimeSeries', () => {
  it('keeps memory bounded by decimating while still spanning the whole run', () => {
    const ts = new TimeSeries(['t', 'v'], 8);
    for (let i = 0; i < 1000; i++) ts.offer([i, i * 2]);
    expect(ts.length).toBeLessThanOrEqual(8);
    const t = Array.from(ts.column('t'));
    expect(t[0]).toBe(0);
    // the newest point is at most one (decimated) stride behind the last sample offered
    expect(t[t.length - 1]!).toBeGreaterThanOrEqual(999 - ts.stride);
    expect(ts.stride).toBeGreaterThan(1);
    // uniform spacing after decimation
    const gaps = t.slice(1).map((x, i) => x - t[i]!);
    expect(new Set(gaps).size).toBe(1);
    expect(Array.from(ts.column('v'))).toEqual(t.map((x) => 2 * x));
  });

  it('writes CSV with a header row', () => {
    const ts = new TimeSeries(['t', 'cwnd'], 16);
    ts.offer([0.1, 2]);
    ts.offer([0.2, 4.5]);
    expect(ts.toCsv()).toBe('t,cwnd\n0.1,2\n0.2,4.5\n');
  });
});

describe("Jain's index", () => {
  it('is 1 for equal shares and 1/n when one flow takes everything', () => {
    expect(jainIndex([3, 3, 3, 3])).toBe(1);
    expect(jainIndex([5, 0, 0, 0])).toBe(0.25);
    expect(jainIndex([1, 2])).toBeCloseTo(0.9, 10);
  });
});
