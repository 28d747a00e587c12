import type { Packet } from '../net/Packet.js';
import type { BufferLimit } from '../core/units.js';
import { PacketFifo, QueueDisc } from './QueueDisc.js';

export interface DropTailParams {
  limit: BufferLimit;
  /** 'tail' refuses the arriving packet; 'front' discards the oldest queued one (ns-2 drop_front_). */
  dropFrom: 'tail' | 'front';
}

/**
 * First-in first-out queue with a limit in packets or bytes (ns-2 Queue/DropTail). The limit
 * counts packets waiting, not the one being transmitted, as in ns-2.
 */
export class DropTailQueueDisc extends QueueDisc {
  private readonly fifo = new PacketFifo();

  constructor(readonly params: DropTailParams) {
    super();
  }

  private fits(extraBytes: number): boolean {
    const l = this.params.limit;
    return 'packets' in l ? this.lengthPackets + 1 <= l.packets : this.lengthBytes + extraBytes <= l.bytes;
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
