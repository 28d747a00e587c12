import type { Packet } from '../net/Packet.js';
import { PacketFifo, QueueDisc, type DropReason } from './QueueDisc.js';

/**
 * A FIFO without a limit of its own: the default child of a scheduler, whose shared buffer limit
 * the scheduler enforces. It gives up its oldest packet when the scheduler evicts.
 */
export class FifoQueueDisc extends QueueDisc {
  private readonly fifo = new PacketFifo(16);

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

  /** The oldest packet, without removing it (schedulers that look at the head's size). */
  head(): Packet | null {
    return this.fifo.peek();
  }
}
