import { isDataKind, type Packet } from '../net/Packet.js';
import { bool, list, num, str } from '../model/params.js';
import { ActiveRing } from './ActiveRing.js';
import type { ChildFactory } from './ClassfulQueueDisc.js';
import { ns2DrrBucket } from './ns2Hash.js';
import type { DropReason, QueueContext } from '../net/QueueDisc.js';
import type { QueueModel } from './QueueModel.js';
import { checkWeights, MAX_CLASSES, subQueueWeight, weightsParam } from './schedulerParams.js';
import { SubQueueScheduler } from './SubQueueScheduler.js';

export type DrrClassifier = 'ns2' | 'flow' | 'class';

export interface DrrParams {
  /** ns2: ns-2's hash of the source node address into `buckets`; flow: one sub-queue per flow; class: per class. */
  by: DrrClassifier;
  buckets: number;
  /** Bytes added to a sub-queue's deficit per round (× its weight). */
  quantumBytes: number;
  /** ns-2 blimit_: bytes the sub-queues may hold together (Infinity: only the port's buffer). */
  blimitBytes: number;
  /** ns-2 mask_: hash the source address with its low four bits cleared. */
  mask: boolean;
  /** Class weights (by class); empty = 1 each. */
  weights: readonly number[];
}

/**
 * Deficit Round Robin (Shreedhar & Varghese, "Efficient fair queueing using deficit round robin",
 * SIGCOMM 1995), with the semantics of ns-2.35's Queue/DRR (queue/drr.cc, Sandeep Bajaj):
 *
 * - Classification (`by: ns2`, the default): the sub-queue is h(source address) mod `buckets`
 *   (`ns2DrrBucket`); flows from one node share a sub-queue, and distinct nodes may collide.
 *   `by: flow` and `by: class` give each flow or class its own sub-queue instead.
 * - Round robin over backlogged sub-queues: a sub-queue that becomes backlogged joins at the end of
 *   the round with deficit 0. On its turn the head sub-queue's deficit grows by its quantum (once
 *   per turn: ns-2's `turn` flag); it sends while its head packet fits in the deficit, then the turn
 *   passes on. A sub-queue that empties by sending loses its deficit.
 * - Shared buffer: after an arrival, while the bytes stored exceed the limit (ns-2 blimit_, and the
 *   port's buffer), the head packet of the sub-queue with the most bytes is dropped — the arrival
 *   counts in its own sub-queue, the longest is searched in round order from the sub-queue being
 *   served (first maximum wins), and a sub-queue emptied this way keeps its deficit and turn flag
 *   (as in drr.cc, where only `idle` is called).
 * - Weighted DRR (an option, not in ns-2): sub-queue i's quantum is `quantum` × weight i — the
 *   flow's scenario weight (by flow) or `weights[class]` (by class).
 *
 * ns-2's Queue/DRR never reads the link's queue-limit (qlim_): its only limit is blimit_ (25000
 * bytes by default). Here (`sharedLimit: blimit`, the default) the port's buffer applies as well,
 * so `{type: "drr"}` behaves as ns-2's DRR whenever the port's buffer is not the tighter bound;
 * `sharedLimit: port` drops blimit and leaves the port's buffer as the only limit.
 */
export class DrrQueueDisc extends SubQueueScheduler {
  private readonly ring: ActiveRing;
  private deficit = new Float64Array(0);
  private turn = new Uint8Array(0);
  private quantum = new Float64Array(0);
  /**
   * Size of sub-queue i's head packet as last peeked, or −1 when not known. A sub-queue's head
   * changes only when the scheduler takes or drops it (a FIFO child never discards on its own;
   * any other child's head is held here once peeked), so the size stays valid until then. With
   * quantum 250 B and 1000-B packets a sub-queue is visited ≈ 4 times per packet sent; the
   * visits that only add a quantum read this array instead of the sub-queue's child and packet,
   * which another sub-queue's turn has made cold (docs/performance.md, "Where the schedulers' extra
   * time goes").
   */
  private headBytes = new Float64Array(0);
  /** Sub-queue of each flow's data packets and of its reverse (ACK) packets. */
  private forwardSubQueue = new Int32Array(0);
  private reverseSubQueue = new Int32Array(0);

