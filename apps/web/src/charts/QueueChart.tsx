/**
 * The queue chart: every probed port's queue length, or one port in detail — per-flow backlog
 * stacked in flow colours with the discipline's queue-sized state (RED's average queue and its
 * thresholds), sojourn time, drops and marks by reason, and each other kind of discipline state
 * its registry entry lists as probes (PIE's drop probability, CoDel's dropping state).
 */
import { useCallback, useId, useState } from 'react';
import { useStore } from 'zustand';
import { getRegistry } from '@cclab/engine';
import { useLab } from '../lab';
import type { SeriesStore } from '../state/SeriesStore';
import type { FlowStyle } from './chartData';
import { PortPicker } from './PortPicker';
import { portProbes, queueViewLines, queueViews } from './queueChartData';
import { TimeSeriesChart } from './TimeSeriesChart';

const NO_PORTS: string[] = [];
const ALL = '__all';

export function QueueChart() {
  const lab = useLab();
  const ids = { port: useId(), view: useId() };
  const meta = useStore(lab.run, (s) => s.meta);
  const probed = meta?.probedPorts ?? NO_PORTS;
  const [ports, setPorts] = useState<string[] | null>(null);
  const [portChoice, setPortChoice] = useState<string | null>(null);
  const [viewChoice, setViewChoice] = useState('backlog');
  // one probed port (a dumbbell's bottleneck): show it in detail; several: all of them until one is picked
  const port = portChoice !== null ? portChoice : probed.length === 1 ? probed[0]! : ALL;
  const portIndex = probed.indexOf(port);
  const portMeta = meta?.ports.find((p) => p.name === port);
  const reg = getRegistry().queue;
  const columns = portIndex >= 0 ? (meta?.portColumns[portIndex] ?? NO_PORTS) : NO_PORTS;
  const probes = portProbes(columns, [
    reg.find((q) => q.id === portMeta?.queue),
    reg.find((q) => q.id === portMeta?.child),
  ]);
  const views = portIndex >= 0 ? queueViews(columns, probes) : [];
  const view = views.find((v) => v.id === viewChoice) ?? views[0];
  const shown = ports ? ports.filter((p) => probed.includes(p)) : probed.length <= 6 ? probed : probed.slice(0, 4);
  const probeKey = probes.map((p) => `${p.column}|${p.label}|${p.unit}|${p.cumulative}`).join(',');
  const source = useCallback(
    (store: SeriesStore, flows: readonly FlowStyle[]) =>
      view ? queueViewLines(store, portIndex, view.id, probes, flows) : [],
    // probes are rebuilt every render; their content is in probeKey
    [portIndex, view?.id, probeKey],
  );
  const toolbar = (
    <span className="queue-chart-controls">
      <label className="sr-only" htmlFor={ids.port}>
        Port
      </label>
      <select
        id={ids.port}
        className="chart-select"
        data-testid="queue-chart-port"
        value={portIndex >= 0 ? port : ALL}
        onChange={(e) => setPortChoice(e.target.value)}
        title="Which port the chart shows"
      >
        {probed.length > 1 && <option value={ALL}>All ports</option>}
        {probed.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
      {view ? (
        <>
          <label className="sr-only" htmlFor={ids.view}>
            Show
          </label>
          <select
            id={ids.view}
            className="chart-select"
            data-testid="queue-chart-view"
            value={view.id}
            onChange={(e) => setViewChoice(e.target.value)}
            title="What the chart shows of this port"
          >
            {views.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </select>
        </>
      ) : (
        <PortPicker ports={probed} chosen={shown} onChange={setPorts} />
      )}
    </span>
  );
  return view ? (
    <TimeSeriesChart
      kind="queue"
      source={source}
      yLabel={view.yLabel}
      fileSuffix={`${port}-${view.id}`}
      toolbar={toolbar}
    />
  ) : (
    <TimeSeriesChart kind="queue" ports={shown} toolbar={toolbar} />
  );
}
