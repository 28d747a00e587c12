import type { Packet } from '../net/Packet.js';
import { num, str } from '../model/params.js';
import { ActiveRing } from './ActiveRing.js';
import type { ChildFactory } from './ClassfulQueueDisc.js';
import { flowBucket, mix32 } from './flowHash.js';
import { ns2SfqBucket } from './ns2Hash.js';
import type { QueueContext } from '../net/QueueDisc.js';
import type { QueueModel } from './QueueModel.js';
import { SubQueueScheduler } from './SubQueueScheduler.js';

export type SfqHash = 'ns2' | 'seeded';

export interface SfqParams {
  buckets: number;
  /** ns-2 maxqueue_: packets all buckets may hold together (0: only the port's buffer). */
  maxQueuePackets: number;
  /** ns2: ns-2's hash of (source + destination node); seeded: `flowHash.ts` of the flow id. */
  hash: SfqHash;
  /** Seconds between changes of the hash perturbation (seeded hash only); 0 = never. */
  perturbIntervalS: number;
}

/**
 * Stochastic Fairness Queueing (McKenney, "Stochastic Fairness Queueing", INFOCOM 1990), with the
 * semantics of ns-2.35's Queue/SFQ (queue/sfq.cc):
 *
 * - Flows are hashed into `buckets` sub-queues; colliding flows share one. `hash: ns2` (default)
 *   is ns-2's hash of source + destination node address (`ns2SfqBucket`), which never changes.
 *   `hash: seeded` hashes the flow id with a seeded perturbation (`flowHash.ts`), changed every
 *   `perturbInterval` as McKenney proposes so that collisions do not persist; packets already
 *   queued stay in their bucket, as in McKenney's scheme (Linux sch_sfq.c now rehashes queued
 *   packets at each perturbation, `sfq_rehash`), so a flow moved by a perturbation may briefly
 *   have packets in two buckets and be reordered.
 * - Service: packet-by-packet round robin over backlogged buckets (one packet per turn, whatever
 *   its size); a newly backlogged bucket joins at the end of the round.
 * - Buffer (sfq.cc `enque`): with M = maxqueue_ packets, `used` the arrival's bucket's packets,
 *   `left` = M − packets stored and fairshare = ⌊M / buckets⌋, the arrival is dropped when
 *   used ≥ ⌊left / 2⌋, or left < buckets and used > fairshare, or left ≤ 0. Nothing stored is
 *   ever dropped.
 *
 * ns-2's Queue/SFQ never reads the link's queue-limit (qlim_); its limit is maxqueue_ (40 by
 * default). Here M is the smaller of `maxqueue` and a port buffer counted in packets; a port buffer
 * in bytes also refuses any arrival that would not fit. With `maxqueue` 0 and a buffer in bytes,
 * the same rule is applied in bytes (used and left in bytes, "left < buckets" read as fewer bytes
 * left than `buckets` arrivals of this size) — an extension, not in ns-2.
 */
export class SfqQueueDisc extends SubQueueScheduler {
  private readonly ring: ActiveRing;
  /** Bucket of each flow (both directions: ns-2's hash of the address pair is symmetric). */
  private bucketOfFlow = new Int32Array(0);
  private perturbIntervalNs = 0;
  private perturbBase = 0;
  private nextPerturbNs = Infinity;
  /** Perturbation in force (seeded hash). */
  perturbation = 0;

  constructor(
    readonly params: SfqParams,
    makeChild: ChildFactory,
  ) {
    super(makeChild);
    this.ring = new ActiveRing(params.buckets);
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    const p = this.params;
    this.reserveSubQueues(p.buckets);
    this.bucketOfFlow = new Int32Array(ctx.flows.count);
    if (p.hash === 'seeded') {
      this.perturbBase = ctx.random.nextUint32();
      this.perturbIntervalNs = Math.round(p.perturbIntervalS * 1e9);
      this.setPerturbation(0);
    } else {
      const f = ctx.flows;
      for (let i = 0; i < f.count; i++)
        this.bucketOfFlow[i] = ns2SfqBucket(f.fromNodeOf[i]!, f.toNodeOf[i]!, p.buckets);
    }
  }

  /** The bucket a packet of flow `flowId` joins now. */
  bucketOf(flowId: number): number {
    return this.bucketOfFlow[flowId]!;
  }

  /** Perturbation epoch `e` (the e-th interval): a seeded function of e, whatever the traffic. */
  private setPerturbation(epoch: number): void {
    this.perturbation = mix32((this.perturbBase + Math.imul(epoch, 0x9e3779b9)) | 0);
    const n = this.params.buckets;
    for (let f = 0; f < this.bucketOfFlow.length; f++) this.bucketOfFlow[f] = flowBucket(f, this.perturbation, n);
    this.nextPerturbNs = this.perturbIntervalNs > 0 ? (epoch + 1) * this.perturbIntervalNs : Infinity;
  }

