/**
 * A/B comparison (accessible name "Compare"): pin the current run (A), change something, run
 * again (B). The charts draw A's lines dashed under B's, and this table shows both runs'
 * figures with the difference B − A.
 */
import { Fragment } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { showFigure, UNDEFINED_FIGURE } from '../summary/figures';
import { compareRows, difference, pinRun, type CompareRow } from './pinnedRun';

const fmt = (v: number | null, digits = 3) => showFigure(v, digits);

/**
 * Three significant figures, never fewer than the integer part (357.071 → "357", 9.254 →
 * "9.25", 0.2453 → "0.245"): the compact table presentation mode puts beside the split view's panes.
 */
export function fmtCompact(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return UNDEFINED_FIGURE;
  const a = Math.abs(v);
  const digits = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
  return v.toFixed(digits);
}

export function CompareButton() {
  const lab = useLab();
  const pinned = useStore(lab.ui, (s) => s.pinned);
  const summary = useStore(lab.run, (s) => s.summary);
  const pin = () => {
    const sum = lab.run.getState().summary;
    if (!sum) return;
    const sc = lab.scenario.getState().scenario;
    const flows = sc.flows.map((f, i) => ({ id: f.id, index: i, color: f.color }));
    const label = `${sc.name ?? 'run'} at ${sum.simulatedS.toFixed(1)} s`;
    lab.ui.getState().setPinned(pinRun(lab.series, flows, sum, label));
  };
  return pinned ? (
    <button
      type="button"
      className="btn btn-small"
      data-testid="unpin"
      onClick={() => lab.ui.getState().setPinned(null)}
    >
      Unpin A
    </button>
  ) : (
    <button
      type="button"
      className="btn btn-small"
      aria-label="Compare"
      title="Pin this run as A; change something and run again: the charts overlay A dashed and a table compares both"
      data-testid="compare"
      disabled={!summary}
      onClick={pin}
    >
      Compare
    </button>
  );
}

export function CompareTable() {
  const lab = useLab();
  const pinned = useStore(lab.ui, (s) => s.pinned);
  const summary = useStore(lab.run, (s) => s.summary);
  if (!pinned) return null;
  return (
    <CompareRowsTable
      rows={summary ? compareRows(pinned.summary, summary) : []}
      label="Comparison of the pinned run and this run"
      caption={`A: ${pinned.label} (dashed) · B: this run${summary ? ` at ${summary.simulatedS.toFixed(1)} s` : ''}`}
      testId="compare-table"
    />
  );
}

/**
 * Both runs' figures and the difference B − A (the A/B comparison and the split view). Compact
 * (the split view while presenting): three significant figures and "delay" for "mean delay", so
 * the table fits beside the panes at 1024×768.
 */
export function CompareRowsTable({
  rows,
  label,
  caption,
  testId,
  compact = false,
}: {
  rows: readonly CompareRow[];
  label: string;
  caption: string;
  testId: string;
  compact?: boolean;
}) {
  if (compact) return <CompactCompareTable rows={rows} label={label} caption={caption} testId={testId} />;
  const num = (v: number | null) => fmt(v);
  return (
    <div className="summary-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="summary-table compare-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">A</th>
            <th scope="col">B</th>
            <th scope="col" title="B − A">
              Δ
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const d = difference(r);
            return (
              <tr key={r.what}>
                <th scope="row">
                  {r.what}
                  {r.unit ? ` (${r.unit})` : ''}
                </th>
                <td className="num">{num(r.a)}</td>
                <td className="num">{num(r.b)}</td>
                <td className="num">
                  {d === null || !Number.isFinite(d) ? UNDEFINED_FIGURE : `${d >= 0 ? '+' : ''}${num(d)}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const FIGURES = [
  ['goodput', 'Goodput', 'Mb/s'],
  ['delay', 'Delay', 'ms'],
  ['loss', 'Loss', '%'],
] as const;

/** "9.25 → 8.10": A's value, then B's (three significant figures each). */
function aToB(r: CompareRow | undefined): string {
  if (!r) return UNDEFINED_FIGURE;
  const a = fmtCompact(r.a);
  const b = fmtCompact(r.b);
  return a === UNDEFINED_FIGURE && b === UNDEFINED_FIGURE ? UNDEFINED_FIGURE : `${a}\u2009→\u2009${b}`;
}

/**
 * The split view's figures while presenting: one row per flow with its goodput, mean delay and loss
 * as "A → B" (a row per figure would be three times as tall: 38 rows for the bufferbloat preset's
 * twelve flows, more than a 1024×768 projector shows), then Jain's index and the total. A figure
 * that differs by more than a tenth between the runs is in bold.
 */
function CompactCompareTable({
  rows,
  label,
  caption,
  testId,
}: {
  rows: readonly CompareRow[];
  label: string;
  caption: string;
  testId: string;
}) {
  const flows = [...new Set(rows.flatMap((r) => (r.flow !== undefined ? [r.flow] : [])))];
  const rest = rows.filter((r) => r.flow === undefined);
  const cell = (r: CompareRow | undefined) => (
    <td className={`num${r && differsMuch(r) ? ' is-different' : ''}`}>{aToB(r)}</td>
  );
  return (
    <div className="summary-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="summary-table compare-table is-compact" data-testid={testId}>
        <caption>{caption.replace(' · Δ = B − A', '')} · A → B</caption>
        <thead>
          <tr>
            <th scope="col">Flow</th>
            {FIGURES.map(([k, name, unit]) => (
              <th scope="col" key={k}>
                {name}
                <br />
                <span className="unit">({unit})</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {flows.map((f) => (
            <tr key={f}>
              <th scope="row">{f}</th>
              {FIGURES.map(([k]) => (
                <Fragment key={k}>{cell(rows.find((r) => r.flow === f && r.figure === k))}</Fragment>
              ))}
            </tr>
          ))}
          {rest.map((r) => (
            <tr key={r.what}>
              <th scope="row">
                {r.what}
                {r.unit ? ` (${r.unit})` : ''}
              </th>
              {cell(r)}
              <td colSpan={2} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** B differs from A by more than a tenth of the larger (both defined). */
function differsMuch(r: CompareRow): boolean {
  const d = difference(r);
  if (d === null || r.a === null || r.b === null) return false;
  return Math.abs(d) > 0.1 * Math.max(Math.abs(r.a), Math.abs(r.b));
}