  constructor(
    readonly params: DrrParams,
    makeChild: ChildFactory,
  ) {
    super(makeChild);
    this.ring = new ActiveRing(params.by === 'ns2' ? params.buckets : 16);
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    const p = this.params;
    const flows = ctx.flows;
    const n = p.by === 'ns2' ? p.buckets : p.by === 'flow' ? flows.count : MAX_CLASSES;
    this.reserveSubQueues(n);
    this.deficit = new Float64Array(n);
    this.turn = new Uint8Array(n);
    this.headBytes = new Float64Array(n).fill(-1);
    this.quantum = Float64Array.from(
      { length: n },
      (_, i) => p.quantumBytes * subQueueWeight(p.by, i, flows, p.weights),
    );
    this.forwardSubQueue = new Int32Array(flows.count);
    this.reverseSubQueue = new Int32Array(flows.count);
    for (let f = 0; f < flows.count; f++) {
      if (p.by === 'ns2') {
        this.forwardSubQueue[f] = ns2DrrBucket(flows.fromNodeOf[f]!, p.mask, p.buckets);
        this.reverseSubQueue[f] = ns2DrrBucket(flows.toNodeOf[f]!, p.mask, p.buckets);
      } else {
        const i = p.by === 'flow' ? f : flows.classOf[f]!;
        this.forwardSubQueue[f] = i;
        this.reverseSubQueue[f] = i;
      }
    }
  }

  /** The sub-queue a packet belongs to (ns-2 hashes the packet's source address). */
  subQueueOf(pkt: Packet): number {
    return isDataKind(pkt.kind) ? this.forwardSubQueue[pkt.flowId]! : this.reverseSubQueue[pkt.flowId]!;
  }

  /** Deficit counter of sub-queue `i`, bytes. */
  deficitOf(i: number): number {
    return this.deficit[i]!;
  }

  protected doEnqueue(pkt: Packet): boolean {
    const i = this.subQueueOf(pkt);
    if (!this.ring.has(i)) {
      this.ring.activate(i);
      this.deficit[i] = 0;
    }
    const stored = this.makeRoomByLongestDrop(i, pkt) && this.enqueueToChild(i, pkt);
    if (!stored && !this.backlogged(i)) this.ring.idle(i);
    return stored;
  }

  /**
   * An empty scheduler (nothing in the round) hands an arrival its FIFO child passes through, within
   * the shared limit, straight back: the sub-queue joins the round with deficit 0, gains quanta
   * until the packet fits, sends it and leaves the round with deficit 0 and its turn flag cleared,
   * whatever the deficit and flag it had — which is all `passThrough` sets.
   */
  override admitsPassThrough(pkt: Packet): boolean {
    return this.ring.size === 0 && this.emptyAndChildPassesThrough(this.subQueueOf(pkt), pkt);
  }

  override passThrough(pkt: Packet): void {
    const i = this.subQueueOf(pkt);
    this.passThroughSubQueue(i, pkt);
    this.deficit[i] = 0;
    this.turn[i] = 0;
  }

  protected doDequeue(): Packet | null {
    if (this.lengthPackets === 0) return null;
    const ring = this.ring;
    let stalled = 0;
    while (ring.head >= 0) {
      const c = ring.head;
      if (this.turn[c] === 0) {
        this.deficit[c]! += this.quantum[c]!;
        this.turn[c] = 1;
      }
      let size = c < this.headBytes.length ? this.headBytes[c]! : -1;
      if (size < 0) {
        const head = this.peekHead(c);
        if (head !== null) {
          size = head.sizeBytes;
          if (c < this.headBytes.length) this.headBytes[c] = size;
        }
      }
      if (size < 0) {
        if (!this.backlogged(c)) {
          // the child discarded all it had when asked (CoDel): it leaves the round
          this.leaveRound(c);
          continue;
        }
        // a child holding its packets back (a shaper): pass its turn
        this.turn[c] = 0;
        ring.advance();
        if (++stalled >= ring.size) return null;
        continue;
      }
      stalled = 0;
      if (this.deficit[c]! >= size) {
        this.deficit[c]! -= size;
        const p = this.takeHead(c);
        if (!this.backlogged(c)) this.leaveRound(c);
        return p;
      }
      this.turn[c] = 0;
      ring.advance();
    }
    return null;
  }

  protected override takeHead(i: number): Packet | null {
    if (i < this.headBytes.length) this.headBytes[i] = -1;
    return super.takeHead(i);
  }

