import type { Timer, TimerOwner } from '../core/Simulator.js';
import { NS_PER_SECOND } from '../core/units.js';
import { Ecn, PacketKind, type Packet, type Route } from '../net/Packet.js';
import { inject } from '../net/Port.js';
import type { CcState, CongestionControl, CongestionEvent, TcpPhase } from './cc/CongestionControl.js';
import { RttEstimator, type RtoConfig } from './RttEstimator.js';
import { SackScoreboard } from './SackScoreboard.js';
import { LinuxScoreboard, SB_FLAG_LOST, SB_FLAG_SACKED } from './LinuxScoreboard.js';
import { RateSampler } from './RateSampler.js';
import type { RateSample } from './cc/CongestionControl.js';
import type { CongestionSnapshot, FlowContext, FlowSender } from './Transport.js';

/** Loss-recovery algorithm of the sender (independent of the window law). */
export type LossRecovery = 'tahoe' | 'reno' | 'newreno' | 'sack' | 'vegas' | 'linux';

export interface TcpSenderConfig {
  /** Bytes on the wire per data segment. */
  packetBytes: number;
  headerBytes: number;
  initialWindow: number;
  initialSsthresh: number;
  /** Receiver window cap, segments (ns-2 window_). */
  maxWindow: number;
  dupAckThreshold: number;
  recovery: LossRecovery;
  rto: RtoConfig;
  /** RTT samples from every ACK via timestamps (RFC 7323) or one timed segment per RTT (Karn). */
  timestamps: boolean;
  ecn: boolean;
  /** Maximum segments sent in response to one ACK (0 = unlimited; ns-2 maxburst_). */
  maxBurst: number;
  /** Sender pacing: 'off' or 'cwnd-srtt' (gap = srtt/cwnd, Aggarwal et al. 2000). */
  pacing: 'off' | 'cwnd-srtt';
  /**
   * Open with a header-only first segment (seq 0, like a SYN) at cwnd 1 and raise cwnd to the
   * initial window when it is acknowledged (ns-2 syn_ + delay_growth_). If it is lost the initial
   * window becomes one segment (RFC 5681 §3.1).
   */
  handshake: boolean;
  /** RFC 3042 Limited Transmit: a new segment on each of the first two duplicate ACKs. */
  limitedTransmit: boolean;
  /**
   * SACK recovery: reduce the sending rate gradually with Proportional Rate Reduction (RFC 6937)
   * instead of sending whenever pipe < cwnd (RFC 6675 §5).
   */
  prr: boolean;
}

/** 'linux' recovery: ACK flags (ns-2 tcp-linux FLAG_ECE, FLAG_DATA_ACKED; SB_FLAG_* from the scoreboard). */
const FLAG_ECE = 1;
const FLAG_DATA_ACKED = 4;
/** ns-2.35 tcp_max_burst: cwnd moderation allows packets in flight + 3 on leaving recovery. */
const LINUX_MAX_BURST = 3;

const RTX_TIMER = 0;
const PACE_TIMER = 1;

const enum CwndAction {
  None = 0,
  DupAck = 1,
  Timeout = 2,
  Ecn = 3,
  Exited = 4,
}

/**
 * A TCP sender with segment-counted sequence numbers (ns-2 one-way TCP: every data packet
 * `packetBytes` long on the wire). Loss recovery follows:
 * - Tahoe: fast retransmit, then slow start from one segment (RFC 5681 §3.2 without recovery);
 * - Reno: fast retransmit / fast recovery with window inflation (RFC 5681 §3.2);
 * - NewReno: partial ACKs keep the sender in recovery and retransmit the next hole (RFC 6582),
 *   with ns-2's partial window deflation and "impatient" timer;
 * - SACK: conservative SACK-based recovery with a scoreboard and pipe (RFC 6675);
 * - Vegas: ns-2 tcp-vegas.cc recovery — the congestion control's fine-grained timer may trigger a
 *   retransmission on the first or second duplicate ACK, it chooses the reduced window, the
 *   window inflates by one per duplicate ACK beyond the threshold and deflates on the next new ACK
 *   (Brakmo & Peterson 1995 §3.1);
 * - Linux: ns-2.35's Linux TCP agent (tcp-linux.cc, scoreboard1.cc; Linux 2.6.22 semantics as
 *   ported there): a FACK scoreboard marks losses and lost retransmissions, recovery is entered on
 *   a newly detected loss (not a duplicate-ACK count), the window drops to ssthresh at once while
 *   the packets in flight fall by one per two ACKs (rate halving), the retransmission timer is
 *   restarted by every ACK, a timeout marks everything unSACKed lost and retransmits from the
 *   scoreboard without going back N, and leaving recovery moderates cwnd to in-flight + 3.
 * Timeouts follow RFC 6298 (or ns-2's tick estimator) with Karn's rule and exponential backoff.
 * The order of operations within an ACK follows ns-2.35 (tcp.cc, tcp-reno.cc, tcp-newreno.cc) so
 * that the reference runs in docs/validation.md are reproduced. The window law (slow start,
 * congestion avoidance, reduction) is the pluggable CongestionControl.
 */
