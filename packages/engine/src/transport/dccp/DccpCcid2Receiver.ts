import type { Timer, TimerOwner } from '../../core/Simulator.js';
import { Ecn, PacketKind, type Packet, type Route, byteCount } from '../../net/Packet.js';
import { inject } from '../../net/Port.js';
import type { FlowContext, FlowReceiver } from '../Transport.js';
import { PacketState, type AckVectorPool } from './AckVector.js';
import { Ccid2Slot, DCCP_ACK_HEADER, DCCP_DATA_HEADER, DCCP_REQUEST_BYTES, isDccpData } from './dccpHeader.js';

export interface Ccid2ReceiverConfig {
  /** Delayed-ACK timer (ns-2 dack_delay_ 0.2 s). */
  ackDelayNs: number;
  pool: AckVectorPool;
}

const RING = 1 << 16;
const MASK = RING - 1;

/**
 * DCCP CCID-2 receiver (RFC 4341 §6; ns-2 Agent/DCCP/TCPlike receiver half): acknowledges every
 * Ack-Ratio data packets, or when the delayed-ACK timer started by the first unacknowledged data
 * packet expires. Each ACK names the highest sequence number received and carries an Ack Vector
 * covering everything above the last acknowledged-ACK point (trimmed when the sender reports, on
 * its data packets, which of our ACKs it has processed: RFC 4340 §11.4.2).
 */
export class DccpCcid2Receiver implements FlowReceiver, TimerOwner {
  private rev!: Route;
  private readonly state = new Uint8Array(RING);
  private maxSeq = -1;
  private low = 0;
  private maxArrivalNs = 0;
  private unacked = 0;
  private ackRatio = 2;
  private ackSeq = 0;
  private readonly timer: Timer;
  private open = false;
  acksSent = 0;

  constructor(
    private readonly ctx: FlowContext,
    private readonly cfg: Ccid2ReceiverConfig,
  ) {
    this.timer = ctx.sim.timer(this, 0);
  }

  setRoute(rev: Route): void {
    this.rev = rev;
  }

  receive(pkt: Packet): void {
    const now = this.ctx.sim.now;
    if (pkt.kind === PacketKind.DccpAck && pkt.seq === 0 && !this.open) {
      // DCCP-Request: answer with a Response (RFC 4340 §8.1)
      this.ctx.pool.release(pkt);
      this.sendControl(DCCP_REQUEST_BYTES);
      return;
    }
    this.open = true;
    const seq = pkt.seq;
    const data = isDccpData(pkt);
    const st = this.ctx.stats;
    if (data) {
      st.packetsReceived++;
      st.bytesReceived += pkt.sizeBytes;
      st.recordDelay(now - pkt.createdNs);
      this.ackRatio = pkt.sack[Ccid2Slot.AckRatio]!;
    }
    const ackOfAck = pkt.sack[Ccid2Slot.AckOfAck]!;
    const ce = pkt.ecn === Ecn.Ce;
    const payload = pkt.sizeBytes - DCCP_DATA_HEADER;
    this.ctx.pool.release(pkt);

    if (seq > this.low && seq > this.maxSeq - RING + 1) {
      const prev = this.state[seq & MASK];
      if (seq > this.maxSeq) {
        for (let i = Math.max(this.maxSeq + 1, seq - RING + 1); i < seq; i++)
          this.state[i & MASK] = PacketState.NotReceived;
        this.maxSeq = seq;
        this.maxArrivalNs = now;
        this.state[seq & MASK] = ce ? PacketState.EcnMarked : PacketState.Received;
        if (data) st.goodputBytes += payload;
      } else if (prev === PacketState.NotReceived) {
        this.state[seq & MASK] = ce ? PacketState.EcnMarked : PacketState.Received;
        if (data) st.goodputBytes += payload;
      } else if (data) st.duplicatesReceived++;
    } else if (data) st.duplicatesReceived++;
    // the sender has seen our vector up to ackOfAck: forget that part (RFC 4340 §11.4.2)
    if (ackOfAck > this.low) this.low = Math.min(ackOfAck, this.maxSeq);
    if (this.maxSeq - this.low >= RING) this.low = this.maxSeq - RING + 1;

    if (!data) return;
    if (!this.timer.armed) this.timer.setAfter(this.cfg.ackDelayNs);
    this.unacked++;
    if (this.unacked >= this.ackRatio) {
      this.timer.cancel();
      this.sendAck();
    }
  }

  onTimer(): void {
    this.sendAck();
  }

  private sendControl(bytes: number): void {
    const p = this.ctx.pool.alloc();
    p.kind = PacketKind.DccpAck;
    p.flowId = this.ctx.flowIndex;
    p.sizeBytes = byteCount(bytes);
    p.seq = this.ackSeq++;
    p.ack = 0;
    p.sendTimeNs = this.ctx.sim.now;
    p.createdNs = this.ctx.sim.now;
    p.route = this.rev;
    inject(p);
  }

  private sendAck(): void {
    this.unacked = 0;
    if (this.maxSeq < 0) return;
    const now = this.ctx.sim.now;
    const v = this.cfg.pool.take();
    v.ackNo = this.maxSeq;
    v.low = this.low;
    const n = this.maxSeq - this.low;
    v.ensure(n);
    for (let i = 0; i < n; i++) v.state[i] = this.state[(this.low + 1 + i) & MASK]!;
    const p = this.ctx.pool.alloc();
    p.kind = PacketKind.DccpAck;
    p.flowId = this.ctx.flowIndex;
    const elapsedNs = now - this.maxArrivalNs;
    // DCCP-Ack header (incl. IP) + Ack Vector option (2 + run bytes) + Elapsed Time option, padded to 4
    const opt = 2 + v.encodedBytes() + (elapsedNs > 0 ? 4 : 0);
    p.sizeBytes = byteCount(DCCP_ACK_HEADER + Math.ceil(opt / 4) * 4);
    p.seq = this.ackSeq++;
    p.ack = this.maxSeq;
    p.sack[Ccid2Slot.ElapsedNs] = elapsedNs;
    p.ext = v;
    p.sendTimeNs = now;
    p.createdNs = now;
    p.route = this.rev;
    this.acksSent++;
    inject(p);
  }

  close(): void {
    this.timer.cancel();
  }
}
