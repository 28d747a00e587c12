/**
 * A/B comparison (accessible name "Compare"): pin the current run (A), change something, run
 * again (B). The charts draw A's lines dashed under B's, and this table shows both runs'
 * figures with the difference B − A.
 */
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { compareRows, difference, pinRun, type CompareRow } from './pinnedRun';

const fmt = (v: number | null, digits = 3) => (v === null || !Number.isFinite(v) ? '–' : v.toFixed(digits));

/**
 * Three significant figures, never fewer than the integer part (357.071 → "357", 9.254 →
 * "9.25", 0.2453 → "0.245"): the compact table presentation mode puts beside the split view's panes.
 */
export function fmtCompact(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return '–';
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
  const num = compact ? fmtCompact : (v: number | null) => fmt(v);
  return (
    <div className="summary-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className={`summary-table compare-table${compact ? ' is-compact' : ''}`} data-testid={testId}>
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
                  {compact ? r.what.replace(/ mean delay$/, ' delay') : r.what}
                  {r.unit ? ` (${r.unit})` : ''}
                </th>
                <td className="num">{num(r.a)}</td>
                <td className="num">{num(r.b)}</td>
                <td className="num">{d === null ? '–' : `${d >= 0 ? '+' : ''}${num(d)}`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
