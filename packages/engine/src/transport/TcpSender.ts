import { holdAsDoubles } from '../core/doubleFields.js';
import type { Timer, TimerOwner } from '../core/Simulator.js';
import { NS_PER_SECOND } from '../core/units.js';
import { Ecn, PacketKind, type Packet, type Route, byteCount } from '../net/Packet.js';
import { inject } from '../net/Port.js';
import type { AckInfo, CcState, CongestionControl, CongestionEvent, TcpPhase } from './cc/CongestionControl.js';
import { RttEstimator } from './RttEstimator.js';
import { RateSampler } from './RateSampler.js';
import { SendTimes } from './SendTimes.js';
import { CwndAction, type LossRecovery as LossRecoveryStrategy } from './recovery/LossRecovery.js';
import { createRecovery } from './recovery/createRecovery.js';
import type { RecoveryEvent, RecoveryHost } from './recovery/RecoveryHost.js';
import type { TcpDialect, TcpSenderConfig } from './TcpSenderConfig.js';
import type { RateSample } from './cc/CongestionControl.js';
import type { CongestionSnapshot, FlowContext, FlowSender } from './Transport.js';
import { XcpEndSystem } from './XcpEndSystem.js';

export type { LossRecovery, TcpDialect, TcpSenderConfig } from './TcpSenderConfig.js';

/** RFC 7323 timestamp option as ns-2 counts it (ts_option_size_). */
const TS_OPTION_BYTES = 10;

const RTX_TIMER = 0;
const PACE_TIMER = 1;

/**
 * A TCP sender with segment-counted sequence numbers (ns-2 one-way TCP: every data packet
 * `packetBytes` long on the wire). It owns the connection state, the application data limit,
 * transmission (window, Limited Transmit, pacing), RTT estimation and the retransmission timer
 * (RFC 6298, or ns-2's tick estimator, with Karn's rule and exponential backoff), and ECN
 * (RFC 3168). Two things are pluggable:
 * - the window law: a CongestionControl (transport/cc/);
 * - loss recovery: a strategy in transport/recovery/ — Tahoe, Reno and NewReno (RFC 5681, RFC
 *   6582), SACK (RFC 6675, optional RFC 6937 PRR), Vegas (ns-2 tcp-vegas.cc) and Linux (ns-2.35's
 *   Agent/TCP/Linux).
 * The order of operations within an ACK follows ns-2.35 (tcp.cc) so that the reference runs in
 * docs/validation.md are reproduced.
 *
 * Fields and methods marked "recovery API" implement RecoveryHost (recovery/RecoveryHost.ts), the
 * narrow interface the recovery strategies are written against.
 */
export class TcpSender implements FlowSender, CcState, RecoveryHost, TimerOwner {
  // --- CcState ---
  cwnd: number;
  ssthresh: number;
  readonly segmentBytes: number;
  minRttNs = Infinity;
  lastRttNs = 0;
  highestAck = -1;
  nextSeq = 0;
  maxSeqSent = -1;
  phase: TcpPhase = 'open';
  readonly maxWindow: number;

  // --- recovery API: state ---
  dupAcks = 0;
  /** Window inflation during fast recovery (ns-2 dupwnd_). */
  dupWnd = 0;
  /** Highest segment sent when the last recovery (or timeout) began (ns-2 recover_). */
  recover = 0;
  lastCwndAction: CwndAction = CwndAction.None;
  /** NewReno/SACK: a partial ACK has already restarted the timer in this recovery. */
  firstPartial = false;
  initialWindow: number;
  /** One past the last segment the application has made available (Infinity for bulk). */
  appLimit: number;
  readonly ackInfo = { ackedSegments: 0, rttNs: -1, ackSeq: 0, ece: false, priorInFlight: -1 };
  readonly dialect: TcpDialect;
  readonly ccState: CcState = this;

