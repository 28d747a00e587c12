// Sweeps: a sweep file expanded into an experiment, its runs and shards, and tidy result tables.
export { SWEEP_VERSION, SWEEP_LIMITS, sweepFileSchema } from './sweepSchema.js';
export type { SweepFile, SweepParameterInput, SweepMetricInput, SweepRange } from './sweepSchema.js';
export { parseSweep, parseSweepText, defaultMetricName, SweepError } from './sweepPlan.js';
export type { SweepPlan, SweepPoint, SweepParameter, SweepMetric, SweepIssue, SweepParseOptions } from './sweepPlan.js';
export { sweepJobs, shardJobs, parseShard, runSweepJob } from './sweepJobs.js';
export type { SweepJob, Shard } from './sweepJobs.js';
export {
  sweepRunRows,
  sweepSummaryRows,
  runRowsCsv,
  summaryRowsCsv,
  sweepResultFiles,
  orderedRecords,
  RESERVED_COLUMNS,
} from './sweepResults.js';
export type { SweepRunRow, SweepSummaryRow } from './sweepResults.js';
export { rangeValues, valueLabel, withUnit } from './sweepValues.js';
