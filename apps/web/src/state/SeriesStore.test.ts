import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TimeSeries } from '@cclab/engine';
import { SampleThinner } from '../worker/SampleThinner';
import { Columns } from './SeriesStore';

/** Offers samples 0..n-1 (value = index) through the worker's thinner into a store column. */
function throughLab(n: number, capacity: number): number[] {
  const thinner = new SampleThinner(capacity);
  const cols = new Columns(['t', 'v'], capacity, 4);
  for (let i = 0; i < n; i++) if (thinner.accept()) cols.pushRow([i / 10, i], 0);
  expect(cols.length).toBe(thinner.length);
  return [...cols.column('v')];
}

describe('bounded series (worker thinning + store halving)', () => {
  it('keep exactly the points the engine’s TimeSeries keeps, however many samples arrive', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 2, max: 64 }), (n, half) => {
        const capacity = 2 * half;
        const engine = new TimeSeries(['t', 'v'], capacity);
        for (let i = 0; i < n; i++) engine.offer([i / 10, i]);
        expect(throughLab(n, capacity)).toEqual([...engine.column('v')]);
      }),
      { numRuns: 300 },
    );
  });

  it('never hold more than their capacity, and still span the whole run at a uniform stride', () => {
    // a 1 µs probe interval over 60 s: 60 million samples into 2000 points
    const capacity = 2000;
    const thinner = new SampleThinner(capacity);
    const cols = new Columns(['t'], capacity);
    let sent = 0;
    let longest = 0;
    const n = 60_000_000;
    for (let i = 0; i < n && sent <= 100_000; i++) {
      if (!thinner.accept()) continue;
      sent++;
      cols.pushRow([i * 1e-6], 0);
      if (cols.length > longest) longest = cols.length;
    }
    expect(longest).toBe(capacity);
    // 2^15 = 32768 is the first power of two with n / stride ≤ capacity, so the stride ends there
    expect(thinner.stride).toBe(32768);
    const t = cols.column('t');
    expect(t[0]).toBe(0);
    for (let i = 1; i < t.length; i++) expect(t[i]! - t[i - 1]!).toBeCloseTo(32768e-6, 9);
    expect(t.at(-1)!).toBeGreaterThan(60 - 2 * 32768e-6);
    // kept: samples 0, 32768, …, ≤ 59 999 999, i.e. floor(59 999 999 / 32768) + 1 = 1832 points
    expect(t.length).toBe(1832);
    // what crossed to the UI: the points kept plus the capacity/2 each of the 15 halvings discarded
    expect(sent).toBe(1832 + 15 * (capacity / 2));
  });

  it('look columns up by name; an unknown name is an empty column', () => {
    const c = new Columns(['t', 'cwnd'], 8);
    c.pushRow([0.5, 10], 0);
    expect([...c.column('cwnd')]).toEqual([10]);
    expect(c.column('nope')).toHaveLength(0);
    expect(c.has('cwnd') && !c.has('nope')).toBe(true);
  });
});
