import type { Packet } from '../net/Packet.js';
import { bool, num, str } from '../model/params.js';
import { ClassfulQueueDisc } from './ClassfulQueueDisc.js';
import { CODEL_PARAM_SPECS, CoDelQueueDisc, codelParamsFrom, type CoDelParams } from './CoDelQueueDisc.js';
import { flowBucket } from './flowHash.js';
import type { QueueModel } from './QueueModel.js';
import type { QueueContext, QueueProbeSpec } from '../net/QueueDisc.js';

export interface FqCoDelParams {
  readonly codel: CoDelParams;
  /** Number of flow queues (hash buckets). */
  readonly flows: number;
  /** DRR quantum, bytes. */
  readonly quantumBytes: number;
  /** Packets dropped at most per overflow (Linux drop_batch_size, ns-3 DropBatchSize). */
  readonly dropBatch: number;
  /** Bytes all flow queues may hold together (RFC 8290 §4.1.3, Linux memory_limit). */
  readonly memoryLimitBytes: number;
  /** Hash salt; -1 = drawn from the port's random stream. */
  readonly perturbation: number;
  /** An emptied new flow: to the old list (RFC 8290 §4.2, ns-3) or, when no old flow waits, removed (Linux). */
  readonly emptyNewFlow: 'old-list' | 'linux';
  /** Linux fq_codel_drop adds the batch size to the flow's CoDel count; ns-3.37 does not. */
  readonly batchDropRaisesCount: boolean;
  /** Whose backlog CoDel's MTU exception reads: the flow queue (ns-3) or the whole qdisc (Linux). */
  readonly minBytesScope: 'flow' | 'qdisc';
}

const INACTIVE = 0;
const NEW_LIST = 1;
const OLD_LIST = 2;

/**
 * FQ-CoDel, RFC 8290: flows hashed into `flows` queues, each a CoDel queue (children of this
 * scheduler); deficit round robin with a byte quantum over two lists, new flows (served first)
 * and old flows (§4.2–4.3); one shared packet limit (the port's buffer) and a memory limit, and on
 * overflow a batch drop from the head of the queue holding the most bytes (§4.1; Linux
 * sch_fq_codel.c `fq_codel_drop`, ns-3.37 fq-codel-queue-disc.cc `FqCoDelDrop`).
 *
 * Per packet the bucket is an array index (the flow's bucket is hashed once at attach) and the
 * lists are linked through typed arrays; nothing is allocated per packet.
 */
export class FqCoDelQueueDisc extends ClassfulQueueDisc {
  private readonly deficit: Float64Array;
  private readonly listOf: Uint8Array;
  /** Next bucket in the list it is on, or -1. */
  private readonly nextInList: Int32Array;
  private newHead = -1;
  private newTail = -1;
  private oldHead = -1;
  private oldTail = -1;
  newFlowCount = 0;
  oldFlowCount = 0;
  /** Bucket of each flow index (hashed at attach). */
  private bucketOfFlow = new Int32Array(0);
  private perturbation = 0;
  /** Packets dropped by the batch drops (limit and memory) since the start. */
  overflowDrops = 0;

  constructor(readonly params: FqCoDelParams) {
    super(() => new CoDelQueueDisc(params.codel, false, params.minBytesScope === 'qdisc' ? this : null));
    const n = params.flows;
    this.deficit = new Float64Array(n);
    this.listOf = new Uint8Array(n);
    this.nextInList = new Int32Array(n).fill(-1);
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    const P = this.params;
    this.perturbation = P.perturbation >= 0 ? P.perturbation : ctx.random.nextUint32();
    this.bucketOfFlow = new Int32Array(ctx.flows.count);
    for (let f = 0; f < ctx.flows.count; f++) this.bucketOfFlow[f] = flowBucket(f, this.perturbation, P.flows);
  }

  private bucketOf(flowId: number): number {
    return flowId < this.bucketOfFlow.length
      ? this.bucketOfFlow[flowId]!
      : flowBucket(flowId, this.perturbation, this.params.flows);
  }

