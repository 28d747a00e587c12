/**
 * The live charts: cwnd (with ssthresh and flow-event markers), queue (all ports, or one port in
 * detail), throughput, and one-way delay (every flow kind: a per-interval min–max band, the mean
 * and p95 so far) or RTT, picked in that chart's head; and — with two flows or more — the Chiu–Jain phase plot of two
 * chosen flows; behind a base station, each UE's channel SNR and AMC rate (per sample or per TDMA slot).
 */
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { FlowChart } from './FlowChart';
import { QueueChart } from './QueueChart';
import { DelayChart } from './DelayChart';
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
      <FlowChart kind="cwnd" />
      <QueueChart />
      <FlowChart kind="throughput" />
      <DelayChart />
      {flowCount >= 2 && <ChiuJainPlot />}
      {wireless && <UeChannelChart kind="snr" />}
      {wireless && <UeChannelChart kind="uerate" />}
    </section>
  );
}
