import type { Timer, TimerOwner } from '../../core/Simulator.js';
import { NS_PER_SECOND } from '../../core/units.js';
import { Ecn, PacketKind, type Packet, type Route, byteCount } from '../../net/Packet.js';
import { inject } from '../../net/Port.js';
import type { CongestionSnapshot, FlowContext, FlowSender } from '../Transport.js';
import { AckVector, PacketState, type AckVectorPool } from './AckVector.js';
import { Ccid2Slot, DCCP_ACK_HEADER, DCCP_DATA_HEADER, DCCP_REQUEST_BYTES } from './dccpHeader.js';
import { SendBuffer } from './SendBuffer.js';

export interface Ccid2SenderConfig {
  /** Payload bytes per datagram (ns-2 Agent/DCCP packetSize_). */
  payloadBytes: number;
  initialCwnd: number;
  /** cwnd after a timeout (ns-2 cwnd_timeout_ 1). */
  cwndAfterTimeout: number;
  /** TW knob 1: initial slow-start threshold, packets. */
  initialSsthresh: number;
  /** TW knob 2: slow-start growth factor per RTT (2 = RFC 4341). */
  ssGrowth: number;
  /** TW knob 3: fraction X of cwnd removed on a congestion event, cwnd ← (1−X)·cwnd (0.5 = RFC 4341). */
  reduction: number;
  /** Later packets received before a missing one counts as lost (ns-2 num_dup_acks_ 3). */
  lossThreshold: number;
  initialRtoNs: number;
  minRtoNs: number;
  granularityNs: number;
  /** Initial Ack Ratio (RFC 4340 §11.3 default 2). */
  initialAckRatio: number;
  handshake: boolean;
  ecn: boolean;
  sendBufferPackets: number;
  pool: AckVectorPool;
}

const RING = 1 << 16;
const MASK = RING - 1;
const enum Sent {
  None = 0,
  Outstanding = 1,
  Done = 2,
  NonData = 3,
}

/**
 * DCCP CCID-2 sender, "TCP-like congestion control" (RFC 4341), with the behaviour of ns-2.35's
 * Agent/DCCP/TCPlike (Mattsson 2004), whose defaults are the transport's defaults:
 * - window in packets; send while pipe < cwnd; data is never retransmitted (new sequence numbers);
 * - the receiver's Ack Vectors say which packets arrived; a packet is lost once `lossThreshold`
 *   later packets are reported received; lost and received packets leave the pipe;
 * - slow start: cwnd += min(newly acked, Ack Ratio) per ACK; congestion avoidance: +1 per window;
 * - a loss or ECN mark of a packet sent after the last reduction halves cwnd (ssthresh = cwnd):
 *   at most one reduction per window of data;
 * - timeout (RTO = srtt + max(4·rttvar, G), min 1 s, doubled on expiry): ssthresh = cwnd/2,
 *   cwnd = 1, pipe = 0, Ack Ratio = 1;
 * - Ack Ratio R (RFC 4341 §6.1.2): R ≤ ⌈cwnd/2⌉, R ≥ 2 when cwnd ≥ 4, doubled when an ACK is lost,
 *   reduced by one after cwnd/(R² − R) windows without lost ACKs.
 * The thesis's TCP-like TW knobs (seed 002) generalise three constants: initial ssthresh, slow-start
 * growth factor (g: cwnd grows ×g per RTT) and the reduction fraction X (cwnd ← (1−X)·cwnd).
 */
export class DccpCcid2Sender implements FlowSender, TimerOwner {
  private fwd!: Route;
  private readonly buf: SendBuffer;
  private readonly rtoTimer: Timer;
  private readonly sentState = new Uint8Array(RING);
  private readonly sentNs = new Float64Array(RING);
  cwnd: number;
  cwndFrac = 0;
  ssthresh: number;
  pipe = 0;
  ackRatio: number;
  srttNs = -1;
  rttvarNs = 0;
  rtoNs: number;
  private ssAcc = 0;
  /** Next sequence number to send. */
  private seq = 0;
  private open = false;
  private running = false;
  /** Packets sent after the last reduction start here (ns-2 seq_win_start_). */
  private seqWinStart = 0;
  private seqPipeStart = 0;
  private ackWinStart = 0;
  private highAck = -1;
  /** Everything at or below this sequence number has a final state. */
  private allDone = 0;
  private numAckInWin = 0;
  private numWinAcked = 0;
  private skipAckLoss = false;
  private lastAckSeq = 0;
  /** Statistics. */
  reductions = 0;
  lostPackets = 0;
  lostAcks = 0;

