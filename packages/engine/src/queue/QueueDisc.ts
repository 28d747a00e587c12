import type { Packet } from '../net/Packet.js';
import { Ecn } from '../net/Packet.js';
import type { Simulator } from '../core/Simulator.js';
import type { Random } from '../core/Random.js';

/** Why a queue discipline discarded or marked a packet. Reported per reason in statistics. */
export type DropReason =
  | 'overflow' // buffer full (tail drop)
  | 'front' // drop-front: the oldest packet made room for a new one
  | 'early' // RED / PIE probabilistic early drop
  | 'forced' // RED forced drop above max threshold
  | 'codel' // CoDel sojourn-time drop at dequeue
  | 'fq-overflow' // fair-queueing: longest sub-queue pays for an arrival to a full buffer
  | 'policy'; // a router feature refused the packet

export interface QueueDropListener {
  onQueueDrop(pkt: Packet, reason: DropReason): void;
}

/** What a queue discipline learns about its port when attached. */
export interface QueueContext {
  readonly sim: Simulator;
  readonly rateBps: number;
  readonly random: Random;
  readonly dropListener: QueueDropListener;
}

export interface QueueStats {
  arrivals: number;
  departures: number;
  drops: number;
  marks: number;
  arrivalBytes: number;
  departureBytes: number;
  dropBytes: number;
  dropsByReason: Record<string, number>;
  marksByReason: Record<string, number>;
}

/**
 * A queue discipline (ns-3 style template methods). The public `enqueue` / `dequeue` keep the
 * statistics and the time integral of the queue length; subclasses implement `doEnqueue` /
 * `doDequeue` and report discards only through `dropBeforeEnqueue`, `dropQueued`,
 * `dropAfterDequeue` and marks through `mark`, each with a named reason. The identity
 * arrivals = departures + drops + queued holds at all times (tested).
 */
export abstract class QueueDisc {
  lengthPackets = 0;
  lengthBytes = 0;
  readonly stats: QueueStats = {
    arrivals: 0,
    departures: 0,
    drops: 0,
    marks: 0,
    arrivalBytes: 0,
    departureBytes: 0,
    dropBytes: 0,
    dropsByReason: {},
    marksByReason: {},
  };
  /** ∫ queue length dt, in packet·ns and byte·ns, up to `lastChangeNs`. */
  integralPacketNs = 0;
  integralByteNs = 0;
  private lastChangeNs = 0;
  protected ctx!: QueueContext;

  /** Called once by the port before the first packet. Subclasses may override to size state. */
  attach(ctx: QueueContext): void {
    this.ctx = ctx;
  }

  protected get now(): number {
    return this.ctx.sim.now;
  }

  private integrate(): void {
    const now = this.ctx.sim.now;
    const dt = now - this.lastChangeNs;
    if (dt > 0) {
      this.integralPacketNs += this.lengthPackets * dt;
      this.integralByteNs += this.lengthBytes * dt;
      this.lastChangeNs = now;
    }
  }

  /** Offers a packet. Returns true when it was queued (it may still be dropped later). */
  enqueue(pkt: Packet): boolean {
    this.integrate();
    const s = this.stats;
    s.arrivals++;
    s.arrivalBytes += pkt.sizeBytes;
    const size = pkt.sizeBytes;
    if (this.doEnqueue(pkt)) {
      this.lengthPackets++;
      this.lengthBytes += size;
      return true;
    }
    return false;
  }

  /** Takes the next packet to transmit, or null (empty, or a shaper holding packets back). */
  dequeue(): Packet | null {
    this.integrate();
    const pkt = this.doDequeue();
    if (pkt !== null) {
      this.stats.departures++;
      this.stats.departureBytes += pkt.sizeBytes;
    }
    return pkt;
  }

  /** For shapers and pacers: the earliest time (ns) a held packet may leave; Infinity if none. */
  nextReadyTimeNs(): number {
    return Infinity;
  }

  /** Time-average queue length in packets over [0, now]. */
  meanLengthPackets(): number {
    this.integrate();
    const now = this.ctx.sim.now;
    return now > 0 ? this.integralPacketNs / now : 0;
  }

  /** Time-average queue length in bytes over [0, now]. */
  meanLengthBytes(): number {
    this.integrate();
    const now = this.ctx.sim.now;
    return now > 0 ? this.integralByteNs / now : 0;
  }

  /** Stores the packet, or calls `dropBeforeEnqueue` and returns false. */
  protected abstract doEnqueue(pkt: Packet): boolean;

  /**
   * Removes the next packet from storage and returns it (calling `removedFromStorage` for it), or
   * returns null. Packets discarded at dequeue go through `dropAfterDequeue`.
   */
  protected abstract doDequeue(): Packet | null;

  /** Subclasses call this for every packet they take out of storage (sent or dropped). */
  protected removedFromStorage(pkt: Packet): void {
    this.lengthPackets--;
    this.lengthBytes -= pkt.sizeBytes;
  }

  private recordDrop(pkt: Packet, reason: DropReason): void {
    const s = this.stats;
    s.drops++;
    s.dropBytes += pkt.sizeBytes;
    s.dropsByReason[reason] = (s.dropsByReason[reason] ?? 0) + 1;
    this.ctx.dropListener.onQueueDrop(pkt, reason);
  }

  /** The arriving packet is refused. */
  protected dropBeforeEnqueue(pkt: Packet, reason: DropReason): void {
    this.recordDrop(pkt, reason);
  }

  /** A packet already in storage is discarded (drop-front, FQ longest-queue drop). */
  protected dropQueued(pkt: Packet, reason: DropReason): void {
    this.integrate();
    this.removedFromStorage(pkt);
    this.recordDrop(pkt, reason);
  }

  /** A packet taken out of storage at dequeue time is discarded (CoDel). */
  protected dropAfterDequeue(pkt: Packet, reason: DropReason): void {
    this.recordDrop(pkt, reason);
  }

  /** Sets Congestion Experienced on an ECN-capable packet; returns false if it is not ECT. */
  protected mark(pkt: Packet, reason: DropReason): boolean {
    if (pkt.ecn === Ecn.NotEct) return false;
    pkt.ecn = Ecn.Ce;
    const s = this.stats;
    s.marks++;
    s.marksByReason[reason] = (s.marksByReason[reason] ?? 0) + 1;
    return true;
  }
}

/** A FIFO ring buffer of packets, growing as needed. Shared by the simple disciplines. */
export class PacketFifo {
  private buf: (Packet | null)[];
  private head = 0;
  length = 0;

  /** `capacity` is rounded up to a power of two (indices wrap with a mask). */
  constructor(capacity = 64) {
    let cap = 4;
    while (cap < capacity) cap <<= 1;
    this.buf = new Array<Packet | null>(cap).fill(null);
  }

  push(p: Packet): void {
    if (this.length === this.buf.length) {
      const old = this.buf;
      const nb = new Array<Packet | null>(old.length * 2).fill(null);
      for (let i = 0; i < this.length; i++) nb[i] = old[(this.head + i) & (old.length - 1)]!;
      this.buf = nb;
      this.head = 0;
    }
    this.buf[(this.head + this.length) & (this.buf.length - 1)] = p;
    this.length++;
  }

  shift(): Packet | null {
    if (this.length === 0) return null;
    const p = this.buf[this.head]!;
    this.buf[this.head] = null;
    this.head = (this.head + 1) & (this.buf.length - 1);
    this.length--;
    return p;
  }
}
