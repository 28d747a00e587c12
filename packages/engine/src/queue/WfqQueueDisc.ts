import type { Packet } from '../net/Packet.js';
import { list, str } from '../model/params.js';
import type { ChildFactory } from './ClassfulQueueDisc.js';
import { holdAsDoubles } from '../core/doubleFields.js';
import { GpsVirtualTime } from './GpsVirtualTime.js';
import { DropStage, type DropReason, type QueueContext } from '../net/QueueDisc.js';
import type { QueueModel } from './QueueModel.js';
import { checkWeights, MAX_CLASSES, subQueueWeight, weightsParam } from './schedulerParams.js';
import { SubQueueScheduler } from './SubQueueScheduler.js';
import { TaggedPacketRing } from './TaggedPacketRing.js';

export type WfqVirtualTime = 'gps' | 'scfq';

export interface WfqParams {
  by: 'flow' | 'class';
  weights: readonly number[];
  virtualTime: WfqVirtualTime;
}

/**
 * Weighted Fair Queueing with virtual finish times (Demers, Keshav & Shenker, "Analysis and
 * simulation of a fair queueing algorithm", SIGCOMM 1989; Parekh & Gallager's PGPS, 1993). Packet
 * k of sub-queue i (a flow, or a class), of L bytes, arriving at time a, is tagged
 *
 *   S = max(F_{i,k−1}, V(a)),   F_{i,k} = S + L / φ_i
 *
 * (Parekh & Gallager's PGPS tags, in bytes per unit weight), and the backlogged sub-queue whose head
 * packet has the smallest F is sent next (the lowest index on a tie). A child that discards at
 * dequeue (CoDel) is asked for its head before the choice is final (`peekHead`): if it discarded
 * packets, their tags go with them and the choice is made again. The virtual time V is
 * `virtualTime`:
 * - `gps` (default): the fluid GPS system's own virtual time (`GpsVirtualTime`, exact — WFQ/PGPS);
 * - `scfq`: Golestani's self-clocked approximation ("A self-clocked fair queueing scheme for
 *   broadband applications", INFOCOM 1994): V is the finish tag of the packet most
 *   recently sent, and V and every F are reset to 0 when an arrival finds the scheduler empty.
 *
 * Weights φ: a flow's scenario weight (`by: flow`) or `weights[class]` (`by: class`). Shared
 * buffer: the packet with the largest finish tag is discarded (see `makeRoomForTag`).
 */
export class WfqQueueDisc extends SubQueueScheduler {
  private tags: (TaggedPacketRing | undefined)[] = [];
  /**
   * Each sub-queue's oldest tag (its ring's `headTag`), Infinity when it has none: the dequeue's
   * smallest-tag search reads this array instead of every ring. Kept by `syncHeadTag` after every
   * change to a ring.
   */
  private headTagOf = new Float64Array(0);
  private lastFinish = new Float64Array(0);
  private phi = new Float64Array(0);
  private gps: GpsVirtualTime | null = null;
  /** SCFQ: finish tag of the packet most recently sent. */
  private scfqV = 0;
  /** The finish tag `tagArrival` computed last. */
  private arrivalTag = 0;
  private used = 0;

  constructor(
    readonly params: WfqParams,
    makeChild: ChildFactory,
  ) {
    super(makeChild);
    holdAsDoubles(this, ['scfqV', 'arrivalTag']);
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    const p = this.params;
    const n = p.by === 'flow' ? ctx.flows.count : MAX_CLASSES;
    this.reserveSubQueues(n);
    this.phi = Float64Array.from({ length: n }, (_, i) => subQueueWeight(p.by, i, ctx.flows, p.weights));
    this.lastFinish = new Float64Array(n);
    this.tags = new Array<TaggedPacketRing | undefined>(n).fill(undefined);
    this.headTagOf = new Float64Array(n).fill(Infinity);
    this.gps = p.virtualTime === 'gps' ? new GpsVirtualTime(this.phi) : null;
  }

  subQueueOf(pkt: Packet): number {
    return this.params.by === 'flow' ? pkt.flowId : this.ctx.flows.classOf[pkt.flowId]!;
  }

