import type { AckInfo, CcState, CongestionControl, CongestionEvent } from './CongestionControl.js';
import { bool, num, str } from '../../model/params.js';
import type { CcModel } from './CcModel.js';
import { LinuxCubic } from './LinuxCubic.js';
import { Ns3Cubic } from './Ns3Cubic.js';

export interface CubicParams {
  /** Cubic scaling constant C, segments/s³ (RFC 9438 §4.1: 0.4). */
  c: number;
  /** Multiplicative decrease factor β_cubic (RFC 9438 §4.6: 0.7). */
  beta: number;
  /** Fast convergence (RFC 9438 §4.7). */
  fastConvergence: boolean;
  /** Reno-friendly region (RFC 9438 §4.3). */
  renoFriendly: boolean;
  /** RTT used for the target W_cubic(t + RTT): 'srtt' (RFC 9438 §4.2) or 'min' (Linux delay_min). */
  rtt: 'srtt' | 'min';
}

const NS = 1e-9;

/**
 * CUBIC (RFC 9438; Ha, Rhee & Xu, "CUBIC: a new TCP-friendly high-speed TCP variant", 2008).
 * Between congestion events the window follows the cubic
 *   W_cubic(t) = C·(t − K)³ + W_max                         (RFC 9438 eq. 1)
 *   K = ∛(W_max·(1 − β_cubic)/C)                              (RFC 9438 eq. 2)
 * with t the time since the current congestion-avoidance epoch began; each ACK moves cwnd by
 * (target − cwnd)/cwnd toward target = W_cubic(t + RTT), clamped to [cwnd, 1.5·cwnd] (§4.2).
 * The Reno-friendly estimate W_est += α_cubic·acked/cwnd with α_cubic = 3(1 − β)/(1 + β)
 * (eq. 4) takes over when it is larger (§4.3). On a congestion event W_max = cwnd (scaled by
 * (1 + β)/2 under fast convergence when below the previous W_max, §4.7), ssthresh =
 * cwnd = β·cwnd (§4.6); a timeout restarts from one segment in slow start (§4.8).
 */
export class Cubic implements CongestionControl {
  readonly id = 'cubic';
  private wMax = 0;
  private wLastMax = 0;
  private k = 0;
  /** Start of the current congestion-avoidance epoch (ns), −1 = none yet. */
  private epochStartNs = -1;
  private wEst = 0;
  /** Window at the start of the epoch (the cubic's origin below W_max). */
  private originWindow = 0;
  private readonly alphaCubic: number;
  private reducedSsthresh = 2;

  constructor(private readonly p: CubicParams) {
    this.alphaCubic = (3 * (1 - p.beta)) / (1 + p.beta);
  }

  /** W_cubic(t), RFC 9438 eq. 1 (t in seconds since the epoch began). */
  wCubic(tS: number): number {
    const d = tS - this.k;
    return this.p.c * d * d * d + this.wMax;
  }

  onAck(s: CcState, ack: AckInfo, nowNs: number): number {
    const cwnd = s.cwnd;
    // Slow start (RFC 9438 §4.10: the standard one, RFC 5681), counting the segments an ACK covers
    // and ending at ssthresh as Linux's tcp_slow_start does: min(cwnd + acked, ssthresh). Without
    // the cap the cumulative ACK that ends a go-back-N retransmission after a timeout (hundreds of
    // segments the receiver had kept) took cwnd from 1 to far above ssthresh in one step.
    if (cwnd < s.ssthresh) return Math.min(cwnd + ack.ackedSegments, s.ssthresh);
    if (this.epochStartNs < 0) {
      // a new congestion-avoidance epoch (RFC 9438 §4.2)
      this.epochStartNs = nowNs;
      this.originWindow = cwnd;
      if (this.wMax <= cwnd) {
        // no W_max above us (first epoch, or grown past it): the plateau is here
        this.wMax = cwnd;
        this.k = 0;
      } else this.k = Math.cbrt((this.wMax - cwnd) / this.p.c); // RFC 9438 eq. 2 with cwnd_epoch
      this.wEst = cwnd;
    }
    const rttNs =
      this.p.rtt === 'min' && Number.isFinite(s.minRttNs) ? s.minRttNs : s.srttNs > 0 ? s.srttNs : s.minRttNs;
    const rtt = Number.isFinite(rttNs) ? rttNs * NS : 0;
    const t = (nowNs - this.epochStartNs) * NS;
    // target one RTT ahead, clamped (RFC 9438 §4.2)
    let target = this.wCubic(t + rtt);
    if (target < cwnd) target = cwnd;
    else if (target > 1.5 * cwnd) target = 1.5 * cwnd;
    let next = cwnd + ((target - cwnd) / cwnd) * ack.ackedSegments;
    if (this.p.renoFriendly) {
      // RFC 9438 eq. 4: the window standard TCP with β_cubic would have
      this.wEst += (this.alphaCubic * ack.ackedSegments) / cwnd;
      if (this.wCubic(t) < this.wEst && this.wEst > next) next = this.wEst;
    }
    return next;
  }

