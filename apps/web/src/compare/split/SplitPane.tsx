/**
 * One side of the split view: its variant's label and clock, its own live network view (not
 * editable here), its cwnd, throughput, queue and one-way delay charts and its figures, all drawn from its own
 * lab (stores and worker), handed to the usual components through LabContext.
 */
import { useStore } from 'zustand';
import { LabContext, useLab, type Lab } from '../../lab';
import { TopologyCanvas } from '../../editor/TopologyCanvas';
import { TimeSeriesChart } from '../../charts/TimeSeriesChart';
import { DelayChart } from '../../charts/DelayChart';
import { formatClock } from '../../run/SimClock';
import { jainOf, lossPercent, showFigure } from '../../summary/figures';

const mbps = (bps: number) => showFigure(bps / 1e6, 2);

function PaneClock({ side }: { side: string }) {
  const now = useStore(useLab().run, (s) => s.nowNs);
  return (
    <span className="split-pane-clock" data-testid={`split-clock-${side.toLowerCase()}`} data-now-ns={now}>
      t = {formatClock(now)} s
    </span>
  );
}

export function PaneFigures({ side }: { side: string }) {
  const summary = useStore(useLab().run, (s) => s.summary);
  if (!summary) return <p className="muted small">Figures appear once the runs start.</p>;
  return (
    <table className="summary-table split-figures" data-testid={`split-figures-${side.toLowerCase()}`}>
      <caption>
        {side} at {showFigure(summary.simulatedS, 2)} s · Jain&apos;s index{' '}
        <span data-testid={`split-jain-${side.toLowerCase()}`}>{showFigure(jainOf(summary), 3)}</span> · total{' '}
        {mbps(summary.aggregateGoodputBps)} Mb/s
      </caption>
      <thead>
        <tr>
          <th scope="col">Flow</th>
          <th scope="col">CC</th>
          <th scope="col">Goodput (Mb/s)</th>
          <th scope="col">cwnd (seg)</th>
          <th scope="col">Loss (%)</th>
        </tr>
      </thead>
      <tbody>
        {summary.flows.map((f) => (
          <tr key={f.id} data-flow={f.id}>
            <th scope="row">{f.id}</th>
            <td data-col="cc">{f.cc ?? f.transport}</td>
            <td className="num" data-col="goodput">
              {mbps(f.goodputBps)}
            </td>
            <td className="num" data-col="cwnd">
              {showFigure(f.finalCwnd, 1)}
            </td>
            <td className="num" data-col="loss">
              {showFigure(lossPercent(f), 2)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * `label` names what differs and the pane's value; presenting, the title shows only the value
 * (`value`: the controls' row says once what differs), so both titles take one line.
 */
export function SplitPane({ lab, side, label, value }: { lab: Lab; side: 'A' | 'B'; label: string; value: string }) {
  return (
    <LabContext.Provider value={lab}>
      <section className="split-pane" aria-label={`${side}: ${label}`} data-testid={`split-pane-${side.toLowerCase()}`}>
        <h3 className="split-pane-title">
          <span className={`split-side split-side-${side.toLowerCase()}`}>{side}:</span>{' '}
          <span className="split-pane-label" title={label}>
            <span className="split-pane-what">{label.slice(0, label.length - value.length)}</span>
            {value}
          </span>
          <PaneClock side={side} />
        </h3>
        <div className="split-network" role="img" aria-label={`Live network of run ${side}: packets, queues and drops`}>
          {/* a view, not an editor: the scenario is edited in the lab, not here */}
          <div className="split-network-view" inert>
            <TopologyCanvas />
          </div>
        </div>
        <div className="split-charts">
          <TimeSeriesChart kind="cwnd" />
          <TimeSeriesChart kind="throughput" />
          <TimeSeriesChart kind="queue" />
          <DelayChart />
        </div>
        <PaneFigures side={side} />
      </section>
    </LabContext.Provider>
  );
}