  protected doEnqueue(pkt: Packet): boolean {
    const b = this.bucketOf(pkt.flowId);
    const size = pkt.sizeBytes;
    if (this.listOf[b] === INACTIVE) {
      // §4.2: a flow with no queue joins the new list with a full quantum
      this.append(b, NEW_LIST);
      this.deficit[b] = this.params.quantumBytes;
    }
    const memoryOver = this.lengthBytes + size > this.params.memoryLimitBytes;
    if (memoryOver || this.overLimit(size)) {
      // Linux and ns-3 add the arrival, then drop from the head of the fattest queue; the arrival
      // itself goes only if its own queue is the fattest and the batch reaches its tail
      const reason = memoryOver ? 'memory' : 'fq-overflow';
      if (this.batchDrop(b, size, reason)) {
        this.dropBeforeEnqueue(pkt, reason);
        this.overflowDrops++;
        return false;
      }
    }
    this.flowQueue(b).storeInFlowQueue(pkt);
    return true;
  }

  /**
   * Bucket `b`'s CoDel queue, created on first use. Every child of this scheduler is a
   * CoDelQueueDisc (the constructor's factory), so the per-packet calls go straight to CoDel's
   * own methods instead of through `enqueue` / `dequeue`, whose call sites see every discipline.
   */
  private flowQueue(b: number): CoDelQueueDisc {
    return (this.children[b] ?? this.child(b)) as CoDelQueueDisc;
  }

  /**
   * Drops from the head of the queue with the most bytes (counting an arrival of `arrivalBytes`
   * to bucket `arrivalBucket` as already queued) until half its bytes or `dropBatch` packets are
   * gone (Linux fq_codel_drop: do { drop } while (++i < batch && len < maxbacklog / 2)). Returns
   * true when the arrival itself would be reached (the caller drops it).
   */
  private batchDrop(arrivalBucket: number, arrivalBytes: number, reason: 'memory' | 'fq-overflow'): boolean {
    let fat = -1;
    let most = 0;
    const n = Math.max(this.children.length, arrivalBucket + 1);
    for (let i = 0; i < n; i++) {
      const bytes = (this.children[i]?.lengthBytes ?? 0) + (i === arrivalBucket ? arrivalBytes : 0);
      // strictly more: ties go to the lowest index, as both references scan upwards
      if (bytes > most) {
        most = bytes;
        fat = i;
      }
    }
    const threshold = Math.floor(most / 2);
    const child = this.childAt(fat) as CoDelQueueDisc | undefined;
    let dropped = 0;
    let bytes = 0;
    let reachedArrival = false;
    do {
      if (child === undefined || child.lengthPackets === 0) {
        // only the arrival is left at the head of the fattest queue; its bytes end the batch
        reachedArrival = true;
        dropped++;
        break;
      }
      bytes += child.headBytes();
      this.evictFromChild(fat, reason);
      this.overflowDrops++;
      dropped++;
    } while (dropped < this.params.dropBatch && bytes < threshold);
    if (this.params.batchDropRaisesCount && child !== undefined) child.addToCount(dropped);
    return reachedArrival;
  }

  /**
   * With nothing stored, an arrival whose flow queue's CoDel would hand it straight back (see
   * `CoDelQueueDisc.admitsPassThrough`) within the limits is sent at once: `passThrough` makes the
   * same list and deficit moves as the enqueue and the dequeue would (empty queues met on the way
   * are still asked, and retired or moved, as the dequeue does).
   */
  override admitsPassThrough(pkt: Packet): boolean {
    if (this.lengthPackets !== 0) return false;
    const size = pkt.sizeBytes;
    if (size > this.params.memoryLimitBytes || this.overLimit(size)) return false;
    const c = this.children[this.bucketOf(pkt.flowId)];
    return c !== undefined && c.admitsPassThrough(pkt);
  }

  override passThrough(pkt: Packet): void {
    super.passThrough(pkt);
    const b = this.bucketOf(pkt.flowId);
    if (this.listOf[b] === INACTIVE) {
      this.append(b, NEW_LIST);
      this.deficit[b] = this.params.quantumBytes;
    }
    this.serveLists(b, pkt);
  }

  protected doDequeue(): Packet | null {
    return this.serveLists(-1, null);
  }

