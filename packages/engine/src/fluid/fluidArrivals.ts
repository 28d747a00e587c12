import type { Random } from '../core/Random.js';
import { gamma } from '../app/RandomArrivalApp.js';

/** Arrival laws of the buffer-sizing model (seed 000 §6.2: Poisson; also hyperexponential and Weibull). */
export type FluidArrivalLaw = 'poisson' | 'hyperexp' | 'weibull';

export interface FluidArrivalSpec {
  law: FluidArrivalLaw;
  /** Hyperexponential: coefficient of variation of the gaps (≥ 1). */
  cv: number;
  /** Weibull: shape β of the gaps (seed 000 Table 3.1 TCP+UDP: 0.519675). */
  weibullShape: number;
}

/** Above this many arrivals per step the count is drawn from its normal limit (see `arrivalCount`). */
const EXACT_LIMIT = 400;

/** Squared coefficient of variation of the inter-arrival gaps of a law. */
export function gapCv2(a: FluidArrivalSpec): number {
  if (a.law === 'poisson') return 1;
  if (a.law === 'hyperexp') return a.cv * a.cv;
  const b = a.weibullShape;
  const g1 = gamma(1 + 1 / b);
  return gamma(1 + 2 / b) / (g1 * g1) - 1;
}

/**
 * Draws the number of arrivals in one step from a renewal process with `mean` arrivals per step.
 * Small means are simulated gap by gap (each step independently started: a stationary count
 * would need the residual life; the difference vanishes as the mean grows). Large means use the
 * renewal central limit theorem (Cox, Renewal Theory, 1962, §6.3): the count is normal with mean m
 * and variance m·c², c the gaps' coefficient of variation (c = 1: Poisson's variance m), rounded
 * and clipped at 0.
 */
export function arrivalCount(a: FluidArrivalSpec, mean: number, r: Random): number {
  if (!(mean > 0)) return 0;
  if (mean > EXACT_LIMIT) {
    const n = Math.round(mean + Math.sqrt(mean * gapCv2(a)) * r.normal());
    return n > 0 ? n : 0;
  }
  // gaps of mean 1/mean step, counted until they pass the end of the step
  const g = 1 / mean;
  let t = 0;
  let n = -1;
  if (a.law === 'poisson') {
    do {
      t += r.exponential(g);
      n++;
    } while (t < 1);
    return n;
  }
  if (a.law === 'hyperexp') {
    const c2 = a.cv * a.cv;
    const p = 0.5 * (1 + Math.sqrt((c2 - 1) / (c2 + 1)));
    do {
      t += r.exponential(r.next() < p ? g / (2 * p) : g / (2 * (1 - p)));
      n++;
    } while (t < 1);
    return n;
  }
  const b = a.weibullShape;
  const scale = g / gamma(1 + 1 / b);
  do {
    t += scale * Math.pow(-Math.log(1 - r.next()), 1 / b);
    n++;
  } while (t < 1);
  return n;
}