export class TcpSender implements FlowSender, CcState, TimerOwner {
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

  private readonly rtt: RttEstimator;
  private readonly rtxTimer: Timer;
  private readonly paceTimer: Timer;
  private fwd!: Route;
  private dupAcks = 0;
  /** Window inflation during fast recovery (ns-2 dupwnd_). */
  private dupWnd = 0;
  private recover = 0;
  private lastCwndAction = CwndAction.None;
  private firstPartial = false;
  private initialWindow: number;
  /** One past the last segment the application has made available (Infinity for bulk). */
  private appLimit: number;
  private appBytesPending = 0;
  private started = false;
  private stopped = false;
  private rttActive = false;
  private rttSeq = -1;
  private rttSentNs = 0;
  private ecnRecover = -1;
  private sendCwr = false;
  private nextPaceNs = 0;
  private readonly sack: SackScoreboard | null;
  /** 'linux' recovery scoreboard (ns-2 ScoreBoard1). */
  private readonly lsb: LinuxScoreboard | null;
  /** 'linux' recovery: packets in flight still allowed while rate halving (ns-2 next_pkts_in_flight_). */
  private nextPif = 0;
  /** After a timeout, SACK duplicate ACKs are ignored until new data is acknowledged (ns-2 Sack1). */
  private sackTimedOut = false;
  // RFC 6937 state
  private prrDelivered = 0;
  private prrOut = 0;
  private recoverFs = 1;
  private lastDelivered = 0;
  private readonly ackInfo = { ackedSegments: 0, rttNs: -1, ackSeq: 0, ece: false, priorInFlight: -1 };
  /** 'vegas' recovery: new ACKs after a retransmission on which to re-check the fine timer (ns-2 v_worried_). */
  private vegasWorried = 0;
  /** Delivery-rate sampling, on when the congestion control takes rate samples (BBR). */
  private readonly rates: RateSampler | null;
  private readonly rateSample: RateSample = {
    deliveryRateBps: 0, delivered: 0, intervalNs: 0, rttNs: -1, priorDelivered: 0, newlyAcked: 0, newlyLost: 0, isAppLimited: false, totalDelivered: 0,
  };

