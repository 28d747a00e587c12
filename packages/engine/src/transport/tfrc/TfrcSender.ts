import type { Timer, TimerOwner } from '../../core/Simulator.js';
import { NS_PER_SECOND } from '../../core/units.js';
import { PacketKind, type Packet, type Route, byteCount } from '../../net/Packet.js';
import { inject } from '../../net/Port.js';
import { SendBuffer } from '../dccp/SendBuffer.js';
import type { CongestionSnapshot, FlowContext, FlowSender } from '../Transport.js';
import { setSlot, slot, TfrcSlot } from './tfrcHeader.js';
import { tfrcRateBps } from './tfrcEquation.js';

/**
 * Rate law of the sender:
 * - 'ns2': ns-2.35 Agent/TFRC — slow start doubles per RTT up to twice the receive rate (ssmult_),
 *   afterwards the rate climbs toward the equation rate by one packet per RTT per RTT and drops to
 *   it at once; RTT from an EWMA (df_), t_RTO from a TCP-style tick estimator (tcp_tick_);
 *   inter-packet gaps scaled by √(mean RTT)/√(latest RTT) (ca_).
 * - 'rfc5348': RFC 5348 §4.3 — X = max(min(X_Bps, 2·X_recv), s/t_mbi) on every report, slow start
 *   X = max(min(2X, 2·X_recv), W_init/R) once per RTT, t_RTO = 4R, RTT EWMA q = 0.9, optional
 *   oscillation prevention (§4.5).
 */
export type TfrcRateLaw = 'ns2' | 'rfc5348';

export interface TfrcSenderConfig {
  law: TfrcRateLaw;
  /** s: payload bytes per packet (the equation's segment size; ns-2 packetSize_). */
  segmentBytes: number;
  /** Header bytes added on the wire (ns-2 TFRC headersize_ 32; DCCP-Data 32 incl. IP). */
  headerBytes: number;
  kind: PacketKind;
  /** Rate before the first feedback, bytes/s (ns-2 InitRate_ 300; RFC 5348: 1 packet/s). */
  initialRateBytesPerS: number;
  /** Slow-start multiplier per RTT (ns-2 ssmult_ 2). */
  ssMult: number;
  /** Weight of the old value in the RTT EWMA (ns-2 df_ 0.95; RFC 5348 q 0.9). */
  rttWeight: number;
  /** ns-2 tick of the t_RTO estimator (tcp_tick_ 0.1 s). */
  tickS: number;
  /** Lower bound of t_RTO in the equation (ns-2 minrto_ 0). */
  minRtoS: number;
  /** Scale gaps by √(mean RTT)/√(RTT sample): ns-2 ca_ / RFC 5348 §4.5 oscillation prevention. */
  sqrtRttScaling: boolean;
  /** ns-2 slow_increase_: in slow start, approach the new rate packet by packet. */
  slowIncrease: boolean;
  /** Maximum back-off interval t_mbi (RFC 5348: 64 s). */
  tMbiS: number;
  /** ns-2 formula cap min(1, 3√(3bp/8)). */
  capTimeoutTerm: boolean;
  sendBufferPackets: number;
}

const SEND_TIMER = 0;
const NOFB_TIMER = 1;

const enum Phase {
  SlowStart = 0,
  CongestionAvoidance = 1,
  Decrease = 2,
  LeftSlowStart = 3,
}

/**
 * TFRC sender (RFC 5348; ns-2 Agent/TFRC): paces packets at rate X (bytes/s of segment payload),
 * updates X from the receiver's reports of loss event rate p and receive rate with the TCP
 * throughput equation, and halves X when no report arrives for max(2R, 2s/X) (ns-2) or t_RTO.
 */
export class TfrcSender implements FlowSender, TimerOwner {
  private fwd!: Route;
  private readonly sendTimer: Timer;
  private readonly noFeedbackTimer: Timer;
  private readonly buf: SendBuffer;
  private running = false;
  private seq = 0;
  /** Allowed rate, bytes/s of payload. */
  rate = 0;
  private oldRate = 0;
  private delta = 0;
  private phase = Phase.SlowStart;
  private urgent = true;
  /** Smoothed RTT R (s); 0 before the first report. */
  rttS = 0;
  private sqrtRtt = 1;
  private rttCur = 1;
  tzeroS = 0;
  private lastChangeS = 0;
  private maxRate = 0;
  private ssMaxRate = 0;
  private roundId = 0;
  private tSrtt = 0;
  private tRttvar = 0;
  private rcvRate = 0;
  private firstReport = true;
  private dataLimited = false;
  private lastLimitedS = 0;
  /** Latest reported loss event rate and receive rate (bytes/s). */
  lossEventRate = 0;
  recvRateBps = 0;
  reports = 0;

