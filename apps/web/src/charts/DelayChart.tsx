/**
 * The latency cell of the charts: each flow's one-way delay (every flow kind: the engine's delay
 * columns, a per-interval min–max band with the mean and p95 so far) or, picked in its head, the
 * smoothed round-trip time its sender measures (flows that measure one). One-way delay first: a
 * UDP/CBR flow — the latency-sensitive flow of a bufferbloat lesson — has no RTT. With more than
 * four flows the one-way view starts on the flows without an RTT (chartData `defaultDelayFlows`);
 * its Flows picker shows any others.
 */
import { useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { defaultDelayFlows } from './chartData';
import { PortPicker } from './PortPicker';
import { TimeSeriesChart } from './TimeSeriesChart';
import { useChartedFlows } from './FlowChart';

type DelayView = 'delay' | 'rtt';
const NO_FLOWS: string[] = [];

export function DelayChart() {
  const lab = useLab();
  const [view, setView] = useState<DelayView>('delay');
  const [picked, setPicked] = useState<string[] | null>(null);
  const meta = useStore(lab.run, (s) => s.meta);
  const ids = meta?.flowIds ?? NO_FLOWS;
  // the flows picked that this run has; none of them (another scenario): the default again
  const shown = useMemo(() => {
    const kept = picked?.filter((id) => ids.includes(id)) ?? [];
    return picked && (kept.length > 0 || picked.length === 0) ? kept : defaultDelayFlows(lab.series);
    // the default depends on the run's flows (meta)
  }, [picked, ids, lab, meta]);
  // the round-trip view draws at most MAX_CHARTED_FLOWS flows until others are picked, like cwnd
  const rtt = useChartedFlows('rtt');
  const id = useId();
  const toolbar = (
    <span className="queue-chart-controls">
      <label className="sr-only" htmlFor={id}>
        Delay shown
      </label>
      <select
        id={id}
        className="chart-select"
        data-testid="delay-chart-view"
        value={view}
        onChange={(e) => setView(e.target.value as DelayView)}
        title="One-way delay of every flow's data packets, or the round-trip time its sender measures"
      >
        <option value="delay">one-way</option>
        <option value="rtt">round trip</option>
      </select>
      {view === 'delay' ? (
        <PortPicker ports={ids} chosen={shown} onChange={setPicked} noun="Flows" testId="delay-chart-flows" />
      ) : (
        rtt.picker
      )}
    </span>
  );
  return <TimeSeriesChart key={view} kind={view} toolbar={toolbar} shownFlows={view === 'delay' ? shown : rtt.shown} />;
}
