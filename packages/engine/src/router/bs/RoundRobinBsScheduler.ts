import type { BsScheduler, BsSchedulerModel, BsSlotView } from './BsScheduler.js';

/**
 * Round robin (seed 004 "RR"): slots go to the backlogged UEs in turn, whatever their channels —
 * the next backlogged UE after the one served last. A UE whose turn falls in an outage keeps its
 * slot (the slot carries nothing): round robin shares slots, not bits.
 */
export class RoundRobinBsScheduler implements BsScheduler {
  private last = -1;

  choose(v: BsSlotView): number {
    for (let k = 1; k <= v.ueCount; k++) {
      const i = (this.last + k) % v.ueCount;
      if (v.queuePackets[i]! > 0) {
        this.last = i;
        return i;
      }
    }
    return -1;
  }
}

export const rrBsModel: BsSchedulerModel = {
  info: {
    id: 'rr',
    category: 'bs-scheduler',
    name: 'Round robin',
    description: 'Each backlogged UE gets a slot in turn, whatever its channel.',
    citation: 'Seed 004 §4.3 ("RR"); TDMA round robin, e.g. Jalali, Padovani & Pankaj, VTC 2000 (the baseline of §4)',
    params: [],
  },
  create: () => new RoundRobinBsScheduler(),
};
