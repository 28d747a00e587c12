// The metrics of one flow (`flow` names it), each with its evaluation, in the order the lab lists them.
import type { FlowRuntime, Simulation } from '../Simulation.js';
import {
  activeSeconds,
  dataPacketsDelivered,
  efficacyDb,
  forwardDrops,
  goodputBps,
  goodputSamples,
  meanBacklog,
  ms,
  seconds,
  timeToMax,
  valueAt,
} from './flowMeasures.js';
import { MetricQueryError, type MetricQuery, type ResultMetricSpec } from './metricQuery.js';

export interface FlowMetric extends ResultMetricSpec {
  readonly scope: 'flow';
  evaluate(sim: Simulation, rt: FlowRuntime, q: MetricQuery): number;
}

const f = (
  id: string,
  label: string,
  unit: string,
  description: string,
  evaluate: FlowMetric['evaluate'],
): FlowMetric => ({ id, label, unit, scope: 'flow', description, evaluate });

const pdr = (rt: FlowRuntime) => (rt.stats.packetsSent > 0 ? rt.stats.packetsReceived / rt.stats.packetsSent : NaN);

export const flowMetrics: readonly FlowMetric[] = [
  f(
    'goodputBps',
    'Goodput',
    'bit/s',
    'Application payload delivered in order per second of the flow’s active time.',
    (sim, rt, q) => goodputBps(sim, rt, q.from ?? 0),
  ),
  f(
    'throughputBps',
    'Throughput',
    'bit/s',
    'Bytes received (headers and duplicates included) per second.',
    (sim, rt) => {
      const t = activeSeconds(sim, rt);
      return t > 0 ? (rt.stats.bytesReceived * 8) / t : 0;
    },
  ),
  f('pdr', 'Packet delivery ratio', '', 'Data packets received / data packets sent (seed 000 §4).', (_sim, rt) =>
    pdr(rt),
  ),
  f('lossRatio', 'Loss ratio', '', 'Data packets of the flow dropped on its path / packets sent.', (_sim, rt) =>
    rt.stats.packetsSent > 0 ? forwardDrops(rt) / rt.stats.packetsSent : NaN,
  ),
  f('packetsLost', 'Packets lost', 'packets', 'Data packets of the flow dropped on its path.', (_sim, rt) =>
    forwardDrops(rt),
  ),
  f(
    'meanDelayMs',
    'Mean one-way delay',
    'ms',
    'Mean source-to-destination delay of delivered data packets.',
    (_sim, rt) => ms(rt.stats.meanDelayNs()),
  ),
  f('p95DelayMs', '95th percentile delay', 'ms', 'One-way delay exceeded by 5 % of delivered packets.', (_sim, rt) =>
    ms(rt.stats.delayPercentileNs(0.95)),
  ),
  f('minDelayMs', 'Minimum delay', 'ms', 'Smallest one-way delay.', (_sim, rt) =>
    rt.stats.delayCount > 0 ? ms(rt.stats.minDelayNs) : NaN,
  ),
  f('maxDelayMs', 'Maximum delay', 'ms', 'Largest one-way delay.', (_sim, rt) =>
    rt.stats.delayCount > 0 ? ms(rt.stats.maxDelayNs) : NaN,
  ),
  f('ptpJitterMs', 'Peak-to-peak jitter', 'ms', 'Maximum minus minimum one-way delay (seed 000 §6.3.1).', (_sim, rt) =>
    rt.stats.delayCount > 0 ? ms(rt.stats.maxDelayNs - rt.stats.minDelayNs) : NaN,
  ),
  f(
    'jitterMs',
    'Jitter (RFC 3393)',
    'ms',
    'Mean |D_i − D_{i−1}| of consecutive delivered packets (RFC 3393 IPDV).',
    (_sim, rt) => ms(rt.stats.meanJitterNs()),
  ),
  f(
    'efficacyDb',
    'Efficacy',
    'dB',
    '10·log10(PDR / (mean delay / d_opt)), d_opt = 100 ms (seed 000 §4).',
    (_sim, rt, q) => efficacyDb(pdr(rt), ms(rt.stats.meanDelayNs()), q.dOptMs ?? 100),
  ),
  f(
    'packetsDelivered',
    'Packets delivered',
    'packets',
    'Data packets received in the run, duplicates excluded (seed 004 Fig. 14’s per-flow counts).',
    (_sim, rt) => dataPacketsDelivered(rt),
  ),
  f(
    'meanBacklogPackets',
    'Packets queued',
    'packets',
    'Mean over probe samples after `from` of the flow’s packets queued at the probed ports of its data path (seed 004: a delay-based flow keeps ≈ p_s queued).',
    (sim, rt, q) => meanBacklog(sim, rt, q.from ?? 0),
  ),
  f('retransmits', 'Retransmissions', 'packets', 'Data packets sent again.', (_sim, rt) => rt.stats.retransmits),
  f('timeouts', 'Timeouts', '', 'Retransmission timer expiries.', (_sim, rt) => rt.stats.timeouts),
  f('completionTimeS', 'Completion time', 's', 'Finite transfers: start to the last byte acknowledged.', (_sim, rt) =>
    rt.stats.completionNs >= 0 ? seconds(rt.stats.completionNs - rt.stats.startNs) : NaN,
  ),
  f(
    'cumulativeBits',
    'Bits received',
    'bit',
    'Payload delivered in order up to time `at` (seed 001 Table 2).',
    (sim, rt, q) => {
      const at = q.at ?? seconds(sim.nowNs);
      if (at > seconds(sim.nowNs) + 1e-9)
        throw new MetricQueryError('at', `${at} s is after the end of the run (${seconds(sim.nowNs)} s)`);
      return at >= seconds(sim.nowNs) ? rt.stats.goodputBytes * 8 : valueAt(rt, 'deliveredBytes', at) * 8;
    },
  ),
  f(
    'throughputCov',
    'Throughput CoV',
    '',
    'Std. dev. / mean of per-interval goodput after `from`, or after convergence (first reaching `fraction` of the maximum) with `afterConvergence` (seed 002 §5).',
    (_sim, rt, q) => {
      const converged = q.afterConvergence ? timeToMax(rt, q.fraction ?? 0.9) : NaN;
      const from = q.afterConvergence ? converged + seconds(rt.spec.startNs) : (q.from ?? 0);
      if (!Number.isFinite(from)) return NaN;
      const xs = goodputSamples(rt, from);
      if (xs.length < 2) return NaN;
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const v = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1);
      return mean > 0 ? Math.sqrt(v) / mean : NaN;
    },
  ),
  f(
    'timeToMaxS',
    'Time to max throughput',
    's',
    'First time per-interval goodput reaches `fraction` of its maximum.',
    (_sim, rt, q) => timeToMax(rt, q.fraction ?? 0.9),
  ),
];
