/**
 * The TCP throughput equation used by TFRC (RFC 5348 §3.1, after Padhye et al., SIGCOMM 1998):
 *
 *   X_Bps = s / ( R·√(2·b·p/3) + t_RTO · (3·√(3·b·p/8)) · p · (1 + 32·p²) )
 *
 * s: segment size (bytes), R: round-trip time (s), p: loss event rate, b: packets acknowledged per
 * ACK (RFC 5348 recommends 1), t_RTO: retransmission timeout (RFC 5348: 4R). Returns bytes/s.
 *
 * `capTimeoutTerm` applies min(1, 3·√(3bp/8)) as in Padhye's paper and ns-2's formula.h; RFC 5348
 * writes the factor without the cap. The two differ only for p > 0.0475.
 */
export function tfrcRateBps(s: number, rttS: number, p: number, tRtoS: number, b = 1, capTimeoutTerm = false): number {
  if (!(p > 0)) return Infinity;
  let f2 = 3 * Math.sqrt((3 * b * p) / 8);
  if (capTimeoutTerm && f2 > 1) f2 = 1;
  const denom = rttS * Math.sqrt((2 * b * p) / 3) + tRtoS * f2 * p * (1 + 32 * p * p);
  return denom > 0 ? s / denom : Infinity;
}

/**
 * Inverse of `tfrcRateBps` in p: the loss event rate at which the equation gives `rateBps`
 * (RFC 5348 §6.3.1 uses it to seed the loss history after the first loss). Bisection on log p;
 * the equation is strictly decreasing in p.
 */
export function tfrcLossForRate(
  rateBps: number,
  s: number,
  rttS: number,
  tRtoS: number,
  b = 1,
  capTimeoutTerm = false,
): number {
  if (!(rateBps > 0) || !(rttS > 0)) return 1;
  let lo = 1e-12;
  let hi = 1;
  if (tfrcRateBps(s, rttS, hi, tRtoS, b, capTimeoutTerm) >= rateBps) return hi;
  if (tfrcRateBps(s, rttS, lo, tRtoS, b, capTimeoutTerm) <= rateBps) return lo;
  for (let i = 0; i < 100; i++) {
    const mid = Math.sqrt(lo * hi);
    if (tfrcRateBps(s, rttS, mid, tRtoS, b, capTimeoutTerm) > rateBps) lo = mid;
    else hi = mid;
    if (hi / lo < 1 + 1e-9) break;
  }
  return Math.sqrt(lo * hi);
}
