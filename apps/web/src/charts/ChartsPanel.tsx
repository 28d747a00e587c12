/**
 * The live charts: cwnd (with ssthresh and flow-event markers), queue (all ports, or one port in
 * detail), throughput and RTT, and — with two flows or more — the Chiu–Jain phase plot of two
 * chosen flows; behind a base station, each UE's channel SNR and AMC rate (per sample or per TDMA slot).
 */
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { TimeSeriesChart } from './TimeSeriesChart';
import { QueueChart } from './QueueChart';
import { ChiuJainPlot } from './ChiuJainPlot';
import { UeChannelChart } from './UeChannelChart';

export function ChartsPanel() {
  const lab = useLab();
  const flowCount = useStore(lab.scenario, (s) => s.scenario.flows.length);
  const wireless = useStore(lab.run, (s) => (s.meta?.baseStations.length ?? 0) > 0);
  return (
    <section
      className={`charts${flowCount >= 2 ? ' with-phase' : ''}${wireless ? ' with-bs' : ''}`}
      aria-label="Charts"
    >
      <TimeSeriesChart kind="cwnd" />
      <QueueChart />
      <TimeSeriesChart kind="throughput" />
      <TimeSeriesChart kind="rtt" />
      {flowCount >= 2 && <ChiuJainPlot />}
      {wireless && <UeChannelChart kind="snr" />}
      {wireless && <UeChannelChart kind="uerate" />}
    </section>
  );
}
