import type { Timer, TimerOwner } from '../../core/Simulator.js';
import { NS_PER_SECOND } from '../../core/units.js';
import { PacketKind, type Packet, type Route, byteCount } from '../../net/Packet.js';
import { inject } from '../../net/Port.js';
import { DCCP_ACK_HEADER, DCCP_DATA_HEADER } from '../dccp/dccpHeader.js';
import { SendBuffer } from '../dccp/SendBuffer.js';
import type { CongestionSnapshot, FlowContext, FlowSender } from '../Transport.js';
import { ccid3CalcX, Ccid3Slot, NS2_HANDSHAKE_BYTES, ns2DataAckExtra } from './ccid3Ns2.js';

export interface Ccid3Ns2SenderConfig {
  /** Payload bytes per data packet (ns-2 Agent/DCCP packetSize_). */
  payloadBytes: number;
  /** s of the equation and of the inter-packet interval s/X (ns-2 s_s_ 500, independent of packetSize_). */
  eqSegmentBytes: number;
  /** Rate before the first feedback, bytes/s in units of s (ns-2 s_initial_x_ 500). */
  initialRateBytesPerS: number;
  /** No-feedback timeout before the first feedback and assumed RTT = initialRto/4 (ns-2 s_initial_rto_ 2 s). */
  initialRtoS: number;
  /** RTT and √RTT filter weights (ns-2 s_rtt_q_, s_rtt_q2_ 0.9). */
  rttQ: number;
  rttQ2: number;
  /** t_mbi (ns-2 s_t_mbi_ 64 s). */
  tMbiS: number;
  /** Send-timer granularity (ns-2 s_os_time_gran_ 0.01 s): a packet may leave min(t_ipi, gran)/2 early. */
  timeGranS: number;
  /** Smallest loss event rate used (ns-2 s_smallest_p_ 1e-5). */
  smallestP: number;
  /** Oscillation prevention (ns-2 s_use_osc_prev_). */
  oscPrev: boolean;
  /** Open with DCCP-Request / -Response (ns-2 does; the Request is resent after 3 s, doubling). */
  handshake: boolean;
  sendBufferPackets: number;
}

const SEND = 0;
const NOFB = 1;
const RTX = 2;

const enum St {
  NoSent = 0,
  NoFback = 1,
  Fback = 2,
}

const RING = 1 << 15;
const MASK = RING - 1;
/** Window counter: 4 ticks per RTT, at most 5 per packet, carried modulo 16 (RFC 4342 §8.1; ns-2). */
const WC_PER_RTT = 4;
const MAX_WC_INC = 5;
const CCVAL_LIMIT = 16;
const INITIAL_RTX_S = 3;
/** ns-2 DCCP_OPT_ELAPSED_TIME_UNIT: the Elapsed Time option counts 100 µs units (absent when 0). */
const ELAPSED_UNIT_S = 0.0001;
/** ns-2 q_min_t_ (DCCP_TFRC_MIN_T): the reverse half-connection is quiescent after max(q_min_t_, 2R). */
const QUIESCENCE_MIN_S = 0.2;

/**
 * DCCP CCID-3 sender as ns-2.35 `Agent/DCCP/TFRC` implements it (dccp/dccp_tfrc.cc, Mattsson 2004,
 * after the FreeBSD TFRC code and the 2003 CCID-3 drafts):
 * - nominal send times t_nom advance by t_ipi = s/X_inst per packet; a packet may go when
 *   now + δ > t_nom, δ = min(t_ipi, t_gran)/2; a report moves t_nom to last send + new t_ipi;
 * - on each report: R = q·R + (1−q)·R_sample (first: R_sample), t_RTO = 4R; with p > 0
 *   X = max(min(X_calc, 2·X_recv), s/t_mbi), X_calc from the equation with t_RTO = 4R (no cap on
 *   the timeout term) and X_inst = X·√R_mean/√R_sample; with p = 0, once per R:
 *   X = max(min(2X, 2·X_recv), s/R) (X_recv is 0 on the first report, so X starts at s/R);
 * - no feedback for max(4R, 2s/X): X_recv halved (or X_calc/4) and X recomputed; before any
 *   feedback X halves every max(2s/X, 2 s);
 * - the window counter (CCVal) advances one per R/4 since the last change, at most 5 at a time,
 *   and at least 4 above the counter of the last acknowledged packet.
 * s is s_s_ (500 B) while packets carry packetSize_ bytes, as in ns-2.
 * On the wire as in ns-2: DCCP-Request / -Response of 104 bytes; the handshake ends with a pure
 * 36-byte DCCP-Ack, then the first DCCP-Data; the first data packet after each feedback packet is
 * a DCCP-DataAck acknowledging it (8 more bytes, 12 when it leaves ≥ 100 µs after the feedback),
 * but only once the reverse half-connection (which never carries data) counts as quiescent: ns-2's
 * tfrc_send_packet_recv sets send_ack_ when now − (first feedback) ≥ max(q_min_t_ 0.2 s, 2·R_conn),
 * R_conn the handshake RTT; before that feedback is not acknowledged at all.
 */