  private readonly recovery: LossRecoveryStrategy;
  private readonly rtt: RttEstimator;
  private readonly rtxTimer: Timer;
  private readonly paceTimer: Timer;
  private fwd!: Route;
  private appBytesPending = 0;
  private started = false;
  private stopped = false;
  private rttActive = false;
  private rttSeq = -1;
  private rttSentNs = 0;
  private ecnRecover = -1;
  private sendCwr = false;
  /** First-send times for 'ns3' RTT sampling, else null. */
  private readonly sendTimes: SendTimes | null;
  /** The window was reduced: mark the next segment (ns-2 cong_action_, for traces). */
  private congestionActionPending = false;
  private nextPaceNs = 0;
  /** Delivery-rate sampling, on when the congestion control takes rate samples (BBR). */
  private rates: RateSampler | null;
  /** XCP end-system state, or null for a plain TCP sender. */
  readonly xcp: XcpEndSystem | null;
  /** Feedback echoed by the ACK being processed (XCP), bytes. */
  private ackFeedbackBytes = 0;
  private readonly rateSample: RateSample = {
    deliveryRateBps: 0,
    delivered: 0,
    intervalNs: 0,
    rttNs: -1,
    priorDelivered: 0,
    newlyAcked: 0,
    newlyLost: 0,
    isAppLimited: false,
    totalDelivered: 0,
  };

  constructor(
    readonly ctx: FlowContext,
    readonly cfg: TcpSenderConfig,
    public cc: CongestionControl,
  ) {
    this.dialect = cfg.dialect;
    this.segmentBytes = cfg.packetBytes;
    this.maxWindow = cfg.maxWindow;
    this.initialWindow = cfg.initialWindow;
    this.cwnd = cfg.handshake || cfg.dialect.delayGrowth ? 1 : cfg.initialWindow;
    this.ssthresh = cfg.initialSsthresh;
    this.appLimit = cfg.handshake ? 1 : 0;
    this.rtt = new RttEstimator(cfg.rto);
    this.sendTimes = cfg.dialect.rttSampling === 'ns3' ? new SendTimes() : null;
    this.rtxTimer = ctx.sim.timer(this, RTX_TIMER);
    this.paceTimer = ctx.sim.timer(this, PACE_TIMER);
    this.recovery = createRecovery(this, cfg.recovery);
    this.rates = null;
    if (cc.onRateSample !== undefined) this.startRateSampling();
    this.xcp = cfg.xcp ? new XcpEndSystem(cfg.xcp.tickNs, cfg.packetBytes - cfg.headerBytes) : null;
    holdAsDoubles(this, ['lastRttNs', 'dupWnd', 'rttSentNs']);
    holdAsDoubles(this.ackInfo, ['rttNs']);
    holdAsDoubles(this.rateSample, ['deliveryRateBps', 'intervalNs', 'rttNs']);
    cc.init?.(this, ctx.sim.now);
  }

  /** Delivery-rate sampling for a congestion control that takes rate samples (BBR). */
  private startRateSampling(): void {
    const rates = new RateSampler(this.cfg.maxWindow);
    this.recovery.watchSacks?.((seq) => rates.onDelivered(seq, this.ctx.sim.now));
    this.rates = rates;
  }

  /**
   * Hands the connection to another congestion control from now on (a scenario event, or a
   * change made in the lab while a run goes on). The connection state it acts on — cwnd,
   * ssthresh, the RTT estimate, what is in flight, the loss recovery in progress — is kept, as
   * Linux keeps it when `TCP_CONGESTION` is set on an open socket (net/ipv4/tcp_cong.c
   * tcp_reinit_congestion_control: the new module's init runs on the live socket). The loss
   * recovery chosen when the flow started stays. A control that takes delivery-rate samples gets
   * them for segments sent from now on.
   */
  switchCongestionControl(cc: CongestionControl): void {
    this.cc = cc;
    if (cc.onRateSample !== undefined && this.rates === null) this.startRateSampling();
    cc.init?.(this, this.ctx.sim.now);
  }

  setRoute(fwd: Route): void {
    this.fwd = fwd;
  }

