/**
 * The live charts: cwnd (with ssthresh and loss markers), queue length of chosen ports, throughput
 * and RTT, and — with two flows or more — the Chiu–Jain phase plot of two chosen flows; behind a
 * base station, each UE's channel SNR and AMC rate.
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { TimeSeriesChart } from './TimeSeriesChart';
import { PortPicker } from './PortPicker';
import { ChiuJainPlot } from './ChiuJainPlot';

const NO_PORTS: string[] = [];

export function ChartsPanel() {
  const lab = useLab();
  const probed = useStore(lab.run, (s) => s.meta?.probedPorts ?? NO_PORTS);
  const [ports, setPorts] = useState<string[] | null>(null);
  const flowCount = useStore(lab.scenario, (s) => s.scenario.flows.length);
  const wireless = useStore(lab.run, (s) => (s.meta?.baseStations.length ?? 0) > 0);
  const shown = ports ? ports.filter((p) => probed.includes(p)) : probed.length <= 6 ? probed : probed.slice(0, 4);
  return (
    <section
      className={`charts${flowCount >= 2 ? ' with-phase' : ''}${wireless ? ' with-bs' : ''}`}
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
      {wireless && <TimeSeriesChart kind="snr" />}
      {wireless && <TimeSeriesChart kind="uerate" />}
    </section>
  );
}