  /** Brings the virtual time up to now: the fluid system advanced, or SCFQ's new busy period. */
  private advanceVirtualTime(): void {
    if (this.gps !== null) this.gps.advanceTo(this.clock, this.ctx.port);
    else if (this.lengthPackets === 0) {
      // SCFQ: an arrival to an empty scheduler starts a new busy period
      this.scfqV = 0;
      this.lastFinish.fill(0);
    }
  }

  /** The virtual time now (advancing the fluid system), bytes per unit weight. */
  virtualTime(): number {
    this.advanceVirtualTime();
    return this.gps !== null ? this.gps.v : this.scfqV;
  }

  /** Finish tag of sub-queue `i`'s oldest waiting packet (NaN when none). */
  headFinishTag(i: number): number {
    return this.tags[i]?.headTag() ?? NaN;
  }

  /**
   * Sets `arrivalTag` to the finish tag of an arrival of `bytes` to sub-queue `i` now (advancing
   * the virtual time). A field, not a return value: a double returned from (or passed to) a call
   * V8 does not inline is a heap number allocated per packet.
   */
  private tagArrival(i: number, bytes: number): void {
    this.advanceVirtualTime();
    const v = this.gps !== null ? this.gps.v : this.scfqV;
    this.arrivalTag = Math.max(this.lastFinish[i]!, v) + bytes / this.phi[i]!;
  }

  /**
   * An empty scheduler hands an arrival its sub-queue's FIFO child passes through, within the
   * shared limit, straight back: it gets its finish tag (the virtual time advanced, the fluid
   * system told), has the only tag, and is sent at once — SCFQ's virtual time becoming that tag.
   * `passThrough` applies exactly those updates.
   */
  override admitsPassThrough(pkt: Packet): boolean {
    const i = this.subQueueOf(pkt);
    return this.tags[i] !== undefined && this.emptyAndChildPassesThrough(i, pkt);
  }

  override passThrough(pkt: Packet): void {
    const i = this.subQueueOf(pkt);
    this.passThroughSubQueue(i, pkt);
    this.tagArrival(i, pkt.sizeBytes);
    const finish = this.arrivalTag;
    this.lastFinish[i] = finish;
    this.gps?.arriveWith(i, this.lastFinish, i);
    if (this.gps === null) this.scfqV = finish;
  }

  protected doEnqueue(pkt: Packet): boolean {
    const i = this.subQueueOf(pkt);
    this.tagArrival(i, pkt.sizeBytes);
    if (this.overSharedLimit(pkt.sizeBytes) && !this.makeRoomForTag(pkt)) return false;
    if (!this.enqueueToChild(i, pkt)) return false;
    const finish = this.arrivalTag;
    this.lastFinish[i] = finish;
    this.gps?.arriveWith(i, this.lastFinish, i);
    let ring = this.tags[i];
    if (ring === undefined) {
      ring = this.tags[i] = new TaggedPacketRing();
      if (i >= this.used) this.used = i + 1;
    }
    ring.push(pkt, this.lastFinish, i);
    this.syncHeadTag(i);
    return true;
  }

  /** Copies sub-queue `i`'s oldest tag into `headTagOf` (after its ring changed). */
  private syncHeadTag(i: number): void {
    const r = this.tags[i];
    if (r === undefined || r.length === 0) this.headTagOf[i] = Infinity;
    else r.headTagInto(this.headTagOf, i);
  }

  /**
   * Buffer management in tag order: while the arrival (finish tag `arrivalTag`) does not fit, the packet
   * that would be sent last goes. If that is the arrival — its tag is the largest of any sub-queue's
   * newest packet — it is refused; otherwise the sub-queue whose newest tag is the largest gives up
   * a packet (its child's choice, the oldest for a FIFO) and its remaining tags, last finish tag
   * and fluid-system finish move back by that packet's L/φ, as if it had never arrived. (Dropping
   * from the head without moving the tags back would leave an unresponsive flow's tags running
   * ahead of V for ever: it would be starved, not held to its share.)
   */
  private makeRoomForTag(pkt: Packet): boolean {
    while (this.overSharedLimit(pkt.sizeBytes)) {
      let victim = -1;
      let largest = this.arrivalTag;
      for (let i = 0; i < this.used; i++) {
        const r = this.tags[i];
        if (r === undefined || r.length === 0) continue;
        const t = r.tailTag();
        if (t > largest) {
          largest = t;
          victim = i;
        }
      }
      if (victim < 0) {
        this.dropBeforeEnqueue(pkt, 'fq-overflow');
        return false;
      }
      const before = this.backlogBytes(victim);
      if (!this.dropHead(victim, 'fq-overflow')) {
        this.dropBeforeEnqueue(pkt, 'overflow');
        return false;
      }
      const back = (before - this.backlogBytes(victim)) / this.phi[victim]!;
      this.tags[victim]!.lowerTags(back);
      this.syncHeadTag(victim);
      this.lastFinish[victim]! -= back;
      this.gps?.retract(victim, back);
    }
    return true;
  }

