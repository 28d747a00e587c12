import { holdAsDoubles } from '../../core/doubleFields.js';
import type { AckInfo, CcState, CongestionControl, CongestionEvent } from './CongestionControl.js';

export interface DelayBasedParams {
  /** Queueing delay (s) below which the window grows multiplicatively (doubling per update). */
  miThreshold: number;
  /** Update the window every this many RTTs (FAST: 2). */
  updateEveryRtts: number;
}

const NS = 1e-9;

/**
 * Shared machinery of the FAST-family window laws (Jin, Wei & Low, "FAST TCP: motivation,
 * architecture, algorithms, performance", INFOCOM 2004; seed 004 §1):
 * - BaseRTT = minimum RTT seen; AvgRTT ← (255/256)·AvgRTT + (1/256)·RTT per ACK (seed 004 §1),
 *   from per-segment send times kept here (one RTT sample per ACK, Karn: never from a
 *   retransmitted segment), so it does not depend on the transport's timestamp option;
 * - every `updateEveryRtts` round trips the subclass's target window is computed and the window
 *   moves to min(2w, target), spread evenly over the next round's ACKs;
 * - while the queueing delay (latest RTT − BaseRTT) is below `miThreshold` the window doubles per
 *   update (multiplicative-increase start);
 * - losses fall back to the standard reaction (halving; the sender's loss recovery).
 */
export abstract class DelayBasedWindow implements CongestionControl {
  abstract readonly id: string;
  protected baseRttS = Infinity;
  protected avgRttS = 0;
  protected lastRttS = 0;
  private ring = new Float64Array(1024).fill(-1);
  private roundEnd = 0;
  private roundCount = 0;
  private step = 0;
  private stepsLeft = 0;
  protected lastTarget = 0;
  protected miMode = true;

  constructor(private readonly base: DelayBasedParams) {
    holdAsDoubles(this, ['step', 'lastTarget']);
  }

  /** The target window for the current BaseRTT/AvgRTT (seed 004 eq. 13, or FAST's law). */
  protected abstract target(w: number, baseRtt: number, avgRtt: number): number;

  init(s: CcState): void {
    let n = 1024;
    while (n < 2 * s.maxWindow && n < 1 << 22) n <<= 1;
    this.ring = new Float64Array(n).fill(-1);
  }

  onSent(_s: CcState, seq: number, retransmission: boolean, nowNs: number): void {
    this.ring[seq & (this.ring.length - 1)] = retransmission ? -1 : nowNs;
  }

  private sample(ackSeq: number, nowNs: number): void {
    const i = ackSeq & (this.ring.length - 1);
    const sent = this.ring[i]!;
    if (sent < 0) return;
    this.ring[i] = -1;
    const r = (nowNs - sent) * NS;
    if (r <= 0) return;
    this.lastRttS = r;
    if (r < this.baseRttS) this.baseRttS = r;
    this.avgRttS = this.avgRttS === 0 ? r : (255 / 256) * this.avgRttS + r / 256;
  }

  onAck(s: CcState, ack: AckInfo, nowNs: number): number {
    if (ack.ackSeq >= s.firstDataSeq) this.sample(ack.ackSeq, nowNs);
    let w = s.cwnd;
    if (w < s.ssthresh && this.avgRttS === 0) return w + ack.ackedSegments;
    if (ack.ackSeq >= this.roundEnd) {
      // a round trip ended (the segment that was next when the last round began is acknowledged)
      this.roundEnd = s.nextSeq;
      this.roundCount++;
      if (this.roundCount % this.base.updateEveryRtts === 0 && this.avgRttS > 0) {
        const q = this.lastRttS - this.baseRttS;
        this.miMode = this.miMode && q < this.base.miThreshold && w < s.ssthresh;
        let t = this.miMode ? 2 * w : Math.min(2 * w, this.target(w, this.baseRttS, this.avgRttS));
        if (t < 2) t = 2;
        this.lastTarget = t;
        // spread the change over the next round's ACKs (about w of them)
        this.stepsLeft = Math.max(1, Math.round(w));
        this.step = (t - w) / this.stepsLeft;
      }
    }
    if (this.stepsLeft > 0) {
      const n = Math.min(this.stepsLeft, ack.ackedSegments);
      w += this.step * n;
      this.stepsLeft -= n;
    }
    return Math.max(w, 2);
  }

  ssthreshAfter(s: CcState, _event: CongestionEvent): number {
    this.stepsLeft = 0;
    this.miMode = false;
    return Math.max(Math.floor(Math.min(s.cwnd, s.maxWindow) / 2), 2);
  }

  cwndAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'timeout') return 1;
    return Math.max(Math.min(s.cwnd, s.maxWindow) / 2, 2);
  }

  metrics(): Record<string, number> {
    return {
      baseRttMs: Number.isFinite(this.baseRttS) ? this.baseRttS * 1e3 : 0,
      avgRttMs: this.avgRttS * 1e3,
      queueingDelayMs: Number.isFinite(this.baseRttS) ? (this.avgRttS - this.baseRttS) * 1e3 : 0,
      target: this.lastTarget,
    };
  }
}

/** Parameters shared by FAST TCP and QUIC-TCP (registry). */
export const delayBasedParams = [
  {
    key: 'miThreshold',
    label: 'MI threshold',
    kind: 'duration',
    default: 0.00075,
    min: 0,
    max: 1,
    unit: 's',
    description: 'Double the window per update while the queueing delay is below this (multiplicative-increase start).',
  },
  {
    key: 'updateEveryRtts',
    label: 'Update period',
    kind: 'integer',
    default: 2,
    min: 1,
    max: 16,
    unit: 'RTTs',
    description: 'Window update every this many round trips (FAST: every other RTT).',
  },
] as const;
