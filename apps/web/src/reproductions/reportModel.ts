/**
 * What the gallery shows of a result (recorded or ours): the side-by-side table (paper's numbers,
 * each with where it is printed, beside ours as mean ± 95 % CI, with the verdicts), the claims with
 * the reasons `cclab reproduce ID` prints, and the data of one plot per metric (each point's mean
 * with its interval, the paper's values as markers). Pure: built from the engine's report.
 */
import { aggregate, type ExperimentResult, type RunRecord } from '@cclab/engine';
import { buildReport, formatOurs, fmtNumber, type ReproductionSpec, type Verdict } from '@cclab/engine/reproductions';
import { findResultMetric } from '@cclab/engine';

export interface TableRow {
  key: string;
  point: string;
  metric: string;
  /** One line per number the paper prints ("4.352e+9 (Table 2; text)"); several when it contradicts itself. */
  paper: string[];
  /** Why the paper column is empty or how its quantity maps onto ours. */
  paperNote: string | null;
  ours: string;
  /** "agrees", "differs, agrees" or "—" when no claim compares this quantity with the paper. */
  verdict: string;
}

export interface ClaimRow {
  id: string;
  text: string;
  verdict: Verdict;
  /** The numbers behind the verdict (the same text as the CLI's). */
  detail: string;
  /** Why ours differ, shown when the verdict is not "agrees". */
  why: string | null;
}

export interface ReportModel {
  rows: TableRow[];
  claims: ClaimRow[];
  verdict: Verdict;
  /** Runs behind the numbers (points × seeds measured). */
  runs: number;
}

export function reportModel(spec: ReproductionSpec, result: ExperimentResult): ReportModel {
  const r = buildReport(spec, result);
  return {
    rows: r.rows.map((row, i) => ({
      key: `${row.point}/${row.metric}/${i}`,
      point: row.pointLabel,
      metric: `${row.metricLabel}${row.unit ? ` (${row.unit})` : ''}`,
      paper: row.paper.map((n) => `${fmtNumber(n.value)} (${n.where})`),
      paperNote: row.paperNote ?? null,
      ours: formatOurs(row.ours),
      verdict: row.verdicts.map((v) => v.verdict).join(', ') || '—',
    })),
    claims: r.claims.map((c) => ({
      id: c.id,
      text: c.text,
      verdict: c.verdict,
      detail: c.detail,
      why: c.verdict !== 'agrees' && c.explanation ? c.explanation : null,
    })),
    verdict: r.verdict,
    runs: result.records.length,
  };
}

/** A result from the records received so far, in the entry's run order (point, then seed). */
export function resultOf(spec: ReproductionSpec, records: readonly RunRecord[]): ExperimentResult {
  const order = new Map(spec.points.map((p, i) => [p.id, i]));
  const sorted = [...records].sort(
    (a, b) =>
      (order.get(a.point) ?? 0) - (order.get(b.point) ?? 0) || spec.seeds.indexOf(a.seed) - spec.seeds.indexOf(b.seed),
  );
  return aggregate(spec, sorted);
}

export interface PlotPoint {
  id: string;
  label: string;
  /** Mean over seeds; null when not measured at this point. */
  mean: number | null;
  /** 95 % interval (mean ± ci95); null with fewer than two seeds. */
  low: number | null;
  high: number | null;
  n: number;
  /** The paper's values for this point and metric (markers). */
  paper: number[];
}

export interface PlotModel {
  metric: string;
  title: string;
  unit: string;
  points: PlotPoint[];
}

/** One plot per metric with at least one measured point or paper value. */
export function plotModels(spec: ReproductionSpec, result: ExperimentResult): PlotModel[] {
  const out: PlotModel[] = [];
  for (const m of spec.metrics) {
    const points: PlotPoint[] = [];
    for (const p of spec.points) {
      const s = result.stats[p.id]?.[m.name];
      const paper = spec.paper
        .filter((v) => v.point === p.id && v.metric === m.name)
        .flatMap((v) => v.numbers.map((n) => n.value));
      const mean = s && s.n > 0 && Number.isFinite(s.mean) ? s.mean : null;
      if (mean === null && paper.length === 0) continue;
      const ci = mean !== null && s && s.n > 1 && Number.isFinite(s.ci95) ? s.ci95 : null;
      points.push({
        id: p.id,
        label: p.label,
        mean,
        low: ci === null ? null : mean! - ci,
        high: ci === null ? null : mean! + ci,
        n: s?.n ?? 0,
        paper,
      });
    }
    if (points.length === 0) continue;
    out.push({
      metric: m.name,
      title: m.label ?? findResultMetric(m.metric)?.label ?? m.name,
      unit: findResultMetric(m.metric)?.unit ?? '',
      points,
    });
  }
  return out;
}
