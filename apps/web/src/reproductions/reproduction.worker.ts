/// <reference lib="webworker" />
/**
 * A Web Worker of the Reproductions gallery, driven by the sweep's pool (SweepPool): `init` names
 * the entry (and its seeds), each `run` is one (point, seed) by index in the entry's run order,
 * run with the same engine code as `cclab reproduce ID`.
 */
import { experimentJobs, runPoint, type ExperimentPoint } from '@cclab/engine';
import { findReproduction, type ReproductionSpec } from '@cclab/engine/reproductions';
import type { SweepWorkerReply, SweepWorkerRequest } from '../sweep/SweepPool';

export interface ReproductionJobDefinition {
  id: string;
  seeds: readonly number[];
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
let spec: ReproductionSpec | null = null;
let jobs: { point: ExperimentPoint; seed: number }[] = [];

scope.onmessage = (ev: MessageEvent<SweepWorkerRequest>) => {
  const msg = ev.data;
  let reply: SweepWorkerReply;
  try {
    if (msg.type === 'init') {
      const def = msg.definition as ReproductionJobDefinition;
      const found = findReproduction(def.id);
      if (!found) throw new Error(`unknown reproduction ${JSON.stringify(def.id)}`);
      spec = { ...found, seeds: def.seeds };
      jobs = experimentJobs(spec);
      reply = { type: 'ready' };
    } else {
      const job = jobs[msg.job]!;
      reply = { type: 'done', job: msg.job, record: runPoint(spec!, job.point, job.seed) };
    }
  } catch (e) {
    reply = { type: 'failed', job: msg.type === 'run' ? msg.job : -1, message: (e as Error).message };
  }
  scope.postMessage(reply);
};
