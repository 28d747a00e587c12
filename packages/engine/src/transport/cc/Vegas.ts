import type { AckInfo, CcState, CongestionControl, CongestionEvent } from './CongestionControl.js';
import { num, str } from '../../model/params.js';
import type { CcModel } from './CcModel.js';
import type { VegasLossHooks } from './recoveryHooks.js';
import { Ns3Vegas } from './Ns3Vegas.js';

export interface VegasParams {
  /** Lower bound of the backlog kept in the network, packets (ns-2 v_alpha_). */
  alpha: number;
  /** Upper bound of the backlog, packets (ns-2 v_beta_). */
  beta: number;
  /** Slow-start exit threshold, packets (ns-2 v_gamma_). */
  gamma: number;
  /** Window after a retransmission timeout, packets (ns-2 v_slowstart_). */
  timeoutWindow: number;
}

const NS = 1e-9;

/**
 * TCP Vegas (Brakmo & Peterson, IEEE JSAC 13(8), 1995), with the semantics of ns-2.35's
 * Agent/TCP/Vegas (tcp-vegas.cc; digest: notes/ns2-tcp-semantics.md §7) so that the ns-2
 * reference runs can be reproduced:
 * - once per RTT (when the segment sent at the start of the previous round is acknowledged):
 *   Expected = (nextSeq − highestAck)/BaseRTT, Actual = rttLen/RTT (packets sent during the last
 *   round over the round's mean fine-grained RTT), Diff = round((Expected − Actual)·BaseRTT)
 *   packets (Brakmo & Peterson §3.2; seed 004 §1 "Vegas");
 * - congestion avoidance: Diff > β → cwnd −= 1; Diff < α → +1/cwnd per ACK for one round;
 *   otherwise hold (§3.2);
 * - slow start: grow (+1 per ACK) only every other round, and leave it (ssthresh = 2,
 *   cwnd −= cwnd/8) when Diff > γ (§3.3);
 * - the per-ACK growth is gated by cwnd − outstanding ≤ 2 (ns-2);
 * - fine-grained loss detection: a per-segment send clock and an RTO-like v_timeout from fine RTT
 *   samples (§3.1); with the sender's 'vegas' recovery a segment older than v_timeout is
 *   retransmitted on the first duplicate ACK, and the window is cut to ¾ (½ for a repeated
 *   retransmission) at most once per window sent after the last cut.
 * BaseRTT is the minimum fine RTT sample, and is replaced by the round's RTT whenever at most one
 * packet was sent in that round (ns-2).
 */
export class Vegas implements CongestionControl, VegasLossHooks {
  readonly id = 'vegas';
  /** Ring size for per-segment send times (ns-2 v_maxwnd_ = window_). */
  private ring = 1;
  private sendTime = new Float64Array(1);
  private transmits = new Int32Array(1);
  /** Vegas clock origin (ns-2 firstsent_): when segment 0 was sent. */
  private originNs = 0;
  private firstRecv = -1;
  private sa = 0;
  private sd = 0;
  /** Fine-grained timeout, s (ns-2 v_timeout_). */
  private fineTimeout = 1000;
  private rttS = 0;
  private baseRtt = 1e9;
  private begSeq = 0;
  private begTime = 0;
  private cntRtt = 0;
  private sumRtt = 0;
  private incr = 0;
  private incFlag = true;
  private newCwnd = 0;
  private cwndChangedAt = 0;
  private lastDiff = 0;
  /** The slow-start threshold the last onAck or cwndOnRecoveryExit left (ssthreshAfterUpdate). */
  private ssthresh = 0;

  constructor(private readonly p: VegasParams) {}

  init(s: CcState): void {
    this.ring = Math.max(1, Math.floor(s.maxWindow));
    this.sendTime = new Float64Array(this.ring).fill(-1);
    this.transmits = new Int32Array(this.ring);
  }

  /** ns-2 vegastime(): seconds since segment 0 was sent. */
  private clock(nowNs: number): number {
    return (nowNs - this.originNs) * NS;
  }

  private initOnFirstAck(t: number): void {
    if (this.firstRecv >= 0) return;
    this.firstRecv = t;
    this.baseRtt = this.rttS = t;
    this.sa = t * 8;
    this.sd = t;
    this.fineTimeout = (this.sa / 4 + this.sd) / 2;
  }