export class Ccid3Ns2Sender implements FlowSender, TimerOwner {
  private fwd!: Route;
  private readonly sendTimer: Timer;
  private readonly nofbTimer: Timer;
  private readonly rtxTimer: Timer;
  private readonly buf: SendBuffer;
  private readonly sentS = new Float64Array(RING);
  private readonly sentWc = new Float64Array(RING);
  private readonly isData = new Uint8Array(RING);
  private running = false;
  private open = false;
  private state = St.NoSent;
  private seq = 0;
  private rtxS = INITIAL_RTX_S;
  /** Allowed rate X and instantaneous rate X_inst (bytes/s in units of s). */
  x = 0;
  xInst = 0;
  xRecv = 0;
  private xCalc = 0;
  p = 0;
  rttS = 0;
  private rSample = 0;
  private rSqmean = 0;
  private tRto = 0;
  private tLd = -1;
  private tNom = 0;
  private tIpi = 0;
  private delta = 0;
  private idle = false;
  private lastWc = 0;
  private tLastWc = -1;
  private wc = 0;
  private recvWc = 0;
  reports = 0;
  /** A feedback packet awaits acknowledgement on the next data packet (ns-2 send_ack_), and its arrival. */
  private ackPending = false;
  private tAckRecv = 0;
  /** Handshake RTT (Request → Response) and first feedback arrival, for ns-2's quiescence test. */
  private rttConn = 0;
  private tRequest = 0;
  private tFirstFeedback = -1;

  constructor(
    private readonly ctx: FlowContext,
    private readonly cfg: Ccid3Ns2SenderConfig,
  ) {
    this.sendTimer = ctx.sim.timer(this, SEND);
    this.nofbTimer = ctx.sim.timer(this, NOFB);
    this.rtxTimer = ctx.sim.timer(this, RTX);
    this.buf = new SendBuffer(cfg.payloadBytes, cfg.sendBufferPackets);
  }

  setRoute(r: Route): void {
    this.fwd = r;
  }

  private get now(): number {
    return this.ctx.sim.now / NS_PER_SECOND;
  }

  write(bytes: number): void {
    if (!this.running) return;
    this.buf.write(bytes);
    this.output();
  }

  start(): void {
    this.running = true;
    this.ctx.stats.startNs = this.ctx.sim.now;
    this.x = this.xInst = this.cfg.initialRateBytesPerS;
    if (this.cfg.handshake) this.sendRequest();
    else {
      this.open = true;
      this.output();
    }
  }

  stop(): void {
    this.running = false;
    this.buf.clear();
    this.sendTimer.cancel();
    this.nofbTimer.cancel();
    this.rtxTimer.cancel();
  }

  congestion(): CongestionSnapshot {
    const pps = this.xInst / this.cfg.eqSegmentBytes;
    return {
      cwnd: this.rttS > 0 ? (this.x * this.rttS) / this.cfg.eqSegmentBytes : NaN,
      ssthresh: NaN,
      srttNs: this.rttS * NS_PER_SECOND,
      rateBps: pps * (this.cfg.payloadBytes + DCCP_DATA_HEADER) * 8,
      extra: { lossEventRate: this.p, recvRateBps: this.xRecv * 8, tzeroS: this.tRto },
    };
  }

  private newPacket(kind: PacketKind, size: number): Packet {
    const now = this.ctx.sim.now;
    const p = this.ctx.pool.alloc();
    p.kind = kind;
    p.flowId = this.ctx.flowIndex;
    p.sizeBytes = byteCount(size);
    p.seq = this.seq++;
    p.sendTimeNs = now;
    p.createdNs = now;
    p.route = this.fwd;
    return p;
  }