  constructor(
    private readonly ctx: FlowContext,
    private readonly cfg: TfrcSenderConfig,
  ) {
    this.sendTimer = ctx.sim.timer(this, SEND_TIMER);
    this.noFeedbackTimer = ctx.sim.timer(this, NOFB_TIMER);
    this.buf = new SendBuffer(cfg.segmentBytes, cfg.sendBufferPackets);
  }

  setRoute(r: Route): void {
    this.fwd = r;
  }

  private get nowS(): number {
    return this.ctx.sim.now / NS_PER_SECOND;
  }

  /** W_init in packets (RFC 3390 / RFC 5348 §4.2: min(4s, max(2s, 4380 B)) / s; ns-2 rfc3390()). */
  private initialWindowPackets(): number {
    const s = this.cfg.segmentBytes;
    if (this.cfg.law === 'ns2') return s <= 1095 ? 4 : s < 2190 ? 3 : 2;
    return Math.min(4 * s, Math.max(2 * s, 4380)) / s;
  }

  // --- application interface ---

  write(bytes: number): void {
    if (!this.running) return;
    this.buf.write(bytes);
    if (this.dataLimited && !this.buf.empty) {
      // ns-2 advanceby(): a data-limited sender sends at once
      this.dataLimited = false;
      this.lastLimitedS = this.nowS;
      this.sendPacket();
      if (!this.sendTimer.armed)
        this.sendTimer.setAfter(Math.round((this.cfg.segmentBytes / Math.max(this.rate, 1e-3)) * NS_PER_SECOND));
    }
  }

  start(): void {
    this.running = true;
    this.ctx.stats.startNs = this.ctx.sim.now;
    this.rate = this.cfg.initialRateBytesPerS;
    this.oldRate = this.rate;
    this.phase = Phase.SlowStart;
    this.urgent = true;
    this.tSrtt = 0;
    this.tRttvar = 0;
    this.tzeroS = 0;
    this.sendPacket();
    const gap = this.cfg.segmentBytes / this.rate;
    this.sendTimer.setAfter(Math.round(gap * NS_PER_SECOND));
    this.noFeedbackTimer.setAfter(Math.round(2 * gap * NS_PER_SECOND));
  }

  stop(): void {
    this.running = false;
    this.buf.clear();
    this.sendTimer.cancel();
    this.noFeedbackTimer.cancel();
  }

  congestion(): CongestionSnapshot {
    const wire = (this.cfg.segmentBytes + this.cfg.headerBytes) / this.cfg.segmentBytes;
    return {
      cwnd: this.rttS > 0 ? (this.rate * this.rttS) / this.cfg.segmentBytes : NaN,
      ssthresh: NaN,
      srttNs: this.rttS * NS_PER_SECOND,
      rateBps: this.rate * 8 * wire,
      extra: { lossEventRate: this.lossEventRate, recvRateBps: this.recvRateBps * 8, tzeroS: this.tzeroS },
    };
  }

  // --- transmission ---

  private sendPacket(): boolean {
    if (!this.running) return false;
    const payload = this.buf.shift();
    if (payload <= 0) {
      this.dataLimited = true;
      return false;
    }
    const now = this.ctx.sim.now;
    const pkt = this.ctx.pool.alloc();
    pkt.kind = this.cfg.kind;
    pkt.flowId = this.ctx.flowIndex;
    pkt.sizeBytes = byteCount(payload + this.cfg.headerBytes);
    pkt.seq = this.seq++;
    pkt.sendTimeNs = now;
    pkt.createdNs = now;
    setSlot(pkt, TfrcSlot.RttS, this.rttS);
    setSlot(pkt, TfrcSlot.TzeroS, this.tzeroS);
    setSlot(pkt, TfrcSlot.RoundId, this.roundId);
    setSlot(pkt, TfrcSlot.Urgent, this.urgent ? 1 : 0);
    pkt.route = this.fwd;
    const st = this.ctx.stats;
    st.packetsSent++;
    st.bytesSent += pkt.sizeBytes;
    inject(pkt);
    return true;
  }

  /** ns-2 nextpkt(): send one packet and schedule the next one s/X_inst later. */
  private sendAndSchedule(): void {
    this.sendPacket();
    let xrate: number;
    if (
      this.cfg.slowIncrease &&
      this.roundId > 2 &&
      this.phase === Phase.SlowStart &&
      this.oldRate + 1e-7 < this.rate
    ) {
      this.oldRate += this.delta;
      xrate = this.oldRate;
    } else if (this.cfg.sqrtRttScaling) {
      xrate = (this.rate * this.sqrtRtt) / Math.sqrt(this.rttCur);
    } else xrate = this.rate;
    if (xrate > 1e-7) {
      const next = Math.max(this.cfg.segmentBytes / xrate, 1e-7);
      this.sendTimer.setAfter(Math.max(1, Math.round(next * NS_PER_SECOND)));
    }
  }

