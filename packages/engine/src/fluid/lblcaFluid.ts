/**
 * The discrete-time LbLCA model of seed 000 §6.2.1 (the thesis's Matlab buffer-sizing procedure;
 * digest 000 §1): not the packet engine — a pure, fast, deterministic loop over routers whose
 * buffers fill with random arrivals and drain at the rates the LbLCA law sets.
 *
 * Every step of length d:
 *  1. each router i takes its next sending rate from eq. 6.5/6.6 (router/lblcaEquations.ts) with
 *     its own previous occupancy Θ(i,k−1), its previous rate, and its downstream router's
 *     occupancy and rate Δx steps older still (eqs. 6.3–6.4; the downstream of an egress router is
 *     the destination network, which sends no feedback — see `edge`);
 *  2. routers upstream first: in = external arrivals (Poisson, hyperexponential or Weibull counts
 *     of `quantumBits` each, mean λ·d) + what the upstream routers sent this step; out = min(s·d,
 *     Θ(i,k−1) + in) (a router cannot send what it does not hold; this is eq. 6.2's clip at 0,
 *     conserving what reaches the next router); Θ(i,k) = Θ(i,k−1) + in − out, and anything above
 *     B_i overflows (eq. 6.1).
 * Initial state (§6.2.1 steps 1–2): Θ = ½·B_i, s = the mean arrival rate into router i.
 *
 * Units: bits and bit/s; d in seconds (the Matlab model's unit step: 1 s).
 */
import { Random } from '../core/Random.js';
import {
  LblcaBranch,
  nextOccupancy,
  sendingRate,
  targetRate,
  type LblcaRateRule,
  type LblcaRates,
} from '../router/lblcaEquations.js';
import { arrivalCount, type FluidArrivalSpec } from './fluidArrivals.js';

/** A router of a buffer-sizing topology: one buffer, one outgoing port. */
export interface FluidRouter {
  id: string;
  /** Index of the downstream router, or −1 when its port leaves the network (an egress router). */
  next: number;
  /** Capacity of its outgoing port c, bit/s. */
  capacityBps: number;
  /** Mean external arrival rate λ into it (from the access network), bit/s; 0 for core routers. */
  arrivalBps: number;
}

/** Routers in order, every router after all routers that feed it (an in-tree towards the exits). */
export interface FluidTopology {
  id: string;
  name: string;
  routers: readonly FluidRouter[];
}

export interface FluidParams {
  /** Lower and upper set points b_l, b_u (fractions of the buffer). */
  bl: number;
  bu: number;
  /** δ as a fraction (0.05) of the port capacity or of the router's mean arrival rate. */
  delta: number;
  deltaOf: 'capacity' | 'arrival';
  rateRule: LblcaRateRule;
  rates: LblcaRates;
  /** Step length d, s. */
  periodS: number;
  /** Feedback delay Δx in steps (eqs. 6.3–6.4 use the downstream's state Δx + 1 steps back). */
  feedbackDelaySteps: number;
  /** Steps simulated. */
  steps: number;
  arrivals: FluidArrivalSpec;
  /** Size of one arrival, bits (a 1000-byte packet: 8000; Matlab's poissrnd(λ) in Mb: 1e6). */
  quantumBits: number;
  /**
   * An egress router's port (no downstream feedback): 'line-rate' sends at capacity, 'own-buffer'
   * keeps eq. 6.5's first case (δ while its own buffer is at or below b_l·B) and otherwise sends
   * at capacity.
   */
  edge: 'line-rate' | 'own-buffer';
  seed: number;
}

/** The defaults: the §6.2 Matlab runs (set points 0.2 / 0.8, d = 1 s, Poisson). */
export const FLUID_DEFAULTS: FluidParams = {
  bl: 0.2,
  bu: 0.8,
  delta: 0.05,
  deltaOf: 'capacity',
  rateRule: 'repaired',
  rates: 'fraction',
  periodS: 1,
  feedbackDelaySteps: 0,
  steps: 1000,
  arrivals: { law: 'poisson', cv: 2, weibullShape: 0.519675 },
  quantumBits: 8000,
  edge: 'own-buffer',
  seed: 1,
};

export interface FluidRun {
  /** Θ of each router at each step (bits), index 0 = the initial state. */
  occupancy: Float64Array[];
  /** Sending rate s of each router at each step (bit/s; index 0 = initial). */
  rate: Float64Array[];
  /** Case of eq. 6.5 each router took at each step (LblcaBranch; index 0 = None). */
  branch: Int8Array[];
  /** Steps at which each router's occupancy was outside [b_l·B, b_u·B]. */
  violations: Int32Array;
  /** Bits lost to overflow at each router. */
  overflowBits: Float64Array;
  /** Bits delivered out of the network, and offered to it. */
  deliveredBits: number;
  offeredBits: number;
}

