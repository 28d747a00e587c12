/// <reference lib="webworker" />
/**
 * A Web Worker of the lab's sweep pool: parses the sweep once, runs the jobs it is sent (by index
 * in the sweep's run order) and posts each record back. The same engine code as `cclab sweep`.
 */
import { parseSweep, runSweepJob, sweepJobs, type SweepJob, type SweepPlan } from '@cclab/engine';
import type { SweepWorkerReply, SweepWorkerRequest } from './SweepPool';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let plan: SweepPlan | null = null;
let jobs: SweepJob[] = [];

scope.onmessage = (ev: MessageEvent<SweepWorkerRequest>) => {
  const msg = ev.data;
  let reply: SweepWorkerReply;
  try {
    if (msg.type === 'init') {
      plan = parseSweep(msg.definition, { checkPoints: false });
      jobs = sweepJobs(plan);
      reply = { type: 'ready' };
    } else reply = { type: 'done', job: msg.job, record: runSweepJob(plan!, jobs[msg.job]!) };
  } catch (e) {
    reply = { type: 'failed', job: msg.type === 'run' ? msg.job : -1, message: (e as Error).message };
  }
  scope.postMessage(reply);
};
