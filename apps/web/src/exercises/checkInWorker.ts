/** Sends an answer to a fresh exercise worker and resolves with the check (the worker ends after it). */
import type { TaskAnswer, TaskCheck } from '@cclab/engine';

export interface CheckRequest {
  file: unknown;
  variant: number;
  task: number;
  answer: TaskAnswer;
}
export type CheckReply = { ok: true; check: TaskCheck } | { ok: false; message: string };

export function checkInWorker(req: CheckRequest): Promise<TaskCheck> {
  const w = new Worker(new URL('./exercise.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<TaskCheck>((resolve, reject) => {
    w.onmessage = (ev: MessageEvent<CheckReply>) => {
      w.terminate();
      if (ev.data.ok) resolve(ev.data.check);
      else reject(new Error(ev.data.message));
    };
    w.onerror = (ev) => {
      w.terminate();
      reject(new Error(ev.message || 'the exercise worker failed'));
    };
    w.postMessage(req);
  });
}
