import type { ModelInfo, ResolvedParams } from '../../model/types.js';

/**
 * What a base station's slot scheduler sees at the start of each TDMA slot, one entry per user
 * (UE) in the order of the BS's downlinks. Arrays are reused from slot to slot: read them, don't
 * keep them.
 */
export interface BsSlotView {
  readonly ueCount: number;
  /** Slot number since the start of the run. */
  readonly slot: number;
  readonly slotSeconds: number;
  /** Each UE's SNR in this slot (dB) and its mean SNR (dB). */
  readonly snrDb: Float64Array;
  readonly meanSnrDb: Float64Array;
  /** The rate each UE's channel supports in this slot (AMC), bit/s; 0 in an outage. */
  readonly rateBps: Float64Array;
  /** Packets and bytes queued for each UE (a packet partly sent counts whole / by its rest). */
  readonly queuePackets: Float64Array;
  readonly queueBytes: Float64Array;
}

/** Chooses the one UE a TDMA slot serves. */
export interface BsScheduler {
  /** The UE (index) to serve in this slot, or −1 for none. Only backlogged UEs are worth serving. */
  choose(view: BsSlotView): number;
  /** The slot that served `ue` (−1: none) has ended, having sent `bits` to it. */
  slotEnded?(ue: number, bits: number, view: BsSlotView): void;
}

/**
 * A registry entry for a base-station scheduler. One file per scheduler exporting `<id>Model`;
 * `router/bs/index.ts` lists them. Adding one (e.g. proportional fair) is that file and that line.
 */
export interface BsSchedulerModel {
  readonly info: ModelInfo;
  create(params: ResolvedParams, ctx: BsSchedulerContext): BsScheduler;
}

/** What a scheduler is built for: the number of UEs and the slot length. */
export interface BsSchedulerContext {
  readonly ueCount: number;
  readonly slotSeconds: number;
}

/** The backlogged UE with the largest `weight(i)`; ties go to the lowest index; −1 if none is > 0. */
export function argmaxBacklogged(view: BsSlotView, weight: (i: number) => number): number {
  let best = -1;
  let bestW = 0;
  for (let i = 0; i < view.ueCount; i++) {
    if (view.queuePackets[i]! <= 0) continue;
    const w = weight(i);
    if (w > bestW) {
      bestW = w;
      best = i;
    }
  }
  return best;
}
