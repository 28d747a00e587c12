import { DelayBasedWindow, type DelayBasedParams } from './DelayBasedWindow.js';

export interface QuicTcpParams extends DelayBasedParams {
  /** Target backlog p_s, packets (utility U_s = p_s·log x_s). */
  ps: number;
  /** Gain κ > 0. */
  kappa: number;
  /** Exponent ρ ∈ [0, 1]: the gain scales as w^(1−2ρ). */
  rho: number;
}

/**
 * QUIC-TCP (seed 004 §1, eq. 13): a FAST-derived utility-based window law,
 *   w ← w − κ·(B/A)·w^(1−2ρ)·( w − (B/A)·w − p_s ),   B = BaseRTT, A = AvgRTT,
 * applied every other RTT (as FAST; the thesis gives no frequency) with the same estimators.
 * Equilibrium x_s·q_s = p_s for every ρ; at ρ = ½ it is FAST with γ = κ·B/A and α = p_s.
 */
export class QuicTcp extends DelayBasedWindow {
  readonly id = 'quic-tcp';
  constructor(private readonly p: QuicTcpParams) {
    super(p);
  }

  protected target(w: number, baseRtt: number, avgRtt: number): number {
    const ba = baseRtt / avgRtt;
    // the gain is capped at 1 so that one update never overshoots the equilibrium (for ρ < ½
    // κ·(B/A)·w^(1−2ρ) exceeds 1 at large windows and eq. 13 would oscillate)
    const gain = Math.min(1, this.p.kappa * ba * Math.pow(w, 1 - 2 * this.p.rho));
    return w - gain * (w - ba * w - this.p.ps); // seed 004 eq. 13
  }
}
