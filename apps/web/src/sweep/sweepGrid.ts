/**
 * A sweep's summary as tables: a two-parameter grid (rows: the first varying parameter's values,
 * columns: the second's; each cell the mean over seeds with its 95 % interval) — the seed 004
 * scheme × scheduler tables — and, for any other shape, one row per point. Pure, unit-tested.
 */
import type { SweepPlan, SweepSummaryRow } from '@cclab/engine';
import { shortValueLabel } from './sweepFiles';

export interface SweepGrid {
  metric: string;
  unit: string;
  rowName: string;
  colName: string;
  rows: string[];
  cols: string[];
  /** cells[r][c]: the summary of the point with row value r and column value c; null: not run yet. */
  cells: (SweepSummaryRow | null)[][];
}

/** Indices of the parameters that take more than one value. */
export function varyingParameters(plan: SweepPlan): number[] {
  return plan.parameters.flatMap((p, i) => (p.values.length > 1 ? [i] : []));
}

/** The grid of one metric when exactly two parameters vary (combined as a grid); else null. */
export function sweepGrid(plan: SweepPlan, summary: readonly SweepSummaryRow[], metric: string): SweepGrid | null {
  const vary = varyingParameters(plan);
  if (vary.length !== 2 || plan.definition.combine !== 'grid') return null;
  const [a, b] = vary as [number, number];
  const pa = plan.parameters[a]!;
  const pb = plan.parameters[b]!;
  const m = plan.metrics.find((x) => x.name === metric);
  if (!m) return null;
  const cells = pa.values.map(() => pb.values.map((): SweepSummaryRow | null => null));
  const byPoint = new Map(summary.filter((r) => r.metric === metric).map((r) => [r.point, r]));
  for (const point of plan.points) {
    const r = pa.values.indexOf(point.values[a]);
    const c = pb.values.indexOf(point.values[b]);
    cells[r]![c] = byPoint.get(point.id) ?? null;
  }
  return {
    metric,
    unit: m.unit,
    rowName: pa.name,
    colName: pb.name,
    rows: pa.values.map(shortValueLabel),
    cols: pb.values.map(shortValueLabel),
    cells,
  };
}

const csvCell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const num = (x: number | null) => (x === null ? '' : String(x));

/** The grid as a tidy CSV: one line per cell with the two values, n, the mean and its interval. */
export function gridCsv(g: SweepGrid): string {
  let out = [g.rowName, g.colName, 'metric', 'unit', 'n', 'mean', 'ci95'].map(csvCell).join(',') + '\n';
  g.rows.forEach((row, r) =>
    g.cols.forEach((col, c) => {
      const s = g.cells[r]![c]!;
      out +=
        [csvCell(row), csvCell(col), csvCell(g.metric), csvCell(g.unit), String(s?.n ?? 0), num(s?.mean ?? null)]
          .concat(num(s?.ci95 ?? null))
          .join(',') + '\n';
    }),
  );
  return out;
}

/** How a cell shows a mean: three significant digits, "±" the 95 % half-width with two seeds or more. */
export function formatMean(s: SweepSummaryRow | null): string {
  if (!s || s.mean === null) return '–';
  const f = (x: number) => (Math.abs(x) >= 1000 ? x.toFixed(0) : Number(x.toPrecision(3)).toString());
  return s.ci95 !== null ? `${f(s.mean)} ± ${f(s.ci95)}` : f(s.mean);
}

export interface PointRow {
  point: string;
  /** The varying parameters' values at the point. */
  values: string[];
  /** Per plan metric: its summary at the point (null: not run yet). */
  metrics: (SweepSummaryRow | null)[];
}

/** One row per point (the varying parameters' values, each metric's summary): any sweep shape. */
export function pointRows(plan: SweepPlan, summary: readonly SweepSummaryRow[]): PointRow[] {
  const vary = varyingParameters(plan);
  const at = new Map(summary.map((r) => [`${r.point} ${r.metric}`, r]));
  return plan.points.map((p) => ({
    point: p.id,
    values: vary.map((i) => shortValueLabel(p.values[i])),
    metrics: plan.metrics.map((m) => at.get(`${p.id} ${m.name}`) ?? null),
  }));
}
