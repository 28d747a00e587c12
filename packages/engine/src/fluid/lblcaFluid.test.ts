import { describe, expect, it } from 'vitest';
import { LblcaBranch } from '../router/lblcaEquations.js';
import { minimumBuffers, passes, SIZING_DEFAULTS } from './bufferSizing.js';
import { FLUID_DEFAULTS, runFluid, type FluidParams, type FluidTopology } from './lblcaFluid.js';
import { cross2Fluid, linearFluid } from './fluidTopologies.js';

const M = 1e6;

describe('discrete-time LbLCA model', () => {
  it('follows eqs. 6.1–6.6 step by step (no arrivals, hand-worked)', () => {
    // two routers B1 → B2 → out, buffers 100, capacity 10, d = 1, b_l/b_u 0.2/0.8, δ = 0.5:
    // B1 sends min(max(ts, δ), c) with ts = s + (80 − Θ2)/1 − 10·(s2/10) while B2 is ≥ half full,
    // and δ once its own Θ1 ≤ 20; B2 (egress) sends at capacity while above b_l·B
    const t: FluidTopology = {
      id: 't',
      name: 't',
      routers: [
        { id: 'B1', next: 1, capacityBps: 10, arrivalBps: 0 },
        { id: 'B2', next: -1, capacityBps: 10, arrivalBps: 0 },
      ],
    };
    const r = runFluid(t, [100, 100], { ...FLUID_DEFAULTS, steps: 5, quantumBits: 1 });
    expect(Array.from(r.occupancy[0]!)).toEqual([50, 40, 30, 20, 19.5, 19]);
    expect(Array.from(r.occupancy[1]!)).toEqual([50, 50, 50, 50, 40.5, 31]);
    expect(Array.from(r.rate[0]!)).toEqual([0, 10, 10, 10, 0.5, 0.5]);
    const U = LblcaBranch.Upper;
    const D = LblcaBranch.Minimum;
    expect(Array.from(r.branch[0]!)).toEqual([LblcaBranch.None, U, U, U, D, D]);
    expect(Array.from(r.violations)).toEqual([2, 0]); // 19.5 and 19 are below b_l·B = 20
    expect(r.deliveredBits).toBe(50); // B2 sent 10 every step
  });

  it('conserves bits: offered = delivered + overflow + what the buffers gained', () => {
    const t = cross2Fluid(180 * M, 70 * M, 240 * M);
    for (const law of ['poisson', 'hyperexp', 'weibull'] as const) {
      const p: FluidParams = { ...FLUID_DEFAULTS, arrivals: { ...FLUID_DEFAULTS.arrivals, law } };
      const b = [300 * M, 100 * M, 400 * M];
      const r = runFluid(t, b, p);
      let gained = 0;
      for (const o of r.occupancy) gained += o[o.length - 1]! - o[0]!;
      const overflow = r.overflowBits.reduce((a, x) => a + x, 0);
      expect(r.offeredBits).toBeGreaterThan(0);
      expect(r.deliveredBits + overflow + gained).toBeCloseTo(r.offeredBits, -3);
    }
  });

  it('offers λ·d per step on average, with the variance of the arrival law', () => {
    const t = linearFluid(1, 170 * M, 1e12);
    const mean = (law: 'poisson' | 'weibull') =>
      runFluid(t, [1e15], { ...FLUID_DEFAULTS, steps: 4000, arrivals: { ...FLUID_DEFAULTS.arrivals, law } })
        .offeredBits / 4000;
    expect(mean('poisson') / (170 * M)).toBeCloseTo(1, 2);
    expect(mean('weibull') / (170 * M)).toBeCloseTo(1, 2);
  });
});

describe('minimum-buffer search', () => {
  it('returns buffers that pass and that no router can shrink by one resolution step', () => {
    const t = linearFluid(3, 170 * M, 170 * M);
    const p = FLUID_DEFAULTS;
    const o = { ...SIZING_DEFAULTS, resolutionBits: 5 * M };
    const res = minimumBuffers(t, p, o);
    const okAll = (b: number[]) =>
      Array.from({ length: o.runs }, (_, k) => runFluid(t, b, { ...p, seed: p.seed + k })).every((r) =>
        passes(r, 'band'),
      );
    expect(res.buffers.every((b) => b > 0)).toBe(true);
    expect(okAll(res.buffers)).toBe(true);
    for (let i = 0; i < 3; i++) {
      const smaller = res.buffers.slice();
      smaller[i] = smaller[i]! - o.resolutionBits;
      expect(okAll(smaller)).toBe(false);
    }
    expect(minimumBuffers(t, p, o)).toEqual(res); // deterministic
  });

  it('band needs the occupancy inside [b_l·B, b_u·B]; no-loss only that it neither overflows nor empties', () => {
    const t: FluidTopology = { id: 't', name: 't', routers: [{ id: 'B1', next: -1, capacityBps: 10, arrivalBps: 0 }] };
    const r = runFluid(t, [100], { ...FLUID_DEFAULTS, steps: 3, quantumBits: 1, edge: 'line-rate' });
    // drains 10 per step from 50: 40, 30, 20 — all ≥ b_l·B, never empty
    expect(passes(r, 'band')).toBe(true);
    expect(passes(r, 'no-loss')).toBe(true);
    const r2 = runFluid(t, [100], { ...FLUID_DEFAULTS, steps: 4, quantumBits: 1, edge: 'line-rate' });
    expect(passes(r2, 'band')).toBe(false); // 10 < 20
    expect(passes(r2, 'no-loss')).toBe(true);
    const r3 = runFluid(t, [100], { ...FLUID_DEFAULTS, steps: 5, quantumBits: 1, edge: 'line-rate' });
    expect(passes(r3, 'no-loss')).toBe(false); // empty
  });
});