  get srttNs(): number {
    return this.rtt.srttNs;
  }

  get inFlight(): number {
    return this.maxSeqSent - this.highestAck;
  }

  /** RFC 6675 pipe when the loss recovery keeps a SACK scoreboard, else inFlight (CcState). */
  get pipe(): number {
    return this.recovery.pipe?.() ?? this.inFlight;
  }

  get rtoNs(): number {
    return this.rtt.rtoNs();
  }

  /** Sequence number of the first data segment (1 with a handshake segment, else 0). */
  get firstDataSeq(): number {
    return this.cfg.handshake ? 1 : 0;
  }

  // --- application interface ---

  write(bytes: number): void {
    if (this.stopped) return;
    if (bytes === Infinity) this.appLimit = Infinity;
    else {
      const payload = this.cfg.packetBytes - this.cfg.headerBytes;
      this.appBytesPending += bytes;
      let segs = Math.floor(this.appBytesPending / payload);
      this.appBytesPending -= segs * payload;
      if (this.appBytesPending > 0) {
        // a trailing partial segment is sent as a full segment
        segs += 1;
        this.appBytesPending = 0;
      }
      this.appLimit += segs;
    }
    if (this.started) this.sendMuch(0);
  }

  start(): void {
    this.started = true;
    this.ctx.stats.startNs = this.ctx.sim.now;
    this.sendMuch(0);
  }

  stop(): void {
    this.stopped = true;
    // no new data after this point; outstanding data is still delivered
    this.appLimit = Math.min(this.appLimit, this.maxSeqSent + 1);
  }

  congestion(): CongestionSnapshot {
    return {
      cwnd: this.cwnd + this.dupWnd,
      ssthresh: this.ssthresh,
      srttNs: this.rtt.srttNs,
      rateBps: NaN,
      extra: this.cc.metrics?.(),
      ...(this.xcp ? { xcpFeedbackBytes: this.xcp.feedbackAppliedBytes } : {}),
    };
  }

  // --- transmission ---

  /**
   * Usable window in segments: integer cwnd plus the recovery inflation, the sum capped by the
   * receiver window — ns-2.35 RenoTcpAgent::window(), `min(int(cwnd_) + dupwnd_, int(wnd_))`
   * (tcp-reno.cc; the inflated window never exceeds what the receiver allows).
   */
  private window(): number {
    const w = Math.floor(this.cwnd) + this.dupWnd;
    return w < this.maxWindow ? w : this.maxWindow;
  }

  /** Recovery API. ns-2 send_much: send new segments while the window allows; `burst` 0 = unlimited. */
  sendMuch(burst: number): void {
    if (!this.started) return;
    if (this.recovery.send?.(burst) === true) return;
    const max = burst > 0 ? burst : this.cfg.maxBurst > 0 ? this.cfg.maxBurst : Infinity;
    let sent = 0;
    while (this.nextSeq <= this.highestAck + this.window() && this.nextSeq < this.appLimit && sent < max) {
      if (!this.paceAllows()) break;
      this.output(this.nextSeq);
      this.nextSeq++;
      sent++;
    }
  }

  /** Recovery API. RFC 3042 Limited Transmit (ns-2 send_one): one new segment on an early duplicate ACK. */
  sendOne(): void {
    const s = this.nextSeq;
    if (s <= this.highestAck + this.maxWindow && s < this.appLimit && s <= this.highestAck + this.cwnd + this.dupAcks) {
      this.output(s);
      this.nextSeq++;
    }
  }

  /** Recovery API. Pacing gate: false (and the pacing timer armed) when the next release is in the future. */
  paceAllows(): boolean {
    const rate = this.pacingRate();
    if (rate <= 0) return true;
    const now = this.ctx.sim.now;
    if (now < this.nextPaceNs) {
      this.paceTimer.setAt(this.nextPaceNs);
      return false;
    }
    this.nextPaceNs = now + Math.round((this.cfg.packetBytes * 8 * NS_PER_SECOND) / rate);
    return true;
  }

