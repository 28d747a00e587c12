/**
 * The live charts: cwnd (with ssthresh and flow-event markers), queue (all ports, or one port in
 * detail), throughput and RTT, and — with two flows or more — the Chiu–Jain phase plot of two
 * chosen flows.
 */
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { TimeSeriesChart } from './TimeSeriesChart';
import { QueueChart } from './QueueChart';
import { ChiuJainPlot } from './ChiuJainPlot';

export function ChartsPanel() {
  const lab = useLab();
  const flowCount = useStore(lab.scenario, (s) => s.scenario.flows.length);
  return (
    <section className={flowCount >= 2 ? 'charts with-phase' : 'charts'} aria-label="Charts">
      <TimeSeriesChart kind="cwnd" />
      <QueueChart />
      <TimeSeriesChart kind="throughput" />
      <TimeSeriesChart kind="rtt" />
      {flowCount >= 2 && <ChiuJainPlot />}
    </section>
  );
}