  constructor(
    private readonly ctx: FlowContext,
    private readonly cfg: Ccid2SenderConfig,
  ) {
    this.buf = new SendBuffer(cfg.payloadBytes, cfg.sendBufferPackets);
    this.rtoTimer = ctx.sim.timer(this, 0);
    this.cwnd = cfg.initialCwnd;
    this.ssthresh = cfg.initialSsthresh;
    this.ackRatio = cfg.initialAckRatio;
    this.rtoNs = cfg.initialRtoNs;
  }

  setRoute(r: Route): void {
    this.fwd = r;
  }

  write(bytes: number): void {
    if (!this.running) return;
    this.buf.write(bytes);
    this.output();
  }

  start(): void {
    this.running = true;
    this.ctx.stats.startNs = this.ctx.sim.now;
    if (this.cfg.handshake) this.sendRequest();
    else {
      this.open = true;
      this.output();
    }
  }

  stop(): void {
    this.running = false;
    this.buf.clear();
  }

  congestion(): CongestionSnapshot {
    return {
      cwnd: this.cwnd,
      ssthresh: this.ssthresh,
      srttNs: Math.max(this.srttNs, 0),
      rateBps: NaN,
      extra: { pipe: this.pipe, ackRatio: this.ackRatio, rtoMs: this.rtoNs / 1e6 },
    };
  }

  // --- transmission ---

  private sendRequest(): void {
    const p = this.newPacket(PacketKind.DccpAck, DCCP_REQUEST_BYTES);
    p.seq = this.seq++;
    this.sentState[p.seq & MASK] = Sent.NonData;
    inject(p);
    // the Request is retransmitted on the DCCP retransmit timer (RFC 4340 §8.1.1; ns-2 3 s)
    this.rtoTimer.setAfter(this.cfg.initialRtoNs);
  }

  private newPacket(kind: PacketKind, size: number): Packet {
    const now = this.ctx.sim.now;
    const p = this.ctx.pool.alloc();
    p.kind = kind;
    p.flowId = this.ctx.flowIndex;
    p.sizeBytes = byteCount(size);
    p.sendTimeNs = now;
    p.createdNs = now;
    p.route = this.fwd;
    p.sack[Ccid2Slot.AckRatio] = this.ackRatio;
    p.sack[Ccid2Slot.AckOfAck] = this.highAck;
    p.sack[Ccid2Slot.IsData] = 0;
    return p;
  }

  /** Sends data while pipe < cwnd (RFC 4341 §5). */
  private output(): void {
    if (!this.open || !this.running) return;
    while (this.pipe < this.cwnd && !this.buf.empty) {
      const payload = this.buf.shift();
      const p = this.newPacket(PacketKind.DccpData, payload + DCCP_DATA_HEADER);
      p.sack[Ccid2Slot.IsData] = 1;
      if (this.cfg.ecn) p.ecn = Ecn.Ect0;
      const s = this.seq++;
      p.seq = s;
      this.sentState[s & MASK] = Sent.Outstanding;
      this.sentNs[s & MASK] = this.ctx.sim.now;
      this.pipe++;
      const st = this.ctx.stats;
      st.packetsSent++;
      st.bytesSent += p.sizeBytes;
      if (!this.rtoTimer.armed) this.rtoTimer.setAfter(this.rtoNs);
      inject(p);
    }
  }

  // --- ACK processing ---

