import type { Packet } from '../net/Packet.js';
import type { BufferLimit } from '../core/units.js';
import { str } from '../model/params.js';
import type { QueueModel } from './QueueModel.js';
import { QueueDisc, type DropReason } from '../net/QueueDisc.js';
import { PacketFifo } from '../net/PacketFifo.js';

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
  /** The limit as two numbers, the one not in use Infinity (QueueDisc.fitsUnder without `in`). */
  private readonly limitPackets: number;
  private readonly limitBytes: number;

  constructor(readonly params: DropTailParams) {
    super();
    const limit = params.limit;
    this.limitPackets = 'packets' in limit ? limit.packets : Infinity;
    this.limitBytes = 'bytes' in limit ? limit.bytes : Infinity;
  }

  /** QueueDisc.fitsUnder(limit, length, bytes, extraBytes): ns-2's qlim − 1 rule. */
  private fits(extraBytes: number): boolean {
    return this.lengthPackets + 1 < this.limitPackets && this.lengthBytes + extraBytes < this.limitBytes;
  }

  override admitsPassThrough(pkt: Packet): boolean {
    return this.lengthPackets === 0 && this.fits(pkt.sizeBytes);
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

  protected override doEvict(reason: DropReason): boolean {
    const p = this.fifo.shift();
    if (p === null) return false;
    this.dropQueued(p, reason);
    return true;
  }
}

export const droptailModel: QueueModel = {
  info: {
    id: 'droptail',
    category: 'queue',
    name: 'DropTail (FIFO)',
    description: 'First in, first out; a full buffer discards arrivals (or the oldest packet).',
    citation: 'ns-2 Queue/DropTail (drop-tail.cc, drop_front_ option)',
    params: [
      {
        key: 'dropFrom',
        label: 'Drop from',
        kind: 'enum',
        default: 'tail',
        options: ['tail', 'front'],
        description: 'Discard the arriving packet (tail) or the oldest queued one (front).',
      },
    ],
  },
  create: (p, limit) => new DropTailQueueDisc({ limit, dropFrom: str(p, 'dropFrom') as 'tail' | 'front' }),
};