  private pacingRate(): number {
    const ccRate = this.cc.pacingRateBps?.(this, this.ctx.sim.now) ?? 0;
    if (ccRate > 0) return ccRate;
    if (this.cfg.pacing === 'cwnd-srtt' && this.rtt.sampled && this.rtt.srttNs > 0) {
      return (this.cwnd * this.cfg.packetBytes * 8 * NS_PER_SECOND) / this.rtt.srttNs;
    }
    return 0;
  }

  /** Recovery API. Sends segment `seq` (new or a retransmission). */
  output(seq: number): void {
    const now = this.ctx.sim.now;
    const pkt = this.ctx.pool.alloc();
    const syn = seq === 0 && this.cfg.handshake;
    pkt.kind = PacketKind.TcpData;
    pkt.flowId = this.ctx.flowIndex;
    pkt.sizeBytes = byteCount(syn ? this.cfg.headerBytes + this.dialect.synOptionBytes : this.cfg.packetBytes);
    if (seq === 0 && this.dialect.headerOnlyFirst && !syn)
      pkt.sizeBytes = byteCount(this.cfg.headerBytes - (this.cfg.timestamps ? TS_OPTION_BYTES : 0));
    pkt.seq = seq;
    pkt.sendTimeNs = now;
    pkt.createdNs = now;
    pkt.route = this.fwd;
    const isRetx = seq <= this.maxSeqSent;
    pkt.retransmission = isRetx;
    // RFC 3168 §6.1.5: not on retransmissions (unless emulating ns-3.37, which marks them too);
    // §6.1.1: not on a SYN (nor in ns-2.35: TcpAgent::output clears ECT on segment 0), unless
    // emulating an ns-3.37 DCTCP socket (`ectControl`)
    const ect = syn ? this.dialect.ectControl : this.cfg.ecn && (!isRetx || this.dialect.ecnOnRetransmissions);
    if (ect) pkt.ecn = Ecn.Ect0;
    if (this.sendCwr) {
      pkt.cwr = true;
      this.sendCwr = false;
    }
    if (this.congestionActionPending) {
      pkt.congestionAction = true;
      this.congestionActionPending = false;
    }
    const stats = this.ctx.stats;
    stats.packetsSent++;
    stats.bytesSent += pkt.sizeBytes;
    const nothingOutstanding = this.highestAck === this.maxSeqSent;
    if (isRetx) {
      stats.retransmits++;
      this.recovery.onRetransmit?.(seq);
      this.sendTimes?.retransmitted(seq);
    } else {
      this.maxSeqSent = seq;
      if (this.sendTimes !== null) this.sendTimes.sent(seq, now);
      else if (!this.rttActive) {
        this.rttActive = true;
        this.rttSeq = seq;
        this.rttSentNs = now;
      }
    }
    this.cc.onSent?.(this, seq, isRetx, now);
    this.rates?.onSent(seq, isRetx, nothingOutstanding, seq + 1 >= this.appLimit, now);
    this.xcp?.stamp(pkt, this.window(), this.cfg.packetBytes);
    // ns-2 TcpAgent::output also restarts a pending timer when nothing was outstanding
    if (!this.rtxTimer.armed || (nothingOutstanding && this.recovery.restartTimerWhenIdle !== false))
      this.setRtxTimer();
    inject(pkt);
  }

  // --- retransmission timer and RTT (recovery API) ---

  setRtxTimer(): void {
    this.rtxTimer.setAfter(this.rtt.rtoNs());
  }

  cancelRtxTimer(): void {
    this.rtxTimer.cancel();
  }

  /** ns-2 reset_rtx_timer(mild, backoff): restart the timer; not mild → go back N. */
  resetRtxTimer(mild: boolean, backoff: boolean): void {
    if (backoff) this.rtt.backOff();
    this.setRtxTimer();
    if (!mild) this.nextSeq = this.highestAck + 1;
    this.rttActive = false; // Karn: a sample in progress is discarded
  }

