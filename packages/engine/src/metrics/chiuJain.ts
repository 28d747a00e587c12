/**
 * The Chiu–Jain plane of two flows (Chiu & Jain 1989; seed 003 §1, digest §1): allocations
 * (x₁, x₂) as fractions of the capacity, the fairness line x₁ = x₂ and the efficiency line
 * x₁ + x₂ = 1. Seed 003 measures fairness as max(x₁/x₂, x₂/x₁) (1 = fair).
 *
 * `synchronisedTrajectory` iterates the synchronised-feedback model step by step — both flows
 * increase by their law's small per-step increment while x₁ + x₂ < 1, both decrease when the sum
 * reaches the line — so that the closed-form meeting points of the digest can be checked against
 * an independent iteration (test/chiuJain.test.ts).
 */

/** Seed 003's fairness index max(x₁/x₂, x₂/x₁): 1 when fair, larger when not; ∞ if one is 0. */
export function maxRatioFairness(x1: number, x2: number): number {
  if (x1 <= 0 || x2 <= 0) return x1 === x2 ? 1 : Infinity;
  return Math.max(x1 / x2, x2 / x1);
}

/** Largest max(x_i/x_j) over a set of allocations (1 = all equal; the n-flow generalisation). */
export function maxRatioFairnessOf(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of xs) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  return lo > 0 ? hi / lo : hi === lo ? 1 : Infinity;
}

/** AIMD from (x₁, x₂) below the efficiency line meets it at ((1 + x₁ − x₂)/2, (1 − x₁ + x₂)/2). */
export function aimdMeetingPoint(x1: number, x2: number): [number, number] {
  return [(1 + x1 - x2) / 2, (1 - x1 + x2) / 2];
}

/**
 * SIMD from (x₁, x₂) meets the line at (x₁ − x₂ + x₂/(x₁+x₂), x₂ − x₁ + x₁/(x₁+x₂)): each flow's
 * gain over the epoch is ∝ 1/w_max (w − w₀ = (α·t/2)², α ∝ 1/√w_max), i.e. ∝ 1/x_i.
 */
export function simdMeetingPoint(x1: number, x2: number): [number, number] {
  const s = x1 + x2;
  return [x1 - x2 + x2 / s, x2 - x1 + x1 / s];
}

/** Binomial decrease x ← x − β·x^l of both flows. */
export function binomialDecrease(x1: number, x2: number, beta: number, l: number): [number, number] {
  return [x1 - beta * Math.pow(x1, l), x2 - beta * Math.pow(x2, l)];
}

/** AIMD, SIMD, or a binomial increase ∝ x^(−k) (`k` argument). */
export type SynchronisedLaw = 'aimd' | 'simd' | 'binomial';

/**
 * Iterates the increase phase from (x₁, x₂) with `steps` equal steps of time per unit of
 * allocation until x₁ + x₂ reaches 1, and returns where it crossed (interpolated within the last
 * step). AIMD: dx_i/dt = 1 for both. SIMD: x_i(t) = x_i + c·t²/x_i (Jin et al.: w − w₀ =
 * (α t / 2)² with α ∝ 1/√w_max, w_max ∝ x_i at the start), integrated numerically. Binomial:
 * dx_i/dt = x_i^(−k) (Bansal & Balakrishnan's increase α/w^k per RTT).
 */
export function synchronisedIncrease(
  law: SynchronisedLaw,
  x1: number,
  x2: number,
  steps = 100000,
  k = 0,
): [number, number] {
  const dt = 1 / steps;
  let a = x1;
  let b = x2;
  let t = 0;
  for (let i = 0; i < 100 * steps; i++) {
    let da: number;
    let db: number;
    if (law === 'aimd') {
      da = dt;
      db = dt;
    } else if (law === 'binomial') {
      da = dt * Math.pow(a, -k);
      db = dt * Math.pow(b, -k);
    } else {
      // d/dt (t²/x) = 2t/x: the rate grows with time since the epoch began
      const tm = t + dt / 2;
      da = (2 * tm * dt) / x1;
      db = (2 * tm * dt) / x2;
    }
    if (a + da + b + db >= 1) {
      const f = (1 - a - b) / (da + db);
      return [a + f * da, b + f * db];
    }
    a += da;
    b += db;
    t += dt;
  }
  return [a, b];
}
