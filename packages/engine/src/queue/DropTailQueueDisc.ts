import type { Packet } from '../net/Packet.js';
import type { BufferLimit } from '../core/units.js';
import { PacketFifo, QueueDisc } from './QueueDisc.js';

export interface DropTailParams {
  limit: BufferLimit;
  /** 'tail' refuses the arriving packet; 'front' discards the oldest queued one (ns-2 drop_front_). */
  dropFrom: 'tail' | 'front';
  /**
   * ns-2 Queue/DropTail accounting: an arrival is refused when the waiting packets plus it would
   * reach the limit (so at most limit − 1 wait beside the one on the wire), and an arrival at the
   * instant a transmission ends is queued before the next packet leaves.
   */
  ns2Accounting?: boolean;
}

/**
 * First-in first-out queue with a limit in packets or bytes (ns-2 Queue/DropTail). The limit
 * counts packets waiting, not the one being transmitted; with `ns2Accounting` ns-2's exact rule
 * applies (see DropTailParams).
 */
export class DropTailQueueDisc extends QueueDisc {
  private readonly fifo = new PacketFifo();

  /** 1 when ns-2's rule refuses the packet that would reach the limit, else 0. */
  private readonly slack: number;

  constructor(readonly params: DropTailParams) {
    super();
    this.slack = params.ns2Accounting === true ? 1 : 0;
    this.arrivalsBeforeTxEnd = params.ns2Accounting === true;
  }

  private fits(extraBytes: number): boolean {
    const l = this.params.limit;
    return 'packets' in l ? this.lengthPackets + 1 + this.slack <= l.packets : this.lengthBytes + extraBytes + this.slack <= l.bytes;
  }

  protected doEnqueue(pkt: Packet): boolean {
    if (this.fits(pkt.sizeBytes)) {
      this.fifo.push(pkt);
      return true;
    }
    if (this.params.dropFrom === 'front') {
      while (this.fifo.length > 0 && !this.fits(pkt.sizeBytes)) {
        this.dropQueued(this.fifo.shift()!, 'front');
      }
      if (this.fits(pkt.sizeBytes)) {
        this.fifo.push(pkt);
        return true;
      }
    }
    this.dropBeforeEnqueue(pkt, 'overflow');
    return false;
  }

  protected doDequeue(): Packet | null {
    const p = this.fifo.shift();
    if (p !== null) this.removedFromStorage(p);
    return p;
  }
}
