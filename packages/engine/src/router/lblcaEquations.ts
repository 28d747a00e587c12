/**
 * The link-by-link congestion avoidance (LbLCA) control law of seed 000 (PhD thesis, IIT
 * Guwahati 2020, §6.1.1, eqs. 6.1–6.6 and Algorithm 2; digest shared/spec/000-lblca.md §1), as
 * pure functions shared by the packet engine's router controller (LblcaRouter) and the
 * discrete-time buffer-sizing model (fluid/lblcaFluid.ts).
 *
 * Quantities are in one consistent unit system chosen by the caller: occupancy and buffer in
 * bits with rates in bit/s, or in packets with rates in packets/s (Algorithm 2's reading); d in
 * seconds. Where the thesis is ambiguous the reading is a parameter (docs/models.md, "LbLCA"):
 *
 * - `rates` — eq. 6.2 multiplies the arrival and sending rates by the port capacities c_j. Read
 *   as **fraction** (default), a and s are fractions of c_j, so c_j·a is a rate and eq. 6.2 is a
 *   plain fluid balance; Fb(b) (eq. 6.4) is then the downstream's output over its capacity, and
 *   enters eq. 6.5 as that share of the upstream port's c_j. Read as **absolute**, the weight is
 *   dropped from eq. 6.2, rates are bit/s and Fb(b) is the capacity-weighted mean of the
 *   downstream's sending rates. Both readings give the same eq. 6.2; they differ in eq. 6.5 when
 *   the capacities differ.
 * - `rateRule` — eq. 6.6 prints s = min(ts, δ, c_j), which caps every rate at δ (5 % of the
 *   capacity): **literal** (runnable, labelled so) or **repaired** s = min(max(ts, δ), c_j)
 *   (default: δ is the floor the text describes, "the sending rate is fixed to preset value δ").
 */

export type LblcaRates = 'fraction' | 'absolute';
export type LblcaRateRule = 'repaired' | 'literal';

/** Which case of eq. 6.5 set the target rate. */
export enum LblcaBranch {
  /** No feedback from the port's neighbour: the port is not controlled. */
  None = -1,
  /** ts = δ: own buffer at or below b_l·B_i, or the downstream's at or above b_u·B_{i+1}. */
  Minimum = 0,
  /** Downstream at least half full: ts = s + (b_u·B_{i+1} − Fb(a))/d − Fb(b). */
  Upper = 1,
  /** Downstream under half full: ts = s + (b_l·B_{i+1} − Fb(a))/d + Fb(b). */
  Lower = 2,
}

/** What one port's controller knows when it computes its next rate (eq. 6.5). */
export interface TargetRateInput {
  /** s(i, k−1, j): the port's current sending rate. */
  rate: number;
  /** c_j: the port's capacity. */
  capacity: number;
  /** Θ(i, k−1): the router's own occupancy, and B_i its buffer. */
  occupancy: number;
  buffer: number;
  /** Fb(a) = Θ(i+1, k−Δx−1) (eq. 6.3) and B_{i+1}, from the downstream router's feedback. */
  fbOccupancy: number;
  fbBuffer: number;
  /** Fb(b) (eq. 6.4) as `feedbackRate` computed it under the same `rates` reading. */
  fbRate: number;
  /** Lower and upper set points b_l, b_u (fractions of the buffer). */
  bl: number;
  bu: number;
  /** Update period d, s. */
  periodS: number;
  /** δ, the minimum rate (same unit as `rate`). */
  delta: number;
  rates: LblcaRates;
}

/**
 * Eq. 6.4: Fb(b) = Σ_j s_j·c_j / Σ_j c_j over the downstream router's controlled ports. Under the
 * fraction reading s_j is s_j/c_j, which makes Fb(b) = Σ s_j / Σ c_j (the router's output over its
 * capacity); under the absolute reading it is the capacity-weighted mean rate. 0 without ports.
 */
export function feedbackRate(
  rates: ArrayLike<number>,
  capacities: ArrayLike<number>,
  count: number,
  mode: LblcaRates,
): number {
  let num = 0;
  let den = 0;
  for (let j = 0; j < count; j++) {
    const c = capacities[j]!;
    num += mode === 'fraction' ? rates[j]! : rates[j]! * c;
    den += c;
  }
  return den > 0 ? num / den : 0;
}

export interface TargetRate {
  ts: number;
  branch: LblcaBranch;
}

/** Eq. 6.5, with the signs exactly as printed (Algorithm 2 repeats them). */
export function targetRate(x: TargetRateInput): TargetRate {
  if (x.occupancy <= x.bl * x.buffer || x.fbOccupancy >= x.bu * x.fbBuffer)
    return { ts: x.delta, branch: LblcaBranch.Minimum };
  const fb = x.rates === 'fraction' ? x.capacity * x.fbRate : x.fbRate;
  if (x.fbOccupancy >= 0.5 * x.fbBuffer)
    return { ts: x.rate + (x.bu * x.fbBuffer - x.fbOccupancy) / x.periodS - fb, branch: LblcaBranch.Upper };
  return { ts: x.rate + (x.bl * x.fbBuffer - x.fbOccupancy) / x.periodS + fb, branch: LblcaBranch.Lower };
}

/**
 * Eq. 6.6. Literal: min(ts, δ, c_j) — never above δ, and below zero when ts is (the port then
 * holds everything until the next update). Repaired: min(max(ts, δ), c_j).
 */
export function sendingRate(ts: number, delta: number, capacity: number, rule: LblcaRateRule): number {
  if (rule === 'literal') return Math.min(ts, delta, capacity);
  return Math.min(Math.max(ts, delta), capacity);
}

/**
 * Eqs. 6.1–6.2: Θ(i,k) = min(max(Θ(i,k−1) + d·(in − out), 0), B_i), `inRate` = Σ_j c_j·a(i,k−1,j)
 * and `outRate` = Σ_j c_j·s(i,k−1,j) as rates (both readings of the weight agree here).
 */
export function nextOccupancy(prev: number, periodS: number, inRate: number, outRate: number, buffer: number): number {
  return Math.min(Math.max(prev + periodS * (inRate - outRate), 0), buffer);
}
