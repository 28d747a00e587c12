/**
 * One result of an entry, recorded or just run: the paper's numbers beside ours (a table with
 * row and column headers), the claims with their verdicts and reasons, and one plot per metric.
 */
import { useMemo } from 'react';
import type { ExperimentResult } from '@cclab/engine';
import type { ReproductionSpec, Verdict } from '@cclab/engine/reproductions';
import { plotModels, reportModel } from './reportModel';
import { ReproductionChart } from './ReproductionChart';

export function VerdictBadge({ verdict }: { verdict: Verdict | string }) {
  const kind = verdict === 'agrees' ? 'ok' : verdict === 'differs' ? 'bad' : 'none';
  return <span className={`verdict verdict-${kind}`}>{verdict}</span>;
}

export function ResultView({
  spec,
  result,
  heading,
  source,
  testId,
  plotsOpen,
}: {
  spec: ReproductionSpec;
  result: ExperimentResult;
  /** "Recorded result" or "This run". */
  heading: string;
  /** Short label of where the numbers come from, for the plots' key ("recorded", "this run"). */
  source: string;
  testId: string;
  plotsOpen: boolean;
}) {
  const model = useMemo(() => reportModel(spec, result), [spec, result]);
  const plots = useMemo(() => plotModels(spec, result), [spec, result]);
  return (
    <section className="reproduction-result" data-testid={testId} aria-label={heading}>
      <h4>
        {heading} <VerdictBadge verdict={model.verdict} />
      </h4>
      <p className="muted small">
        {model.runs} runs; ours = mean ± 95 % confidence interval over seeds {spec.seeds.join(', ')}.
      </p>
      {model.rows.length > 0 && (
        <div className="reproduction-table-wrap">
          <table className="reproduction-table">
            <caption className="sr-only">
              {spec.figure}: the paper’s numbers beside ours ({source})
            </caption>
            <thead>
              <tr>
                <th scope="col">Point</th>
                <th scope="col">Metric</th>
                <th scope="col">Paper</th>
                <th scope="col">Ours</th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {model.rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.point}</th>
                  <td>{r.metric}</td>
                  <td>
                    {r.paper.length === 0 ? (
                      <span className="muted">— {r.paperNote ? `(${r.paperNote})` : ''}</span>
                    ) : (
                      <ul className="paper-numbers">
                        {r.paper.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    )}
                    {r.paper.length > 0 && r.paperNote && <div className="muted small">{r.paperNote}</div>}
                  </td>
                  <td className="num">{r.ours}</td>
                  <td>{r.verdict === '—' ? '—' : <VerdictBadge verdict={r.verdict} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h5>Claims</h5>
      <ul className="reproduction-claims">
        {model.claims.map((c) => (
          <li key={c.id} data-testid="reproduction-claim">
            <VerdictBadge verdict={c.verdict} /> <strong>{c.text}</strong>
            <div className="claim-detail">{c.detail}</div>
            {c.why && (
              <div className="claim-why">
                <span className="muted">Why ours differ:</span> {c.why}
              </div>
            )}
          </li>
        ))}
      </ul>
      <details className="reproduction-plots" open={plotsOpen}>
        <summary>Plots ({plots.length})</summary>
        {plots.map((p) => (
          <ReproductionChart key={p.metric} entryId={spec.id} plot={p} source={source} />
        ))}
      </details>
    </section>
  );
}