  protected override dropHead(i: number, reason: DropReason): boolean {
    if (i < this.headBytes.length) this.headBytes[i] = -1;
    return super.dropHead(i, reason);
  }

  /** A sub-queue emptied by sending leaves the round with no deficit (drr.cc `deque`). */
  private leaveRound(c: number): void {
    this.turn[c] = 0;
    this.deficit[c] = 0;
    this.ring.idle(c);
  }

  protected override overSharedLimit(bytes: number): boolean {
    return this.overLimit(bytes) || this.lengthBytes + bytes > this.params.blimitBytes;
  }

  /** ns-2 `getMaxflow`: in round order from the head, the first sub-queue with the most bytes. */
  protected override longestSubQueue(arrival: number, arrivalBytes: number): number {
    const ring = this.ring;
    let best = ring.head;
    if (best < 0) return -1;
    let most = this.backlogBytes(best) + (best === arrival ? arrivalBytes : 0);
    for (let k = 1, i = ring.after(best); k < ring.size; k++, i = ring.after(i)) {
      const b = this.backlogBytes(i) + (i === arrival ? arrivalBytes : 0);
      if (b > most) {
        most = b;
        best = i;
      }
    }
    return best;
  }

  protected override subQueueEmptied(i: number): void {
    // drr.cc unlinks a flow emptied by a drop without clearing its deficit or turn
    this.ring.idle(i);
  }
}

export const drrModel: QueueModel = {
  info: {
    id: 'drr',
    category: 'queue',
    name: 'DRR (deficit round robin)',
    description:
      'Deficit round robin over hashed, per-flow or per-class sub-queues; longest-queue drop in a shared buffer (ns-2 Queue/DRR).',
    citation:
      'Shreedhar & Varghese, SIGCOMM 1995; ns-2.35 queue/drr.cc and ns-default.tcl (buckets_ 10, blimit_ 25000, quantum_ 250, mask_ 0)',
    classful: true,
    params: [
      {
        key: 'by',
        label: 'Sub-queues',
        kind: 'enum',
        default: 'ns2',
        options: ['ns2', 'flow', 'class'],
        description:
          "ns2: ns-2's hash of the packet's source node into `buckets` (flows from one node share); flow: one per flow; class: one per flow class.",
      },
      {
        key: 'buckets',
        label: 'Buckets',
        kind: 'integer',
        default: 10,
        min: 1,
        max: 65536,
        description: 'Number of hash buckets when by = ns2 (ns-2 buckets_).',
      },
      {
        key: 'quantum',
        label: 'Quantum',
        kind: 'size',
        default: 250,
        min: 1,
        description: 'Bytes a sub-queue may send per round, × its weight (ns-2 quantum_).',
      },
      {
        key: 'sharedLimit',
        label: 'Shared limit',
        kind: 'enum',
        default: 'blimit',
        options: ['blimit', 'port'],
        description:
          "blimit: at most `blimit` bytes in all sub-queues, as ns-2 (which ignores the link's queue-limit), and the port's buffer if tighter; port: the port's buffer only.",
      },
      {
        key: 'blimit',
        label: 'Byte limit',
        kind: 'size',
        default: 25000,
        description: 'Bytes all sub-queues may hold together when sharedLimit = blimit (ns-2 blimit_).',
      },
      {
        key: 'mask',
        label: 'Mask port bits',
        kind: 'boolean',
        default: false,
        description: 'Hash the source address with its low four bits cleared (ns-2 mask_; by = ns2 only).',
      },
      weightsParam,
    ],
  },
  create: (p, _limit, build) =>
    new DrrQueueDisc(
      {
        by: str(p, 'by') as DrrClassifier,
        buckets: num(p, 'buckets'),
        quantumBytes: num(p, 'quantum'),
        blimitBytes: str(p, 'sharedLimit') === 'blimit' ? num(p, 'blimit') : Infinity,
        mask: bool(p, 'mask'),
        weights: list(p, 'weights'),
      },
      build.makeChild,
    ),
  check: (p, env) => {
    const issues = checkWeights(p, env);
    if (bool(p, 'mask') && str(p, 'by') !== 'ns2')
      issues.push({ key: 'mask', message: 'mask applies to the ns-2 address hash (by: ns2) only' });
    return issues;
  },
};
