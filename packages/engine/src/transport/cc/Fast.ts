import { DelayBasedWindow, type DelayBasedParams } from './DelayBasedWindow.js';
import { num } from '../../model/params.js';
import type { CcModel } from './CcModel.js';
import { delayBasedParams } from './DelayBasedWindow.js';

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

/** Registry entry (docs/models.md). */
export const fastModel: CcModel = {
  info: {
    id: 'fast',
    category: 'cc',
    name: 'FAST TCP',
    description:
      'Delay-based: every other RTT moves w toward (1−γ)w + γ(w·BaseRTT/AvgRTT + α), keeping α packets queued.',
    citation: 'Jin, Wei & Low, INFOCOM 2004, eq. 1; seed 004 §1 (ns-2 FAST module defaults)',
    params: [
      {
        key: 'alpha',
        label: 'α',
        kind: 'number',
        default: 200,
        min: 0.1,
        max: 100000,
        unit: 'packets',
        description: 'Packets the flow aims to keep queued along its path.',
      },
      {
        key: 'gamma',
        label: 'γ',
        kind: 'number',
        default: 0.5,
        min: 0.01,
        max: 1,
        unit: '×',
        description: 'Smoothing of the window update (ns-2 FAST: 0.5).',
      },
      ...delayBasedParams,
    ],
  },
  defaultRecovery: 'newreno',
  create: (p) =>
    new Fast({
      alpha: num(p, 'alpha'),
      gamma: num(p, 'gamma'),
      miThreshold: num(p, 'miThreshold'),
      updateEveryRtts: num(p, 'updateEveryRtts'),
    }),
};