  receive(pkt: Packet): void {
    const now = this.ctx.sim.now;
    const v = pkt.ext instanceof AckVector ? pkt.ext : null;
    const ackSeq = pkt.seq;
    const ackNo = pkt.ack;
    const elapsed = pkt.sack[Ccid2Slot.ElapsedNs]!;
    const marked = pkt.ecn === Ecn.Ce;
    pkt.ext = null;
    this.ctx.pool.release(pkt);
    if (!this.running) {
      if (v) this.cfg.pool.give(v);
      return;
    }
    if (!this.open) {
      // DCCP-Response: complete the handshake with a DCCP-Ack, then send data (ns-2 output())
      this.open = true;
      this.rtoTimer.cancel();
      this.lastAckSeq = ackSeq;
      const a = this.newPacket(PacketKind.DccpData, DCCP_ACK_HEADER + 4);
      a.seq = this.seq++;
      this.sentState[a.seq & MASK] = Sent.NonData;
      this.seqWinStart = this.seqPipeStart = this.ackWinStart = this.seq;
      inject(a);
      this.output();
      if (v) this.cfg.pool.give(v);
      return;
    }
    // ACKs are numbered: a gap means lost ACKs (links here are FIFO, so no reordering wait)
    const lostAck = ackSeq > this.lastAckSeq + 1 || marked;
    if (ackSeq > this.lastAckSeq) this.lastAckSeq = ackSeq;
    if (lostAck) this.lostAcks++;
    if (v === null || ackNo < this.highAck) {
      if (v) this.cfg.pool.give(v);
      if (!this.skipAckLoss && lostAck) this.lostOrMarkedAck();
      return;
    }
    this.skipAckLoss = ackNo < this.ackWinStart;
    // RTT sample from the acknowledged packet minus the receiver's Elapsed Time (RFC 4341 §5)
    if (this.sentState[ackNo & MASK] !== Sent.NonData && ackNo >= this.allDone - RING) {
      this.rttSample(now - this.sentNs[ackNo & MASK]! - elapsed);
    }
    if (ackNo > this.highAck) this.highAck = ackNo;

    let okIn = 0;
    let okOut = 0;
    let lostIn = 0;
    let markedIn = 0;
    let ackIn = 0;
    let pipeDrop = 0;
    let above = 0;
    let newAllDone = -1;
    const thresh = this.cfg.lossThreshold;
    const stop = Math.max(this.allDone, v.low);
    for (let s = ackNo; s > stop; s--) {
      if (newAllDone < 0 && above === thresh) newAllDone = s;
      const st = v.stateOf(s);
      const i = s & MASK;
      if (this.sentState[i] === Sent.Outstanding) {
        if (st !== PacketState.NotReceived) {
          this.sentState[i] = Sent.Done;
          if (s >= this.seqWinStart) okIn++;
          else okOut++;
          if (st === PacketState.EcnMarked && s >= this.seqWinStart) markedIn++;
          if (s >= this.ackWinStart) ackIn++;
          if (s >= this.seqPipeStart) pipeDrop++;
        } else if (above >= thresh) {
          this.sentState[i] = Sent.Done;
          this.lostPackets++;
          if (s >= this.seqWinStart) lostIn++;
          if (s >= this.ackWinStart) ackIn++;
          if (s >= this.seqPipeStart) pipeDrop++;
        }
      }
      if (st !== PacketState.NotReceived) above++;
    }
    if (newAllDone > this.allDone) this.allDone = newAllDone;
    this.cfg.pool.give(v);

    const newlyAcked = okIn + okOut;
    this.pipe = Math.max(0, this.pipe - pipeDrop);
    if (this.pipe === 0) this.rtoTimer.cancel();
    else if (newlyAcked > 0) this.rtoTimer.setAfter(this.rtoNs);

    this.updateCwnd(newlyAcked - markedIn);
    if (lostIn > 0 || markedIn > 0) {
      this.lostOrMarkedData();
      this.numAckInWin = 0;
      if (this.checkAckRatio()) {
        this.numWinAcked = 0;
        this.ackWinStart = this.seq;
        ackIn = 0;
      }
    }
    if (!this.skipAckLoss && lostAck) this.lostOrMarkedAck();
    else this.updateAckRatio(ackIn);
    this.output();
  }

  private rttSample(sampleNs: number): void {
    if (!(sampleNs > 0)) return;
    if (this.srttNs < 0) {
      this.srttNs = sampleNs;
      this.rttvarNs = sampleNs / 2;
    } else {
      this.rttvarNs = 0.75 * this.rttvarNs + 0.25 * Math.abs(this.srttNs - sampleNs);
      this.srttNs = 0.875 * this.srttNs + 0.125 * sampleNs;
    }
    this.rtoNs = Math.max(this.srttNs + Math.max(4 * this.rttvarNs, this.cfg.granularityNs), this.cfg.minRtoNs);
  }

