/**
 * The side-by-side report of a reproduction: for each (point, metric) the paper prints, the
 * paper's numbers (all of them, with where each is printed), ours (mean ± 95 % CI over seeds) and
 * the verdict of the claims about it; then every claim with its verdict and reason.
 */
import type { ExperimentResult } from '../experiment/experiment.js';
import { findResultMetric } from '../results/resultMetrics.js';
import { evaluateClaim, fmtNumber, type ClaimResult, type Verdict } from './claims.js';
import type { PaperNumber, ReproductionSpec } from './types.js';

export interface ReportRow {
  point: string;
  pointLabel: string;
  metric: string;
  metricLabel: string;
  unit: string;
  paper: readonly PaperNumber[];
  paperNote?: string;
  ours: { mean: number; ci95: number; n: number };
  /** Verdicts of the claims that compare this quantity with the paper. */
  verdicts: { id: string; verdict: Verdict }[];
}

export interface ReproductionReport {
  id: string;
  study: string;
  figure: string;
  title: string;
  source: string;
  seeds: readonly number[];
  rows: ReportRow[];
  claims: ClaimResult[];
  /** Overall: agrees when every claim agrees, differs when any differs. */
  verdict: Verdict;
  notes: readonly string[];
}

export function buildReport(spec: ReproductionSpec, result: ExperimentResult): ReproductionReport {
  const claims = spec.claims.map((c) => evaluateClaim(c, result.stats));
  const metricOf = (name: string) => spec.metrics.find((m) => m.name === name);
  const rows: ReportRow[] = spec.paper.map((pv) => {
    const m = metricOf(pv.metric);
    const rm = m ? findResultMetric(m.metric) : undefined;
    const s = result.stats[pv.point]?.[pv.metric];
    const verdicts = spec.claims
      .filter(
        (c) => (c.kind === 'within' || c.kind === 'range') && c.of.point === pv.point && c.of.metric === pv.metric,
      )
      .map((c) => ({ id: c.id, verdict: claims.find((r) => r.id === c.id)!.verdict }));
    return {
      point: pv.point,
      pointLabel: spec.points.find((p) => p.id === pv.point)?.label ?? pv.point,
      metric: pv.metric,
      metricLabel: m?.label ?? rm?.label ?? pv.metric,
      unit: rm?.unit ?? '',
      paper: pv.numbers,
      ...(pv.note ? { paperNote: pv.note } : {}),
      ours: { mean: s?.mean ?? NaN, ci95: s?.ci95 ?? NaN, n: s?.n ?? 0 },
      verdicts,
    };
  });
  const verdict: Verdict = claims.some((c) => c.verdict === 'differs')
    ? 'differs'
    : claims.some((c) => c.verdict === 'undetermined')
      ? 'undetermined'
      : 'agrees';
  return {
    id: spec.id,
    study: spec.study,
    figure: spec.figure,
    title: spec.title,
    source: spec.source,
    seeds: spec.seeds,
    rows,
    claims,
    verdict,
    notes: spec.notes,
  };
}

export function formatOurs(o: ReportRow['ours']): string {
  if (!Number.isFinite(o.mean)) return '—';
  return Number.isFinite(o.ci95) ? `${fmtNumber(o.mean)} ± ${fmtNumber(o.ci95)}` : fmtNumber(o.mean);
}

export function formatPaper(ns: readonly PaperNumber[], note?: string): string {
  if (ns.length === 0) return note ? `— (${note})` : '—';
  return ns.map((n) => `${fmtNumber(n.value)} (${n.where})`).join('; ');
}

/** Plain-text tables for the terminal. */
export function formatReportText(r: ReproductionReport): string {
  const lines = [
    `${r.id} — ${r.figure}: ${r.title}`,
    `source: ${r.source}`,
    `seeds: ${r.seeds.join(', ')} (ours = mean ± 95 % CI over seeds)`,
    '',
  ];
  const table = [['point', 'metric', 'paper', 'ours', 'verdict']];
  for (const row of r.rows)
    table.push([
      row.pointLabel,
      `${row.metricLabel}${row.unit ? ` (${row.unit})` : ''}`,
      formatPaper(row.paper, row.paperNote),
      formatOurs(row.ours),
      row.verdicts.map((v) => v.verdict).join(', ') || '—',
    ]);
  const widths = table[0]!.map((_, c) => Math.min(60, Math.max(...table.map((t) => t[c]!.length))));
  for (const [i, t] of table.entries()) {
    lines.push(t.map((cell, c) => cell.padEnd(widths[c]!)).join('  '));
    if (i === 0) lines.push(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  lines.push('', 'claims:');
  for (const c of r.claims) {
    lines.push(`  [${c.verdict}] ${c.id}: ${c.text}`, `      ${c.detail}`);
    if (c.verdict !== 'agrees' && c.explanation) lines.push(`      why: ${c.explanation}`);
  }
  lines.push('', `overall: ${r.verdict}`);
  if (r.notes.length) {
    lines.push('', 'notes:');
    for (const n of r.notes) lines.push(`  - ${n}`);
  }
  return lines.join('\n');
}

const csvCell = (x: unknown) => {
  const s = typeof x === 'number' ? (Number.isFinite(x) ? String(+x.toPrecision(10)) : '') : String(x ?? '');
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows: unknown[][]) => rows.map((r) => r.map(csvCell).join(',')).join('\n') + '\n';

/** CSV files: the side-by-side table, the claims, and every run's values. */
export function reportCsvFiles(r: ReproductionReport, result: ExperimentResult): Record<string, string> {
  const metricNames = Object.keys(result.records[0]?.values ?? {});
  return {
    [`${r.id}-table.csv`]: csv([
      ['point', 'metric', 'unit', 'paper_values', 'paper_where', 'ours_mean', 'ours_ci95', 'seeds', 'verdict'],
      ...r.rows.map((row) => [
        row.point,
        row.metric,
        row.unit,
        row.paper.map((p) => p.value).join(' '),
        row.paper.map((p) => p.where).join(' | '),
        row.ours.mean,
        row.ours.ci95,
        row.ours.n,
        row.verdicts.map((v) => v.verdict).join(' '),
      ]),
    ]),
    [`${r.id}-claims.csv`]: csv([
      ['claim', 'verdict', 'text', 'detail'],
      ...r.claims.map((c) => [c.id, c.verdict, c.text, c.detail]),
    ]),
    [`${r.id}-runs.csv`]: csv([
      ['point', 'seed', 'events', ...metricNames],
      ...result.records.map((x) => [x.point, x.seed, x.events, ...metricNames.map((m) => x.values[m])]),
    ]),
  };
}