/** Mean arrival rate into each router: its own λ plus everything upstream (bit/s). */
export function meanInflow(t: FluidTopology): Float64Array {
  const n = t.routers.length;
  const inflow = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = t.routers[i]!;
    inflow[i]! += r.arrivalBps;
    if (r.next >= 0) inflow[r.next]! += inflow[i]!;
  }
  return inflow;
}

/** Problems with a topology (named by field), empty when it can be run. */
export function checkTopology(t: FluidTopology): string[] {
  const out: string[] = [];
  t.routers.forEach((r, i) => {
    if (!(r.capacityBps > 0)) out.push(`routers[${i}].capacityBps: must be positive`);
    if (!(r.arrivalBps >= 0)) out.push(`routers[${i}].arrivalBps: must be zero or positive`);
    if (r.next !== -1 && !(Number.isInteger(r.next) && r.next > i && r.next < t.routers.length))
      out.push(`routers[${i}].next: must be −1 or a later router's index (routers are listed upstream first)`);
  });
  return out;
}

/** Runs the model with buffer B_i (bits) at each router. */
export function runFluid(t: FluidTopology, buffers: ArrayLike<number>, p: FluidParams): FluidRun {
  const n = t.routers.length;
  const steps = p.steps;
  const rnd = new Random(p.seed, 'fluid:arrivals');
  const inflowMean = meanInflow(t);
  const occupancy = t.routers.map(() => new Float64Array(steps + 1));
  const rate = t.routers.map(() => new Float64Array(steps + 1));
  const branch = t.routers.map(() => new Int8Array(steps + 1).fill(LblcaBranch.None));
  const violations = new Int32Array(n);
  const overflowBits = new Float64Array(n);
  const theta = new Float64Array(n);
  const s = new Float64Array(n);
  const arrived = new Float64Array(n);
  let delivered = 0;
  let offered = 0;
  for (let i = 0; i < n; i++) {
    theta[i] = 0.5 * buffers[i]!;
    s[i] = Math.min(inflowMean[i]!, t.routers[i]!.capacityBps);
    occupancy[i]![0] = theta[i]!;
    rate[i]![0] = s[i]!;
  }
  const d = p.periodS;
  const lag = Math.max(0, Math.round(p.feedbackDelaySteps));
  for (let k = 1; k <= steps; k++) {
    // 1. rates for this step from the state at the end of step k−1 (feedback Δx steps older)
    const fbStep = Math.max(0, k - 1 - lag);
    for (let i = 0; i < n; i++) {
      const r = t.routers[i]!;
      const c = r.capacityBps;
      const delta = p.delta * (p.deltaOf === 'capacity' ? c : inflowMean[i]!);
      let next: number;
      let br: LblcaBranch;
      if (r.next < 0) {
        const own = p.edge === 'own-buffer' && theta[i]! <= p.bl * buffers[i]!;
        br = own ? LblcaBranch.Minimum : LblcaBranch.None;
        next = own ? sendingRate(delta, delta, c, p.rateRule) : c;
      } else {
        const dn = r.next;
        const dc = t.routers[dn]!.capacityBps;
        const dRate = rate[dn]![fbStep]!;
        const out = targetRate({
          rate: s[i]!,
          capacity: c,
          occupancy: theta[i]!,
          buffer: buffers[i]!,
          fbOccupancy: occupancy[dn]![fbStep]!,
          fbBuffer: buffers[dn]!,
          // eq. 6.4 over the downstream's single port
          fbRate: p.rates === 'fraction' ? dRate / dc : dRate,
          bl: p.bl,
          bu: p.bu,
          periodS: d,
          delta,
          rates: p.rates,
        });
        br = out.branch;
        next = sendingRate(out.ts, delta, c, p.rateRule);
      }
      s[i] = next;
      branch[i]![k] = br;
    }
    // 2. arrivals and transmissions, upstream first
    arrived.fill(0);
    for (let i = 0; i < n; i++) {
      const r = t.routers[i]!;
      const ext = arrivalCount(p.arrivals, (r.arrivalBps * d) / p.quantumBits, rnd) * p.quantumBits;
      offered += ext;
      const have = theta[i]! + arrived[i]! + ext;
      const rateOut = Math.max(s[i]!, 0);
      const out = Math.min(rateOut * d, have);
      const bi = buffers[i]!;
      // eqs. 6.1–6.2 (what is sent is at most what is held: the clip at 0)
      const th = nextOccupancy(theta[i]!, d, (arrived[i]! + ext) / d, rateOut, bi);
      overflowBits[i]! += have - out - th;
      theta[i] = th;
      if (r.next >= 0) arrived[r.next]! += out;
      else delivered += out;
      occupancy[i]![k] = th;
      rate[i]![k] = s[i]!;
      if (th < p.bl * bi || th > p.bu * bi) violations[i]!++;
    }
  }
  return { occupancy, rate, branch, violations, overflowBits, deliveredBits: delivered, offeredBits: offered };
}