  private sendRequest(): void {
    const p = this.newPacket(PacketKind.DccpAck, NS2_HANDSHAKE_BYTES);
    p.sack[Ccid3Slot.IsData] = 0;
    p.sack[Ccid3Slot.IsAck] = 0;
    this.tRequest = this.now;
    this.isData[p.seq & MASK] = 0;
    inject(p);
    this.rtxTimer.setAfter(Math.round(this.rtxS * NS_PER_SECOND));
    this.rtxS *= 2;
  }

  // --- pacing (ns-2 tfrc_send_packet / tfrc_send_packet_sent) ---

  private calcIpi(): void {
    this.tIpi = this.cfg.eqSegmentBytes / this.xInst;
    this.delta = this.tIpi < this.cfg.timeGranS ? this.tIpi / 2 : this.cfg.timeGranS / 2;
  }

  /** Window counter of the next packet (unwrapped). */
  private nextWc(now: number): number {
    const since = now - this.tLastWc;
    const quarter = this.state === St.NoFback ? this.cfg.initialRtoS / (4 * WC_PER_RTT) : this.rttS / WC_PER_RTT;
    let inc = Math.floor(since / quarter);
    if (inc > MAX_WC_INC) inc = MAX_WC_INC;
    let w = this.lastWc + inc;
    if (this.rttS > 0 && w < this.recvWc + WC_PER_RTT) w = this.recvWc + WC_PER_RTT;
    return w;
  }

  private sendData(now: number): void {
    const payload = this.buf.shift();
    let hdr = DCCP_DATA_HEADER;
    if (this.ackPending) {
      // ns-2 DCCP-DataAck: elapsed time counted in whole 100 µs units since the feedback arrived
      hdr += ns2DataAckExtra(Math.floor((now - this.tAckRecv) / ELAPSED_UNIT_S) > 0);
      this.ackPending = false;
    }
    const p = this.newPacket(PacketKind.DccpData, payload + hdr);
    const s = p.seq;
    p.sack[Ccid3Slot.IsData] = 1;
    p.sack[Ccid3Slot.IsAck] = 0;
    p.sack[Ccid3Slot.HeaderBytes] = hdr;
    p.sack[Ccid3Slot.CcVal] = this.wc % CCVAL_LIMIT;
    this.sentS[s & MASK] = now;
    this.sentWc[s & MASK] = this.wc;
    this.isData[s & MASK] = 1;
    if (this.wc !== this.lastWc) {
      this.tLastWc = now;
      this.lastWc = this.wc;
    }
    this.idle = false;
    const st = this.ctx.stats;
    st.packetsSent++;
    st.bytesSent += p.sizeBytes;
    inject(p);
  }

  /** Sends every packet whose nominal time has come, then arms the send timer for the next one. */
  private output(): void {
    if (!this.running || !this.open) return;
    const now = this.now;
    if (this.state === St.NoSent) {
      if (this.buf.empty) return;
      this.tNom = now;
      this.nofbTimer.setAfter(Math.round(this.cfg.initialRtoS * NS_PER_SECOND));
      this.tLastWc = now;
      this.wc = 0;
      this.sendData(now);
      this.state = St.NoFback;
      this.calcIpi();
      this.tNom += this.tIpi;
    } else {
      while (!this.sendTimer.armed && !this.buf.empty && now + this.delta > this.tNom) {
        this.wc = this.nextWc(now);
        this.sendData(now);
        this.calcIpi();
        this.tNom += this.tIpi;
      }
    }
    if (this.sendTimer.armed) return;
    if (this.buf.empty) {
      // nothing to send: keep the schedule ticking (ns-2 loops t_nom past now + δ)
      while (now + this.delta > this.tNom) {
        this.calcIpi();
        this.tNom += this.tIpi;
      }
    }
    this.sendTimer.setAfter(Math.max(0, Math.round((this.tNom - now) * NS_PER_SECOND)));
  }

  onTimer(kind: number): void {
    if (!this.running) return;
    if (kind === SEND) this.output();
    else if (kind === NOFB) this.onNoFeedback();
    else if (!this.open) this.sendRequest();
  }

  // --- feedback (ns-2 tfrc_send_packet_recv) ---