  resetRttBackoff(): void {
    this.rtt.resetBackoff();
  }

  /** A partial ACK covering the timed segment ends the timing without a sample (ns-2 partialnewack). */
  stopRttTimingUpTo(ack: number, resetBackoff = true): void {
    if (this.rttActive && ack >= this.rttSeq) {
      this.rttActive = false;
      if (resetBackoff) this.rtt.resetBackoff();
    }
  }

  takeRttSample(ack: number, ts: number, tsSent: number, now: number): number {
    let sample = -1;
    if (ts >= 0) {
      sample = ts;
      this.rtt.sample(ts, tsSent, true);
    }
    if (this.rttActive && ack >= this.rttSeq) {
      // Karn (RFC 6298 §3): the timed segment was not retransmitted, or timing would have stopped
      this.rttActive = false;
      this.rtt.resetBackoff();
      if (ts < 0) {
        sample = now - this.rttSentNs;
        this.rtt.sample(sample, this.rttSentNs, false);
      }
    }
    // the header-only opening segment's RTT understates the data path's: keep it out of the
    // congestion control's min/last RTT (it still feeds the RTO estimator, as in ns-2)
    if (sample >= 0) this.xcp?.sample(sample, now);
    if (sample >= 0 && !(this.cfg.handshake && ack === 0)) {
      this.lastRttNs = sample;
      if (sample < this.minRttNs) this.minRttNs = sample;
    }
    return sample;
  }

  // --- ACK processing ---

  receive(pkt: Packet): void {
    const now = this.ctx.sim.now;
    const ack = pkt.ack;
    const ece = pkt.ece && this.cfg.ecn;
    let tsSample = this.cfg.timestamps ? now - pkt.tsEchoNs : -1;
    let tsSent = pkt.tsEchoNs;
    if (this.sendTimes !== null && ack > this.highestAck) {
      // ns-3: a sample from the oldest newly acknowledged segment; a new ACK drops the backoff
      tsSent = this.sendTimes.acked(this.highestAck, ack);
      tsSample = tsSent >= 0 ? now - tsSent : -1;
      this.rtt.resetBackoff();
    }
    this.ackFeedbackBytes = pkt.hdrFeedbackBytes;
    const consumed = this.recovery.readAck?.(pkt, ack, ece, tsSample, tsSent, now) === true;
    this.ctx.pool.release(pkt);
    if (this.rates !== null) {
      // delivery-rate sample before the window law runs (draft-cheng-iccrg-delivery-rate-estimation),
      // on every ACK: with the segments it newly delivered (SACKs included) and made lost
      const rs = this.rateSample;
      this.rates.onAck(this.highestAck, ack, this.cfg.packetBytes, now, rs);
      rs.newlyLost = this.recovery.newlyLost?.() ?? 0;
      this.cwnd = this.cc.onRateSample!(this, rs, now);
    }
    const ecnHere = ece && this.recovery.handlesEcn !== true;
    // with a CWR state (Linux, ns-3) an advancing ECE ACK reduces before anything is sent in
    // response to it; otherwise after the ACK was processed (ns-2)
    if (ecnHere && this.dialect.ecnCwrState && ack > this.highestAck) this.onEcnEcho(now, ack);
    if (!consumed) this.recovery.onAck(ack, ece, tsSample, tsSent, now);
    if (ecnHere && !this.dialect.ecnCwrState && ack >= this.highestAck) this.onEcnEcho(now, this.highestAck);
    const info = this.ackInfo;
    info.ackSeq = ack;
    info.ece = ece;
    this.cc.onAnyAck?.(this, info, now);
    this.checkComplete(now);
  }

  /** Recovery API. Leaves fast recovery; the congestion control may choose the new cwnd. */
  leaveRecovery(now: number): void {
    if (this.phase !== 'recovery') return;
    this.setPhase('open');
    this.dupWnd = 0;
    this.recoveryExitWindow(now);
  }

