import { num } from '../../model/params.js';
import { argmaxBacklogged, type BsScheduler, type BsSchedulerModel, type BsSlotView } from './BsScheduler.js';
import { averagingParam, ServedRateFilter } from './ServedRateFilter.js';

/**
 * Proportional fair (Jalali, Padovani & Pankaj, "Data throughput of CDMA-HDR, a high efficiency-
 * high data rate personal communication wireless system", VTC 2000, §3): serve argmax
 * R_l[n] / AveR_l[n] — each UE is served when its channel is good relative to what it has been
 * getting, which maximises Σ log(throughput) in the long run. Not one of seed 004's four; here to
 * show that a scheduler is one file.
 */
export class ProportionalFairBsScheduler implements BsScheduler {
  readonly filter: ServedRateFilter;

  constructor(ueCount: number, averagingSlots: number) {
    this.filter = new ServedRateFilter(ueCount, averagingSlots);
  }

  choose(v: BsSlotView): number {
    const avg = this.filter.avgBps;
    return argmaxBacklogged(v, (i) => v.rateBps[i]! / avg[i]!);
  }

  slotEnded(ue: number, bits: number, v: BsSlotView): void {
    this.filter.update(ue, bits, v);
  }
}

export const pfBsModel: BsSchedulerModel = {
  info: {
    id: 'pf',
    category: 'bs-scheduler',
    name: 'Proportional fair',
    description: 'The UE with the largest current rate ÷ averaged served rate (CDMA-HDR).',
    citation: 'Jalali, Padovani & Pankaj, VTC 2000 §3 (not in seed 004)',
    params: [averagingParam],
  },
  create: (p, ctx) => new ProportionalFairBsScheduler(ctx.ueCount, num(p, 'averaging') / ctx.slotSeconds),
};
