import type { Packet } from '../net/Packet.js';
import { str } from '../model/params.js';
import { ActiveRing } from './ActiveRing.js';
import type { ChildFactory } from './ClassfulQueueDisc.js';
import type { QueueContext } from '../net/QueueDisc.js';
import type { QueueModel } from './QueueModel.js';
import { MAX_CLASSES } from './schedulerParams.js';
import { SubQueueScheduler } from './SubQueueScheduler.js';

export interface RoundRobinParams {
  by: 'flow' | 'class';
}

/**
 * Packet-by-packet round robin (Nagle, "On packet switches with infinite storage", IEEE Trans.
 * Commun. 35(4), 1987): one sub-queue per flow or per class; each turn sends one packet from the
 * next backlogged sub-queue, whatever its size (so flows with larger packets get more bytes — DRR
 * corrects that). A sub-queue that becomes backlogged joins at the end of the round.
 *
 * Shared buffer: longest-queue drop, as ns-2's DRR — the oldest packet of the sub-queue with the
 * most bytes makes room, or the arrival is refused when its own sub-queue is the longest and empty.
 */
export class RoundRobinQueueDisc extends SubQueueScheduler {
  private readonly ring = new ActiveRing(16);

  constructor(
    readonly params: RoundRobinParams,
    makeChild: ChildFactory,
  ) {
    super(makeChild);
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    this.reserveSubQueues(this.params.by === 'flow' ? ctx.flows.count : MAX_CLASSES);
  }

  subQueueOf(pkt: Packet): number {
    return this.params.by === 'flow' ? pkt.flowId : this.ctx.flows.classOf[pkt.flowId]!;
  }

  protected doEnqueue(pkt: Packet): boolean {
    const i = this.subQueueOf(pkt);
    if (!this.makeRoomByLongestDrop(i, pkt) || !this.enqueueToChild(i, pkt)) return false;
    if (!this.ring.has(i)) this.ring.activate(i);
    return true;
  }

  /**
   * An empty scheduler (nothing in the ring) hands an arrival its FIFO child passes through straight
   * back: the enqueue puts its sub-queue in the ring, the dequeue sends it and takes the sub-queue
   * out again, so nothing but the statistics changes.
   */
  override admitsPassThrough(pkt: Packet): boolean {
    return this.ring.size === 0 && this.emptyAndChildPassesThrough(this.subQueueOf(pkt), pkt);
  }

  override passThrough(pkt: Packet): void {
    this.passThroughSubQueue(this.subQueueOf(pkt), pkt);
  }

  protected override subQueueEmptied(i: number): void {
    this.ring.idle(i);
  }

  protected doDequeue(): Packet | null {
    return this.takeRoundRobin(this.ring);
  }
}

export const rrModel: QueueModel = {
  info: {
    id: 'rr',
    category: 'queue',
    name: 'Round robin',
    description: 'One packet per backlogged flow (or class) in turn; longest-queue drop in a shared buffer.',
    citation: 'Nagle, IEEE Trans. Commun. 35(4), 1987 (fair queueing by packet round robin)',
    classful: true,
    params: [
      {
        key: 'by',
        label: 'Sub-queues',
        kind: 'enum',
        default: 'flow',
        options: ['flow', 'class'],
        description: 'Round robin over flows, or over flow classes.',
      },
    ],
  },
  create: (p, _limit, build) => new RoundRobinQueueDisc({ by: str(p, 'by') as 'flow' | 'class' }, build.makeChild),
};