  constructor(
    private readonly ctx: FlowContext,
    private readonly cfg: TcpSenderConfig,
    readonly cc: CongestionControl,
  ) {
    this.segmentBytes = cfg.packetBytes;
    this.maxWindow = cfg.maxWindow;
    this.initialWindow = cfg.initialWindow;
    this.cwnd = cfg.handshake ? 1 : cfg.initialWindow;
    this.ssthresh = cfg.initialSsthresh;
    this.appLimit = cfg.handshake ? 1 : 0;
    this.rtt = new RttEstimator(cfg.rto);
    this.rtxTimer = ctx.sim.timer(this, RTX_TIMER);
    this.paceTimer = ctx.sim.timer(this, PACE_TIMER);
    this.sack = cfg.recovery === 'sack' ? new SackScoreboard(Math.max(64, cfg.maxWindow * 2)) : null;
    this.lsb = cfg.recovery === 'linux' ? new LinuxScoreboard(Math.max(64, cfg.maxWindow * 2), cfg.dupAckThreshold) : null;
    this.rates = cc.onRateSample !== undefined ? new RateSampler(cfg.maxWindow) : null;
    cc.init?.(this, ctx.sim.now);
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
    };
  }

  // --- window and transmission ---

  /** Usable window in segments: integer cwnd plus recovery inflation, capped by the receiver window. */
  private window(): number {
    return this.cwnd < this.maxWindow ? Math.floor(this.cwnd) + this.dupWnd : this.maxWindow;
  }

  /** ns-2 send_much: send new segments while the window allows; `burst` 0 = unlimited. */
  private sendMuch(burst: number): void {
    if (!this.started) return;
    if (this.sack !== null && this.phase === 'recovery') {
      this.sackSend();
      return;
    }
    if (this.lsb !== null) {
      this.linuxSend();
      return;
    }
    const max = burst > 0 ? burst : this.cfg.maxBurst > 0 ? this.cfg.maxBurst : Infinity;
    let sent = 0;
    while (this.nextSeq <= this.highestAck + this.window() && this.nextSeq < this.appLimit && sent < max) {
      if (!this.paceAllows()) break;
      this.output(this.nextSeq);
      this.nextSeq++;
      sent++;
    }
  }

  /** RFC 3042 Limited Transmit (ns-2 send_one): one new segment on an early duplicate ACK. */
  private sendOne(): void {
    const s = this.nextSeq;
    if (
      s <= this.highestAck + this.maxWindow &&
      s < this.appLimit &&
      s <= this.highestAck + this.cwnd + this.dupAcks
    ) {
      this.output(s);
      this.nextSeq++;
    }
  }

  /** Pacing gate: returns false (and arms the pacing timer) when the next release is in the future. */
  private paceAllows(): boolean {
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

  private output(seq: number): void {
    const now = this.ctx.sim.now;
    const pkt = this.ctx.pool.alloc();
    const syn = seq === 0 && this.cfg.handshake;
    pkt.kind = PacketKind.TcpData;
    pkt.flowId = this.ctx.flowIndex;
    pkt.sizeBytes = syn ? this.cfg.headerBytes : this.cfg.packetBytes;
    pkt.seq = seq;
    pkt.sendTimeNs = now;
    pkt.createdNs = now;
    pkt.route = this.fwd;
    const isRetx = seq <= this.maxSeqSent;
    pkt.retransmission = isRetx;
    if (this.cfg.ecn && !isRetx) pkt.ecn = Ecn.Ect0; // RFC 3168 §6.1.5: not on retransmissions
    if (this.sendCwr) {
      pkt.cwr = true;
      this.sendCwr = false;
    }
    const stats = this.ctx.stats;
    stats.packetsSent++;
    stats.bytesSent += pkt.sizeBytes;
    const nothingOutstanding = this.highestAck === this.maxSeqSent;
    if (isRetx) {
      stats.retransmits++;
      this.sack?.markRetransmitted(seq);
    } else {
      this.maxSeqSent = seq;
      if (!this.rttActive) {
        this.rttActive = true;
        this.rttSeq = seq;
        this.rttSentNs = now;
      }
    }
    this.cc.onSent?.(this, seq, isRetx, now);
    this.rates?.onSent(seq, isRetx, nothingOutstanding, seq + 1 >= this.appLimit, now);
    // ns-2 TcpAgent::output also restarts a pending timer when nothing was outstanding; the Vegas
    // agent's output does not (tcp-vegas.cc)
    if (!this.rtxTimer.armed || (nothingOutstanding && this.cfg.recovery !== 'vegas')) this.setRtxTimer();
    inject(pkt);
  }

  private setRtxTimer(): void {
    this.rtxTimer.setAfter(this.rtt.rtoNs());
  }

  /** ns-2 reset_rtx_timer(mild, backoff): restart the timer; not mild → go back N. */
  private resetRtxTimer(mild: boolean, backoff: boolean): void {
    if (backoff) this.rtt.backOff();
    this.setRtxTimer();
    if (!mild) this.nextSeq = this.highestAck + 1;
    this.rttActive = false; // Karn: a sample in progress is discarded
  }

  // --- ACK processing ---

  receive(pkt: Packet): void {
    const now = this.ctx.sim.now;
    const ack = pkt.ack;
    const ece = pkt.ece && this.cfg.ecn;
    const tsSample = this.cfg.timestamps ? now - pkt.tsEchoNs : -1;
    const tsSent = pkt.tsEchoNs;
    let sackChanged = false;
    if (this.sack !== null) {
      // RFC 6937 DeliveredData: newly cumulatively acknowledged plus newly SACKed segments
      const sackedBefore = this.sack.sackedCount;
      sackChanged = this.readSack(pkt, ack);
      this.lastDelivered = Math.max(ack - this.highestAck, 0) + this.sack.sackedCount - sackedBefore;
      if (this.phase === 'recovery') this.prrDelivered += this.lastDelivered;
    }
    if (this.lsb !== null) this.recvLinux(pkt, ack, ece, tsSample, tsSent, now);
    this.ctx.pool.release(pkt);
    if (this.rates !== null && ack > this.highestAck) {
      // delivery-rate sample before the window law runs (draft-cheng-iccrg-delivery-rate-estimation)
      const rs = this.rateSample;
      this.rates.onAck(this.highestAck, ack, this.cfg.packetBytes, now, rs);
      this.cc.onRateSample!(this, rs, now);
    }

    switch (this.cfg.recovery) {
      case 'tahoe':
        this.recvTahoe(ack, ece, tsSample, tsSent, now);
        break;
      case 'reno':
        this.recvReno(ack, ece, tsSample, tsSent, now);
        break;
      case 'newreno':
        this.recvNewReno(ack, ece, tsSample, tsSent, now);
        break;
      case 'sack':
        this.recvSack(ack, ece, tsSample, tsSent, sackChanged, now);
        break;
      case 'vegas':
        this.recvVegas(ack, ece, tsSample, tsSent, now);
        break;
      case 'linux':
        break; // handled before the packet was released
    }
    if (ece && ack >= this.highestAck && this.lsb === null) this.onEcnEcho(now);
    const info = this.ackInfo;
    info.ackSeq = ack;
    info.ece = ece;
    this.cc.onAnyAck?.(this, info, now);
    this.checkComplete(now);
  }

  private recvTahoe(ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    if (ack > this.highestAck) this.newAckOpen(ack, ece, ts, tsSent, now, true);
    else if (ack === this.highestAck) {
      this.dupAcks++;
      if (this.dupAcks === this.cfg.dupAckThreshold) this.dupAckAction(now);
      else if (this.dupAcks < this.cfg.dupAckThreshold && this.cfg.limitedTransmit) this.sendOne();
    }
    this.sendMuch(0);
  }

  private recvReno(ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    if (ack > this.highestAck) {
      // any new ACK ends Reno's fast recovery
      if (this.lastCwndAction === CwndAction.DupAck) this.lastCwndAction = CwndAction.Exited;
      this.leaveRecovery(now);
      this.newAckOpen(ack, ece, ts, tsSent, now, true);
    } else if (ack === this.highestAck) this.countDupAck(now);
    if (this.dupAcks === 0 || this.dupAcks >= this.cfg.dupAckThreshold) this.sendMuch(0);
  }

  private recvNewReno(ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    if (ack > this.highestAck) {
      if (ack >= this.recover || this.lastCwndAction !== CwndAction.DupAck) {
        if (this.phase === 'recovery' && this.lastCwndAction === CwndAction.DupAck) this.lastCwndAction = CwndAction.Exited;
        this.leaveRecovery(now);
        this.firstPartial = false;
        this.newAckOpen(ack, ece, ts, tsSent, now, true);
      } else {
        this.partialAck(ack);
      }
    } else if (ack === this.highestAck) this.countDupAck(now);
    if (this.dupAcks === 0) this.sendMuch(0);
    else if (this.dupAcks >= this.cfg.dupAckThreshold) this.sendMuch(2); // ns-2: burst of at most 2 in recovery
  }

  /**
   * ns-2.35 VegasTcpAgent::recv ordering (tcp-vegas.cc): on a new ACK, deflate an inflated
   * window, process the ACK (the CC's onAck runs the once-per-RTT Vegas update), then re-check
   * the fine-grained timer on the first one or two ACKs after a retransmission. On a duplicate
   * ACK, retransmit when the CC's fine timer for the next segment expired or at the threshold;
   * the CC chooses the window. No Limited Transmit; new data only when no duplicate ACKs are
   * pending or the threshold was reached.
   */
  private recvVegas(ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    const thresh = this.cfg.dupAckThreshold;
    if (ack > this.highestAck) {
      // ns-2 delay_growth_ without a SYN packet: cwnd 1 until the ACK after segment 0's
      if (!this.cfg.handshake && this.highestAck === 0) this.cwnd = this.initialWindow;
      if (this.dupAcks > thresh) {
        const exit = this.cc.cwndOnRecoveryExit?.(this, now);
        if (exit !== undefined) this.cwnd = exit;
      }
      this.phase = 'open';
      this.newAckOpen(ack, ece, ts, tsSent, now, true);
      if (this.vegasWorried > 0) {
        this.vegasWorried--;
        if (this.cc.segmentExpired?.(this, ack + 1, now) === true) {
          this.dupAcks = thresh;
          this.output(ack + 1);
        } else this.vegasWorried = 0;
      }
    } else if (ack === this.highestAck) {
      this.dupAcks++;
      const expired = this.cc.segmentExpired?.(this, ack + 1, now) === true;
      if (expired || this.dupAcks === thresh) {
        // bugFix_: no repeated fast retransmit for the window outstanding at a timeout
        if (this.highestAck > this.recover || this.lastCwndAction !== CwndAction.Timeout) {
          const tx = this.cc.transmissions?.(ack + 1) ?? 1;
          this.lastCwndAction = CwndAction.DupAck;
          this.recover = this.maxSeqSent;
          this.vegasWorried = Math.min(2, this.nextSeq - this.highestAck);
          const cw = this.cc.cwndOnDupAckRetransmit?.(this, ack + 1, this.dupAcks, now);
          if (cw !== undefined) this.cwnd = cw;
          this.phase = 'recovery';
          this.ctx.stats.fastRetransmits++;
          this.ctx.event('fast-retransmit');
          this.resetRtxTimer(true, true); // ns-2 reset_rtx_timer(1): mild, but backs off
          this.output(ack + 1);
          if (tx === 1) this.dupAcks = thresh;
        }
      } else if (this.dupAcks > thresh) this.cwnd += 1; // inflation
    }
    if (this.dupAcks === 0 || this.dupAcks >= thresh) this.sendMuch(0);
  }

  private countDupAck(now: number): void {
    if (this.maxSeqSent <= this.highestAck) return; // nothing outstanding: a window update
    this.dupAcks++;
    const thresh = this.cfg.dupAckThreshold;
    if (this.dupAcks === thresh) this.dupAckAction(now);
    else if (this.dupAcks > thresh && this.lastCwndAction === CwndAction.DupAck) this.dupWnd++; // RFC 5681 §3.2 step 4
    else if (this.dupAcks < thresh && this.cfg.limitedTransmit) this.sendOne();
  }

  private leaveRecovery(now: number): void {
    if (this.phase !== 'recovery') return;
    this.phase = 'open';
    this.dupWnd = 0;
    const exit = this.cc.cwndOnRecoveryExit?.(this, now);
    if (exit !== undefined) this.cwnd = exit;
  }

  /** ns-2 newack() + opencwnd(): cumulative ACK advanced outside recovery. */
  private newAckOpen(ack: number, ece: boolean, ts: number, tsSent: number, now: number, open: boolean): void {
    const acked = ack - this.highestAck;
    this.dupAcks = 0;
    this.highestAck = ack;
    this.sack?.advance(ack);
    if (this.nextSeq < ack + 1) this.nextSeq = ack + 1;
    const sample = this.takeRttSample(ack, ts, tsSent, now);
    this.setRtxTimer(); // every new ACK restarts the timer (ns-2 newtimer with timerfix_)
    if (open && !ece) {
      const info = this.ackInfo;
      info.ackedSegments = acked;
      info.rttNs = sample;
      info.ackSeq = ack;
      info.ece = ece;
      this.cwnd = this.cc.onAck(this, info, now);
    }
    if (this.cfg.handshake && ack === 0) this.cwnd = this.initialWindow; // handshake done: IW
  }

  private takeRttSample(ack: number, ts: number, tsSent: number, now: number): number {
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
    if (sample >= 0 && !(this.cfg.handshake && ack === 0)) {
      this.lastRttNs = sample;
      if (sample < this.minRttNs) this.minRttNs = sample;
    }
    return sample;
  }

  /** Third duplicate ACK (ns-2 dupack_action for Tahoe / Reno / NewReno). */
  private dupAckAction(now: number): void {
    const recovered = this.highestAck > this.recover;
    const allowed =
      recovered ||
      this.highestAck === 0 ||
      (this.cfg.recovery === 'reno' && this.lastCwndAction === CwndAction.DupAck);
    if (!allowed) return; // one fast retransmit per window (RFC 6582 §3.2 step 2 "bugfix")
    this.recover = this.maxSeqSent;
    this.lastCwndAction = CwndAction.DupAck;
    this.ctx.stats.fastRetransmits++;
    this.ctx.event('fast-retransmit');
    if (this.cfg.recovery === 'tahoe') {
      this.reduce('loss', now, true);
      this.resetRtxTimer(false, false); // go back N from the hole at cwnd 1
      return;
    }
    this.resetRtxTimer(true, false);
    this.reduce('loss', now, false);
    this.phase = 'recovery';
    this.output(this.highestAck + 1);
    this.dupWnd = this.cfg.dupAckThreshold;
  }

  /** NewReno partial ACK (RFC 6582 §3.2 step 5; ns-2 partialnewack_helper). */
  private partialAck(ack: number): void {
    if (!this.firstPartial) {
      this.firstPartial = true;
      this.setRtxTimer(); // "impatient": the timer restarts on the first partial ACK only
    }
    // partial window deflation: deflate by the amount acked, add back one segment
    const deflate = ack - this.highestAck;
    if (this.dupWnd > deflate) this.dupWnd -= deflate - 1;
    else {
      this.cwnd -= deflate - this.dupWnd;
      this.dupWnd = 1;
    }
    if (this.cwnd < 1) this.cwnd = 1;
    this.highestAck = ack;
    if (this.nextSeq < ack + 1) this.nextSeq = ack + 1;
    if (this.rttActive && ack >= this.rttSeq) {
      this.rttActive = false;
      this.rtt.resetBackoff();
    }
    this.output(ack + 1);
  }

  /** Applies the congestion control's reduction. `toOne`: Tahoe-style restart from one segment. */
  private reduce(event: CongestionEvent, now: number, toOne: boolean): void {
    const ss = this.cc.ssthreshAfter(this, event, now);
    const cw = toOne ? 1 : (this.cc.cwndAfter?.(this, event, now) ?? ss);
    this.ssthresh = Math.max(ss, 2);
    this.cwnd = Math.max(cw, 1);
  }

  /** RFC 3168 §6.1.2: reduce once per window of data on ECN-Echo, then set CWR. */
  private onEcnEcho(now: number): void {
    if (this.highestAck <= this.ecnRecover || this.phase === 'recovery') return;
    this.ecnRecover = this.maxSeqSent;
    this.ctx.stats.ecnReactions++;
    this.ctx.event('ecn');
    this.reduce('ecn', now, false);
    this.lastCwndAction = CwndAction.Ecn;
    this.sendCwr = true;
  }

  // --- SACK recovery (RFC 6675) ---

  /** Merges the ACK's SACK blocks; returns whether they reported anything new. */
  private readSack(pkt: Packet, ack: number): boolean {
    const sb = this.sack!;
    if (ack > this.highestAck) sb.advance(ack);
    const before = sb.sackedCount;
    for (let i = 0; i < pkt.sackCount; i++) sb.markSacked(pkt.sack[2 * i]!, pkt.sack[2 * i + 1]!);
    return sb.sackedCount !== before;
  }

  private recvSack(ack: number, ece: boolean, ts: number, tsSent: number, sackChanged: boolean, now: number): void {
    const sb = this.sack!;
    if (this.phase !== 'recovery') {
      if (ack > this.highestAck) {
        this.firstPartial = false;
        this.sackTimedOut = false;
        this.newAckOpen(ack, ece, ts, tsSent, now, true);
      } else if (ack === this.highestAck && !this.sackTimedOut && this.maxSeqSent > this.highestAck) {
        // RFC 6675 §2: a DupAck is one that carries new SACK information
        if (sackChanged) {
          this.dupAcks++;
          const thresh = this.cfg.dupAckThreshold;
          if (this.dupAcks >= thresh || sb.isLost(this.highestAck + 1, thresh)) this.enterSackRecovery(now);
          else if (this.cfg.limitedTransmit) this.sendOne();
        }
      }
      if (this.dupAcks === 0) this.sendMuch(0);
      else if ((this.phase as TcpPhase) === 'recovery') this.sackSend();
      return;
    }
    if (ack >= this.recover) {
      // recovery ends: the window stays at its reduced value for this ACK (ns-2 Sack1)
      this.phase = 'open';
      this.dupWnd = 0;
      const exit = this.cc.cwndOnRecoveryExit?.(this, now);
      if (exit !== undefined) this.cwnd = exit;
      this.newAckOpen(ack, ece, ts, tsSent, now, false);
      sb.clearRetransmitted();
      this.sendMuch(0);
      return;
    }
    if (ack > this.highestAck) {
      // partial ACK: restart the timer, stay in recovery (RFC 6675 §5 step 4)
      this.highestAck = ack;
      if (this.nextSeq < ack + 1) this.nextSeq = ack + 1;
      this.setRtxTimer();
      this.rtt.resetBackoff();
      if (this.rttActive && ack >= this.rttSeq) this.rttActive = false;
    }
    this.sackSend();
  }

  private enterSackRecovery(now: number): void {
    this.recover = this.maxSeqSent;
    this.lastCwndAction = CwndAction.DupAck;
    this.ctx.stats.fastRetransmits++;
    this.ctx.event('fast-retransmit');
    this.recoverFs = Math.max(this.maxSeqSent - this.highestAck, 1);
    this.resetRtxTimer(true, false);
    this.reduce('loss', now, false);
    this.phase = 'recovery';
    this.prrDelivered = 0;
    this.prrOut = 1;
    // RFC 6675 §5 step 4.3: retransmit the first unSACKed segment
    this.output(this.highestAck + 1);
  }

  /** RFC 6675 §3 SetPipe: segments believed to be in the network. */
  private pipe(): number {
    const sb = this.sack!;
    const thresh = this.cfg.dupAckThreshold;
    let pipe = 0;
    let sackedAbove = sb.sackedCount;
    for (let s = this.highestAck + 1; s <= this.maxSeqSent; s++) {
      if (sb.isSacked(s)) {
        sackedAbove--;
        continue;
      }
      if (sackedAbove < thresh) pipe++; // not deemed lost (IsLost counts SACKed segments above)
      if (sb.isRetransmitted(s)) pipe++;
    }
    return pipe;
  }

  /**
   * RFC 6675 §5 step 4.4: send while pipe < cwnd, choosing with NextSeg(): (1) a lost hole not yet
   * retransmitted, (2) new data, (3) any other un-SACKed hole below the highest SACKed segment.
   */
  private sackSend(): void {
    const sb = this.sack!;
    let pipe = this.pipe();
    let cwnd = Math.floor(this.cwnd);
    if (this.cfg.prr) {
      // RFC 6937 §3: send in proportion to what was delivered while pipe > ssthresh, then
      // slow-start-reduction-bound (PRR-SSRB) up to ssthresh
      const ss = this.ssthresh;
      let sndcnt: number;
      if (pipe > ss) sndcnt = Math.ceil((this.prrDelivered * ss) / this.recoverFs) - this.prrOut;
      else sndcnt = Math.min(ss - pipe, Math.max(this.prrDelivered - this.prrOut, this.lastDelivered) + 1);
      cwnd = pipe + Math.max(sndcnt, 0);
    }
    const thresh = this.cfg.dupAckThreshold;
    let scanLost = this.highestAck + 1;
    let scanAny = this.highestAck + 1;
    while (pipe < cwnd) {
      if (!this.paceAllows()) break;
      let seg = -1;
      for (; scanLost <= sb.highSacked; scanLost++) {
        if (!sb.isSacked(scanLost) && !sb.isRetransmitted(scanLost) && sb.isLost(scanLost, thresh)) {
          seg = scanLost++;
          break;
        }
      }
      if (seg < 0) {
        const n = Math.max(this.nextSeq, this.maxSeqSent + 1);
        if (n < this.appLimit && n <= this.highestAck + this.maxWindow) {
          seg = n;
          this.nextSeq = n + 1;
        }
      }
      if (seg < 0) {
        for (; scanAny < sb.highSacked; scanAny++) {
          if (!sb.isSacked(scanAny) && !sb.isRetransmitted(scanAny)) {
            seg = scanAny++;
            break;
          }
        }
      }
      if (seg < 0) break;
      this.output(seg);
      this.prrOut++;
      pipe++;
    }
  }

  // --- Linux recovery (ns-2.35 Agent/TCP/Linux) ---

  /**
   * ns-2 LinuxTcpAgent::recv (Linux tcp_ack): scoreboard update, RTT and timer (restarted by every
   * ACK that leaves data outstanding), pkts_acked, then window growth unless the ACK is "dubious"
   * (duplicate, SACKing, or outside the Open state), where growth is allowed only outside fast
   * recovery and tcp_fastretrans_alert decides on entering or leaving recovery.
   */
  private recvLinux(pkt: Packet, ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    const sb = this.lsb!;
    const priorUna = this.highestAck + 1;
    if (ack + 1 > this.nextSeq || ack + 1 < priorUna) return; // beyond snd_nxt, or an old ACK
    let flag = ece ? FLAG_ECE : 0;
    const priorInFlight = sb.inFlight(priorUna, this.nextSeq);
    const acked = ack + 1 - priorUna;
    if (acked > 0) {
      flag |= FLAG_DATA_ACKED;
      this.highestAck = ack;
      this.dupAcks = 0;
    } else this.dupAcks++;
    if (pkt.sackCount > 0 || !sb.empty) flag |= sb.update(ack, pkt.sack, pkt.sackCount);
    this.takeRttSample(ack, ts, tsSent, now);
    if (this.nextSeq > this.highestAck + 1) this.setRtxTimer();
    else this.rtxTimer.cancel();
    if (acked > 0) this.cc.onPacketsAcked?.(this, acked, now);
    const dubious = acked === 0 || (flag & (SB_FLAG_SACKED | FLAG_ECE)) !== 0 || this.phase !== 'open';
    if (dubious) {
      if (acked > 0 && (!ece || this.cwnd < this.ssthresh) && this.phase !== 'recovery') this.linuxCongAvoid(acked, -1, priorInFlight, ack, now);
      this.linuxAlert(flag, now);
    } else if (acked > 0) this.linuxCongAvoid(acked, ts, priorInFlight, ack, now);
    this.linuxSend();
  }

  /** ns-2 tcp_cong_avoid: the congestion control grows the window when it was the limit. */
  private linuxCongAvoid(acked: number, rttNs: number, priorInFlight: number, ackSeq: number, now: number): void {
    const info = this.ackInfo;
    info.ackedSegments = acked;
    info.rttNs = rttNs;
    info.ackSeq = ackSeq;
    info.ece = false;
    info.priorInFlight = priorInFlight;
    if (this.cc.checksCwndLimited === true || priorInFlight >= Math.floor(this.cwnd)) this.cwnd = this.cc.onAck(this, info, now);
    info.priorInFlight = -1;
  }

  /** ns-2 LinuxTcpAgent::tcp_fastretrans_alert. */
  private linuxAlert(flag: number, now: number): void {
    const sb = this.lsb!;
    if (this.phase !== 'open' && this.highestAck >= this.recover) {
      // recovery (or loss) is over: forget the scoreboard, moderate a window below ssthresh
      sb.clear();
      if (this.cwnd < this.ssthresh) {
        this.cwnd = Math.min(this.ssthresh, sb.inFlight(this.highestAck + 1, this.nextSeq) + LINUX_MAX_BURST);
      }
      this.phase = 'open';
      this.nextPif = 0;
      return;
    }
    if (this.phase === 'recovery') return;
    if ((flag & (SB_FLAG_LOST | FLAG_ECE)) === 0) return;
    // Open or Loss with a newly detected loss: reduce once, halve the rate toward the new window
    this.recover = this.maxSeqSent;
    this.lastCwndAction = CwndAction.DupAck;
    this.nextPif = Math.floor(this.cwnd);
    this.reduce((flag & SB_FLAG_LOST) !== 0 ? 'loss' : 'ecn', now, false);
    if ((flag & SB_FLAG_LOST) !== 0) {
      this.ctx.stats.fastRetransmits++;
      this.ctx.event('fast-retransmit');
    } else {
      this.ctx.stats.ecnReactions++;
      this.ctx.event('ecn');
    }
    this.phase = 'recovery';
  }

  /**
   * ns-2 LinuxTcpAgent::send_much: while packets in flight < max(cwnd, rate-halving allowance),
   * send the first lost segment from the scoreboard, else new data. The allowance starts at the
   * pre-reduction window and is held at in-flight − 1 after each send and in-flight + 1 on each
   * call, so that during recovery one segment leaves per two arriving ACKs until the window is
   * reached.
   */
  private linuxSend(): void {
    const sb = this.lsb!;
    const una = this.highestAck + 1;
    this.nextPif = Math.min(this.nextPif, sb.inFlight(una, this.nextSeq) + 1);
    const max = this.cfg.maxBurst > 0 ? this.cfg.maxBurst : Infinity;
    let sent = 0;
    while (sent < max) {
      const win = Math.min(Math.floor(this.cwnd), this.maxWindow);
      if (sb.inFlight(una, this.nextSeq) >= Math.max(win, this.nextPif)) break;
      if (!this.paceAllows()) break;
      let seq = sb.nextRetransmission();
      if (seq < 0) {
        if (this.nextSeq >= this.appLimit) return;
        seq = this.nextSeq++;
      } else sb.markRetransmitted(seq, this.nextSeq);
      this.output(seq);
      sent++;
      this.nextPif = Math.min(this.nextPif, Math.max(sb.inFlight(una, this.nextSeq) - 1, 1));
    }
  }

  /**
   * ns-2 LinuxTcpAgent::timeout + enter_loss: ssthresh from the congestion control, cwnd 1, the
   * Loss state until everything outstanding now is acknowledged; all unSACKed segments are marked
   * lost (the scoreboard is kept) and retransmitted from it; the timer backs off, no go-back-N.
   */
  private linuxTimeout(now: number): void {
    this.dupAcks = 0;
    if (this.highestAck === this.maxSeqSent) {
      this.cwnd = Math.min(this.cwnd, this.initialWindow); // idle: restart window
      return;
    }
    this.ctx.stats.timeouts++;
    this.ctx.event('timeout');
    const ss = this.cc.ssthreshAfter(this, 'timeout', now);
    this.ssthresh = Math.max(ss, 2);
    this.cwnd = 1;
    this.lastCwndAction = CwndAction.Timeout;
    this.recover = this.maxSeqSent;
    this.phase = 'loss';
    this.lsb!.markLoss(this.highestAck + 1, this.nextSeq);
    this.resetRtxTimer(true, true);
    this.nextPif = 0;
    this.linuxSend();
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
    if (this.lsb !== null) {
      this.linuxTimeout(now);
      return;
    }
    this.dupAcks = 0;
    this.dupWnd = 0;
    this.phase = 'open';
    this.firstPartial = false;
    if (this.cwnd < 1) this.cwnd = 1;
    if (this.highestAck === this.maxSeqSent) {
      // idle, nothing outstanding: restart window (RFC 5681 §4.1), no backoff
      this.cwnd = Math.min(this.cwnd, this.initialWindow);
      return;
    }
    this.recover = this.maxSeqSent;
    if (this.cfg.handshake && this.highestAck === -1) this.initialWindow = 1; // RFC 5681 §3.1
    this.ctx.stats.timeouts++;
    this.ctx.event('timeout');
    const ss = this.cc.ssthreshAfter(this, 'timeout', now);
    const cw = this.cc.cwndAfter?.(this, 'timeout', now) ?? 1;
    this.ssthresh = Math.max(ss, 2);
    this.cwnd = Math.max(cw, 1);
    this.lastCwndAction = CwndAction.Timeout;
    if (this.sack !== null) {
      this.sack.reset(); // RFC 6675 §5.1; ns-2 Sack1 ignores SACKs until new data is acked
      this.sackTimedOut = true;
    }
    this.resetRtxTimer(false, true);
    this.sendMuch(0);
  }

  private checkComplete(now: number): void {
    const st = this.ctx.stats;
    if (st.completionNs < 0 && this.appLimit !== Infinity && this.appLimit > this.firstDataSeq && this.highestAck >= this.appLimit - 1) {
      st.completionNs = now;
      this.rtxTimer.cancel();
      this.ctx.event('complete');
    }
  }
}