  /** ns-2 updateCwnd(): slow start by min(acked, R)·(g−1), then +1 per window of acked packets. */
  private updateCwnd(acked: number): void {
    if (acked <= 0) return;
    const old = this.cwnd;
    let n = acked;
    if (this.cwnd < this.ssthresh) {
      const used = Math.min(n, this.ackRatio);
      n -= used;
      this.ssAcc += used * (this.cfg.ssGrowth - 1);
      const inc = Math.floor(this.ssAcc);
      this.ssAcc -= inc;
      this.cwnd += inc;
      if (this.cwnd < this.ssthresh) n = 0;
      else {
        n += this.cwnd - this.ssthresh;
        this.cwnd = this.ssthresh;
        this.cwndFrac = 0;
        this.ssAcc = 0;
      }
    }
    if (n > 0 && this.cwnd >= this.ssthresh) {
      this.cwndFrac += n;
      while (this.cwndFrac >= this.cwnd) {
        this.cwndFrac -= this.cwnd;
        this.cwnd++;
      }
    }
    if (this.cwnd > old) this.checkAckRatio();
  }

  /** Congestion event on data: cwnd ← ⌊(1−X)·cwnd⌋, ssthresh ← cwnd (RFC 4341 §5). */
  private lostOrMarkedData(): void {
    if (this.cwnd >= 2) this.cwnd = Math.max(1, Math.floor(this.cwnd * (1 - this.cfg.reduction)));
    this.cwndFrac = 0;
    this.ssAcc = 0;
    this.ssthresh = this.cwnd;
    this.seqWinStart = this.seq;
    this.reductions++;
    this.ctx.stats.fastRetransmits++;
    this.ctx.event('fast-retransmit');
  }

  /** RFC 4341 §6.1.2: R ≤ ⌈cwnd/2⌉; R ≥ 2 when cwnd ≥ 4; R ≥ 1. Returns whether R changed. */
  checkAckRatio(): boolean {
    let changed = false;
    const cap = Math.ceil(this.cwnd / 2);
    if (this.ackRatio > cap) {
      this.ackRatio = cap;
      changed = true;
    }
    if (this.cwnd >= 4 && this.ackRatio < 2) {
      this.ackRatio = 2;
      changed = true;
    } else if (this.ackRatio < 1) {
      this.ackRatio = 1;
      changed = true;
    }
    return changed;
  }

  /** RFC 4341 §6.1.2: lost or marked ACK doubles R. */
  private lostOrMarkedAck(): void {
    this.ackWinStart = this.seq;
    this.numWinAcked = 0;
    this.numAckInWin = 0;
    this.skipAckLoss = true;
    this.ackRatio *= 2;
    this.checkAckRatio();
  }

  /** RFC 4341 §6.1.2: R decreases by one after cwnd/(R² − R) windows without lost ACKs. */
  private updateAckRatio(acked: number): void {
    if (this.ackRatio === 1) {
      this.numAckInWin = 0;
      this.numWinAcked = 0;
      return;
    }
    this.numAckInWin += acked;
    if (acked > 0 && this.numAckInWin >= this.cwnd) {
      this.numWinAcked++;
      this.numAckInWin -= this.cwnd;
      if (this.numWinAcked > this.cwnd / (this.ackRatio * (this.ackRatio - 1))) {
        this.ackRatio--;
        this.checkAckRatio();
        this.numWinAcked = 0;
      }
    }
  }

  // --- timeout ---

  onTimer(): void {
    if (!this.running) return;
    if (!this.open) {
      this.rtoNs *= 2;
      this.seq = 0;
      this.sendRequest();
      return;
    }
    this.ctx.stats.timeouts++;
    this.ctx.event('timeout');
    this.ssthresh = Math.max(1, Math.floor(this.cwnd / 2));
    this.cwnd = this.cfg.cwndAfterTimeout;
    this.pipe = 0;
    this.seqPipeStart = this.seq;
    this.seqWinStart = this.seq;
    this.cwndFrac = 0;
    this.ssAcc = 0;
    this.numAckInWin = 0;
    this.numWinAcked = 0;
    this.ackWinStart = this.seq;
    this.ackRatio = 1;
    this.checkAckRatio();
    this.rtoNs *= 2;
    this.output();
  }

  /** RTO in seconds (for tests). */
  get rtoS(): number {
    return this.rtoNs / NS_PER_SECOND;
  }
}
