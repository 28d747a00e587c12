import { DelayBasedWindow, type DelayBasedParams } from './DelayBasedWindow.js';

export interface FastParams extends DelayBasedParams {
  /** Packets each flow aims to keep queued (FAST α). */
  alpha: number;
  /** Smoothing γ ∈ (0, 1]. */
  gamma: number;
}

/**
 * FAST TCP (Jin, Wei & Low, INFOCOM 2004, eq. 1; seed 004 §1 "FAST TCP", ns-2 FAST module
 * defaults): every other RTT
 *   w ← min{ 2w, (1 − γ)·w + γ·( (BaseRTT/AvgRTT)·w + α ) }
 * whose equilibrium keeps α packets of each flow in the path's queues (x·q = α).
 */
export class Fast extends DelayBasedWindow {
  readonly id = 'fast';
  constructor(private readonly p: FastParams) {
    super(p);
  }

  protected target(w: number, baseRtt: number, avgRtt: number): number {
    return (1 - this.p.gamma) * w + this.p.gamma * ((baseRtt / avgRtt) * w + this.p.alpha);
  }
}
