/**
 * CoDel's control law, next drop = t + interval / √count (RFC 8289 §3.3, §5.6 `control_law`), in
 * the two forms the references use:
 * - exact: 1/√count computed in floating point, as the RFC's pseudocode writes it;
 * - Newton: Linux's and ns-3.37's fixed-point approximation (include/net/codel_impl.h
 *   `codel_Newton_step` / `codel_control_law`; ns-3 codel-queue-disc.cc `NewtonStep` /
 *   `ControlLaw`): 1/√count is kept as a Q0.16 number and refined by one Newton–Raphson step,
 *   x ← x·(3 − count·x²)/2, each time count changes. The step is not iterated to convergence, so the
 *   second drop of an episode comes interval·0.5 after the first (not interval/√2), and a count
 *   carried over into a new episode starts from the previous episode's estimate.
 */

/** 1.0 in Q0.16 as Linux stores it (~0U >> REC_INV_SQRT_SHIFT = 0xffff). */
export const REC_INV_SQRT_ONE = 0xffff;

/**
 * One Newton step of the Q0.16 reciprocal square root for `count` (codel_Newton_step). The
 * kernel's 64-bit products are rearranged so every intermediate stays an exact double:
 * invsqrt = rec·2¹⁶, so invsqrt²/2³² = rec², and (val·invsqrt) >> 31 = (val·rec) >> 15.
 */
export function newtonStepRecInvSqrt(rec: number, count: number): number {
  const invsqrt2 = rec * rec; // ((rec << 16)²) >> 32, exact (< 2³²)
  let val = 3 * 2 ** 32 - count * invsqrt2;
  if (val < 0) val += 2 ** 64; // u64 wrap (never reached for count < 2³²: count·x² ≈ 1)
  val = Math.floor(val / 4); // val >>= 2
  const scaled = Math.floor((val * rec) / 2 ** 15); // (val · (rec << 16)) >> 31
  return Math.floor(scaled / 2 ** 16) & 0xffff; // >> REC_INV_SQRT_SHIFT, stored in a u16
}

/** interval · rec / 2¹⁶, floored (reciprocal_scale(interval, rec << 16)). */
export function newtonControlGapNs(intervalNs: number, rec: number): number {
  return Math.floor((intervalNs * rec) / 2 ** 16);
}
