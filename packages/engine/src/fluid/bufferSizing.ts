/**
 * The minimum-buffer search of seed 000 §6.2.1: the smallest buffers B_i for which every
 * router's occupancy stays inside [b_l·B_i, b_u·B_i] for the whole run (the thesis's criterion,
 * "the values never exceed upper set-point and are never below lower set-point"), over several
 * random realisations. A second criterion, `no-loss`, asks only that no buffer overflows or runs
 * empty (the design goal of §6.1, "never overflow and always have some packets to send"); see
 * docs/models.md for when the two differ.
 *
 * Search: (1) one common factor κ on a grid, B_i = κ·(mean inflow of router i)·d, the smallest κ
 * that passes; (2) each router in turn, its B_i lowered by bisection (the others fixed) to the
 * smallest value, at `resolutionBits`, that still passes for every router; repeated until a sweep
 * changes nothing. The criterion is not guaranteed monotone in B (the control law is not linear),
 * so the result is a buffer vector that passes and that no single router can shrink, not a proof
 * of a global minimum.
 */
import {
  checkTopology,
  meanInflow,
  runFluid,
  type FluidParams,
  type FluidRun,
  type FluidTopology,
} from './lblcaFluid.js';

export type SizingCriterion = 'band' | 'no-loss';

export interface SizingOptions {
  criterion: SizingCriterion;
  /** Random realisations that must all pass (seeds params.seed, params.seed + 1, ...). */
  runs: number;
  /** Granularity of the per-router search, bits. */
  resolutionBits: number;
  /** Largest common factor κ tried (buffers of κ·inflow·d). */
  maxFactor: number;
}

export const SIZING_DEFAULTS: SizingOptions = { criterion: 'band', runs: 3, resolutionBits: 1e6, maxFactor: 50 };

export interface SizingResult {
  /** Minimum buffer of each router, bits; NaN for all when no buffer up to the limit passes. */
  buffers: number[];
  /** The common factor κ of step 1 (NaN when none passed). */
  factor: number;
  /** Model runs made. */
  runs: number;
}

/** Whether a run satisfies the criterion at every router. */
export function passes(run: FluidRun, criterion: SizingCriterion): boolean {
  if (criterion === 'band') {
    for (let i = 0; i < run.violations.length; i++) if (run.violations[i]! > 0) return false;
    return true;
  }
  for (let i = 0; i < run.occupancy.length; i++) {
    if (run.overflowBits[i]! > 0) return false;
    const o = run.occupancy[i]!;
    for (let k = 1; k < o.length; k++) if (o[k]! <= 0) return false;
  }
  return true;
}

/** Searches the minimum buffers (bits) of a topology under the model's parameters. */
export function minimumBuffers(t: FluidTopology, p: FluidParams, o: SizingOptions = SIZING_DEFAULTS): SizingResult {
  const problems = checkTopology(t);
  if (problems.length) throw new RangeError(problems.join('; '));
  const n = t.routers.length;
  let runs = 0;
  const ok = (b: readonly number[]): boolean => {
    for (let r = 0; r < o.runs; r++) {
      runs++;
      const run = runFluid(t, b, { ...p, seed: p.seed + r });
      if (!passes(run, o.criterion)) return false;
    }
    return true;
  };
  const inflow = meanInflow(t);
  const base = Array.from(inflow, (x) => Math.max(x * p.periodS, p.quantumBits));
  // 1. common factor on a grid of 0.05
  let factor = NaN;
  for (let k = 1; k <= Math.round(o.maxFactor / 0.05); k++) {
    const f = k * 0.05;
    if (ok(base.map((x) => x * f))) {
      factor = f;
      break;
    }
  }
  if (Number.isNaN(factor)) return { buffers: Array.from({ length: n }, () => NaN), factor, runs };
  const b = base.map((x) => Math.ceil((x * factor) / o.resolutionBits) * o.resolutionBits);
  if (!ok(b)) {
    // rounding up to the resolution broke it (non-monotone): keep the unrounded vector
    for (let i = 0; i < n; i++) b[i] = base[i]! * factor;
  }
  // 2. shrink each router by bisection while everything still passes
  for (let sweep = 0; sweep < 4; sweep++) {
    let changed = false;
    for (let i = n - 1; i >= 0; i--) {
      let hi = b[i]!; // passes
      let lo = 0; // assumed to fail
      while (hi - lo > o.resolutionBits) {
        const mid = Math.ceil((lo + hi) / 2 / o.resolutionBits) * o.resolutionBits;
        if (mid >= hi) break;
        const trial = b.slice();
        trial[i] = mid;
        if (ok(trial)) hi = mid;
        else lo = mid;
      }
      if (hi < b[i]!) {
        b[i] = hi;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { buffers: b, factor, runs };
}