  onTimer(kind: number): void {
    if (!this.running) return;
    if (kind === SEND_TIMER) this.sendAndSchedule();
    else this.onNoFeedback();
  }

  // --- feedback ---

  receive(pkt: Packet): void {
    const now = this.nowS;
    const echoS = pkt.tsEchoNs / NS_PER_SECOND + slot(pkt, TfrcSlot.DelayS);
    const p = slot(pkt, TfrcSlot.LossRate);
    const recvPps = slot(pkt, TfrcSlot.RecvRatePps);
    this.ctx.pool.release(pkt);
    if (!this.running) return;
    this.reports++;
    this.lossEventRate = p;
    this.roundId++;
    this.urgent = false;
    const s = this.cfg.segmentBytes;
    if (this.roundId > 1 && recvPps > 0) {
      this.ssMaxRate = 2 * recvPps * s;
      this.maxRate = 2 * recvPps * s;
    } else {
      this.ssMaxRate = 0;
      this.maxRate = 0;
    }
    this.recvRateBps = recvPps * s;
    this.updateRtt(echoS, now);
    this.rcvRate = Math.min(tfrcRateBps(s, this.rttS, p, this.tzeroS, 1, this.cfg.capTimeoutTerm), 25e6);
    if (this.cfg.law === 'rfc5348') this.rfcUpdate(now, p);
    else this.ns2Update(now, p);
    this.armNoFeedback();
  }

  private armNoFeedback(): void {
    const s = this.cfg.segmentBytes;
    const t =
      this.cfg.law === 'rfc5348'
        ? Math.max(4 * this.rttS, (2 * s) / this.rate)
        : Math.max(2 * this.rttS, (2 * s) / this.rate);
    this.noFeedbackTimer.setAfter(Math.round(t * NS_PER_SECOND));
  }

  private ns2Update(now: number, p: number): void {
    if (this.firstReport) {
      this.firstReport = false;
      this.slowStart(now);
      this.sendAndSchedule();
    } else if (this.phase === Phase.SlowStart) {
      if (p > 0) {
        this.phase = Phase.LeftSlowStart;
        this.oldRate = this.rate = this.rcvRate;
      } else {
        this.slowStart(now);
        this.sendAndSchedule();
      }
    } else if (this.rcvRate > this.rate) this.increase(now);
    else this.decrease(now);
  }

  private rfcUpdate(now: number, p: number): void {
    const s = this.cfg.segmentBytes;
    const recvLimit = this.maxRate > 0 ? this.maxRate : Infinity;
    const floor = s / this.cfg.tMbiS;
    const init = (this.initialWindowPackets() * s) / this.rttS;
    if (this.firstReport) {
      this.firstReport = false;
      this.rate = Math.max(this.rate, init);
      this.lastChangeS = now;
      this.sendAndSchedule();
    } else if (p > 0) {
      this.phase = Phase.CongestionAvoidance;
      this.rate = Math.max(Math.min(this.rcvRate, recvLimit), floor);
    } else if (now - this.lastChangeS >= this.rttS) {
      this.rate = Math.max(Math.min(2 * this.rate, recvLimit), init);
      this.lastChangeS = now;
    }
  }

  /** ns-2 TFRC update_rtt: tick-based t_RTO (for the equation) and an EWMA of the RTT. */
  private updateRtt(echoS: number, now: number): void {
    const sample = now - echoS;
    const hadRtt = this.rttS > 0;
    const tick = this.cfg.tickS;
    let tRtt = Math.floor(sample / tick + 0.5);
    if (tRtt === 0) tRtt = 1;
    if (this.tSrtt !== 0) {
      let d = tRtt - (this.tSrtt >> 3);
      this.tSrtt += d;
      if (this.tSrtt <= 0) this.tSrtt = 1;
      if (d < 0) d = -d;
      d -= this.tRttvar >> 2;
      this.tRttvar += d;
      if (this.tRttvar <= 0) this.tRttvar = 1;
    } else {
      this.tSrtt = tRtt << 3;
      this.tRttvar = tRtt << 1;
    }
    const rtxcur = (((this.tRttvar << 3) + this.tSrtt) >> 3) * tick;
    if (this.cfg.law === 'rfc5348') {
      // RFC 5348 §4.3 step 2: R = q·R + (1−q)·R_sample; t_RTO = 4R (§4.3 step 4)
      this.rttS = this.rttS > 0 ? this.cfg.rttWeight * this.rttS + (1 - this.cfg.rttWeight) * sample : sample;
      this.tzeroS = Math.max(4 * this.rttS, this.cfg.minRtoS);
    } else {
      this.tzeroS = Math.max(rtxcur, this.cfg.minRtoS);
      this.rttS = this.rttS > 0 ? this.cfg.rttWeight * this.rttS + (1 - this.cfg.rttWeight) * sample : sample;
    }
    this.sqrtRtt = hadRtt
      ? this.cfg.rttWeight * this.sqrtRtt + (1 - this.cfg.rttWeight) * Math.sqrt(sample)
      : Math.sqrt(sample);
    this.rttCur = sample;
  }