  /** Brings the hash perturbation up to now (at every arrival, before the bucket is chosen). */
  private perturbIfDue(): void {
    const now = this.now;
    if (now >= this.nextPerturbNs) this.setPerturbation(Math.floor(now / this.perturbIntervalNs));
  }

  /**
   * An empty scheduler hands an arrival its bucket's FIFO child passes through, and sfq.cc's rule
   * admits, straight back: the bucket joins the round and leaves it again at once. The
   * perturbation is brought up to now here, as the arrival would.
   */
  override admitsPassThrough(pkt: Packet): boolean {
    if (this.ring.size !== 0) return false;
    this.perturbIfDue();
    const i = this.bucketOfFlow[pkt.flowId]!;
    return this.emptyAndChildPassesThrough(i, pkt) && !this.refuses(i, pkt.sizeBytes);
  }

  override passThrough(pkt: Packet): void {
    this.passThroughSubQueue(this.bucketOfFlow[pkt.flowId]!, pkt);
  }

  protected doEnqueue(pkt: Packet): boolean {
    this.perturbIfDue();
    const i = this.bucketOfFlow[pkt.flowId]!;
    if (this.refuses(i, pkt.sizeBytes)) {
      this.dropBeforeEnqueue(pkt, 'overflow');
      return false;
    }
    if (!this.enqueueToChild(i, pkt)) return false;
    if (!this.ring.has(i)) this.ring.activate(i);
    return true;
  }

  /** sfq.cc's drop rule for an arrival of `size` bytes to bucket `i` (see the class comment). */
  private refuses(i: number, size: number): boolean {
    const limit = this.ctx.limit;
    const buckets = this.params.buckets;
    let m = this.params.maxQueuePackets;
    if ('packets' in limit) m = m > 0 ? Math.min(m, limit.packets) : limit.packets;
    else if (this.lengthBytes + size > limit.bytes) return true;
    if (m > 0) {
      const c = this.children[i];
      const used = c === undefined ? 0 : c.lengthPackets;
      const left = m - this.lengthPackets;
      return used >= left >> 1 || (left < buckets && used > Math.floor(m / buckets)) || left <= 0;
    }
    // maxqueue 0 and a buffer in bytes: the same rule in bytes
    const total = (limit as { bytes: number }).bytes;
    const used = this.backlogBytes(i);
    const left = total - this.lengthBytes;
    return used >= left / 2 || (left < buckets * size && used > Math.floor(total / buckets)) || left < size;
  }

  protected override subQueueEmptied(i: number): void {
    this.ring.idle(i);
  }

  protected doDequeue(): Packet | null {
    return this.takeRoundRobin(this.ring);
  }
}

export const sfqModel: QueueModel = {
  info: {
    id: 'sfq',
    category: 'queue',
    name: 'SFQ (stochastic fairness queueing)',
    description:
      'Flows hashed into buckets served packet by packet in round robin; an arrival is dropped when its bucket holds too much of what is left (ns-2 Queue/SFQ).',
    citation: 'McKenney, INFOCOM 1990; ns-2.35 queue/sfq.cc and ns-default.tcl (maxqueue_ 40, buckets_ 16)',
    classful: true,
    params: [
      {
        key: 'buckets',
        label: 'Buckets',
        kind: 'integer',
        default: 16,
        min: 1,
        max: 65536,
        description: 'Number of hash buckets (ns-2 buckets_).',
      },
      {
        key: 'maxqueue',
        label: 'Max queue',
        kind: 'integer',
        default: 40,
        min: 0,
        max: 1_000_000,
        unit: 'packets',
        description:
          "Packets all buckets may hold together (ns-2 maxqueue_; ns-2 ignores the link's queue-limit). A port buffer in packets also applies; 0 = only the port's buffer.",
      },
      {
        key: 'hash',
        label: 'Hash',
        kind: 'enum',
        default: 'ns2',
        options: ['ns2', 'seeded'],
        description:
          "ns2: ns-2's hash of source + destination node (fixed); seeded: a seeded hash of the flow id, perturbed every perturbInterval.",
      },
      {
        key: 'perturbInterval',
        label: 'Perturbation interval',
        kind: 'duration',
        default: 0,
        min: 0,
        description: 'Time between changes of the hash perturbation (McKenney 1990; seeded hash only); 0 = never.',
      },
    ],
  },
  create: (p, _limit, build) =>
    new SfqQueueDisc(
      {
        buckets: num(p, 'buckets'),
        maxQueuePackets: num(p, 'maxqueue'),
        hash: str(p, 'hash') as SfqHash,
        perturbIntervalS: num(p, 'perturbInterval'),
      },
      build.makeChild,
    ),
  check: (p) =>
    str(p, 'hash') === 'ns2' && num(p, 'perturbInterval') > 0
      ? [
          {
            key: 'perturbInterval',
            message: "ns-2's hash (hash: ns2) has no perturbation; use hash: seeded to perturb every interval",
          },
        ]
      : [],
};
