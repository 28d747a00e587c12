/**
 * PIE's periodic drop-probability update (RFC 8033 §4.2 and Appendix A `calculate_drop_prob`,
 * §5.5 cap-drop adjustment), as a pure function so that its table can be checked by hand.
 */

export interface PieControllerParams {
  /** QDELAY_REF, s. */
  readonly targetS: number;
  /** α, Hz (per second of delay error). */
  readonly alpha: number;
  /** β, Hz. */
  readonly beta: number;
  /** RFC 8033 §5.5: once p ≥ 10 %, one update raises p by at most 2 %. */
  readonly capDropAdjustment: boolean;
}

/**
 * RFC 8033 §4.2 auto-tuning: the PI increment is divided by 2048, 512, 128, 32, 8 or 2 while the
 * current probability is below 10⁻⁶, 10⁻⁵, 10⁻⁴, 10⁻³, 10⁻² or 10⁻¹, so that the controller is
 * gentle when p is small (the RFC's table; ns-3.37 PieQueueDisc::CalculateP uses the same
 * thresholds; Linux sch_pie.c the same factors as shifts).
 */
export function pieTuningDivisor(p: number): number {
  if (p < 0.000001) return 2048;
  if (p < 0.00001) return 512;
  if (p < 0.0001) return 128;
  if (p < 0.001) return 32;
  if (p < 0.01) return 8;
  if (p < 0.1) return 2;
  return 1;
}

/**
 * The new drop probability after one update, from the current one and the queue delay now and
 * at the previous update (seconds):
 *   Δp = [α·(qdelay − QDELAY_REF) + β·(qdelay − qdelay_old)] / divisor(p)   (§4.2, eq. of §3.3)
 *   Δp ≤ 0.02 when p ≥ 0.1 (cap-drop adjustment, §5.5)
 *   p ← p + Δp;  p ← 0.98·p when qdelay = qdelay_old = 0 (decay while idle, §4.2)
 *   p ← clamp(p, 0, 1)
 */
export function pieUpdateProbability(p: number, qdelayS: number, qdelayOldS: number, c: PieControllerParams): number {
  let delta = c.alpha * (qdelayS - c.targetS) + c.beta * (qdelayS - qdelayOldS);
  delta /= pieTuningDivisor(p);
  if (c.capDropAdjustment && p >= 0.1 && delta > 0.02) delta = 0.02;
  let next = p + delta;
  if (qdelayS === 0 && qdelayOldS === 0) next *= 0.98;
  return next < 0 ? 0 : next > 1 ? 1 : next;
}