  /** RFC 9438 §4.6–4.7: remember W_max (fast convergence), end the epoch; ssthresh = β·cwnd. */
  ssthreshAfter(s: CcState, event: CongestionEvent): number {
    const cwnd = Math.min(s.cwnd, s.maxWindow);
    this.epochStartNs = -1;
    if (this.p.fastConvergence && cwnd < this.wLastMax) this.wMax = (cwnd * (1 + this.p.beta)) / 2;
    else this.wMax = cwnd;
    this.wLastMax = cwnd;
    // RFC 9438 §4.8: after a timeout the first epoch starts with K = 0 and W_max = its own cwnd
    if (event === 'timeout') this.wMax = 0;
    this.reducedSsthresh = Math.max(cwnd * this.p.beta, 2);
    return this.reducedSsthresh;
  }

  cwndAfter(_s: CcState, event: CongestionEvent): number {
    if (event === 'timeout') return 1; // RFC 9438 §4.8
    return this.reducedSsthresh; // RFC 9438 §4.6: cwnd = ssthresh
  }

  metrics(): Record<string, number> {
    return { wMax: this.wMax, k: this.k, wEst: this.wEst, origin: this.originWindow };
  }
}

/** Registry entry (docs/models.md). */
export const cubicModel: CcModel = {
  info: {
    id: 'cubic',
    category: 'cc',
    name: 'CUBIC',
    description:
      'Window grows as a cubic function of the time since the last loss, plateauing near the previous maximum.',
    citation: 'RFC 9438 eqs. 1, 2, 4 (§4.2–4.8); Ha, Rhee & Xu, ACM SIGOPS OSR 42(5) 2008; ns-2 Agent/TCP/Linux cubic',
    params: [
      {
        key: 'c',
        label: 'C',
        kind: 'number',
        default: 0.4,
        min: 0.01,
        max: 10,
        unit: 'segments/s³',
        description: 'Cubic scaling constant (RFC 9438 §4.1).',
      },
      {
        key: 'beta',
        label: 'β_cubic',
        kind: 'number',
        default: 0.7,
        min: 0.1,
        max: 0.95,
        unit: '×',
        description: 'Window kept after a congestion event (RFC 9438: 0.7; Linux 2.6.22 and ns-2.35: 819/1024 ≈ 0.8).',
      },
      {
        key: 'fastConvergence',
        label: 'Fast convergence',
        kind: 'boolean',
        default: true,
        description: 'Release bandwidth faster when W_max shrinks (RFC 9438 §4.7).',
      },
      {
        key: 'renoFriendly',
        label: 'Reno-friendly region',
        kind: 'boolean',
        default: true,
        description: 'Never grow slower than the AIMD estimate W_est (RFC 9438 §4.3, eq. 4).',
      },
      {
        key: 'rtt',
        label: 'RTT for the target',
        kind: 'enum',
        default: 'srtt',
        options: ['srtt', 'min'],
        description:
          'target = W_cubic(t + RTT) with the smoothed RTT (RFC 9438 §4.2) or the minimum RTT (Linux delay_min).',
      },
      {
        key: 'impl',
        label: 'Implementation',
        kind: 'enum',
        default: 'rfc9438',
        options: ['rfc9438', 'linux-2.6.22', 'ns-3.37'],
        description:
          "RFC 9438 in floating point; Linux 2.6.22 tcp_cubic.c as run by ns-2.35 (integer window, per-ACK counter, min-RTT target, delayed-ACK ratio estimate that settles at 31/16 with per-packet ACKs; the rtt option is then always the minimum RTT); or ns-3.37's TcpCubic (integer window counting acknowledged segments, at most 1 segment per 2 and before the first loss at least 1 per 20, byte-counted slow start, HyStart, no Reno-friendly region, min smoothed RTT as delay_min; renoFriendly and rtt are ignored).",
      },
    ],
  },
  defaultRecovery: 'sack',
  create: (p) => {
    const params = {
      c: num(p, 'c'),
      beta: num(p, 'beta'),
      fastConvergence: bool(p, 'fastConvergence'),
      renoFriendly: bool(p, 'renoFriendly'),
      rtt: str(p, 'rtt') as 'srtt' | 'min',
    };
    const impl = str(p, 'impl');
    if (impl === 'linux-2.6.22') return new LinuxCubic(params);
    if (impl === 'ns-3.37') return new Ns3Cubic(params);
    return new Cubic(params);
  },
};
