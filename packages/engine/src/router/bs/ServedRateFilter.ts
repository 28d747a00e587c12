import type { BsSlotView } from './BsScheduler.js';

/**
 * A low-pass filter of each UE's served rate, updated once per slot (Jalali, Padovani & Pankaj,
 * "Data throughput of CDMA-HDR", VTC 2000, §3: T_k ← (1 − 1/t_c)·T_k + (1/t_c)·R_k, R_k the rate
 * served to k in the slot, 0 when not served). Seed 004's AveR_l[n] (thesis §3.3) is this filter;
 * the thesis gives no time constant — ours is a parameter. Starting values are 1 bit/s (a UE not
 * yet served has a tiny average and so a large weight), and the average never falls below
 * 1e-3 bit/s so a starved UE's weight stays finite.
 */
export class ServedRateFilter {
  readonly avgBps: Float64Array;

  constructor(
    ueCount: number,
    /** Time constant in slots (t_c). */
    private readonly slots: number,
  ) {
    this.avgBps = new Float64Array(ueCount).fill(1);
  }

  update(ue: number, bits: number, view: BsSlotView): void {
    const a = 1 / this.slots;
    const avg = this.avgBps;
    for (let i = 0; i < avg.length; i++) {
      const served = i === ue ? bits / view.slotSeconds : 0;
      avg[i] = Math.max((1 - a) * avg[i]! + a * served, 1e-3);
    }
  }
}

/** The averaging window parameter shared by the schedulers that use the filter. */
export const averagingParam = {
  key: 'averaging',
  label: 'Rate averaging',
  kind: 'duration',
  default: 1,
  min: 0.001,
  max: 1000,
  unit: 's',
  description:
    'Time constant of the low-pass filter of each UE’s served rate (AveR): t_c = averaging / slot. Seed 004 gives none; 1 s = 100 slots of 10 ms (CDMA-HDR uses 1000 slots of 1.67 ms).',
} as const;