  protected doDequeue(): Packet | null {
    for (;;) {
      let best = -1;
      let bestTag = Infinity;
      const heads = this.headTagOf;
      for (let i = 0; i < this.used; i++) {
        // Infinity for a sub-queue without tags: never below bestTag
        const t = heads[i]!;
        if (t < bestTag) {
          bestTag = t;
          best = i;
        }
      }
      if (best < 0) return null;
      // a child that decides at dequeue (CoDel) may discard its head when asked: look first, and
      // choose again if what it offers no longer has the smallest tag
      if (this.peekHead(best) === null) {
        // it discarded everything (the tags went with the packets) or holds its packets back
        if (this.backlogged(best)) return null;
        continue;
      }
      // (headTagOf is the ring's head tag, Infinity for none: kept by syncHeadTag after every change)
      if (heads[best] !== bestTag) continue;
      const p = this.takeHead(best)!;
      const ring = this.tags[best]!;
      ring.remove(p);
      this.syncHeadTag(best);
      if (this.gps === null) this.scfqV = ring.removedTag;
      return p;
    }
  }

  protected override dropHead(i: number, reason: DropReason): boolean {
    // a held head is discarded here, not by the child: its tag goes now (before the port recycles it)
    const h = i < this.held.length ? this.held[i]! : null;
    if (h !== null) {
      this.tags[i]?.remove(h);
      this.syncHeadTag(i);
    }
    return super.dropHead(i, reason);
  }

  override onQueueDrop(pkt: Packet, reason: DropReason, stage: DropStage): void {
    // a stored packet discarded by its child takes its tag with it (before the port recycles it)
    if (stage !== DropStage.BeforeEnqueue) {
      const i = this.subQueueOf(pkt);
      this.tags[i]?.remove(pkt);
      this.syncHeadTag(i);
    }
    super.onQueueDrop(pkt, reason, stage);
  }
}

export const wfqModel: QueueModel = {
  info: {
    id: 'wfq',
    category: 'queue',
    name: 'WFQ (weighted fair queueing)',
    description:
      'Packets sent in order of virtual finish time (GPS emulation or self-clocked); per-flow or per-class weights.',
    citation:
      'Demers, Keshav & Shenker, SIGCOMM 1989; Parekh & Gallager, IEEE/ACM ToN 1993 (PGPS); Golestani, INFOCOM 1994 (SCFQ)',
    classful: true,
    params: [
      {
        key: 'by',
        label: 'Sub-queues',
        kind: 'enum',
        default: 'flow',
        options: ['flow', 'class'],
        description:
          'flow: one sub-queue per flow, weight flows[i].weight; class: one per class, weight weights[class].',
      },
      weightsParam,
      {
        key: 'virtualTime',
        label: 'Virtual time',
        kind: 'enum',
        default: 'gps',
        options: ['gps', 'scfq'],
        description:
          "gps: the fluid GPS system's virtual time (exact WFQ/PGPS); scfq: the finish tag of the packet in service (Golestani's self-clocked FQ).",
      },
    ],
  },
  create: (p, _limit, build) =>
    new WfqQueueDisc(
      {
        by: str(p, 'by') as 'flow' | 'class',
        weights: list(p, 'weights'),
        virtualTime: str(p, 'virtualTime') as WfqVirtualTime,
      },
      build.makeChild,
    ),
  check: checkWeights,
};