  /**
   * The dequeue (RFC 8290 §4.3): new list first, then old; out-of-credit queues get a quantum and
   * go to the tail of the old list, empty ones are moved or retired. `passBucket` (≥ 0) holds
   * just `passPkt`, passed through its CoDel (`passThrough`) instead of stored in it.
   */
  private serveLists(passBucket: number, passPkt: Packet | null): Packet | null {
    const quantum = this.params.quantumBytes;
    for (;;) {
      const fromNew = this.newHead >= 0;
      const b = fromNew ? this.newHead : this.oldHead;
      if (b < 0) return null;
      if (this.deficit[b]! <= 0) {
        // §4.3: out of credit: a new quantum, and to the tail of the old list
        this.deficit[b]! += quantum;
        this.removeHead(fromNew);
        this.append(b, OLD_LIST);
        continue;
      }
      if (b === passBucket) {
        this.children[b]!.passThrough(passPkt!);
        this.deficit[b]! -= passPkt!.sizeBytes;
        return passPkt;
      }
      const c = this.flowQueue(b);
      let p: Packet | null = null;
      if (c.lengthPackets === 0) c.dequeueEmpty();
      else {
        p = c.takeFromFlowQueue();
        if (p !== null) this.removedFromStorage(p);
      }
      if (p === null) {
        // empty (or CoDel dropped what was left): an emptied new flow goes to the old list so
        // that it cannot regain priority at once (§4.2); an emptied old flow is removed
        this.removeHead(fromNew);
        if (fromNew && (this.params.emptyNewFlow === 'old-list' || this.oldHead >= 0)) this.append(b, OLD_LIST);
        else this.listOf[b] = INACTIVE;
        continue;
      }
      this.deficit[b]! -= p.sizeBytes;
      return p;
    }
  }

  private append(b: number, list: number): void {
    this.listOf[b] = list;
    this.nextInList[b] = -1;
    if (list === NEW_LIST) {
      if (this.newTail >= 0) this.nextInList[this.newTail] = b;
      else this.newHead = b;
      this.newTail = b;
      this.newFlowCount++;
    } else {
      if (this.oldTail >= 0) this.nextInList[this.oldTail] = b;
      else this.oldHead = b;
      this.oldTail = b;
      this.oldFlowCount++;
    }
  }

  private removeHead(fromNew: boolean): void {
    if (fromNew) {
      const b = this.newHead;
      this.newHead = this.nextInList[b]!;
      if (this.newHead < 0) this.newTail = -1;
      this.newFlowCount--;
    } else {
      const b = this.oldHead;
      this.oldHead = this.nextInList[b]!;
      if (this.oldHead < 0) this.oldTail = -1;
      this.oldFlowCount--;
    }
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return FQ_CODEL_PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    let dropping = 0;
    for (let i = 0; i < this.children.length; i++) {
      const c = this.children[i] as CoDelQueueDisc | undefined;
      if (c !== undefined && c.dropping && c.lengthPackets > 0) dropping++;
    }
    out[offset] = this.newFlowCount;
    out[offset + 1] = this.oldFlowCount;
    out[offset + 2] = dropping;
    out[offset + 3] = this.overflowDrops;
    out[offset + 4] = this.stats.dropsByReason['codel'] ?? 0;
    out[offset + 5] = this.stats.marks;
  }
}

const FQ_CODEL_PROBES: readonly QueueProbeSpec[] = [
  { key: 'newFlows', label: 'New flows', unit: 'queues', description: 'Flow queues on the new-flows list.' },
  { key: 'oldFlows', label: 'Old flows', unit: 'queues', description: 'Flow queues on the old-flows list.' },
  {
    key: 'droppingFlows',
    label: 'Flows in CoDel dropping state',
    unit: 'queues',
    description: 'Non-empty flow queues whose CoDel is in its dropping state.',
  },
  {
    key: 'overflowDrops',
    label: 'Overflow drops',
    unit: 'packets',
    description: 'Packets dropped so far by the batch drop from the fattest queue (buffer or memory limit).',
    cumulative: true,
  },
  {
    key: 'codelDrops',
    label: 'CoDel drops',
    unit: 'packets',
    description: "Packets dropped so far by the flows' CoDel.",
    cumulative: true,
  },
  {
    key: 'marks',
    label: 'CE marks',
    unit: 'packets',
    description: "Packets CE-marked so far by the flows' CoDel.",
    cumulative: true,
  },
];