  receive(pkt: Packet): void {
    const isResponse = pkt.sack[Ccid3Slot.IsResponse] === 1;
    const ackNo = pkt.ack;
    const pinv = pkt.sack[Ccid3Slot.Pinv]!;
    const xRecv = pkt.sack[Ccid3Slot.XRecv]!;
    const elapsed = pkt.sack[Ccid3Slot.ElapsedS]!;
    this.ctx.pool.release(pkt);
    if (!this.running) return;
    if (isResponse) {
      if (this.open) return;
      this.open = true;
      this.rttConn = this.now - this.tRequest;
      this.rtxTimer.cancel();
      // ns-2 DCCPAgent::output: the handshake's last packet is a pure DCCP-Ack, then data follows
      const a = this.newPacket(PacketKind.DccpAck, DCCP_ACK_HEADER);
      a.sack[Ccid3Slot.IsData] = 0;
      a.sack[Ccid3Slot.IsAck] = 1;
      this.isData[a.seq & MASK] = 0;
      inject(a);
      this.output();
      return;
    }
    if (this.state === St.NoSent) return;
    const now = this.now;
    this.reports++;
    if (this.tFirstFeedback < 0) this.tFirstFeedback = now;
    if (now - this.tFirstFeedback >= Math.max(QUIESCENCE_MIN_S, 2 * this.rttConn)) {
      this.ackPending = true;
      this.tAckRecv = now;
    }
    if (ackNo >= 0 && ackNo < this.seq && ackNo > this.seq - RING && this.isData[ackNo & MASK] === 1) {
      this.recvWc = this.sentWc[ackNo & MASK]!;
      this.rSample = now - this.sentS[ackNo & MASK]! - elapsed;
      if (this.state === St.NoFback) {
        this.state = St.Fback;
        this.rttS = this.rSample;
        if (this.cfg.oscPrev) this.rSqmean = Math.sqrt(this.rSample);
      } else {
        this.rttS = this.cfg.rttQ * this.rttS + (1 - this.cfg.rttQ) * this.rSample;
        if (this.cfg.oscPrev)
          this.rSqmean = this.cfg.rttQ2 * this.rSqmean + (1 - this.cfg.rttQ2) * Math.sqrt(this.rSample);
      }
      this.tRto = 4 * this.rttS;
    }
    if (this.rttS <= 0) return;
    this.xRecv = xRecv;
    this.p = pinv === 0 ? 0 : Math.max(1 / pinv, this.cfg.smallestP);
    this.nofbTimer.cancel();
    this.updateX(now);
    // the next packet is due one new t_ipi after the last one
    this.tNom -= this.tIpi;
    this.calcIpi();
    this.tNom += this.tIpi;
    this.sendTimer.cancel();
    this.output();
    const s = this.cfg.eqSegmentBytes;
    this.nofbTimer.setAfter(Math.round(Math.max((2 * s) / this.x, this.tRto) * NS_PER_SECOND));
    this.idle = true;
  }

  /** ns-2 tfrc_updateX. */
  private updateX(now: number): void {
    const s = this.cfg.eqSegmentBytes;
    if (this.p >= this.cfg.smallestP) {
      this.xCalc = ccid3CalcX(s, this.rttS, this.p);
      this.x = Math.max(Math.min(this.xCalc, 2 * this.xRecv), s / this.cfg.tMbiS);
      this.xInst = this.cfg.oscPrev && this.rSample > 0 ? (this.x * this.rSqmean) / Math.sqrt(this.rSample) : this.x;
    } else if (now - this.tLd >= this.rttS) {
      this.x = Math.max(Math.min(2 * this.x, 2 * this.xRecv), s / this.rttS);
      this.tLd = now;
      this.xInst = this.x;
    }
  }

  /** ns-2 tfrc_time_no_feedback. */
  private onNoFeedback(): void {
    this.ctx.event('no-feedback');
    const s = this.cfg.eqSegmentBytes;
    let next: number;
    if (this.state === St.NoFback) {
      this.x = Math.max(this.x / 2, s / this.cfg.tMbiS);
      this.xInst = this.x;
      next = Math.max((2 * s) / this.x, this.cfg.initialRtoS);
    } else {
      if (!this.idle || this.xRecv >= (4 * s) / this.rttS) {
        if (this.p < this.cfg.smallestP || this.xCalc > 2 * this.xRecv)
          this.xRecv = Math.max(this.xRecv / 2, s / (2 * this.cfg.tMbiS));
        else this.xRecv = this.xCalc / 4;
        this.updateX(this.now);
      }
      next = Math.max((2 * s) / this.x, this.tRto);
    }
    this.nofbTimer.setAfter(Math.round(next * NS_PER_SECOND));
    this.idle = true;
  }
}
