import { describe, expect, it } from 'vitest';
import { XcpFairness, type XcpFairnessParams } from './XcpFairness.js';

const base: XcpFairnessParams = {
  law: 'aimd',
  k: 0,
  l: 1,
  simdRoot: 0.5,
  simdWindow: 'current',
  simdAlpha: false,
  simdBeta: 1.236,
};
const law = (p: Partial<XcpFairnessParams>) => new XcpFairness({ ...base, ...p }, 2);

// a packet of s = 1000 B from a flow of throughput r = 1e5 B/s (x = s/r = 0.01 s), rtt 0.1 s
const s = 1000;
const r = 1e5;
const x = s / r;

describe('XCP fairness-controller laws (seed 003 §3, digest §2 table)', () => {
  it('AIMD: p̂ = s/r, n̂ = s (ns-2: Cp·x_, Cn·size)', () => {
    expect(law({}).positive(0, s, x, 0.1)).toBe(x);
    expect(law({}).negative(s, x)).toBe(s);
  });

  it('SQRT: p̂ = s/(r·√r), n̂ = s·√r/r (eq. 3.10–3.11)', () => {
    expect(law({ law: 'sqrt' }).positive(0, s, x, 0.1)).toBeCloseTo(s / (r * Math.sqrt(r)), 15);
    expect(law({ law: 'sqrt' }).negative(s, x)).toBeCloseTo((s * Math.sqrt(r)) / r, 12);
  });

  it('IIAD: p̂ = s/r², n̂ = s/r (eq. 3.12–3.14)', () => {
    expect(law({ law: 'iiad' }).positive(0, s, x, 0.1)).toBeCloseTo(s / (r * r), 18);
    expect(law({ law: 'iiad' }).negative(s, x)).toBeCloseTo(s / r, 15);
  });

  it('MIMD: p̂ = n̂ = s (eq. 3.15–3.16)', () => {
    expect(law({ law: 'mimd' }).positive(0, s, x, 0.1)).toBeCloseTo(s, 9);
    expect(law({ law: 'mimd' }).negative(s, x)).toBe(s);
  });

  it('general binomial (k, l) = (½, ½) is SQRT', () => {
    const b = law({ law: 'binomial', k: 0.5, l: 0.5 });
    expect(b.positive(0, s, x, 0.1)).toBeCloseTo(law({ law: 'sqrt' }).positive(0, s, x, 0.1), 15);
    expect(b.negative(s, x)).toBeCloseTo(law({ law: 'sqrt' }).negative(s, x), 12);
  });

  it('SIMD: p̂ = (s/r)·(r − r₀)^e with r₀ and r_max learnt from a fall in throughput', () => {
    const f = law({ law: 'simd', simdRoot: 0.5 });
    // no decrease seen: r₀ = 0
    f.observe(0, s, x);
    expect(f.positive(0, s, x, 0.1)).toBeCloseTo(x * Math.sqrt(r), 12);
    f.endInterval(); // r_prev = 1e5, r_max = 1e5
    f.observe(0, s, s / 8e4); // falls to 8e4: a decrease begins
    f.endInterval();
    expect(f.simdState(0)).toEqual([8e4, 1e5, 8e4]);
    f.observe(0, s, s / 6e4); // still falling: r₀ follows, r_max stays
    f.endInterval();
    expect(f.simdState(0)).toEqual([6e4, 1e5, 6e4]);
    // at r = 9e4: (r − r₀)^½ = √30000
    expect(f.positive(0, s, s / 9e4, 0.1)).toBeCloseTo((s / 9e4) * Math.sqrt(3e4), 12);
    // at r₀ itself the floor of one packet per RTT (s/rtt = 1e4 B/s) applies
    expect(f.positive(0, s, s / 6e4, 0.1)).toBeCloseTo((s / 6e4) * Math.sqrt(1e4), 12);
  });

  it('SIMD with α: × 3√β/((1 − 2β/3)·(2·r_max)^e), fourth root and w(t−1)', () => {
    const f = law({ law: 'simd', simdRoot: 0.25, simdWindow: 'previous', simdAlpha: true, simdBeta: 1.267 });
    f.observe(0, s, s / 5e4);
    f.endInterval(); // r_prev = r_max = 5e4
    const alpha = (3 * Math.sqrt(1.267)) / (1 - (2 * 1.267) / 3) / Math.pow(1e5, 0.25);
    // w(t−1): the previous interval's 5e4 is used, not the packet's current 7e4
    expect(f.positive(0, s, s / 7e4, 0.1)).toBeCloseTo((s / 7e4) * Math.pow(5e4, 0.25) * alpha, 12);
  });
});
