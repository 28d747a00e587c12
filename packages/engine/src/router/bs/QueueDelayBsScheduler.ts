import { num } from '../../model/params.js';
import { argmaxBacklogged, type BsScheduler, type BsSchedulerModel, type BsSlotView } from './BsScheduler.js';
import { averagingParam, ServedRateFilter } from './ServedRateFilter.js';

/**
 * Queue delay (seed 004 "Qdelay", thesis §3.3 eq. 14): a modified largest-weighted-delay-first
 * (M-LWDF, Andrews et al., "Providing quality of service over a shared wireless link", IEEE Commun.
 * Mag. 39(2), 2001) — serve argmax QueLEN_l[n] / AveR_l[n] · R_l[n]. By Little's law QueLEN/AveR
 * estimates the UE's queueing delay, so the weight is delay × rate (M-LWDF weighs the head-of-line
 * delay instead). AveR is the low-pass filtered served rate (ServedRateFilter).
 */
export class QueueDelayBsScheduler implements BsScheduler {
  readonly filter: ServedRateFilter;

  constructor(ueCount: number, averagingSlots: number) {
    this.filter = new ServedRateFilter(ueCount, averagingSlots);
  }

  choose(v: BsSlotView): number {
    const avg = this.filter.avgBps;
    return argmaxBacklogged(v, (i) => (v.queuePackets[i]! / avg[i]!) * v.rateBps[i]!);
  }

  slotEnded(ue: number, bits: number, v: BsSlotView): void {
    this.filter.update(ue, bits, v);
  }
}

export const qdelayBsModel: BsSchedulerModel = {
  info: {
    id: 'qdelay',
    category: 'bs-scheduler',
    name: 'Queue delay (M-LWDF)',
    description: 'The UE with the largest queue length ÷ averaged served rate × current rate (delay × rate).',
    citation: 'Seed 004 §3.3 eq. 14 ("Qdelay"); Andrews et al., IEEE Commun. Mag. 39(2), 2001 (M-LWDF)',
    params: [averagingParam],
  },
  create: (p, ctx) => new QueueDelayBsScheduler(ctx.ueCount, num(p, 'averaging') / ctx.slotSeconds),
};
