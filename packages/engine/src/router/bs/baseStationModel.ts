import type { ModelInfo } from '../../model/types.js';
import { amcParams } from '../channel/amc.js';

/** Seed 004 §4.3: mean SNR of UE1..UE6 (dB); a BS downlink without a channel takes the k-th (cyclically). */
export const DEFAULT_UE_MEAN_SNR_DB: readonly number[] = [5, 9, 13, 5, 9, 13];

/** The scheduler a base station uses when its scenario names none. */
export const DEFAULT_BS_SCHEDULER = 'rr';

/**
 * The parameters of a base-station node (`nodes[i].kind: "bs"`, `nodes[i].bs.params`): TDMA slot
 * and the shared radio (bandwidth and AMC table). Its downlinks are its links to hosts (the UEs);
 * each UE's fading is its downlink's `rayleigh` channel; the scheduler is `nodes[i].bs.scheduler`.
 */
export const baseStationInfo: ModelInfo = {
  id: 'tdma-bs',
  category: 'bs',
  name: 'TDMA base station',
  description:
    'One queue per UE, one UE served per slot at the rate its faded channel supports (AMC); the scheduler picks the UE.',
  citation: 'Seed 004 §4.3 (10 ms TDMA slots, Rayleigh fading at 127.8 Hz, Table 1 AMC, "10M" shared bandwidth)',
  params: [
    {
      key: 'slot',
      label: 'Slot',
      kind: 'duration',
      default: 0.01,
      min: 0.0001,
      max: 10,
      unit: 's',
      description: 'TDMA slot length; one UE is served per slot (seed 004: 10 ms).',
    },
    ...amcParams,
  ],
};
