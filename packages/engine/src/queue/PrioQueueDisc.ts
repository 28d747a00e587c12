import type { Packet } from '../net/Packet.js';
import { num, str } from '../model/params.js';
import type { ChildFactory } from './ClassfulQueueDisc.js';
import type { QueueContext } from '../net/QueueDisc.js';
import type { QueueModel } from './QueueModel.js';
import { SubQueueScheduler } from './SubQueueScheduler.js';

export type PrioOverflow = 'tail' | 'pushout';

export interface PrioParams {
  bands: number;
  overflow: PrioOverflow;
}

/** The most bands (Linux TCQ_PRIO_BANDS). */
export const MAX_PRIO_BANDS = 16;

/**
 * Strict priority over `bands` sub-queues (Linux sch_prio.c; ns-3 PrioQueueDisc): a packet of a
 * flow of class c goes to band min(c, bands − 1) — band 0 is the highest priority, and classes
 * beyond the last band share the lowest one (as Linux's priomap sends unlisted priorities to a
 * fixed band). Each dequeue sends from the highest-priority band that has a packet; a lower band
 * waits as long as a higher one is backlogged (it can starve).
 *
 * One buffer (the port's) is shared. An arrival that does not fit is refused (`overflow: tail`),
 * or (`pushout`) packets of the lowest-priority backlogged band below the arrival's are discarded
 * to make room — each the oldest of that band's child — and only when no lower band holds any is
 * the arrival refused.
 */
export class PrioQueueDisc extends SubQueueScheduler {
  constructor(
    readonly params: PrioParams,
    makeChild: ChildFactory,
  ) {
    super(makeChild);
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    this.reserveSubQueues(this.params.bands);
  }

  /** The band of a packet (0 = highest priority). */
  bandOf(pkt: Packet): number {
    const c = this.ctx.flows.classOf[pkt.flowId]!;
    return c < this.params.bands ? c : this.params.bands - 1;
  }

  protected doEnqueue(pkt: Packet): boolean {
    const band = this.bandOf(pkt);
    while (this.overLimit(pkt.sizeBytes)) {
      const victim = this.params.overflow === 'pushout' ? this.lowestBandBelow(band) : -1;
      if (victim < 0 || !this.dropHead(victim, 'fq-overflow')) {
        this.dropBeforeEnqueue(pkt, 'overflow');
        return false;
      }
    }
    return this.enqueueToChild(band, pkt);
  }

  /** Empty, the arrival fits and its band's FIFO child passes it through: sent at once. */
  override admitsPassThrough(pkt: Packet): boolean {
    return this.emptyAndChildPassesThrough(this.bandOf(pkt), pkt);
  }

  override passThrough(pkt: Packet): void {
    this.passThroughSubQueue(this.bandOf(pkt), pkt);
  }

  /** The lowest-priority backlogged band strictly below `band`, or −1. */
  private lowestBandBelow(band: number): number {
    for (let b = this.params.bands - 1; b > band; b--) if (this.backlogged(b)) return b;
    return -1;
  }

  protected doDequeue(): Packet | null {
    for (let b = 0; b < this.params.bands; b++) {
      if (!this.backlogged(b)) continue;
      const p = this.takeHead(b);
      // null: the band's child discarded what it had (CoDel) or holds it back; try the next band
      if (p !== null) return p;
    }
    return null;
  }
}

export const prioModel: QueueModel = {
  info: {
    id: 'prio',
    category: 'queue',
    name: 'Priority (strict)',
    description: "Strict priority by the flow's class: band 0 first; classes past the last band share the lowest.",
    citation: 'Linux sch_prio.c; ns-3 PrioQueueDisc (src/traffic-control/model/prio-queue-disc.cc)',
    classful: true,
    params: [
      {
        key: 'bands',
        label: 'Bands',
        kind: 'integer',
        default: 3,
        min: 1,
        max: MAX_PRIO_BANDS,
        description: 'Number of priority bands; a flow of class c uses band min(c, bands − 1), band 0 first.',
      },
      {
        key: 'overflow',
        label: 'When full',
        kind: 'enum',
        default: 'tail',
        options: ['tail', 'pushout'],
        description:
          'tail: refuse the arrival; pushout: discard packets of the lowest-priority band below the arrival’s to make room.',
      },
    ],
  },
  create: (p, _limit, build) =>
    new PrioQueueDisc({ bands: num(p, 'bands'), overflow: str(p, 'overflow') as PrioOverflow }, build.makeChild),
};
