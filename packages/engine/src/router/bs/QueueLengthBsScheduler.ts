import { argmaxBacklogged, type BsScheduler, type BsSchedulerModel, type BsSlotView } from './BsScheduler.js';

/**
 * Queue length × rate (seed 004 "Qlen"): the max-weight scheduler of the NUM literature the
 * thesis cites ([28] Eryilmaz & Srikant, INFOCOM 2005; [30] Neely, Modiano & Li, INFOCOM 2005) —
 * serve argmax Q_l[n]·R_l[n], Q in packets, R the rate the channel supports this slot (thesis
 * eq. 14 without the 1/AveR factor).
 */
export class QueueLengthBsScheduler implements BsScheduler {
  choose(v: BsSlotView): number {
    return argmaxBacklogged(v, (i) => v.queuePackets[i]! * v.rateBps[i]!);
  }
}

export const qlenBsModel: BsSchedulerModel = {
  info: {
    id: 'qlen',
    category: 'bs-scheduler',
    name: 'Queue length × rate',
    description: 'Max-weight: the UE with the largest queue length × current rate.',
    citation: 'Seed 004 §4.3 ("Qlen"); Eryilmaz & Srikant, INFOCOM 2005; Neely, Modiano & Li, INFOCOM 2005',
    params: [],
  },
  create: () => new QueueLengthBsScheduler(),
};
