/**
 * Child disciplines for testing schedulers with sub-queues that are not plain FIFOs: one that
 * discards packets when asked for one (as CoDel drops at dequeue), one that refuses arrivals
 * (as RED or a full DropTail does), and one that cannot give up a packet when a parent evicts.
 * The first two are FIFOs otherwise and give up their oldest packet when a parent evicts.
 */
import type { Packet } from '../net/Packet.js';
import { QueueDisc, type DropReason } from '../net/QueueDisc.js';
import { PacketFifo } from '../net/PacketFifo.js';

/** Discards, at dequeue, every packet `doomed` says (reason 'codel'); returns the first it keeps. */
export class DequeueDropChild extends QueueDisc {
  private readonly fifo = new PacketFifo();

  constructor(private readonly doomed: (pkt: Packet) => boolean) {
    super();
  }

  protected doEnqueue(pkt: Packet): boolean {
    this.fifo.push(pkt);
    return true;
  }

  protected doDequeue(): Packet | null {
    for (;;) {
      const p = this.fifo.shift();
      if (p === null) return null;
      this.removedFromStorage(p);
      if (!this.doomed(p)) return p;
      this.dropAfterDequeue(p, 'codel');
    }
  }

  protected override doEvict(reason: DropReason): boolean {
    const p = this.fifo.shift();
    if (p === null) return false;
    this.dropQueued(p, reason);
    return true;
  }
}

/** Refuses every arrival `refused` says (reason 'early'). */
export class RefusingChild extends QueueDisc {
  private readonly fifo = new PacketFifo();

  constructor(private readonly refused: (pkt: Packet) => boolean) {
    super();
  }

  protected doEnqueue(pkt: Packet): boolean {
    if (this.refused(pkt)) {
      this.dropBeforeEnqueue(pkt, 'early');
      return false;
    }
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
}

/** A FIFO that cannot give up a packet when a parent asks (QueueDisc's default doEvict). */
export class NoEvictChild extends QueueDisc {
  private readonly fifo = new PacketFifo();
  protected doEnqueue(pkt: Packet): boolean {
    this.fifo.push(pkt);
    return true;
  }
  protected doDequeue(): Packet | null {
    const p = this.fifo.shift();
    if (p) this.removedFromStorage(p);
    return p;
  }
}
