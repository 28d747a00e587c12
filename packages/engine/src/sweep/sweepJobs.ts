/**
 * The runs of a sweep (point × seed) in a fixed order, shards of them for running on several
 * machines, and running one.
 */
import { runPoint, type RunRecord } from '../experiment/experiment.js';
import type { SweepPlan, SweepPoint } from './sweepPlan.js';

export interface SweepJob {
  /** Position in the sweep's run order (points in order, each point's seeds in order). */
  index: number;
  point: SweepPoint;
  seed: number;
}

export function sweepJobs(plan: SweepPlan): SweepJob[] {
  const jobs: SweepJob[] = [];
  for (const point of plan.points) for (const seed of plan.seeds) jobs.push({ index: jobs.length, point, seed });
  return jobs;
}

export interface Shard {
  /** 0-based: 0 ≤ index < count. */
  index: number;
  count: number;
}

/** Parses "i/N" (0 ≤ i < N, as Slurm's SLURM_ARRAY_TASK_ID and Kubernetes' JOB_COMPLETION_INDEX count). */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) throw new Error(`--shard: ${JSON.stringify(text)} is not "i/N" (e.g. 0/4)`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > 100_000) throw new Error(`--shard: N must be 1–100000, not ${count}`);
  if (index >= count) throw new Error(`--shard: i must be 0–${count - 1} (shards are numbered from 0), not ${index}`);
  return { index, count };
}

/**
 * The runs of one shard: every N-th run starting at i. Dealing runs round-robin spreads each
 * point's seeds and the sweep's expensive corners over the shards; the union of the N shards is
 * every run exactly once.
 */
export function shardJobs(jobs: readonly SweepJob[], shard: Shard): SweepJob[] {
  return jobs.filter((j) => j.index % shard.count === shard.index);
}

export function runSweepJob(plan: SweepPlan, job: SweepJob): RunRecord {
  return runPoint(plan.experiment, job.point, job.seed);
}
