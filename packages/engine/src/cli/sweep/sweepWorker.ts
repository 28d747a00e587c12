/**
 * A worker thread of the sweep pool: parses the sweep once, then runs the jobs it is sent (by
 * index in the sweep's run order) and posts each record back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseSweep, runSweepJob, sweepJobs } from '../../sweep/index.js';
import type { PoolReply, PoolRequest } from './sweepPool.js';

const plan = parseSweep((workerData as { definition: unknown }).definition, { checkPoints: false });
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
port.postMessage({ ready: true });
