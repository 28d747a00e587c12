// The metrics of one port (`port` names the link direction "a->b"), each with its evaluation, in
// the order the lab lists them.
import type { Port } from '../net/Port.js';
import type { Simulation } from '../Simulation.js';
import { flowSet, ms, seconds } from './flowMeasures.js';
import { MetricQueryError, type MetricQuery, type ResultMetricSpec } from './metricQuery.js';

export interface PortMetric extends ResultMetricSpec {
  readonly scope: 'port';
  evaluate(sim: Simulation, port: Port, q: MetricQuery): number;
}

const p = (
  id: string,
  label: string,
  unit: string,
  description: string,
  evaluate: PortMetric['evaluate'],
): PortMetric => ({ id, label, unit, scope: 'port', description, evaluate });

export const portMetrics: readonly PortMetric[] = [
  p(
    'drops',
    'Drops',
    'packets',
    'Packets discarded by the port’s queue discipline or lost on its link.',
    (_sim, port) => port.disc.stats.drops + port.linkLosses,
  ),
  p('marks', 'ECN marks', 'packets', 'Packets CE-marked instead of dropped.', (_sim, port) => port.disc.stats.marks),
  p('meanQueuePackets', 'Mean queue', 'packets', 'Time-average number of packets in the queue.', (_sim, port) =>
    port.disc.meanLengthPackets(),
  ),
  p('meanSojournMs', 'Mean sojourn', 'ms', 'Mean time from enqueue to dequeue.', (_sim, port) =>
    ms(port.disc.meanSojournNs()),
  ),
  p('utilization', 'Utilisation', '', 'Fraction of the time the link was transmitting.', (sim, port) =>
    sim.nowNs > 0 ? port.busyTimeNs() / sim.nowNs : 0,
  ),
  p('portThroughputBps', 'Port throughput', 'bit/s', 'Bytes leaving the port per second of the run.', (sim, port) =>
    sim.nowNs > 0 ? (port.disc.stats.departureBytes * 8) / seconds(sim.nowNs) : 0,
  ),
  p(
    'queueProbe',
    'Discipline state',
    '',
    'A value the port’s queue discipline reports (its probe `key`, e.g. RED’s avgQueue, QLBP’s outputRateCov) at the end of the run.',
    (sim, port, q) => {
      const d = port.disc;
      const specs = d.probeSpecs();
      const i = specs.findIndex((s) => s.key === q.key);
      if (i < 0)
        throw new MetricQueryError(
          'key',
          `${JSON.stringify(q.key)} is not a probe of ${port.queueType} (${specs.map((s) => s.key).join(', ') || 'none'})`,
        );
      const stat = q.stat ?? 'last';
      if (stat === 'last') {
        const out = new Float64Array(specs.length);
        d.probeValues(out, 0);
        return out[i]!;
      }
      return probeSeriesStat(sim, port, `disc:${specs[i]!.key}`, stat, q.from ?? 0);
    },
  ),
  p(
    'flowsUtilization',
    'Utilisation by flows',
    '',
    "Bytes of the chosen `flows` leaving the port / (link rate × time), over a `share` of the capacity (default 1): seed 003's XCP utilisation is the XCP flows' over XCP's half (ns-2 xcpq.cc trace u).",
    (sim, port, q) => {
      const share = q.share ?? 1;
      if (!(share > 0 && share <= 1)) throw new MetricQueryError('share', 'must be in (0, 1]');
      let bytes = 0;
      for (const rt of flowSet(sim, q.flows)) bytes += port.departureBytesOf(rt.spec.index);
      return sim.nowNs > 0 ? (bytes * 8) / (port.rateBps * seconds(sim.nowNs) * share) : 0;
    },
  ),
];

/** Minimum, maximum or mean of a probed port's series column over samples at t ≥ fromS (NaN ignored). */
function probeSeriesStat(sim: Simulation, port: Port, column: string, stat: 'min' | 'max' | 'mean', fromS: number) {
  const k = sim.probedPorts.indexOf(port);
  if (k < 0) throw new MetricQueryError('stat', `port ${JSON.stringify(port.name)} is not probed (probes.ports)`);
  const series = sim.portSeries[k]!;
  const t = series.column('t');
  const v = series.column(column);
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let n = 0;
  for (let j = 0; j < t.length; j++) {
    const x = v[j]!;
    if (t[j]! < fromS || !Number.isFinite(x)) continue;
    if (x < min) min = x;
    if (x > max) max = x;
    sum += x;
    n++;
  }
  if (n === 0) return NaN;
  return stat === 'min' ? min : stat === 'max' ? max : sum / n;
}
