// The metrics of a set of flows (`flows`, default every flow; `subset` wired or wireless), each
// with its evaluation, in the order the lab lists them. Every one is given the set and the flows'
// goodputs over the query's window, which the query resolution computes once.
import type { FlowRuntime, Simulation } from '../Simulation.js';
import { maxRatioFairnessOf } from '../metrics/chiuJain.js';
import { jainIndex } from '../metrics/TimeSeries.js';
import {
  activeSeconds,
  dataPacketsDelivered,
  efficacyDb,
  flowSet,
  goodputBps,
  ms,
  seconds,
  utility,
  valueAt,
} from './flowMeasures.js';
import { MetricQueryError, type MetricQuery, type ResultMetricSpec } from './metricQuery.js';

export interface FlowSetMetric extends ResultMetricSpec {
  readonly scope: 'flows';
  evaluate(sim: Simulation, set: readonly FlowRuntime[], goodputs: readonly number[], q: MetricQuery): number;
}

const fs = (
  id: string,
  label: string,
  unit: string,
  description: string,
  evaluate: FlowSetMetric['evaluate'],
): FlowSetMetric => ({ id, label, unit, scope: 'flows', description, evaluate });

/** The flows' delays and packet counts pooled, for the pooled delay, jitter and efficacy. */
function pooled(set: readonly FlowRuntime[]) {
  let sum = 0;
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  let sent = 0;
  let received = 0;
  for (const rt of set) {
    const st = rt.stats;
    sum += st.delaySumNs;
    count += st.delayCount;
    if (st.delayCount > 0) {
      min = Math.min(min, st.minDelayNs);
      max = Math.max(max, st.maxDelayNs);
    }
    sent += st.packetsSent;
    received += st.packetsReceived;
  }
  return { sum, count, min, max, sent, received };
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export const flowSetMetrics: readonly FlowSetMetric[] = [
  fs('jain', "Jain's index", '', "(Σx)² / (n·Σx²) of the flows' goodputs (Jain 1984).", (_sim, _set, goodputs) =>
    jainIndex(goodputs),
  ),
  fs(
    'maxRatioFairness',
    'Max-ratio fairness',
    '',
    "Largest goodput over smallest among the flows: seed 003's max(x₁/x₂, x₂/x₁) for two (1 = fair).",
    (_sim, _set, goodputs) => maxRatioFairnessOf(goodputs),
  ),
  fs('aggregateGoodputBps', 'Aggregate goodput', 'bit/s', 'Sum of the flows’ goodputs.', (_sim, _set, goodputs) =>
    goodputs.reduce((a, b) => a + b, 0),
  ),
  fs(
    'totalBits',
    'Total bits received',
    'bit',
    'Payload delivered in order by the flows together up to time `at`.',
    (sim, set, _goodputs, q) => {
      const end = seconds(sim.nowNs);
      const at = q.at ?? end;
      if (at > end + 1e-9) throw new MetricQueryError('at', `${at} s is after the end of the run (${end} s)`);
      return set.reduce((a, rt) => a + (at >= end ? rt.stats.goodputBytes : valueAt(rt, 'deliveredBytes', at)) * 8, 0);
    },
  ),
  fs(
    'timeToBitsS',
    'Time to deliver',
    's',
    'First time the flows together have delivered `bits` of payload (seed 001: "4.35e9 bits reached at 11.9 s").',
    (_sim, set, _goodputs, q) => {
      if (q.bits === undefined || !(q.bits > 0))
        throw new MetricQueryError('bits', 'must be a positive number of bits');
      return timeToBits(set, q.bits);
    },
  ),
  fs(
    'aggregatePacketsPerMs',
    'Aggregate throughput',
    'packets/ms',
    'Data packets delivered per ms, summed (seed 004).',
    (sim, set) => set.reduce((a, rt) => a + dataPacketsDelivered(rt) / (activeSeconds(sim, rt) * 1000 || Infinity), 0),
  ),
  fs('utility', 'Utility', '', 'Σ p_s·log10 x_s, x_s in delivered packets/s (seed 004 §5).', (sim, set, _goodputs, q) =>
    utility(
      set.map((rt) => dataPacketsDelivered(rt) / (activeSeconds(sim, rt) || Infinity)),
      q.p ?? 1,
    ),
  ),
  fs('meanPdr', 'Mean PDR', '', 'Packets received / sent over the flows together.', (_sim, set) => {
    let sent = 0;
    let received = 0;
    for (const rt of set) {
      sent += rt.stats.packetsSent;
      received += rt.stats.packetsReceived;
    }
    return sent > 0 ? received / sent : NaN;
  }),
  fs(
    'pooledDelayMs',
    'Mean one-way delay (flows pooled)',
    'ms',
    'Mean one-way delay of every data packet the flows delivered (seed 000 §6.3.1 "network delay").',
    (_sim, set) => {
      const p = pooled(set);
      return p.count === 0 ? NaN : ms(p.sum / p.count);
    },
  ),
  fs(
    'pooledPtpJitterMs',
    'Peak-to-peak jitter (flows pooled)',
    'ms',
    'Largest minus smallest one-way delay over every packet the flows delivered (seed 000 §6.3.1, ms p-p).',
    (_sim, set) => {
      const p = pooled(set);
      return p.count === 0 ? NaN : ms(p.max - p.min);
    },
  ),
  fs(
    'pooledEfficacyDb',
    'Efficacy (flows pooled)',
    'dB',
    '10·log10(PDR / (delay / d_opt)) from the pooled PDR and mean delay, d_opt = 100 ms (seed 000 §4).',
    (_sim, set, _goodputs, q) => {
      const p = pooled(set);
      if (p.count === 0) return NaN;
      return efficacyDb(p.sent > 0 ? p.received / p.sent : NaN, ms(p.sum / p.count), q.dOptMs ?? 100);
    },
  ),
  fs(
    'friendliness',
    'Friendliness ratio',
    '',
    'Mean goodput of the flows / mean goodput of the `versus` flows.',
    (sim, _set, goodputs, q) => {
      if (!q.versus || q.versus.length === 0) throw new MetricQueryError('versus', 'names no reference flows');
      const ref = flowSet(sim, q.versus, 'versus').map((rt) => goodputBps(sim, rt, q.from ?? 0));
      const r = mean(ref);
      return r > 0 ? mean(goodputs) / r : NaN;
    },
  ),
];

/**
 * First time the flows' summed delivered bits reach `bits`, interpolated between probe samples
 * (all flows of a run share the probe times); NaN if never.
 */
function timeToBits(set: readonly FlowRuntime[], bits: number): number {
  const t = set[0]!.series.column('t');
  const cols = set.map((rt) => rt.series.column('deliveredBytes'));
  let prevT = 0;
  let prevBits = 0;
  for (let i = 0; i < t.length; i++) {
    let b = 0;
    for (const c of cols) b += c[i]! * 8;
    if (b >= bits) return b === prevBits ? t[i]! : prevT + ((bits - prevBits) * (t[i]! - prevT)) / (b - prevBits);
    prevT = t[i]!;
    prevBits = b;
  }
  return NaN;
}