  /** ns-2 slowstart(). */
  private slowStart(now: number): void {
    const s = this.cfg.segmentBytes;
    const rtt = this.rttS;
    const initRate = (this.initialWindowPackets() * s) / rtt;
    const recentlyLimited = this.dataLimited || this.lastLimitedS > now - 1.5 * rtt;
    if (this.roundId <= 1 || (this.roundId === 2 && this.initialWindowPackets() > 1)) {
      this.oldRate = this.rate;
      if (this.rate < initRate) this.rate = initRate;
      this.delta = (this.rate - this.oldRate) / ((this.rate * rtt) / s);
      this.lastChangeS = now;
    } else if (this.ssMaxRate > 0) {
      if (recentlyLimited && this.ssMaxRate < initRate) {
        this.oldRate = this.rate;
        if (this.rate < initRate) this.rate = initRate;
        this.delta = (this.rate - this.oldRate) / ((this.rate * rtt) / s);
        this.lastChangeS = now;
      } else if (this.rate < this.ssMaxRate && now - this.lastChangeS > rtt) {
        this.oldRate = this.rate;
        this.rate = Math.min(this.cfg.ssMult * this.rate, this.ssMaxRate);
        if (this.rate < s / rtt) this.rate = s / rtt;
        this.delta = (this.rate - this.oldRate) / ((this.rate * rtt) / s);
        this.lastChangeS = now;
      } else if (this.rate > this.ssMaxRate) {
        this.rate = this.oldRate = this.ssMaxRate / 2;
        this.delta = 0;
        this.lastChangeS = now;
      }
    } else {
      this.oldRate = this.rate;
      this.rate = s / rtt;
      this.delta = 0;
      this.lastChangeS = now;
    }
  }

  /** ns-2 increase_rate(): +1 packet per RTT (up to 2 after a quiet period), capped. */
  private increase(now: number): void {
    const s = this.cfg.segmentBytes;
    const rtt = this.rttS;
    const mult = Math.min(2, (now - this.lastChangeS) / rtt);
    this.rate += (s / rtt) * mult;
    let maximum: number;
    if (this.dataLimited || this.lastLimitedS > now - 1.5 * rtt)
      maximum = Math.max(this.maxRate, (this.initialWindowPackets() * s) / rtt);
    else maximum = Math.max(this.maxRate, s / rtt);
    maximum = Math.min(maximum, this.rcvRate);
    if (this.rate > maximum) this.rate = maximum;
    this.phase = Phase.CongestionAvoidance;
    this.lastChangeS = now;
  }

  /** ns-2 decrease_rate(): drop to the equation rate, capped at twice the receive rate. */
  private decrease(now: number): void {
    const s = this.cfg.segmentBytes;
    this.rate = this.rcvRate;
    const maximum = Math.max(this.maxRate, s / this.rttS);
    if (this.rate > maximum) this.rate = maximum;
    this.phase = Phase.Decrease;
    this.lastChangeS = now;
  }

  /** No report for a while: halve the rate (RFC 5348 §4.4; ns-2 reduce_rate_on_no_feedback). */
  private onNoFeedback(): void {
    this.ctx.event('no-feedback');
    const s = this.cfg.segmentBytes;
    if (this.phase !== Phase.SlowStart) this.phase = Phase.Decrease;
    if (!this.dataLimited) this.rate *= 0.5;
    else {
      const w = (this.initialWindowPackets() * s) / (this.rttS > 0 ? this.rttS : 1);
      if (this.rate > 2 * w) this.rate *= 0.5;
      else if (this.rate > w) this.rate = w;
    }
    if (this.cfg.law === 'rfc5348') this.rate = Math.max(this.rate, s / this.cfg.tMbiS);
    this.urgent = true;
    this.roundId++;
    this.armNoFeedback();
    this.sendAndSchedule();
  }
}
