/** The lab's one Reproductions store: Web Workers from this folder, one per logical core. */
import { createReproductionStore } from './reproductionStore';
import { loadRecordedResult } from './recordedResults';
import type { SweepWorkerLike } from '../sweep/SweepPool';

export const reproductionStore = createReproductionStore(
  () =>
    new Worker(new URL('./reproduction.worker.ts', import.meta.url), { type: 'module' }) as unknown as SweepWorkerLike,
  () => Math.max(1, navigator.hardwareConcurrency || 2),
  () => performance.now(),
  loadRecordedResult,
);
