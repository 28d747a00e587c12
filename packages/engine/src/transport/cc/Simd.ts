import type { AckInfo, CcState, CongestionControl, CongestionEvent } from './CongestionControl.js';
import { bool, num } from '../../model/params.js';
import type { CcModel } from './CcModel.js';

export interface SimdParams {
  /** Multiplicative decrease β: w ← (1 − β)·w on loss. */
  beta: number;
  /** Root exponent e of the increase α·(w − w0)^e: ½ (SIMD) or ¼ (seed 003's fourth-root SIMD). */
  rootExponent: number;
  /** Use the window of one RTT earlier, w(t − 1), instead of w(t) in (w − w0) (seed 003 §2). */
  usePreviousWindow: boolean;
}

/**
 * SIMD, square-increase / multiplicative-decrease (Jin, Guo, Matta & Bestavros, "A spectrum of
 * TCP-friendly window-based congestion control algorithms", IEEE/ACM ToN 11(3) 2003; seed 003 §1):
 *   increase: w ← w + α·(w − w0)^e per RTT, e = ½        (seed 003 eq. 1.6)
 *   decrease: w ← w − β·w on a loss
 *   w_max = the window when the loss is detected, w0 = (1 − β)·w_max,
 *   α = 3√β / ((1 − 2β/3)·√(2·w_max))                    (seed 003 eq. 1.7)
 * so that w − w0 = (α·t/2)² grows with the square of the time t (RTTs) since the last loss. With
 * e = ¼ (seed 003's fourth-root proposal) the growth is (¾·α·t)^(4/3). The increase is
 * integrated per ACK (1/w of an RTT each), starting from the exact solution's first step so that
 * w = w0 is not a fixed point. Before the first loss: standard slow start, then AIMD-like growth
 * of one segment per RTT (no w_max yet).
 */
export class Simd implements CongestionControl {
  readonly id = 'simd';
  private w0 = 0;
  private alpha = 0;
  private haveEpoch = false;
  /** Window at the start of the current RTT round (for usePreviousWindow). */
  private prevWindow = 0;
  private roundEnd = 0;

  constructor(private readonly p: SimdParams) {}

  /** α of seed 003 eq. 1.7 for a given w_max. */
  static alphaFor(beta: number, wMax: number): number {
    return (3 * Math.sqrt(beta)) / ((1 - (2 * beta) / 3) * Math.sqrt(2 * wMax));
  }

  onAck(s: CcState, ack: AckInfo): number {
    const w = s.cwnd;
    if (ack.ackSeq >= this.roundEnd) {
      this.roundEnd = s.nextSeq;
      this.prevWindow = w;
    }
    if (w < s.ssthresh) return w + ack.ackedSegments;
    if (!this.haveEpoch) return w + ack.ackedSegments / w;
    const e = this.p.rootExponent;
    const ref = this.p.usePreviousWindow ? this.prevWindow : w;
    // floor: the exact solution after 1/w RTT, x = ((1 − e)·α/w)^(1/(1 − e))
    const floor = Math.pow(((1 - e) * this.alpha) / w, 1 / (1 - e));
    const x = Math.max(ref - this.w0, floor);
    return w + (this.alpha * Math.pow(x, e) * ack.ackedSegments) / w;
  }

  private decrease(s: CcState, event: CongestionEvent): number {
    let wMax = Math.min(s.cwnd, s.maxWindow);
    // a slow-start overshoot (or a timeout) is first halved, as standard TCP (see Binomial)
    if (s.cwnd < s.ssthresh || event === 'timeout') wMax = wMax / 2 / (1 - this.p.beta);
    this.w0 = (1 - this.p.beta) * wMax;
    this.alpha = Simd.alphaFor(this.p.beta, wMax);
    this.haveEpoch = true;
    return Math.max(this.w0, 1);
  }

  ssthreshAfter(s: CcState, event: CongestionEvent): number {
    return Math.max(this.decrease(s, event), 2);
  }

  cwndAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'timeout') return 1;
    return Math.max(this.w0, 1);
  }

  metrics(): Record<string, number> {
    return { w0: this.w0, alpha: this.alpha };
  }
}

/** Registry entry (docs/models.md). */
export const simdModel: CcModel = {
  info: {
    id: 'simd',
    category: 'cc',
    name: 'SIMD',
    description:
      'Square increase, multiplicative decrease: w − w0 grows with the square of the time since the last loss.',
    citation: 'Jin, Guo, Matta & Bestavros, IEEE/ACM ToN 11(3) 2003; seed 003 §1 eqs. 1.6–1.7 (fourth-root variant §2)',
    params: [
      {
        key: 'beta',
        label: 'β',
        kind: 'number',
        default: 0.125,
        min: 0.01,
        max: 0.9,
        unit: '×',
        description: 'Multiplicative decrease: w ← (1 − β)·w on loss; also sets α (eq. 1.7).',
      },
      {
        key: 'rootExponent',
        label: 'Root exponent',
        kind: 'number',
        default: 0.5,
        min: 0.1,
        max: 0.9,
        description: 'Increase α·(w − w0)^e per RTT: ½ (SIMD) or ¼ (fourth-root SIMD).',
      },
      {
        key: 'usePreviousWindow',
        label: 'Use w(t−1)',
        kind: 'boolean',
        default: false,
        description: 'Use the window one RTT earlier in (w − w0) (seed 003 fourth-root proposal).',
      },
    ],
    presets: {
      SIMD: { rootExponent: 0.5, usePreviousWindow: false },
      'Fourth-root SIMD': { rootExponent: 0.25, usePreviousWindow: true },
    },
  },
  defaultRecovery: 'newreno',
  create: (p) =>
    new Simd({
      beta: num(p, 'beta'),
      rootExponent: num(p, 'rootExponent'),
      usePreviousWindow: bool(p, 'usePreviousWindow'),
    }),
};
