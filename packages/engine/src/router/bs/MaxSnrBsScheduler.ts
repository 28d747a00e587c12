import { argmaxBacklogged, type BsScheduler, type BsSchedulerModel, type BsSlotView } from './BsScheduler.js';

/**
 * Maximum SNR (seed 004 "MSNR"): the slot goes to the backlogged UE whose channel is best now —
 * the throughput-maximising opportunistic scheduler (Knopp & Humblet, "Information capacity and
 * power control in single-cell multiuser communications", ICC 1995). Users far from the BS
 * (low mean SNR) are rarely best and starve.
 */
export class MaxSnrBsScheduler implements BsScheduler {
  choose(v: BsSlotView): number {
    // SNRs in dB may be negative: rank by the linear SNR, which is positive
    return argmaxBacklogged(v, (i) => 10 ** (v.snrDb[i]! / 10));
  }
}

export const maxSnrBsModel: BsSchedulerModel = {
  info: {
    id: 'max-snr',
    category: 'bs-scheduler',
    name: 'Max SNR',
    description: 'The backlogged UE with the highest SNR in this slot; starves users with weak channels.',
    citation: 'Seed 004 §4.3 ("MSNR"); Knopp & Humblet, ICC 1995',
    params: [],
  },
  create: () => new MaxSnrBsScheduler(),
};
