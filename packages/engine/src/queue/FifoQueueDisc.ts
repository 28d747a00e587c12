import type { Packet } from '../net/Packet.js';
import { QueueDisc, type DropReason, type QueueContext } from '../net/QueueDisc.js';
import { PacketFifo } from '../net/PacketFifo.js';

/** The per-flow array of a discipline that counts its backlog only when asked (always empty). */
export const NO_FLOWS = new Float64Array(0);

/** Packets of each of `flows` flows in `fifo` (`flowBacklogPackets` counted when asked). */
export function countByFlow(fifo: PacketFifo, flows: number): Float64Array {
  const counts = new Float64Array(flows);
  for (let k = 0; k < fifo.length; k++) {
    const f = fifo.at(k).flowId;
    if (f < counts.length) counts[f]!++;
  }
  return counts;
}

/**
 * A FIFO without a limit of its own: the default child of a scheduler, whose shared buffer limit
 * the scheduler enforces. It gives up its oldest packet when the scheduler evicts.
 */
export class FifoQueueDisc extends QueueDisc {
  private readonly fifo = new PacketFifo(16);

  /**
   * No per-flow counts kept per packet (the array the bookkeeping would update stays empty): a
   * FIFO is a scheduler's sub-queue, and touching a per-flow array at every store and take is two
   * more cold cache lines per packet there (docs/performance.md, "Where the schedulers' extra time
   * goes"). Counted from the stored packets when asked (tests, a FIFO at the root of a test port).
   */
  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    this.backlogByFlow = NO_FLOWS;
  }

  override get flowBacklogPackets(): Float64Array {
    return countByFlow(this.fifo, this.ctx.flows.count);
  }

  /** Empty, no limit of its own: an arrival would be stored and handed straight back. */
  override admitsPassThrough(pkt: Packet): boolean {
    void pkt;
    return this.lengthPackets === 0;
  }

  protected doEnqueue(pkt: Packet): boolean {
    this.fifo.push(pkt);
    return true;
  }

  protected doDequeue(): Packet | null {
    const p = this.fifo.shift();
    if (p !== null) this.removedFromStorage(p);
    return p;
  }

  protected override doEvict(reason: DropReason): boolean {
    const p = this.fifo.shift();
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
    this.countStored(pkt);
    this.fifo.push(pkt);
  }

  /** `dequeue()` for this FIFO (see `store`): the oldest packet, or null. */
  take(): Packet | null {
    this.integrate();
    const p = this.fifo.shift();
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
    return this.fifo.peek();
  }
}