export const fqCodelModel: QueueModel = {
  info: {
    id: 'fq-codel',
    category: 'queue',
    name: 'FQ-CoDel',
    description:
      'Flow queueing with CoDel: flows hashed into CoDel queues served by deficit round robin, new flows first.',
    citation: 'RFC 8290 §4–5; Linux net/sched/sch_fq_codel.c; ns-3.37 fq-codel-queue-disc.cc',
    params: [
      // CoDel's parameters for every flow queue; ECN on by default as in Linux fq_codel and
      // ns-3.37 FqCoDelQueueDisc (UseEcn true)
      ...CODEL_PARAM_SPECS.map((p) =>
        p.key === 'ecn'
          ? {
              ...p,
              default: true,
              description:
                'Set CE on ECN-capable packets instead of dropping them, in every flow queue (RFC 8289 §4.4); non-ECT packets are still dropped. On by default as Linux fq_codel and ns-3.37 FqCoDel UseEcn (true).',
            }
          : p,
      ),
      {
        key: 'flows',
        label: 'Flow queues',
        kind: 'integer',
        default: 1024,
        min: 1,
        max: 65536,
        description:
          'Number of flow queues (hash buckets) flows are hashed into (RFC 8290 §4.1.1). ns-3 Flows / Linux flows, 1024.',
      },
      {
        key: 'quantum',
        label: 'Quantum',
        kind: 'size',
        default: 1514,
        min: 1,
        description:
          'DRR quantum: bytes of credit a flow queue gets per round (RFC 8290 §4.2, §5.1). Default 1514 as RFC 8290 and Linux (Ethernet MTU with header); ns-3 uses the device MTU, 1500 in the validation harness.',
      },
      {
        key: 'dropBatch',
        label: 'Drop batch',
        kind: 'integer',
        default: 64,
        min: 1,
        max: 100000,
        description:
          'On overflow, packets are dropped from the head of the queue with the most bytes until half of its bytes or this many packets are gone (at least one). Linux drop_batch_size / ns-3 DropBatchSize, 64.',
      },
      {
        key: 'memoryLimit',
        label: 'Memory limit',
        kind: 'size',
        default: 33554432,
        min: 1,
        description:
          'Bytes all flow queues may hold together (RFC 8290 §4.1.3); above it the same batch drop runs (reason memory). Linux memory_limit 32 MB counts skb truesize, here packet sizes. ns-3.37 has none: keep the default.',
      },
      {
        key: 'perturbation',
        label: 'Hash perturbation',
        kind: 'integer',
        default: -1,
        min: -1,
        max: 4294967295,
        description:
          "Salt of the flow hash: -1 draws it from the run's seed (Linux: random per boot); a fixed value, e.g. 0 as ns-3's Perturbation default, gives the same buckets for every seed.",
      },
      {
        key: 'emptyNewFlow',
        label: 'Emptied new flow',
        kind: 'enum',
        default: 'old-list',
        options: ['old-list', 'linux'],
        description:
          'A new-list queue found empty at its turn: old-list moves it to the tail of the old list (RFC 8290 §4.2, ns-3.37) so it cannot regain priority at once; linux does so only while some old flow is waiting, else removes it (sch_fq_codel.c).',
      },
      {
        key: 'batchDropRaisesCount',
        label: 'Overflow raises CoDel count',
        kind: 'boolean',
        default: false,
        description:
          'After a batch drop, add the number dropped to that flow\'s CoDel count (Linux fq_codel_drop, "increase its signal strength"). ns-3.37 does not (the default).',
      },
      {
        key: 'minBytesScope',
        label: 'Min backlog of',
        kind: 'enum',
        default: 'flow',
        options: ['flow', 'qdisc'],
        description:
          "Whose backlog CoDel's minBytes exception reads: the flow's own queue (ns-3.37: each flow is a CoDelQueueDisc) or the whole FQ-CoDel queue (Linux passes sch->qstats.backlog).",
      },
    ],
    probes: FQ_CODEL_PROBES,
  },
  create: (p) =>
    new FqCoDelQueueDisc({
      codel: codelParamsFrom(p),
      flows: num(p, 'flows'),
      quantumBytes: num(p, 'quantum'),
      dropBatch: num(p, 'dropBatch'),
      memoryLimitBytes: num(p, 'memoryLimit'),
      perturbation: num(p, 'perturbation'),
      emptyNewFlow: str(p, 'emptyNewFlow') as 'old-list' | 'linux',
      batchDropRaisesCount: bool(p, 'batchDropRaisesCount'),
      minBytesScope: str(p, 'minBytesScope') as 'flow' | 'qdisc',
    }),
};
