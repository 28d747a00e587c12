/** The four live charts: cwnd (with ssthresh and flow-event markers), queue (all ports, or one port in detail), throughput and RTT. */
import { TimeSeriesChart } from './TimeSeriesChart';
import { QueueChart } from './QueueChart';

export function ChartsPanel() {
  return (
    <section className="charts" aria-label="Charts">
      <TimeSeriesChart kind="cwnd" />
      <QueueChart />
      <TimeSeriesChart kind="throughput" />
      <TimeSeriesChart kind="rtt" />
    </section>
  );
}
