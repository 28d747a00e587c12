import { describe, expect, it } from 'vitest';
import { Random } from '../../core/Random.js';
import { RayleighFading } from './RayleighFading.js';

/**
 * Checks against Clarke's model: the envelope is Rayleigh (the power gain exponential with mean 1)
 * and the in-phase and quadrature components have the autocorrelation J0(2π f_d τ) and no cross-
 * correlation. Estimates average many independent channels (fresh random draws) and many times.
 */
const FD = 127.8;
const channels = (n: number, m = 16) =>
  Array.from({ length: n }, (_, i) => new RayleighFading(FD, m, new Random(7, `ue:${i}`)));

/** J0 at a few points, from Abramowitz & Stegun Table 9.1. */
const J0: [number, number][] = [
  [0.5, 0.9384698],
  [1, 0.7651977],
  [1.5, 0.5118277],
  [2, 0.2238908],
  [2.404826, 0],
  [3, -0.260052],
  [4, -0.3971498],
  [5, -0.1775968],
];

describe('Rayleigh fading (Zheng–Xiao sum of sinusoids)', () => {
  it('has a Rayleigh envelope: P(r ≤ x) = 1 − exp(−x²) with E[r²] = 1', () => {
    const gains: number[] = [];
    for (const ch of channels(400)) for (let k = 0; k < 100; k++) gains.push(ch.powerGain(0.137 * k));
    const mean = gains.reduce((a, b) => a + b, 0) / gains.length;
    expect(mean).toBeCloseTo(1, 1);
    for (const x of [0.1, 0.25, 0.5, 1, 1.5, 2]) {
      const empirical = gains.filter((g) => Math.sqrt(g) <= x).length / gains.length;
      expect(Math.abs(empirical - (1 - Math.exp(-x * x))), `CDF at ${x}`).toBeLessThan(0.015);
    }
    // a deep fade 10 dB below the mean (gain < 0.1) has probability 1 − e^−0.1 = 0.0952
    const deep = gains.filter((g) => g < 0.1).length / gains.length;
    expect(deep).toBeGreaterThan(0.085);
    expect(deep).toBeLessThan(0.105);
  });

  it('has the Doppler autocorrelation J0(2π f_d τ) in each component, and none across them', () => {
    const chs = channels(300);
    const a = new Float64Array(2);
    const b = new Float64Array(2);
    for (const [x, j0] of J0) {
      const tau = x / (2 * Math.PI * FD);
      let rc = 0;
      let rs = 0;
      let n = 0;
      for (const ch of chs)
        for (let k = 0; k < 60; k++) {
          const t = 0.05 * k;
          ch.components(t, a);
          ch.components(t + tau, b);
          rc += a[0]! * b[0]!;
          rs += a[1]! * b[1]!;
          n++;
        }
      expect(Math.abs(rc / n - j0), `R_cc at 2πf_dτ = ${x}`).toBeLessThan(0.04);
      expect(Math.abs(rs / n - j0), `R_ss at 2πf_dτ = ${x}`).toBeLessThan(0.04);
    }
    let cross = 0;
    let n = 0;
    for (const ch of chs)
      for (let k = 0; k < 60; k++) {
        ch.components(0.05 * k, a);
        cross += a[0]! * a[1]!;
        n++;
      }
    expect(Math.abs(cross / n)).toBeLessThan(0.03);
  });

  it('gives independent users independent channels (from their own random streams)', () => {
    const [u1, u2] = channels(2);
    let s = 0;
    let s1 = 0;
    let s2 = 0;
    let q1 = 0;
    let q2 = 0;
    const n = 20000;
    for (let k = 0; k < n; k++) {
      const g1 = u1!.powerGain(0.01 * k);
      const g2 = u2!.powerGain(0.01 * k);
      s += g1 * g2;
      s1 += g1;
      s2 += g2;
      q1 += g1 * g1;
      q2 += g2 * g2;
    }
    const cov = s / n - (s1 / n) * (s2 / n);
    const corr = cov / Math.sqrt((q1 / n - (s1 / n) ** 2) * (q2 / n - (s2 / n) ** 2));
    expect(Math.abs(corr)).toBeLessThan(0.05);
  });

  it('is a fixed function of time once drawn (the same gain whenever it is asked)', () => {
    const [ch] = channels(1);
    const g = ch!.powerGain(1.234);
    ch!.powerGain(7);
    expect(ch!.powerGain(1.234)).toBe(g);
  });
});
