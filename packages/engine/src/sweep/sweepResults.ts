/**
 * A sweep's results as tidy tables: one row per point × seed × metric (the runs) and one per
 * point × metric with the mean and its Student-t 95 % confidence interval over seeds (the
 * summary). Rows follow the sweep's run order whatever order the runs finished in, so the files
 * are byte-identical for any number of workers or shards.
 */
import { aggregate, type RunRecord } from '../experiment/experiment.js';
import type { SampleStats } from '../experiment/statistics.js';
import type { SweepPlan } from './sweepPlan.js';
import { valueLabel } from './sweepValues.js';

export interface SweepRunRow {
  point: string;
  /** Parameter name → value at the point. */
  parameters: Record<string, unknown>;
  seed: number;
  metric: string;
  unit: string;
  /** null when the metric has no value for the run (e.g. a delay with nothing delivered). */
  value: number | null;
}

export interface SweepSummaryRow extends Omit<SampleStats, 'mean' | 'sd' | 'ci95' | 'min' | 'max'> {
  point: string;
  parameters: Record<string, unknown>;
  metric: string;
  unit: string;
  mean: number | null;
  sd: number | null;
  /** Half-width of the 95 % interval of the mean; null for fewer than two finite values. */
  ci95: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  min: number | null;
  max: number | null;
}

/** Column names the outputs use themselves; a parameter may not take one. */
export const RESERVED_COLUMNS = [
  'point',
  'seed',
  'metric',
  'unit',
  'value',
  'n',
  'mean',
  'sd',
  'ci95',
  'ci_low',
  'ci_high',
  'min',
  'max',
];

const finiteOrNull = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x : null);

/** The records in run order (point, then seed), one per point and seed. */
export function orderedRecords(plan: SweepPlan, records: readonly RunRecord[]): RunRecord[] {
  const pointIndex = new Map(plan.points.map((p) => [p.id, p.index]));
  const seedIndex = new Map(plan.seeds.map((s, i) => [s, i]));
  const order = (r: RunRecord) => pointIndex.get(r.point)! * plan.seeds.length + seedIndex.get(r.seed)!;
  const unique = new Map<number, RunRecord>();
  for (const r of records) if (pointIndex.has(r.point) && seedIndex.has(r.seed)) unique.set(order(r), r);
  return [...unique.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
}

function pointParameters(plan: SweepPlan, pointId: string): Record<string, unknown> {
  const point = plan.points.find((p) => p.id === pointId)!;
  const out: Record<string, unknown> = {};
  plan.parameters.forEach((p, j) => (out[p.name] = point.values[j]));
  return out;
}

export function sweepRunRows(plan: SweepPlan, records: readonly RunRecord[]): SweepRunRow[] {
  const rows: SweepRunRow[] = [];
  for (const r of orderedRecords(plan, records)) {
    const parameters = pointParameters(plan, r.point);
    for (const m of plan.metrics)
      rows.push({
        point: r.point,
        parameters,
        seed: r.seed,
        metric: m.name,
        unit: m.unit,
        value: finiteOrNull(r.values[m.name]),
      });
  }
  return rows;
}

/** Mean and 95 % interval per point and metric, over the seeds present (points with no run are left out). */
export function sweepSummaryRows(plan: SweepPlan, records: readonly RunRecord[]): SweepSummaryRow[] {
  const ordered = orderedRecords(plan, records);
  const { stats } = aggregate(plan.experiment, ordered);
  const present = new Set(ordered.map((r) => r.point));
  const rows: SweepSummaryRow[] = [];
  for (const point of plan.points) {
    if (!present.has(point.id)) continue;
    const parameters = pointParameters(plan, point.id);
    for (const m of plan.metrics) {
      const s = stats[point.id]![m.name]!;
      const half = finiteOrNull(s.ci95);
      const mean = finiteOrNull(s.mean);
      rows.push({
        point: point.id,
        parameters,
        metric: m.name,
        unit: m.unit,
        n: s.n,
        mean,
        sd: finiteOrNull(s.sd),
        ci95: half,
        ciLow: half === null || mean === null ? null : mean - half,
        ciHigh: half === null || mean === null ? null : mean + half,
        min: finiteOrNull(s.min),
        max: finiteOrNull(s.max),
      });
    }
  }
  return rows;
}

function csvCell(x: unknown): string {
  const s = x === null || x === undefined ? '' : typeof x === 'number' ? String(x) : valueLabel(x);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csvLine = (cells: readonly unknown[]) => cells.map(csvCell).join(',') + '\n';

export function runRowsCsv(plan: SweepPlan, rows: readonly SweepRunRow[]): string {
  const names = plan.parameters.map((p) => p.name);
  let out = csvLine(['point', ...names, 'seed', 'metric', 'unit', 'value']);
  for (const r of rows)
    out += csvLine([r.point, ...names.map((n) => r.parameters[n]), r.seed, r.metric, r.unit, r.value]);
  return out;
}

export function summaryRowsCsv(plan: SweepPlan, rows: readonly SweepSummaryRow[]): string {
  const names = plan.parameters.map((p) => p.name);
  let out = csvLine([
    'point',
    ...names,
    'metric',
    'unit',
    'n',
    'mean',
    'sd',
    'ci95',
    'ci_low',
    'ci_high',
    'min',
    'max',
  ]);
  for (const r of rows)
    out += csvLine([
      r.point,
      ...names.map((n) => r.parameters[n]),
      r.metric,
      r.unit,
      r.n,
      r.mean,
      r.sd,
      r.ci95,
      r.ciLow,
      r.ciHigh,
      r.min,
      r.max,
    ]);
  return out;
}

/** The four result files of a sweep (runs.csv/json, summary.csv/json), by file name. */
export function sweepResultFiles(plan: SweepPlan, records: readonly RunRecord[]): Record<string, string> {
  const runs = sweepRunRows(plan, records);
  const summary = sweepSummaryRows(plan, records);
  return {
    'runs.csv': runRowsCsv(plan, runs),
    'runs.json': JSON.stringify(runs, null, 1) + '\n',
    'summary.csv': summaryRowsCsv(plan, summary),
    'summary.json': JSON.stringify(summary, null, 1) + '\n',
  };
}