  onSent(_s: CcState, seq: number, _retransmission: boolean, nowNs: number): void {
    if (seq === 0) {
      // ns-2 (re)starts the clock and clears the per-segment records whenever segment 0 leaves
      this.originNs = nowNs;
      this.sendTime.fill(-1);
      this.transmits.fill(0);
    }
    const i = seq % this.ring;
    this.sendTime[i] = this.clock(nowNs);
    this.transmits[i]!++;
  }

  onAck(s: CcState, ack: AckInfo, nowNs: number): number {
    this.ssthresh = s.ssthresh;
    const t = this.clock(nowNs);
    const seq = ack.ackSeq;
    if (seq < s.firstDataSeq) {
      // the header-only opening segment: its RTT would understate BaseRTT, so measuring starts
      // with the data (ns-2 Vegas has no such segment)
      this.begSeq = s.nextSeq;
      this.begTime = t;
      return s.cwnd;
    }
    this.initOnFirstAck(t);
    const oldAck = seq - ack.ackedSegments;
    let cwnd = s.cwnd;
    // once per RTT (Brakmo & Peterson §3.2)
    if (seq >= this.begSeq) {
      const rtt = this.cntRtt > 0 ? this.sumRtt / this.cntRtt : t - this.begTime;
      this.sumRtt = 0;
      this.cntRtt = 0;
      const rttLen = s.nextSeq - this.begSeq;
      if (rtt > 0) {
        if (rtt < this.baseRtt || rttLen <= 1) this.baseRtt = rtt;
        const actual = rttLen / rtt;
        const expected = (s.nextSeq - s.highestAck) / this.baseRtt;
        const diff = Math.trunc((expected - actual) * this.baseRtt + 0.5);
        this.lastDiff = diff;
        if (cwnd < this.ssthresh) {
          // slow start: double every other RTT (§3.3)
          this.incFlag = !this.incFlag;
          if (!this.incFlag) this.incr = 0;
          else if (diff > this.p.gamma) {
            this.ssthresh = 2; // Vegas uses ssthresh only to leave slow start
            cwnd -= cwnd / 8;
            if (cwnd < 2) cwnd = 2;
            this.incr = 0;
          } else this.incr = 1;
        } else if (diff > this.p.beta) {
          cwnd -= 1;
          if (cwnd < 2) cwnd = 2;
          this.incr = 0;
        } else if (diff < this.p.alpha) this.incr = 1 / cwnd;
        else this.incr = 0;
      }
      this.begSeq = s.nextSeq;
      this.begTime = t;
    }
    if (this.incr === 1 && cwnd >= this.ssthresh) this.incr = 0;
    if (this.incr > 0 && cwnd - (s.nextSeq - s.highestAck) <= 2) cwnd += this.incr;

    // fine-grained RTT sample of the acknowledged segment, and clear the acked slots
    const w = this.ring;
    const st = this.sendTime[seq % w]!;
    const tx = this.transmits[seq % w]!;
    for (let k = (oldAck + 1) % w, range = seq - oldAck; k <= seq % w && range > 0; k = (k + 1) % w, range--) {
      this.sendTime[k] = -1;
      this.transmits[k] = 0;
    }
    if (st !== 0 && tx === 1) {
      const r = t - st;
      this.sumRtt += r;
      this.cntRtt++;
      if (r > 0) {
        this.rttS = r;
        if (r < this.baseRtt) this.baseRtt = r;
        // Jacobson's estimator on the fine clock (§3.1)
        let n = r - this.sa / 8;
        this.sa += n;
        n = Math.abs(n) - this.sd / 4;
        this.sd += n;
        this.fineTimeout = (this.sa / 4 + this.sd) / 2;
        this.fineTimeout += this.fineTimeout / 16;
      }
    }
    return cwnd;
  }

  segmentExpired(_s: CcState, seq: number, nowNs: number): boolean {
    const t = this.clock(nowNs);
    this.initOnFirstAck(t);
    return t - this.sendTime[seq % this.ring]! >= this.fineTimeout;
  }

  transmissions(seq: number): number {
    return this.transmits[seq % this.ring]!;
  }

