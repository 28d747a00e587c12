import type { Timer, TimerOwner } from '../../core/Simulator.js';
import { NS_PER_SECOND } from '../../core/units.js';
import { Ecn, PacketKind, type Packet, type Route, byteCount } from '../../net/Packet.js';
import { inject } from '../../net/Port.js';
import type { FlowContext, FlowReceiver } from '../Transport.js';
import { LossIntervalHistory } from './LossIntervalHistory.js';
import { setSlot, slot, TfrcSlot } from './tfrcHeader.js';
import { tfrcLossForRate } from './tfrcEquation.js';

export interface TfrcReceiverConfig {
  /** Bytes on the wire per feedback packet. */
  feedbackBytes: number;
  /** Payload bytes per data packet (goodput). */
  payloadBytes: number;
  /** Packets received after a hole before the hole counts as lost (ns-2 numPkts_ 1; RFC 5348 NDUPACK 3). */
  lossThreshold: number;
  /** A loss starts a new loss event only if the sender's round id advanced (ns-2 PreciseLoss_). */
  preciseLoss: boolean;
  /** History discounting (RFC 5348 §5.5). */
  discount: boolean;
  /** Feedback reports per RTT (ns-2 NumFeedback_). */
  feedbackPerRtt: number;
  /** Use min(1, 3√(3bp/8)) in the equation when inverting it for the first loss interval (ns-2). */
  capTimeoutTerm: boolean;
  /** Packet size used when inverting the equation (the sender's s). */
  segmentBytes: number;
}

const RING = 1 << 15;
const MASK = RING - 1;
const enum St {
  Unknown = 0,
  Received = 1,
  Lost = 2,
  NotReceived = 3,
  EcnReceived = 4,
  EcnLost = 5,
}

/**
 * TFRC receiver (RFC 5348 §6; ns-2 Agent/TFRCSink semantics): detects losses from sequence gaps,
 * groups them into loss events (a loss starts a new event if it was sent more than one RTT after
 * the start of the previous event), keeps the loss-interval history, and reports the loss event
 * rate and the receive rate once per RTT, at once on a new loss event, and when the sender asks
 * (first packet, after a no-feedback timeout). A report timer 1.5·RTT after each report keeps
 * feedback flowing (ns-2 nack timer).
 */
export class TfrcReceiver implements FlowReceiver, TimerOwner {
  private rev!: Route;
  private readonly state = new Uint8Array(RING);
  private readonly arrivalS = new Float64Array(RING);
  private readonly sentS = new Float64Array(RING);
  private readonly history: LossIntervalHistory;
  private readonly timer: Timer;
  private maxSeq = -1;
  private maxSeqList = -1;
  private started = false;
  private pktsSinceHole = 0;
  private rttS = 0;
  private tzeroS = 0;
  private roundId = 0;
  private lastLossS = 0;
  private lastLossRound = -1;
  private lastArrivalS = 0;
  private lastTimestampS = 0;
  private lastReportS = 0;
  private rcvdSinceReport = 0;
  private lossesSinceReport = 0;
  private lossSeen = false;
  private lastSample = 0;
  /** Statistics. */
  totalLost = 0;
  reports = 0;

  constructor(
    private readonly ctx: FlowContext,
    private readonly cfg: TfrcReceiverConfig,
  ) {
    this.history = new LossIntervalHistory(8, cfg.discount);
    this.timer = ctx.sim.timer(this, 0);
  }

  setRoute(rev: Route): void {
    this.rev = rev;
  }

  /** Current loss event rate (for tests and charts). */
  lossEventRate(): number {
    this.drainHistory();
    return this.history.lossEventRate();
  }

  receive(pkt: Packet): void {
    const now = this.ctx.sim.now / NS_PER_SECOND;
    const st = this.ctx.stats;
    st.packetsReceived++;
    st.bytesReceived += pkt.sizeBytes;
    st.recordDelay(this.ctx.sim.now - pkt.createdNs);
    const seq = pkt.seq;
    const ts = pkt.sendTimeNs / NS_PER_SECOND;
    const ce = pkt.ecn === Ecn.Ce;
    let urgent = false;
    let ecnEvent = false;
    let congestionEvent = false;
    let seedP = -1;
    this.rcvdSinceReport++;

    if (!this.started) {
      this.started = true;
      this.maxSeq = seq - 1;
      this.maxSeqList = seq;
      this.lastSample = seq;
    }
    const oldMax = this.maxSeq;
    const s = this.state;
    if (seq > this.maxSeq || (seq > this.maxSeqList && s[seq & MASK] === St.Unknown)) {
      if (seq > this.maxSeqList + 1) this.pktsSinceHole++;
      urgent = slot(pkt, TfrcSlot.Urgent) > 0;
      this.roundId = slot(pkt, TfrcSlot.RoundId);
      this.rttS = slot(pkt, TfrcSlot.RttS);
      this.tzeroS = slot(pkt, TfrcSlot.TzeroS);
      this.lastArrivalS = now;
      this.lastTimestampS = ts;
      this.arrivalS[seq & MASK] = now;
      this.sentS[seq & MASK] = ts;
      if (ce) {
        s[seq & MASK] = St.EcnReceived;
        this.lossesSinceReport++;
        if (this.newLossEvent(seq, ts)) {
          ecnEvent = true;
          s[seq & MASK] = St.EcnLost;
        }
      } else s[seq & MASK] = St.Received;
      st.goodputBytes += this.cfg.payloadBytes;
    } else {
      st.duplicatesReceived++;
    }
    this.ctx.pool.release(pkt);

    if (seq > this.maxSeq) {
      for (let i = this.maxSeq + 1; i < seq; i++) {
        s[i & MASK] = St.Unknown;
        this.totalLost++;
      }
    }
    if (
      seq > this.maxSeqList &&
      (ecnEvent || this.pktsSinceHole >= this.cfg.lossThreshold || ts - this.sentS[this.maxSeqList & MASK]! > this.rttS)
    ) {
      for (let i = this.maxSeqList; i < seq; i++) {
        if (s[i & MASK] !== St.Unknown) continue;
        this.arrivalS[i & MASK] = now;
        const t = this.estimateSendTime(oldMax, seq, i);
        this.sentS[i & MASK] = t;
        if (this.newLossEvent(i, t)) {
          congestionEvent = true;
          s[i & MASK] = St.Lost;
        } else s[i & MASK] = St.NotReceived;
        this.lossesSinceReport++;
      }
      this.maxSeqList = seq;
      this.pktsSinceHole = 0;
    } else if (seq === this.maxSeqList + 1) {
      this.maxSeqList = seq;
      this.pktsSinceHole = 0;
    }
    if (seq > this.maxSeq) {
      this.maxSeq = seq;
      if (!this.lossSeen && (seq - oldMax > 1 || ecnEvent)) {
        urgent = true;
        this.lossSeen = true;
        seedP = this.seedHistory(ts);
      }
      if (this.rttS > 1e-9 && now - this.lastReportS >= this.rttS / this.cfg.feedbackPerRtt) urgent = true;
    }
    if (urgent || ecnEvent || congestionEvent) this.report(seedP);
  }

