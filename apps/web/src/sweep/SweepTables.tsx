/**
 * A multi-parameter sweep's results as tables: with two varying parameters (the seed 004
 * scheme × scheduler grid) three grids side by side in the panel, each of a chosen metric (the
 * first three of the sweep by default: Jain, aggregate, utility in the seed 004 files), each
 * exportable as CSV; any other shape, one row per point with every metric.
 */
import { useId, useMemo, useState } from 'react';
import { sweepSummaryRows } from '@cclab/engine';
import { exportCsv } from '../charts/exportChart';
import { formatMean, gridCsv, pointRows, sweepGrid, varyingParameters } from './sweepGrid';
import type { SweepResult } from './sweepStore';

export function SweepTables({ result }: { result: SweepResult }) {
  const summary = useMemo(() => sweepSummaryRows(result.plan, result.records), [result]);
  const metrics = result.plan.metrics;
  if (varyingParameters(result.plan).length === 2 && sweepGrid(result.plan, summary, metrics[0]!.name))
    return (
      <div className="sweep-grids">
        {metrics.slice(0, 3).map((m) => (
          <GridTable key={m.name} result={result} summary={summary} initial={m.name} />
        ))}
      </div>
    );
  return <PointTable result={result} summary={summary} />;
}

function GridTable({
  result,
  summary,
  initial,
}: {
  result: SweepResult;
  summary: ReturnType<typeof sweepSummaryRows>;
  initial: string;
}) {
  const id = useId();
  const [metric, setMetric] = useState(initial);
  const grid = useMemo(() => sweepGrid(result.plan, summary, metric), [result, summary, metric]);
  if (!grid) return null;
  const m = result.plan.metrics.find((x) => x.name === metric)!;
  const caption = `${m.label}${m.unit ? ` (${m.unit})` : ''}`;
  return (
    <figure className="sweep-grid" data-testid="sweep-grid">
      <figcaption className="chart-head">
        <label className="sr-only" htmlFor={id}>
          Metric of this table
        </label>
        <select id={id} className="chart-select" value={metric} onChange={(e) => setMetric(e.target.value)}>
          {result.plan.metrics.map((x) => (
            <option key={x.name} value={x.name}>
              {x.name}
            </option>
          ))}
        </select>
        <span className="chart-actions">
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Export the ${metric} table as CSV`}
            data-testid="sweep-grid-csv"
            onClick={() => exportCsv(gridCsv(grid), `sweep-grid-${metric.replace(/[^A-Za-z0-9_.-]+/g, '_')}.csv`)}
          >
            CSV
          </button>
        </span>
      </figcaption>
      <table aria-label={`${caption} by ${grid.rowName} and ${grid.colName}`}>
        <caption className="muted small">
          {caption}: mean over seeds{result.plan.seeds.length > 1 ? ' ± 95 % interval' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">
              {grid.rowName} \ {grid.colName}
            </th>
            {grid.cols.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((r, i) => (
            <tr key={r}>
              <th scope="row">{r}</th>
              {grid.cells[i]!.map((cell, j) => (
                <td key={grid.cols[j]} data-testid="sweep-grid-cell" data-done={cell ? 'yes' : 'no'}>
                  {formatMean(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function PointTable({ result, summary }: { result: SweepResult; summary: ReturnType<typeof sweepSummaryRows> }) {
  const rows = useMemo(() => pointRows(result.plan, summary), [result, summary]);
  const names = varyingParameters(result.plan).map((i) => result.plan.parameters[i]!.name);
  return (
    <div className="sweep-grid" data-testid="sweep-points-table">
      <table aria-label="Results per point">
        <thead>
          <tr>
            {names.map((n) => (
              <th key={n} scope="col">
                {n}
              </th>
            ))}
            {result.plan.metrics.map((m) => (
              <th key={m.name} scope="col">
                {m.name}
                {m.unit ? ` (${m.unit})` : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.point}>
              {r.values.map((v, i) => (
                <th key={names[i]} scope="row">
                  {v}
                </th>
              ))}
              {r.metrics.map((s, i) => (
                <td key={result.plan.metrics[i]!.name}>{formatMean(s)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