  /**
   * Recovery API. Moves to congestion state `phase` and tells the congestion control (ns-3
   * TcpSocketBase sets m_congState after CongestionStateSet; here the state is set first so that
   * the hook reads it).
   */
  setPhase(phase: TcpPhase): void {
    const previous = this.phase;
    if (previous === phase) return;
    this.phase = phase;
    this.cc.onPhaseChange?.(this, previous, this.ctx.sim.now);
  }

  /** Recovery API. The window law's growth on new data (onAck), with any threshold it moved. */
  growWindow(info: AckInfo, now: number): void {
    this.cwnd = this.cc.onAck(this, info, now);
    const ss = this.cc.ssthreshAfterUpdate?.(this);
    if (ss !== undefined) this.ssthresh = ss;
  }

  /** Recovery API. Loss recovery ended: the window the congestion control continues with, if it says. */
  recoveryExitWindow(now: number): void {
    const exit = this.cc.cwndOnRecoveryExit?.(this, now);
    if (exit === undefined) return;
    this.cwnd = exit;
    const ss = this.cc.ssthreshAfterUpdate?.(this);
    if (ss !== undefined) this.ssthresh = ss;
  }

  /**
   * Recovery API. ns-2 newack() + opencwnd(): the cumulative ACK advanced; grow the window if
   * `open`, counting the segments acknowledged above `countFrom` (default: all newly acknowledged).
   */
  newAckOpen(
    ack: number,
    ece: boolean,
    ts: number,
    tsSent: number,
    now: number,
    open: boolean,
    countFrom = this.highestAck,
  ): void {
    const acked = ack - Math.max(this.highestAck, countFrom);
    if (this.dialect.delayGrowth && this.highestAck === 0) this.cwnd = this.initialWindow;
    this.dupAcks = 0;
    this.highestAck = ack;
    if (this.nextSeq < ack + 1) this.nextSeq = ack + 1;
    const sample = this.takeRttSample(ack, ts, tsSent, now);
    this.setRtxTimer(); // every new ACK restarts the timer (ns-2 newtimer with timerfix_)
    // ecnCwrState: no growth until data sent after the ECN reduction is acknowledged
    const inCwr = this.dialect.ecnCwrState && ack <= this.ecnRecover;
    if (this.xcp !== null) {
      // XCP: no growth of the window law (ns-2 XcpRenoTcpAgent::opencwnd does nothing); the
      // echoed feedback moves cwnd after the RTT update (XcpRenoTcpAgent::recv_newack_helper)
      this.cwnd = this.xcp.apply(this.cwnd, this.ackFeedbackBytes, this.maxWindow);
    } else if (open && !ece && !inCwr) {
      const info = this.ackInfo;
      info.ackedSegments = acked;
      info.rttNs = sample;
      info.ackSeq = ack;
      info.ece = ece;
      this.growWindow(info, now);
    }
    if (this.cfg.handshake && ack === 0) {
      this.cwnd = this.initialWindow; // handshake done: IW
      if (this.dialect.handshakeAck) this.sendHandshakeAck(now);
    }
  }

  /**
   * Recovery API. The cumulative ACK advanced on an ACK that is also a duplicate ACK (ns-3.37:
   * it carried new SACK information): take its RTT sample, but neither grow the window, restart
   * the timer nor reset the duplicate-ACK count.
   */
  advanceAck(ack: number, ts: number, tsSent: number, now: number): void {
    this.highestAck = ack;
    if (this.nextSeq < ack + 1) this.nextSeq = ack + 1;
    this.takeRttSample(ack, ts, tsSent, now);
  }

  /** The third packet of a three-way handshake: a header-only pure ACK towards the receiver. */
  private sendHandshakeAck(now: number): void {
    const pkt = this.ctx.pool.alloc();
    pkt.kind = PacketKind.TcpAck;
    pkt.flowId = this.ctx.flowIndex;
    pkt.sizeBytes = byteCount(this.cfg.headerBytes);
    pkt.ack = -1;
    pkt.sendTimeNs = now;
    pkt.createdNs = now;
    pkt.route = this.fwd;
    if (this.dialect.ectControl) pkt.ecn = Ecn.Ect0;
    inject(pkt);
  }

