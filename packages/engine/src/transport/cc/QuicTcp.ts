import { DelayBasedWindow, type DelayBasedParams } from './DelayBasedWindow.js';
import { num } from '../../model/params.js';
import type { CcModel } from './CcModel.js';
import { delayBasedParams } from './DelayBasedWindow.js';

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

/** Registry entry (docs/models.md). */
export const quicTcpModel: CcModel = {
  info: {
    id: 'quic-tcp',
    category: 'cc',
    name: 'QUIC-TCP',
    description: 'Utility-based FAST variant: w ← w − κ(B/A)w^(1−2ρ)(w − (B/A)w − p_s); keeps p_s packets queued.',
    citation: 'Seed 004 eq. 13 (MS thesis, FAU 2013); FAST TCP (Jin, Wei & Low 2004)',
    params: [
      {
        key: 'ps',
        label: 'p_s',
        kind: 'number',
        default: 200,
        min: 0.1,
        max: 100000,
        unit: 'packets',
        description: 'Target backlog per flow (utility weight, U = p_s·log x).',
      },
      {
        key: 'kappa',
        label: 'κ',
        kind: 'number',
        default: 0.5,
        min: 0.001,
        max: 10,
        unit: '×',
        description: 'Gain of the window update.',
      },
      {
        key: 'rho',
        label: 'ρ',
        kind: 'number',
        default: 0.5,
        min: 0,
        max: 1,
        description: 'Gain exponent: the update scales as w^(1−2ρ); ρ = ½ is FAST with γ = κ·B/A.',
      },
      ...delayBasedParams,
    ],
  },
  defaultRecovery: 'newreno',
  create: (p) =>
    new QuicTcp({
      ps: num(p, 'ps'),
      kappa: num(p, 'kappa'),
      rho: num(p, 'rho'),
      miThreshold: num(p, 'miThreshold'),
      updateEveryRtts: num(p, 'updateEveryRtts'),
    }),
};
