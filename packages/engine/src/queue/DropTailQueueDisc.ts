import type { Packet } from '../net/Packet.js';
import type { BufferLimit } from '../core/units.js';
import { PacketFifo, QueueDisc } from './QueueDisc.js';

export interface DropTailParams {
  limit: BufferLimit;
  /** 'tail' refuses the arriving packet; 'front' discards the oldest queued one (ns-2 drop_front_). */
  dropFrom: 'tail' | 'front';
}

/**
 * First-in first-out queue with a limit in packets or bytes (ns-2 Queue/DropTail). The limit is
 * the port's whole buffer, the packet being transmitted included: an arrival is refused when the
 * waiting packets plus it would reach the limit, so at most limit − 1 packets (or bytes) wait
 * beside the one on the wire — ns-2.35 drop-tail.cc `enque` (length + 1 ≥ qlim_ drops; in byte
 * mode, bytes + size ≥ limit drops), so that "50 packets" means what it means in an ns-2 script.
 */
export class DropTailQueueDisc extends QueueDisc {
  private readonly fifo = new PacketFifo();

  constructor(readonly params: DropTailParams) {
    super();
  }

  private fits(extraBytes: number): boolean {
    const l = this.params.limit;
    return 'packets' in l ? this.lengthPackets + 1 < l.packets : this.lengthBytes + extraBytes < l.bytes;
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
