import { describe, expect, it } from 'vitest';
import { Random } from './Random.js';

describe('Random', () => {
  it('is reproducible for the same seed and stream', () => {
    const a = new Random(42, 'link:a->b');
    const b = new Random(42, 'link:a->b');
    for (let i = 0; i < 100; i++) expect(a.next()).toBe(b.next());
  });

  it('gives independent streams for different names and seeds', () => {
    const a = new Random(42, 'x');
    const b = new Random(42, 'y');
    const c = new Random(43, 'x');
    const sa = Array.from({ length: 8 }, () => a.nextUint32());
    const sb = Array.from({ length: 8 }, () => b.nextUint32());
    const sc = Array.from({ length: 8 }, () => c.nextUint32());
    expect(sa).not.toEqual(sb);
    expect(sa).not.toEqual(sc);
  });

  it('is uniform on [0,1): mean ≈ 1/2 and variance ≈ 1/12 over 200k draws', () => {
    const r = new Random(7);
    let s = 0;
    let q = 0;
    const n = 200_000;
    let outside = 0;
    for (let i = 0; i < n; i++) {
      const x = r.next();
      if (!(x >= 0 && x < 1)) outside++;
      s += x;
      q += x * x;
    }
    expect(outside).toBe(0);
    const mean = s / n;
    expect(mean).toBeCloseTo(0.5, 2);
    expect(q / n - mean * mean).toBeCloseTo(1 / 12, 2);
  });

  it('draws exponential and Pareto variates with the requested means', () => {
    const r = new Random(3);
    const n = 200_000;
    let e = 0;
    let p = 0;
    for (let i = 0; i < n; i++) {
      e += r.exponential(2);
      p += r.pareto(2, 2.5);
    }
    expect(e / n).toBeCloseTo(2, 1);
    expect(p / n).toBeGreaterThan(1.85);
    expect(p / n).toBeLessThan(2.15);
  });
});
