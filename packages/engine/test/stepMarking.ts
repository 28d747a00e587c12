import type { Packet } from '../src/net/Packet.js';
import { Ecn } from '../src/net/Packet.js';
import { queueModels } from '../src/registry/queueModels.js';
import { QueueDisc } from '../src/net/QueueDisc.js';
import { PacketFifo } from '../src/net/PacketFifo.js';
import { num } from '../src/model/params.js';
import type { BufferLimit } from '../src/core/units.js';

/**
 * Test-only DCTCP step marker (Alizadeh et al. 2010 §3.1; validation/README.md "StepRED"): a FIFO
 * that, when a packet arrives while at least K packets are queued, sets CE on an ECN-capable packet
 * and drops one that is not; otherwise the buffer limit applies (the ns-2 convention of DropTail).
 * Lets DCTCP's sender and receiver be tested independently of the `red` discipline's step mode.
 */
class StepMarkQueueDisc extends QueueDisc {
  private readonly fifo = new PacketFifo();

  constructor(
    private readonly k: number,
    private readonly limit: BufferLimit,
  ) {
    super();
  }

  protected doEnqueue(pkt: Packet): boolean {
    if (this.lengthPackets >= this.k) {
      if (pkt.ecn === Ecn.NotEct) {
        this.dropBeforeEnqueue(pkt, 'step');
        return false;
      }
      this.mark(pkt, 'step');
    }
    if (!QueueDisc.fitsUnder(this.limit, this.lengthPackets, this.lengthBytes, pkt.sizeBytes)) {
      this.dropBeforeEnqueue(pkt, 'overflow');
      return false;
    }
    this.fifo.push(pkt);
    return true;
  }

  protected doDequeue(): Packet | null {
    const p = this.fifo.shift();
    if (p) this.removedFromStorage(p);
    return p;
  }
}

if (!queueModels.some((m) => m.info.id === 'test-step')) {
  queueModels.push({
    info: {
      id: 'test-step',
      category: 'queue',
      name: 'Test step marker',
      description: 'CE-marks ECT packets (drops others) arriving at a queue of K or more packets (tests only).',
      citation: 'Alizadeh et al., SIGCOMM 2010 §3.1',
      params: [
        { key: 'K', label: 'K', kind: 'integer', default: 20, min: 1, max: 100000, description: 'Marking threshold.' },
      ],
    },
    create: (p, limit) => new StepMarkQueueDisc(num(p, 'K'), limit),
  });
}

/** The scenario queue spec of the step marker with threshold `k` packets. */
export function stepMarker(k: number): { type: string; params: Record<string, unknown> } {
  return { type: 'test-step', params: { K: k } };
}
