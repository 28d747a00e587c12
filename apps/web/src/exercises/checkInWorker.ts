/**
 * Sends an answer to the exercise worker and resolves with the check. One worker serves the checks
 * one after another (starting a worker loads the engine: a few hundred milliseconds each time) and
 * ends after a minute without one; a worker that fails is ended and the next check starts afresh.
 */
import type { TaskAnswer, TaskCheck } from '@cclab/engine';

export interface CheckRequest {
  file: unknown;
  variant: number;
  task: number;
  answer: TaskAnswer;
}
export type CheckReply = { ok: true; check: TaskCheck } | { ok: false; message: string };

const IDLE_MS = 60_000;

let worker: Worker | null = null;
let idle: ReturnType<typeof setTimeout> | undefined;
/** Checks run in turn: the next one waits for the previous reply. */
let queue: Promise<unknown> = Promise.resolve();

function end(): void {
  worker?.terminate();
  worker = null;
}

function ask(req: CheckRequest): Promise<TaskCheck> {
  clearTimeout(idle);
  worker ??= new Worker(new URL('./exercise.worker.ts', import.meta.url), { type: 'module' });
  const w = worker;
  return new Promise<TaskCheck>((resolve, reject) => {
    w.onmessage = (ev: MessageEvent<CheckReply>) => {
      idle = setTimeout(end, IDLE_MS);
      if (ev.data.ok) resolve(ev.data.check);
      else reject(new Error(ev.data.message));
    };
    w.onerror = (ev) => {
      end();
      reject(new Error(ev.message || 'the exercise worker failed'));
    };
    w.postMessage(req);
  });
}

export function checkInWorker(req: CheckRequest): Promise<TaskCheck> {
  const next = queue.then(
    () => ask(req),
    () => ask(req),
  );
  queue = next.catch(() => undefined);
  return next;
}
