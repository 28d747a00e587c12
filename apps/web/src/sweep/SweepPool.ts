/**
 * Runs a sweep's jobs on a pool of Web Workers (one per logical core, `navigator.hardwareConcurrency`),
 * handing each worker the next job when it reports the last. Cancel terminates every worker at
 * once: a run in progress stops where it is.
 */
import type { RunRecord } from '@cclab/engine';

export type SweepWorkerRequest = { type: 'init'; definition: unknown } | { type: 'run'; job: number };
export type SweepWorkerReply =
  | { type: 'ready' }
  | { type: 'done'; job: number; record: RunRecord }
  | { type: 'failed'; job: number; message: string };

export interface SweepWorkerLike {
  postMessage(msg: SweepWorkerRequest): void;
  onmessage: ((ev: MessageEvent<SweepWorkerReply>) => void) | null;
  onerror: ((ev: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface SweepPoolCallbacks {
  onRecord(job: number, record: RunRecord): void;
  onDone(): void;
  onError(message: string): void;
}

export class SweepPool {
  private workers: SweepWorkerLike[] = [];
  private stopped = false;

  constructor(private readonly makeWorker: () => SweepWorkerLike) {}

  /** Runs jobs 0..count−1 of `definition` on `threads` workers. */
  start(definition: unknown, count: number, threads: number, cb: SweepPoolCallbacks): void {
    const queue = Array.from({ length: count }, (_, i) => i);
    let active = 0;
    const finish = (error?: string) => {
      if (this.stopped) return;
      this.cancel();
      if (error === undefined) cb.onDone();
      else cb.onError(error);
    };
    const feed = (w: SweepWorkerLike) => {
      const next = queue.shift();
      if (next !== undefined) return w.postMessage({ type: 'run', job: next });
      if (--active === 0) finish();
    };
    const n = Math.max(1, Math.min(threads, count));
    for (let i = 0; i < n; i++) {
      const w = this.makeWorker();
      this.workers.push(w);
      active++;
      w.onmessage = (ev) => {
        if (this.stopped) return;
        const m = ev.data;
        if (m.type === 'ready') return feed(w);
        if (m.type === 'failed') return finish(m.message);
        cb.onRecord(m.job, m.record);
        feed(w);
      };
      w.onerror = (ev) => finish(ev.message || 'a sweep worker failed');
      w.postMessage({ type: 'init', definition });
    }
    if (count === 0) finish();
  }

  cancel(): void {
    this.stopped = true;
    for (const w of this.workers) w.terminate();
    this.workers = [];
  }
}
