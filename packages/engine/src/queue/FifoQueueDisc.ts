import type { Packet } from '../net/Packet.js';
import { QueueDisc, type DropReason, type QueueContext } from './QueueDisc.js';

const NO_FLOWS = new Float64Array(0);

/**
 * A FIFO without a limit of its own: the default child of a scheduler, whose shared buffer limit
 * the scheduler enforces. It gives up its oldest packet when the scheduler evicts.
 */
export class FifoQueueDisc extends QueueDisc {
  /**
   * The packets, oldest at `first`, in a ring of a power-of-two size: kept in this object rather
   * than in a PacketFifo of its own (one object fewer to visit for each packet; a scheduler's
   * sub-queues are visited in turn, so each visit finds its FIFO cold; docs/performance.md).
   */
  private ring: (Packet | null)[] = new Array<Packet | null>(16).fill(null);
  private first = 0;
  private stored = 0;

  /**
   * No per-flow counts kept per packet (the array the bookkeeping would update stays empty): a
   * FIFO is a scheduler's sub-queue, and touching a per-flow array at every store and take is two
   * more cold cache lines per packet there (docs/performance.md). Counted from the stored packets
   * when asked (tests, a FIFO at the root of a test port).
   */
  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    this.backlogByFlow = NO_FLOWS;
  }

  override get flowBacklogPackets(): Float64Array {
    const counts = new Float64Array(this.ctx.flows.count);
    const ring = this.ring;
    for (let k = 0; k < this.stored; k++) {
      const f = ring[(this.first + k) & (ring.length - 1)]!.flowId;
      if (f < counts.length) counts[f]!++;
    }
    return counts;
  }

  /** Empty, no limit of its own: an arrival would be stored and handed straight back. */
  override admitsPassThrough(pkt: Packet): boolean {
    void pkt;
    return this.lengthPackets === 0;
  }

  protected doEnqueue(pkt: Packet): boolean {
    this.push(pkt);
    return true;
  }

  protected doDequeue(): Packet | null {
    const p = this.shift();
    if (p !== null) this.removedFromStorage(p);
    return p;
  }

  protected override doEvict(reason: DropReason): boolean {
    const p = this.shift();
    if (p === null) return false;
    this.dropQueued(p, reason);
    return true;
  }

  /**
   * `enqueue(pkt)` for this FIFO, which always stores: the same bookkeeping, without the virtual
   * `doEnqueue` that every discipline shares (a scheduler calls this for each packet; through
   * `enqueue` the call would go through a call site that sees every discipline of the run).
   */
  store(pkt: Packet): void {
    this.integrate();
    const s = this.stats;
    const size = pkt.sizeBytes;
    s.arrivals++;
    s.arrivalBytes += size;
    pkt.enqueueNs = this.clock.now;
    this.push(pkt);
    this.lengthPackets++;
    this.lengthBytes += size;
  }

  /** `dequeue()` for this FIFO (see `store`): the oldest packet, or null. */
  take(): Packet | null {
    this.integrate();
    const p = this.shift();
    if (p !== null) {
      this.removedFromStorage(p);
      const s = this.stats;
      s.departures++;
      s.departureBytes += p.sizeBytes;
      const soj = this.clock.now - p.enqueueNs;
      s.sojournSumNs += soj;
      this.lastSojournNs = soj;
    }
    return p;
  }

  /** The oldest packet, without removing it (schedulers that look at the head's size). */
  head(): Packet | null {
    return this.stored === 0 ? null : this.ring[this.first]!;
  }

  private push(pkt: Packet): void {
    let ring = this.ring;
    if (this.stored === ring.length) {
      const grown = new Array<Packet | null>(ring.length * 2).fill(null);
      for (let i = 0; i < this.stored; i++) grown[i] = ring[(this.first + i) & (ring.length - 1)]!;
      this.ring = ring = grown;
      this.first = 0;
    }
    ring[(this.first + this.stored) & (ring.length - 1)] = pkt;
    this.stored++;
  }

  private shift(): Packet | null {
    if (this.stored === 0) return null;
    const ring = this.ring;
    const p = ring[this.first]!;
    ring[this.first] = null;
    this.first = (this.first + 1) & (ring.length - 1);
    this.stored--;
    return p;
  }
}
