/** The lab's one sweep store: Web Workers from this folder, one per logical core; a sweep from the link. */
import { createSweepStore } from './sweepStore';
import { sweepDraftFromHash } from './sweepLink';
import type { SweepWorkerLike } from './SweepPool';

export const sweepStore = createSweepStore(
  () => new Worker(new URL('./sweep.worker.ts', import.meta.url), { type: 'module' }) as unknown as SweepWorkerLike,
  () => Math.max(1, navigator.hardwareConcurrency || 2),
  () => performance.now(),
  typeof location === 'undefined' ? null : sweepDraftFromHash(location.hash),
);
