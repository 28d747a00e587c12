/**
 * Test-only queue disciplines for the lab's unit tests (never registered by the app): a FIFO that
 * exposes probes and marks or drops by threshold, and a two-class round robin whose sub-queues
 * are the scenario's `queue.child`. They stand in for real AQMs and schedulers so the lab's
 * plumbing (probe columns, reasons, per-flow backlog, classful forms) is tested on its own.
 */
import type { Packet } from '../../../../packages/engine/src/net/Packet.js';
import { ClassfulQueueDisc } from '../../../../packages/engine/src/queue/ClassfulQueueDisc.js';
import { QueueDisc, type QueueProbeSpec } from '../../../../packages/engine/src/net/QueueDisc.js';
import { PacketFifo } from '../../../../packages/engine/src/net/PacketFifo.js';
import { queueModels } from '../../../../packages/engine/src/registry/queueModels.js';
import { num } from '../../../../packages/engine/src/model/params.js';

const PROBES: readonly QueueProbeSpec[] = [
  { key: 'avg', label: 'Average queue', unit: 'packets', description: 'EWMA (weight 1/2) of the queue at arrivals' },
  { key: 'thresh', label: 'Threshold', unit: 'packets', description: 'the configured threshold' },
  { key: 'above', label: 'Above threshold', unit: '', description: '1 while the average is above the threshold' },
];

/**
 * Above `thresh` (average) an ECN-capable arrival is marked ('early'), any other dropped
 * ('forced'); a full buffer drops ('overflow').
 */
export class ThresholdTestQueueDisc extends QueueDisc {
  private readonly fifo = new PacketFifo();
  private avg = 0;

  constructor(
    private readonly thresh: number,
    private readonly limitPackets: number,
  ) {
    super();
  }

  protected doEnqueue(pkt: Packet): boolean {
    this.avg = 0.5 * this.avg + 0.5 * this.lengthPackets;
    if (this.lengthPackets + 1 >= this.limitPackets) {
      this.dropBeforeEnqueue(pkt, 'overflow');
      return false;
    }
    if (this.avg > this.thresh && !this.mark(pkt, 'early')) {
      this.dropBeforeEnqueue(pkt, 'forced');
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

  override probeSpecs(): readonly QueueProbeSpec[] {
    return PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    out[offset] = this.avg;
    out[offset + 1] = this.thresh;
    out[offset + 2] = this.avg > this.thresh ? 1 : 0;
  }
}

/** Two classes (flow class 0 and the rest), served in turn. */
export class TwoClassTestScheduler extends ClassfulQueueDisc {
  private turn = 0;

  protected doEnqueue(pkt: Packet): boolean {
    if (this.overLimit(pkt.sizeBytes)) {
      this.dropBeforeEnqueue(pkt, 'fq-overflow');
      return false;
    }
    return this.enqueueToChild(this.ctx.flows.classOf[pkt.flowId] === 0 ? 0 : 1, pkt);
  }

  protected doDequeue(): Packet | null {
    for (let k = 0; k < 2; k++) {
      const i = (this.turn + k) % 2;
      if ((this.childAt(i)?.lengthPackets ?? 0) > 0) {
        this.turn = (i + 1) % 2;
        return this.dequeueFromChild(i);
      }
    }
    return null;
  }
}

/** Adds `test-threshold` and `test-two-class` to the engine's registry (once). */
export function registerQueueTestModels(): void {
  if (queueModels.some((m) => m.info.id === 'test-threshold')) return;
  queueModels.push(
    {
      info: {
        id: 'test-threshold',
        category: 'queue',
        name: 'Threshold (test)',
        description: 'test',
        citation: 'test',
        params: [
          { key: 'thresh', label: 'Threshold', kind: 'number', default: 5, min: 0, unit: 'packets', description: 't' },
        ],
        probes: PROBES,
      },
      create: (p, limit) =>
        new ThresholdTestQueueDisc(num(p, 'thresh'), 'packets' in limit ? limit.packets : Number.MAX_SAFE_INTEGER),
    },
    {
      info: {
        id: 'test-two-class',
        category: 'queue',
        name: 'Two classes (test)',
        description: 'test',
        citation: 'test',
        params: [],
        classful: true,
      },
      create: (_p, _l, build) => new TwoClassTestScheduler(build.makeChild),
    },
  );
}
