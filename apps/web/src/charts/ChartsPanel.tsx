/**
 * The live charts: cwnd (with ssthresh and loss markers), queue length of chosen ports, throughput
 * and RTT, the router state its queue disciplines report (e.g. LbLCA's shared-buffer occupancy
 * against b_l and b_u, its sending and target rates) when any probed port reports some, and — with
 * two flows or more — the Chiu–Jain phase plot of two chosen flows.
 */
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { TimeSeriesChart } from './TimeSeriesChart';
import { PortPicker } from './PortPicker';
import { ChiuJainPlot } from './ChiuJainPlot';
import { stateViews } from './stateChart';

const NO_PORTS: string[] = [];

export function ChartsPanel() {
  const lab = useLab();
  const meta = useStore(lab.run, (s) => s.meta);
  const probed = meta?.probedPorts ?? NO_PORTS;
  const [ports, setPorts] = useState<string[] | null>(null);
  const [statePorts, setStatePorts] = useState<string[] | null>(null);
  const [viewId, setViewId] = useState<string | null>(null);
  const flowCount = useStore(lab.scenario, (s) => s.scenario.flows.length);
  const shown = ports ? ports.filter((p) => probed.includes(p)) : probed.length <= 6 ? probed : probed.slice(0, 4);
  const views = useMemo(() => stateViews(meta ?? null), [meta]);
  const view = views.find((v) => v.id === viewId) ?? views[0];
  const stateful = useMemo(
    () => (meta ? meta.probedPorts.filter((_, i) => (meta.discProbes[i]?.length ?? 0) > 0) : NO_PORTS),
    [meta],
  );
  const stateShown = statePorts ? statePorts.filter((p) => stateful.includes(p)) : stateful.slice(0, 4);
  return (
    <section
      className={`charts${flowCount >= 2 ? ' with-phase' : ''}${views.length > 0 ? ' with-state' : ''}`}
      aria-label="Charts"
    >
      <TimeSeriesChart kind="cwnd" />
      <TimeSeriesChart
        kind="queue"
        ports={shown}
        toolbar={<PortPicker ports={probed} chosen={shown} onChange={setPorts} />}
      />
      <TimeSeriesChart kind="throughput" />
      <TimeSeriesChart kind="rtt" />
      {flowCount >= 2 && <ChiuJainPlot />}
      {views.length > 0 && (
        <TimeSeriesChart
          kind="state"
          ports={stateShown}
          stateView={view}
          toolbar={
            <>
              <select
                className="chart-select"
                aria-label="Router state to chart"
                data-testid="state-view"
                value={view?.id ?? ''}
                onChange={(e) => setViewId(e.target.value)}
              >
                {views.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.label}
                  </option>
                ))}
              </select>
              <PortPicker ports={stateful} chosen={stateShown} onChange={setStatePorts} />
            </>
          }
        />
      )}
    </section>
  );
}
