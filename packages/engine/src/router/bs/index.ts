import type { BsSchedulerModel } from './BsScheduler.js';
import { maxSnrBsModel } from './MaxSnrBsScheduler.js';
import { pfBsModel } from './ProportionalFairBsScheduler.js';
import { qdelayBsModel } from './QueueDelayBsScheduler.js';
import { qlenBsModel } from './QueueLengthBsScheduler.js';
import { rrBsModel } from './RoundRobinBsScheduler.js';

export type { BsScheduler, BsSchedulerModel, BsSlotView, BsSchedulerContext } from './BsScheduler.js';

/**
 * Every base-station slot scheduler, in menu order. Each entry lives beside its scheduler (one
 * file per algorithm, exporting `<id>BsModel`); this list only names them.
 */
export const bsSchedulerModels: BsSchedulerModel[] = [rrBsModel, maxSnrBsModel, qlenBsModel, qdelayBsModel, pfBsModel];

export function findBsSchedulerModel(id: string): BsSchedulerModel | undefined {
  return bsSchedulerModels.find((m) => m.info.id === id);
}