  private estimateSendTime(before: number, after: number, i: number): number {
    const tb = this.sentS[before & MASK]!;
    const ta = this.sentS[after & MASK]!;
    return tb + ((i - before) * (ta - tb)) / (after - before);
  }

  /** ns-2 new_loss: a loss starts a new event if sent more than one RTT after the last event began. */
  private newLossEvent(seq: number, sentS: number): boolean {
    const since = this.sentS[seq & MASK]! - this.lastLossS;
    if (since > this.rttS && (!this.cfg.preciseLoss || this.roundId > this.lastLossRound)) {
      this.lastLossS = sentS;
      this.lastLossRound = this.roundId;
      return true;
    }
    return false;
  }

  /** RFC 5348 §6.3.1 / ns-2 adjust_history: seed the first loss interval from the receive rate. */
  private seedHistory(tsS: number): number {
    // losses so far were all during slow start: they do not count as loss events
    for (let i = this.lastSample; i <= this.maxSeq; i++) {
      const v = this.state[i & MASK];
      if (v === St.Lost || v === St.EcnLost) this.state[i & MASK] = St.NotReceived;
    }
    this.lastLossS = tsS;
    this.lastLossRound = this.roundId;
    const rateBps = this.receiveRatePps(this.ctx.sim.now / NS_PER_SECOND) * this.cfg.segmentBytes;
    const p = tfrcLossForRate(rateBps, this.cfg.segmentBytes, this.rttS, this.tzeroS, 1, this.cfg.capTimeoutTerm);
    this.history.seed(1 / p);
    return p;
  }

  private drainHistory(): void {
    for (let i = this.lastSample; i <= this.maxSeq; i++) {
      const v = this.state[i & MASK];
      this.history.addPacket(v === St.Lost || v === St.EcnLost);
    }
    if (this.maxSeq + 1 > this.lastSample) this.lastSample = this.maxSeq + 1;
  }

  /** ns-2 est_thput: packets/s since the last report, or in the last RTT. */
  private receiveRatePps(now: number): number {
    const rtt = this.rttS;
    if (rtt > 0 && now - this.lastReportS >= rtt) {
      return this.rcvdSinceReport > 0 ? this.rcvdSinceReport / (now - this.lastReportS) : 1;
    }
    if (rtt > 0) {
      const last = this.arrivalS[this.maxSeq & MASK]!;
      let n = 0;
      for (let i = this.maxSeq; i > 0 && this.maxSeq - i < RING; i--) {
        if (this.state[i & MASK] !== St.Received) continue;
        if (this.arrivalS[i & MASK]! + rtt > last) n++;
        else break;
      }
      if (n > 0) return n / rtt;
    }
    return 1;
  }

  private report(p: number): void {
    const now = this.ctx.sim.now / NS_PER_SECOND;
    if (this.lastArrivalS >= this.lastReportS) {
      const fb = this.ctx.pool.alloc();
      fb.kind = PacketKind.TfrcFeedback;
      fb.flowId = this.ctx.flowIndex;
      fb.sizeBytes = byteCount(this.cfg.feedbackBytes);
      fb.ack = this.maxSeq;
      fb.tsEchoNs = Math.round(this.lastTimestampS * NS_PER_SECOND);
      fb.sendTimeNs = this.ctx.sim.now;
      fb.createdNs = this.ctx.sim.now;
      setSlot(fb, TfrcSlot.DelayS, now - this.lastArrivalS);
      setSlot(fb, TfrcSlot.LossRate, p >= 0 ? p : this.lossEventRate());
      setSlot(fb, TfrcSlot.RecvRatePps, this.receiveRatePps(now));
      setSlot(fb, TfrcSlot.Losses, this.lossesSinceReport);
      fb.route = this.rev;
      this.lastReportS = now;
      this.rcvdSinceReport = 0;
      this.lossesSinceReport = 0;
      this.reports++;
      inject(fb);
    }
    if (this.rttS > 0 && this.cfg.feedbackPerRtt > 0) {
      this.timer.setAfter(Math.round((1.5 * this.rttS * NS_PER_SECOND) / this.cfg.feedbackPerRtt));
    }
  }

  onTimer(): void {
    this.report(-1);
  }

  close(): void {
    this.timer.cancel();
  }
}
