/**
 * A/B comparison (accessible name "Compare"): pin the current run (A), change something, run
 * again (B). The charts draw A's lines dashed under B's, and this table shows both runs'
 * figures with the difference B − A.
 */
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { showFigure, UNDEFINED_FIGURE } from '../summary/figures';
import { compareRows, difference, pinRun, type CompareRow } from './pinnedRun';

const fmt = (v: number | null, digits = 3) => showFigure(v, digits);

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

/** Both runs' figures and the difference B − A (the A/B comparison and the split view). */
export function CompareRowsTable({
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
                <td className="num">{fmt(r.a)}</td>
                <td className="num">{fmt(r.b)}</td>
                <td className="num">
                  {d === null || !Number.isFinite(d) ? UNDEFINED_FIGURE : `${d >= 0 ? '+' : ''}${fmt(d)}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