  cwndOnDupAckRetransmit(s: CcState, seq: number, dupAcks: number, nowNs: number): number {
    const st = this.sendTime[seq % this.ring]!;
    const tx = this.transmits[seq % this.ring]!;
    // back off the fine timer
    if (tx > 1) this.fineTimeout *= 2;
    else this.fineTimeout += this.fineTimeout / 8;
    if (this.cwndChangedAt >= st) return s.cwnd; // already cut for data sent since
    let win = Math.min(Math.floor(s.cwnd), s.maxWindow);
    if (win <= 3) win = 2;
    else if (tx > 1) win >>= 1;
    else win -= win >> 2; // ¾ on the first retransmission (§3.1)
    this.newCwnd = win;
    this.cwndChangedAt = this.clock(nowNs);
    return win + dupAcks; // inflated by the duplicate ACKs already received
  }

  /** Deflation on the first new ACK after an inflated recovery (ns-2: ssthresh = 2 too). */
  cwndOnRecoveryExit(s: CcState): number {
    this.ssthresh = s.ssthresh;
    if (s.cwnd > this.newCwnd) {
      this.ssthresh = 2;
      return this.newCwnd;
    }
    return s.cwnd;
  }

  ssthreshAfterUpdate(): number {
    return this.ssthresh;
  }

  ssthreshAfter(s: CcState, _event: CongestionEvent): number {
    return Math.max(Math.floor(Math.min(s.cwnd, s.maxWindow) / 2), 2);
  }

  cwndAfter(s: CcState, event: CongestionEvent, nowNs: number): number {
    if (event === 'timeout') {
      this.newCwnd = 0;
      this.cwndChangedAt = this.clock(nowNs);
      return this.p.timeoutWindow;
    }
    // ECN, or a loss under a non-Vegas recovery: the standard halving
    return Math.max(Math.min(s.cwnd, s.maxWindow) / 2, 1);
  }

  metrics(): Record<string, number> {
    return { baseRttMs: this.baseRtt * 1e3, diff: this.lastDiff, fineTimeoutMs: this.fineTimeout * 1e3 };
  }
}

/** Registry entry (docs/models.md). */
export const vegasModel: CcModel = {
  info: {
    id: 'vegas',
    category: 'cc',
    name: 'Vegas',
    description:
      'Delay-based: keeps between α and β packets queued by comparing expected and actual rate once per RTT.',
    citation: 'Brakmo & Peterson, IEEE JSAC 13(8) 1995, §3.1–3.3; seed 004 §1; ns-2 Agent/TCP/Vegas (tcp-vegas.cc)',
    params: [
      {
        key: 'alpha',
        label: 'α',
        kind: 'number',
        default: 1,
        min: 0,
        max: 10000,
        unit: 'packets',
        description: 'Grow the window while fewer than α packets are queued (ns-2 v_alpha_).',
      },
      {
        key: 'beta',
        label: 'β',
        kind: 'number',
        default: 3,
        min: 0,
        max: 10000,
        unit: 'packets',
        description: 'Shrink the window while more than β packets are queued (ns-2 v_beta_).',
      },
      {
        key: 'gamma',
        label: 'γ',
        kind: 'number',
        default: 1,
        min: 0,
        max: 10000,
        unit: 'packets',
        description: 'Leave slow start once more than γ packets are queued (ns-2 v_gamma_).',
      },
      {
        key: 'timeoutWindow',
        label: 'Window after timeout',
        kind: 'number',
        default: 2,
        min: 1,
        max: 100,
        unit: 'segments',
        description: 'Window to restart from after a retransmission timeout (ns-2 v_slowstart_).',
      },
      {
        key: 'impl',
        label: 'Implementation',
        kind: 'enum',
        default: 'ns-2.35',
        options: ['ns-2.35', 'ns-3.37'],
        description:
          "ns-2.35's Agent/TCP/Vegas, or ns-3.37's TcpVegas (Linux tcp_vegas.c: ±1 segment per round from whole-segment diff on smoothed-RTT samples, NewReno growth outside Open, one segment off on loss; use it with SACK recovery; timeoutWindow is then 1).",
      },
    ],
  },
  defaultRecovery: 'vegas',
  create: (p) => {
    const params = {
      alpha: num(p, 'alpha'),
      beta: num(p, 'beta'),
      gamma: num(p, 'gamma'),
      timeoutWindow: num(p, 'timeoutWindow'),
    };
    return str(p, 'impl') === 'ns-3.37' ? new Ns3Vegas(params) : new Vegas(params);
  },
};
