import type { AckInfo, CcState, CongestionControl, CongestionEvent } from './CongestionControl.js';
import { num } from '../../model/params.js';
import type { CcModel } from './CcModel.js';

export interface BinomialParams {
  /** Increase exponent k: w ← w + α/w^k per RTT. */
  k: number;
  /** Decrease exponent l: w ← w − β·w^l on loss. */
  l: number;
  /** Increase gain α. */
  alpha: number;
  /** Decrease gain β. */
  beta: number;
}

/**
 * Binomial congestion control (Bansal & Balakrishnan, "Binomial congestion control algorithms",
 * INFOCOM 2001; seed 003 §1, Table I):
 *   increase: w ← w + α/w^k per RTT   (here α/w^(k+1) per acknowledged segment)
 *   decrease: w ← w − β·w^l on a loss (ssthresh and cwnd both; at least 1 segment)
 * Slow start below ssthresh as standard TCP. TCP-compatible iff k + l = 1 (and l ≤ 1); converges to
 * fairness iff k + l > 0. Presets: AIMD (0, 1), MIMD (−1, 1), AIAD (0, 0), MIAD (−1, 0),
 * IIAD (1, 0), SQRT (½, ½).
 */
export class Binomial implements CongestionControl {
  readonly id: string;
  constructor(
    private readonly p: BinomialParams,
    id = 'binomial',
  ) {
    this.id = id;
  }

  onAck(s: CcState, ack: AckInfo): number {
    const w = s.cwnd;
    if (w < s.ssthresh) return w + ack.ackedSegments;
    return w + (this.p.alpha * ack.ackedSegments) / Math.pow(w, this.p.k + 1);
  }

  /** The window after a loss: w − β·w^l (seed 003 §1), at least 1 segment. */
  reduced(w: number): number {
    return Math.max(w - this.p.beta * Math.pow(w, this.p.l), 1);
  }

  private after = 1;

  /**
   * A loss in slow start (or a timeout) halves the window as standard TCP does: a slow-start
   * overshoot can be twice the path's capacity, and a sub-linear decrease (l < 1) would not undo
   * it, leaving the flow in repeated losses and timeouts. In congestion avoidance the binomial
   * decrease applies (cclab's choice; see docs/models.md).
   */
  ssthreshAfter(s: CcState, event: CongestionEvent): number {
    const w = Math.min(s.cwnd, s.maxWindow);
    this.after = s.cwnd < s.ssthresh || event === 'timeout' ? Math.max(w / 2, 1) : this.reduced(w);
    return Math.max(this.after, 2);
  }

  cwndAfter(_s: CcState, event: CongestionEvent): number {
    if (event === 'timeout') return 1;
    return this.after;
  }
}

/** Registry entry (docs/models.md). */
export const binomialModel: CcModel = {
  info: {
    id: 'binomial',
    category: 'cc',
    name: 'Binomial',
    description: 'w += α/w^k per RTT, w −= β·w^l per loss: AIMD, MIMD, AIAD, MIAD, IIAD, SQRT as presets.',
    citation: 'Bansal & Balakrishnan, INFOCOM 2001; seed 003 §1 Table I',
    params: [
      {
        key: 'k',
        label: 'k',
        kind: 'number',
        default: 0.5,
        min: -1,
        max: 2,
        description: 'Increase exponent: w += α/w^k per RTT.',
      },
      {
        key: 'l',
        label: 'l',
        kind: 'number',
        default: 0.5,
        min: 0,
        max: 1,
        description: 'Decrease exponent: w −= β·w^l per loss.',
      },
      { key: 'alpha', label: 'α', kind: 'number', default: 1, min: 0.0001, max: 100, description: 'Increase gain.' },
      {
        key: 'beta',
        label: 'β',
        kind: 'number',
        default: 0.5,
        min: 0.0001,
        max: 100,
        description: 'Decrease gain (for l = 1 the fraction of the window given up).',
      },
    ],
    presets: {
      AIMD: { k: 0, l: 1, alpha: 1, beta: 0.5 },
      MIMD: { k: -1, l: 1, alpha: 0.01, beta: 0.125 },
      AIAD: { k: 0, l: 0, alpha: 1, beta: 1 },
      MIAD: { k: -1, l: 0, alpha: 0.01, beta: 1 },
      IIAD: { k: 1, l: 0, alpha: 1, beta: 0.67 },
      SQRT: { k: 0.5, l: 0.5, alpha: 1, beta: 0.67 },
    },
  },
  defaultRecovery: 'newreno',
  create: (p) => new Binomial({ k: num(p, 'k'), l: num(p, 'l'), alpha: num(p, 'alpha'), beta: num(p, 'beta') }),
};
