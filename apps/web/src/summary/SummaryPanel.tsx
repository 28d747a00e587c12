/**
 * Summary metrics in the page (accessible name "Summary"): per flow throughput, goodput, delay,
 * jitter, loss, retransmissions and timeouts; per port utilisation, mean queue, drops and marks
 * by reason; Jain's fairness index across flows. Live while the run goes on (about twice a
 * second), final at the end; each header explains itself on hover; exportable as CSV.
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import type { PageSummary } from '../worker/pageSummary';
import { useLab } from '../lab';
import { exportCsv } from '../charts/exportChart';
import './summary.css';
import { CompareButton, CompareTable } from '../compare/ComparePanel';
import { SplitViewButton } from '../compare/split/SplitView';
import { jainOf, jainUndefinedReason, showFigure } from './figures';
import { pageOf, pageText } from './pagedRows';
import { activePorts, FLOW_COLUMNS, formatCell, PORT_COLUMNS, summaryCsv, type SummaryColumn } from './summaryTable';

function Table<T>({
  cols,
  rows: all,
  caption,
  noun,
  rowKey,
}: {
  cols: readonly SummaryColumn<T>[];
  rows: readonly T[];
  caption: string;
  /** What a row is, for the pager ("Flows 1–50 of 1,000"). */
  noun: string;
  rowKey: (r: T) => string;
}) {
  // a long table shows one page of rows at a time (pagedRows.ts)
  const [page, setPage] = useState(0);
  const pg = pageOf(all.length, page);
  const rows = pg.pages > 1 ? all.slice(pg.from, pg.to) : all;
  const testId = `summary-pager-${noun.toLowerCase()}`;
  return (
    // a region that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable)
    <div className="summary-scroll" tabIndex={0} role="region" aria-label={`Summary ${caption.toLowerCase()}`}>
      {pg.pages > 1 && (
        <div className="summary-pager" data-testid={testId}>
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Previous page of ${noun.toLowerCase()}`}
            disabled={pg.page === 0}
            onClick={() => setPage(pg.page - 1)}
          >
            ‹
          </button>
          <span aria-live="polite">{pageText(noun, pg, all.length)}</span>
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Next page of ${noun.toLowerCase()}`}
            disabled={pg.page === pg.pages - 1}
            onClick={() => setPage(pg.page + 1)}
          >
            ›
          </button>
          <span className="muted">(the CSV has them all)</span>
        </div>
      )}
      <table className="summary-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c.key} scope="col" title={c.help}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {cols.map((c) => (
                <td key={c.key} className={c.digits !== undefined ? 'num' : undefined} data-col={c.key}>
                  {formatCell(c, r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SummaryTables({ summary }: { summary: PageSummary }) {
  const why = jainUndefinedReason(summary);
  return (
    <>
      <p
        className="summary-jain"
        title={`Jain's fairness index of the flows' goodputs: 1 when all are equal, 1/n when one flow takes everything${why ? ` — ${why}` : ''}`}
      >
        Jain&apos;s fairness index: <strong data-testid="summary-jain">{showFigure(jainOf(summary), 3)}</strong> · total
        goodput {showFigure(summary.aggregateGoodputBps / 1e6, 2)} Mb/s · at {showFigure(summary.simulatedS, 2)} s
      </p>
      <Table cols={FLOW_COLUMNS} rows={summary.flows} caption="Per flow" noun="Flows" rowKey={(f) => f.id} />
      <Table cols={PORT_COLUMNS} rows={activePorts(summary)} caption="Per port" noun="Ports" rowKey={(p) => p.name} />
    </>
  );
}

export function SummaryPanel() {
  const lab = useLab();
  const summary = useStore(lab.run, (s) => s.summary);
  const status = useStore(lab.run, (s) => s.status);
  return (
    <section className="panel summary-panel" aria-label="Summary" data-testid="summary">
      <h2>
        Summary <span className="muted small">{status === 'done' ? 'final' : summary ? 'live' : ''}</span>
        <CompareButton />
        <SplitViewButton />
        {summary && (
          <button type="button" className="btn btn-small" onClick={() => exportCsv(summaryCsv(summary), 'summary.csv')}>
            CSV
          </button>
        )}
      </h2>
      <CompareTable />
      {summary ? (
        <SummaryTables summary={summary} />
      ) : (
        <p className="muted small">Figures appear once the run starts.</p>
      )}
    </section>
  );
}
