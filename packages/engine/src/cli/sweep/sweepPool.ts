/**
 * Runs sweep jobs on a pool of worker_threads (one per core by default). Each worker parses the
 * sweep once and is handed the next job as soon as it reports the last; results come back in
 * completion order (the result files sort them, so the job count never changes the output).
 *
 * The workers run this same module: loaded in a worker marked `cclabSweep`, it serves jobs. One
 * file for both sides means the worker is found wherever this module is — the TypeScript sources
 * or a bundled build whose chunk names are not known in advance.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { RunRecord } from '../../experiment/experiment.js';
import { parseSweep, runSweepJob, sweepJobs, type SweepJob, type SweepPlan } from '../../sweep/index.js';

export interface PoolRequest {
  job: number;
}
export type PoolReply = { ready: true } | { job: number; record: RunRecord } | { job: number; error: string };

interface SweepWorkerData {
  cclabSweep: { definition: unknown };
}

/**
 * A worker for the sweep. From the TypeScript sources (tsx, tests) the worker first registers tsx
 * so it can load this `.ts` module; from built JavaScript it loads the module's file directly.
 */
function startWorker(definition: unknown): Worker {
  const here = import.meta.url;
  const data: SweepWorkerData = { cclabSweep: { definition } };
  if (!here.endsWith('.ts')) return new Worker(new URL(here), { workerData: data });
  const boot = `import(${JSON.stringify(tsxApiUrl(here))}).then((m) => { m.register(); return import(${JSON.stringify(here)}); })`;
  return new Worker(boot, { eval: true, workerData: data });
}

/** In a sweep worker: parse the sweep once, then run each job sent (by index) and post its record. */
function serveJobs(definition: unknown): void {
  const plan = parseSweep(definition, { checkPoints: false });
  const jobs = sweepJobs(plan);
  const port = parentPort!;
  port.on('message', (msg: PoolRequest) => {
    let reply: PoolReply;
    try {
      reply = { job: msg.job, record: runSweepJob(plan, jobs[msg.job]!) };
    } catch (e) {
      reply = { job: msg.job, error: (e as Error).message };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies PoolReply);
}

const mine = workerData as Partial<SweepWorkerData> | null;
if (!isMainThread && mine?.cclabSweep) serveJobs(mine.cclabSweep.definition);

/** tsx's ESM API module (its CommonJS twin, which `require.resolve` finds, lies beside it). */
function tsxApiUrl(here: string): string {
  if (typeof import.meta.resolve === 'function') return import.meta.resolve('tsx/esm/api');
  return pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
}

/**
 * Runs `jobs` with `threads` workers (in this thread when 1), calling `onRecord` as each finishes.
 * Rejects on the first failing run, after stopping every worker.
 */
export async function runJobs(
  plan: SweepPlan,
  jobs: readonly SweepJob[],
  threads: number,
  onRecord: (job: SweepJob, record: RunRecord) => void,
): Promise<void> {
  if (threads <= 1 || jobs.length <= 1) {
    for (const job of jobs) onRecord(job, runSweepJob(plan, job));
    return;
  }
  const queue = [...jobs];
  const byIndex = new Map(jobs.map((j) => [j.index, j]));
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let active = 0;
      let failed = false;
      const fail = (e: Error) => {
        if (failed) return;
        failed = true;
        reject(e);
      };
      const feed = (w: Worker) => {
        const next = queue.shift();
        if (next === undefined) {
          if (--active === 0) resolve();
          return;
        }
        w.postMessage({ job: next.index } satisfies PoolRequest);
      };
      for (let i = 0; i < Math.min(threads, jobs.length); i++) {
        const w = startWorker(plan.definition);
        workers.push(w);
        active++;
        w.on('message', (msg: PoolReply) => {
          if (failed) return;
          if ('ready' in msg) return feed(w);
          const job = byIndex.get(msg.job)!;
          if ('error' in msg)
            return fail(new Error(`run ${job.point.id} (${job.point.label}), seed ${job.seed}: ${msg.error}`));
          onRecord(job, msg.record);
          feed(w);
        });
        w.on('error', fail);
        w.on('exit', (code) => {
          if (code !== 0) fail(new Error(`a sweep worker stopped with exit code ${code}`));
        });
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