  /** Recovery API. Applies the congestion control's reduction; `toOne`: Tahoe-style restart from one segment. */
  reduce(event: CongestionEvent, now: number, toOne: boolean): void {
    const ss = this.cc.ssthreshAfter(this, event, now);
    const cw = toOne ? 1 : (this.cc.cwndAfter?.(this, event, now) ?? ss);
    this.ssthresh = Math.max(ss, 2);
    this.cwnd = Math.max(cw, 1);
    this.congestionActionPending = true;
  }

  /** Recovery API. RFC 6298 §5.5 / RFC 5681 §3.1: the window after a retransmission timeout. */
  timeoutWindow(now: number, ccWindow: boolean): void {
    const ss = this.cc.ssthreshAfter(this, 'timeout', now);
    const cw = ccWindow ? (this.cc.cwndAfter?.(this, 'timeout', now) ?? 1) : 1;
    this.ssthresh = Math.max(ss, 2);
    this.cwnd = Math.max(cw, 1);
  }

  /** Recovery API. Counts a fast retransmit, timeout or ECN reaction and records the flow event. */
  announce(event: RecoveryEvent): void {
    const stats = this.ctx.stats;
    if (event === 'fast-retransmit') stats.fastRetransmits++;
    else if (event === 'timeout') stats.timeouts++;
    else stats.ecnReactions++;
    this.ctx.event(event);
  }

  /** RFC 3168 §6.1.2: reduce once per window of data on ECN-Echo, then set CWR. */
  private onEcnEcho(now: number, ack: number): void {
    if (ack <= this.ecnRecover || this.phase === 'recovery') return;
    this.ecnRecover = this.maxSeqSent;
    this.announce('ecn');
    this.reduce('ecn', now, false);
    this.lastCwndAction = CwndAction.Ecn;
    this.sendCwr = true;
  }

  // --- timers ---

  onTimer(kind: number, now: number): void {
    if (kind === PACE_TIMER) {
      this.sendMuch(0);
      return;
    }
    this.onRetransmissionTimeout(now);
  }

  /** RTO expiry (RFC 6298 §5.4–5.7; ns-2 TcpAgent::timeout and the Reno/Sack1 overrides). */
  private onRetransmissionTimeout(now: number): void {
    this.sendTimes?.forgetOutstanding();
    if (this.recovery.onTimeout?.(now) === true) return;
    this.dupAcks = 0;
    this.dupWnd = 0;
    this.setPhase('open');
    this.firstPartial = false;
    if (this.cwnd < 1) this.cwnd = 1;
    if (this.highestAck === this.maxSeqSent && this.recovery.idleTimeoutIsLoss !== true) {
      // idle, nothing outstanding: restart window (RFC 5681 §4.1), no backoff (Vegas: see
      // VegasRecovery.idleTimeoutIsLoss)
      this.cwnd = Math.min(this.cwnd, this.initialWindow);
      return;
    }
    this.recover = this.maxSeqSent;
    if (this.cfg.handshake && this.highestAck === -1) this.initialWindow = 1; // RFC 5681 §3.1
    this.announce('timeout');
    this.timeoutWindow(now, true);
    this.congestionActionPending = true;
    this.lastCwndAction = CwndAction.Timeout;
    this.recovery.afterTimeout?.();
    this.resetRtxTimer(false, true);
    this.sendMuch(0);
  }

  private checkComplete(now: number): void {
    const st = this.ctx.stats;
    if (
      st.completionNs < 0 &&
      this.appLimit !== Infinity &&
      this.appLimit > this.firstDataSeq &&
      this.highestAck >= this.appLimit - 1
    ) {
      st.completionNs = now;
      this.rtxTimer.cancel();
      this.ctx.event('complete');
    }
  }
}
