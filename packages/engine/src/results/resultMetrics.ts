/**
 * Result metrics: named numbers computed from a finished (or paused) run, the one vocabulary that
 * reproductions, sweeps, exercises and the lab's summary share. Each metric has an id, a unit, a
 * scope (one flow, a set of flows, one port, the run) and a description citing where the
 * definition comes from; `evaluateMetric` computes one for a query.
 *
 * Definitions:
 * - PDR (seed 000 §4): data packets received / data packets sent, retransmissions included.
 * - one-way delay: creation at the source to arrival at the destination (mean, p95, min, max).
 * - peak-to-peak jitter (seed 000 §6.3.1): max − min one-way delay.
 * - RFC 3393 jitter: mean |D_i − D_{i−1}| over consecutive delivered packets (IPDV magnitude).
 * - efficacy (seed 000 §4): η = PDR / (delay / d_opt), d_opt = 100 ms by default; η_dB = 10·log10 η.
 * - utility (seed 004 §5): Σ p_s·log10 x_s, x_s in packets/s delivered; like every flow-set metric
 *   over all flows, given ones, or the wired-only / wireless-only subset (seed 004 §5).
 * - throughput CoV (seed 002 §5): standard deviation / mean of the per-interval throughput after a
 *   start time.
 * - time to maximum throughput (seed 002 §5): first time the per-interval throughput reaches a
 *   fraction (default 0.9) of the largest it ever reaches.
 * - max-ratio fairness (seed 003): max(x₁/x₂, x₂/x₁) of two goodputs, largest over smallest of more.
 * - TCP-friendliness ratio (seed 002 §5): mean goodput of the chosen flows / mean goodput of the
 *   reference flows.
 */
import { NS_PER_SECOND } from '../core/units.js';
import type { Port } from '../net/Port.js';
import type { FlowRuntime, Simulation } from '../Simulation.js';
import { maxRatioFairnessOf } from '../metrics/chiuJain.js';
import { jainIndex } from '../metrics/TimeSeries.js';
import { GrantedPort } from '../net/GrantedPort.js';

export type MetricScope = 'flow' | 'flows' | 'port' | 'run';

export interface ResultMetricSpec {
  readonly id: string;
  readonly label: string;
  readonly unit: string;
  readonly scope: MetricScope;
  readonly description: string;
}

/** Which metric, of what, over which window. */
export interface MetricQuery {
  metric: string;
  /** Flow id, for flow metrics. */
  flow?: string;
  /** Flow ids (default: every flow), for flow-set metrics. */
  flows?: readonly string[];
  /**
   * Flow-set metrics: only the flows whose data path crosses a time-varying link (a base station's
   * radio downlink, a trace or fading link) — `wireless` — or none — `wired` (seed 004 §5 reports
   * both). Applied to `flows` when both are given.
   */
  subset?: 'wired' | 'wireless';
  /** Reference flow ids for the friendliness ratio. */
  versus?: readonly string[];
  /** Port name "a->b", for port metrics. */
  port?: string;
  /** Seconds: start of the measurement window (series-based metrics), default 0. */
  from?: number;
  /** Seconds: the instant for `cumulativeBits`, default the end of the run. */
  at?: number;
  /** Utility weight p_s (default 1) or efficacy's d_opt in ms (default 100). */
  p?: number;
  dOptMs?: number;
  /** Probe key of the port's queue discipline, for `queueProbe`. */
  key?: string;
  /** Bits to deliver, for `timeToBitsS`. */
  bits?: number;
  /** Time to maximum throughput: the fraction of the maximum to reach (default 0.9). */
  fraction?: number;
  /** flowsUtilization: the fraction of the port's capacity it is relative to (default 1). */
  share?: number;
  /** Throughput CoV: start the window when the flow first reaches `fraction` of its maximum. */
  afterConvergence?: boolean;
  /**
   * queueProbe: the value at the end of the run (`last`, default) or the minimum, maximum or mean
   * of the port's probe series from `from` on (the port must be probed).
   */
  stat?: 'last' | 'min' | 'max' | 'mean';
}

/** A problem with a query, naming the field (the caller adds its own path). */
export class MetricQueryError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'MetricQueryError';
  }
}

const f = (id: string, label: string, unit: string, description: string): ResultMetricSpec => ({
  id,
  label,
  unit,
  scope: 'flow',
  description,
});
const fs = (id: string, label: string, unit: string, description: string): ResultMetricSpec => ({
  id,
  label,
  unit,
  scope: 'flows',
  description,
});
const p = (id: string, label: string, unit: string, description: string): ResultMetricSpec => ({
  id,
  label,
  unit,
  scope: 'port',
  description,
});

/** Every result metric, in the order the lab lists them. */
export const resultMetrics: readonly ResultMetricSpec[] = [
  f('goodputBps', 'Goodput', 'bit/s', 'Application payload delivered in order per second of the flow’s active time.'),
  f('throughputBps', 'Throughput', 'bit/s', 'Bytes received (headers and duplicates included) per second.'),
  f('pdr', 'Packet delivery ratio', '', 'Data packets received / data packets sent (seed 000 §4).'),
  f('lossRatio', 'Loss ratio', '', 'Data packets of the flow dropped on its path / packets sent.'),
  f('packetsLost', 'Packets lost', 'packets', 'Data packets of the flow dropped on its path.'),
  f('meanDelayMs', 'Mean one-way delay', 'ms', 'Mean source-to-destination delay of delivered data packets.'),
  f('p95DelayMs', '95th percentile delay', 'ms', 'One-way delay exceeded by 5 % of delivered packets.'),
  f('minDelayMs', 'Minimum delay', 'ms', 'Smallest one-way delay.'),
  f('maxDelayMs', 'Maximum delay', 'ms', 'Largest one-way delay.'),
  f('ptpJitterMs', 'Peak-to-peak jitter', 'ms', 'Maximum minus minimum one-way delay (seed 000 §6.3.1).'),
  f('jitterMs', 'Jitter (RFC 3393)', 'ms', 'Mean |D_i − D_{i−1}| of consecutive delivered packets (RFC 3393 IPDV).'),
  f('efficacyDb', 'Efficacy', 'dB', '10·log10(PDR / (mean delay / d_opt)), d_opt = 100 ms (seed 000 §4).'),
  f(
    'packetsDelivered',
    'Packets delivered',
    'packets',
    'Data packets received in the run, duplicates excluded (seed 004 Fig. 14’s per-flow counts).',
  ),
  f(
    'meanBacklogPackets',
    'Packets queued',
    'packets',
    'Mean over probe samples after `from` of the flow’s packets queued at the probed ports of its data path (seed 004: a delay-based flow keeps ≈ p_s queued).',
  ),
  f('retransmits', 'Retransmissions', 'packets', 'Data packets sent again.'),
  f('timeouts', 'Timeouts', '', 'Retransmission timer expiries.'),
  f('completionTimeS', 'Completion time', 's', 'Finite transfers: start to the last byte acknowledged.'),
  f('cumulativeBits', 'Bits received', 'bit', 'Payload delivered in order up to time `at` (seed 001 Table 2).'),
  f(
    'throughputCov',
    'Throughput CoV',
    '',
    'Std. dev. / mean of per-interval goodput after `from`, or after convergence (first reaching `fraction` of the maximum) with `afterConvergence` (seed 002 §5).',
  ),
  f('timeToMaxS', 'Time to max throughput', 's', 'First time per-interval goodput reaches `fraction` of its maximum.'),
  fs('jain', "Jain's index", '', "(Σx)² / (n·Σx²) of the flows' goodputs (Jain 1984)."),
  fs(
    'maxRatioFairness',
    'Max-ratio fairness',
    '',
    "Largest goodput over smallest among the flows: seed 003's max(x₁/x₂, x₂/x₁) for two (1 = fair).",
  ),
  fs('aggregateGoodputBps', 'Aggregate goodput', 'bit/s', 'Sum of the flows’ goodputs.'),
  fs('totalBits', 'Total bits received', 'bit', 'Payload delivered in order by the flows together up to time `at`.'),
  fs(
    'timeToBitsS',
    'Time to deliver',
    's',
    'First time the flows together have delivered `bits` of payload (seed 001: "4.35e9 bits reached at 11.9 s").',
  ),
  fs(
    'aggregatePacketsPerMs',
    'Aggregate throughput',
    'packets/ms',
    'Data packets delivered per ms, summed (seed 004).',
  ),
  fs('utility', 'Utility', '', 'Σ p_s·log10 x_s, x_s in delivered packets/s (seed 004 §5).'),
  fs('meanPdr', 'Mean PDR', '', 'Packets received / sent over the flows together.'),
  fs(
    'pooledDelayMs',
    'Mean one-way delay (flows pooled)',
    'ms',
    'Mean one-way delay of every data packet the flows delivered (seed 000 §6.3.1 "network delay").',
  ),
  fs(
    'pooledPtpJitterMs',
    'Peak-to-peak jitter (flows pooled)',
    'ms',
    'Largest minus smallest one-way delay over every packet the flows delivered (seed 000 §6.3.1, ms p-p).',
  ),
  fs(
    'pooledEfficacyDb',
    'Efficacy (flows pooled)',
    'dB',
    '10·log10(PDR / (delay / d_opt)) from the pooled PDR and mean delay, d_opt = 100 ms (seed 000 §4).',
  ),
  fs('friendliness', 'Friendliness ratio', '', 'Mean goodput of the flows / mean goodput of the `versus` flows.'),
  p('drops', 'Drops', 'packets', 'Packets discarded by the port’s queue discipline or lost on its link.'),
  p('marks', 'ECN marks', 'packets', 'Packets CE-marked instead of dropped.'),
  p('meanQueuePackets', 'Mean queue', 'packets', 'Time-average number of packets in the queue.'),
  p('meanSojournMs', 'Mean sojourn', 'ms', 'Mean time from enqueue to dequeue.'),
  p('utilization', 'Utilisation', '', 'Fraction of the time the link was transmitting.'),
  p('portThroughputBps', 'Port throughput', 'bit/s', 'Bytes leaving the port per second of the run.'),
  p(
    'queueProbe',
    'Discipline state',
    '',
    'A value the port’s queue discipline reports (its probe `key`, e.g. RED’s avgQueue, QLBP’s outputRateCov) at the end of the run.',
  ),
  p(
    'flowsUtilization',
    'Utilisation by flows',
    '',
    "Bytes of the chosen `flows` leaving the port / (link rate × time), over a `share` of the capacity (default 1): seed 003's XCP utilisation is the XCP flows' over XCP's half (ns-2 xcpq.cc trace u).",
  ),
  { id: 'events', label: 'Events', unit: '', scope: 'run', description: 'Simulation events processed.' },
];

export function findResultMetric(id: string): ResultMetricSpec | undefined {
  return resultMetrics.find((m) => m.id === id);
}

const seconds = (ns: number) => ns / NS_PER_SECOND;

function flowById(sim: Simulation, id: string | undefined, field = 'flow'): FlowRuntime {
  if (id === undefined) throw new MetricQueryError(field, 'names no flow');
  const rt = sim.flows.find((x) => x.spec.id === id);
  if (!rt) throw new MetricQueryError(field, `${JSON.stringify(id)} is not a flow of the scenario`);
  return rt;
}

function flowSet(
  sim: Simulation,
  ids: readonly string[] | undefined,
  field = 'flows',
  subset?: 'wired' | 'wireless',
): FlowRuntime[] {
  const set = ids === undefined ? sim.flows : ids.map((id, i) => flowById(sim, id, `${field}[${i}]`));
  if (subset === undefined) return set;
  if (subset !== 'wired' && subset !== 'wireless')
    throw new MetricQueryError('subset', `${JSON.stringify(subset)} is not "wired" or "wireless"`);
  return set.filter((rt) => isWireless(rt) === (subset === 'wireless'));
}

/** Whether the flow's data crosses a time-varying link (radio downlink, trace, fading). */
export function isWireless(rt: FlowRuntime): boolean {
  return rt.forwardPorts.some((p) => p instanceof GrantedPort);
}

/**
 * Mean over the probe samples after `fromS` of the flow's packets queued at the probed ports of
 * its data path (their `backlog:<flow>` columns summed); NaN when none of them is probed.
 */
function meanBacklog(sim: Simulation, rt: FlowRuntime, fromS: number): number {
  const col = `backlog:${rt.spec.id}`;
  let sum = 0;
  let any = false;
  for (const port of rt.forwardPorts) {
    const i = sim.probedPorts.indexOf(port);
    if (i < 0) continue;
    const series = sim.portSeries[i]!;
    if (!series.columns.includes(col)) continue;
    const t = series.column('t');
    const v = series.column(col);
    let s = 0;
    let k = 0;
    for (let j = 0; j < t.length; j++)
      if (t[j]! > fromS) {
        s += v[j]!;
        k++;
      }
    if (k === 0) continue;
    any = true;
    sum += s / k;
  }
  return any ? sum : NaN;
}

/** Seconds the flow's application was active up to now. */
function activeSeconds(sim: Simulation, rt: FlowRuntime): number {
  const end = rt.spec.stopNs === Infinity ? sim.nowNs : Math.min(sim.nowNs, rt.spec.stopNs);
  return Math.max(end - rt.spec.startNs, 0) / NS_PER_SECOND;
}

function goodputBps(sim: Simulation, rt: FlowRuntime, fromS = 0): number {
  if (fromS <= 0) {
    const t = activeSeconds(sim, rt);
    return t > 0 ? (rt.stats.goodputBytes * 8) / t : 0;
  }
  const endS = seconds(sim.nowNs);
  if (fromS >= endS) throw new MetricQueryError('from', `${fromS} s is not before the end of the run (${endS} s)`);
  const bytesThen = valueAt(rt, 'deliveredBytes', fromS);
  return ((rt.stats.goodputBytes - bytesThen) * 8) / (endS - fromS);
}

/** The flow series' column at time tS (linear interpolation between samples). */
function valueAt(rt: FlowRuntime, column: string, tS: number): number {
  const t = rt.series.column('t');
  const v = rt.series.column(column);
  if (t.length === 0 || tS <= t[0]!) return t.length === 0 ? 0 : tS < t[0]! ? 0 : v[0]!;
  for (let i = 1; i < t.length; i++) {
    if (t[i]! >= tS) {
      const a = t[i - 1]!;
      const b = t[i]!;
      return v[i - 1]! + ((v[i]! - v[i - 1]!) * (tS - a)) / (b - a);
    }
  }
  return v[t.length - 1]!;
}

/** Per-interval goodput samples (bit/s) at t ≥ fromS. */
function goodputSamples(rt: FlowRuntime, fromS: number): number[] {
  const t = rt.series.column('t');
  const g = rt.series.column('goodputBps');
  const out: number[] = [];
  for (let i = 0; i < t.length; i++) if (t[i]! > fromS && Number.isFinite(g[i]!)) out.push(g[i]!);
  return out;
}

const dataPacketsDelivered = (rt: FlowRuntime) => rt.stats.packetsReceived - rt.stats.duplicatesReceived;
const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : NaN);

function flowMetric(sim: Simulation, q: MetricQuery): number {
  const rt = flowById(sim, q.flow);
  const st = rt.stats;
  switch (q.metric) {
    case 'goodputBps':
      return goodputBps(sim, rt, q.from ?? 0);
    case 'throughputBps': {
      const t = activeSeconds(sim, rt);
      return t > 0 ? (st.bytesReceived * 8) / t : 0;
    }
    case 'pdr':
      return st.packetsSent > 0 ? st.packetsReceived / st.packetsSent : NaN;
    case 'lossRatio':
      return st.packetsSent > 0 ? forwardDrops(rt) / st.packetsSent : NaN;
    case 'packetsLost':
      return forwardDrops(rt);
    case 'meanDelayMs':
      return ms(st.meanDelayNs());
    case 'p95DelayMs':
      return ms(st.delayPercentileNs(0.95));
    case 'minDelayMs':
      return st.delayCount > 0 ? ms(st.minDelayNs) : NaN;
    case 'maxDelayMs':
      return st.delayCount > 0 ? ms(st.maxDelayNs) : NaN;
    case 'ptpJitterMs':
      return st.delayCount > 0 ? ms(st.maxDelayNs - st.minDelayNs) : NaN;
    case 'jitterMs':
      return ms(st.meanJitterNs());
    case 'efficacyDb': {
      const pdr = st.packetsSent > 0 ? st.packetsReceived / st.packetsSent : NaN;
      return efficacyDb(pdr, ms(st.meanDelayNs()), q.dOptMs ?? 100);
    }
    case 'packetsDelivered':
      return dataPacketsDelivered(rt);
    case 'meanBacklogPackets':
      return meanBacklog(sim, rt, q.from ?? 0);
    case 'retransmits':
      return st.retransmits;
    case 'timeouts':
      return st.timeouts;
    case 'completionTimeS':
      return st.completionNs >= 0 ? seconds(st.completionNs - st.startNs) : NaN;
    case 'cumulativeBits': {
      const at = q.at ?? seconds(sim.nowNs);
      if (at > seconds(sim.nowNs) + 1e-9)
        throw new MetricQueryError('at', `${at} s is after the end of the run (${seconds(sim.nowNs)} s)`);
      return at >= seconds(sim.nowNs) ? st.goodputBytes * 8 : valueAt(rt, 'deliveredBytes', at) * 8;
    }
    case 'throughputCov': {
      const converged = q.afterConvergence ? timeToMax(rt, q.fraction ?? 0.9) : NaN;
      const from = q.afterConvergence ? converged + seconds(rt.spec.startNs) : (q.from ?? 0);
      if (!Number.isFinite(from)) return NaN;
      const xs = goodputSamples(rt, from);
      if (xs.length < 2) return NaN;
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const v = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1);
      return mean > 0 ? Math.sqrt(v) / mean : NaN;
    }
    case 'timeToMaxS':
      return timeToMax(rt, q.fraction ?? 0.9);
  }
  throw new MetricQueryError('metric', `${JSON.stringify(q.metric)} is not a flow metric`);
}

/** Seconds from the flow's start until its per-interval goodput first reaches `fraction` of its maximum. */
function timeToMax(rt: FlowRuntime, fraction: number): number {
  const t = rt.series.column('t');
  const g = rt.series.column('goodputBps');
  let max = 0;
  for (let i = 0; i < g.length; i++) if (g[i]! > max) max = g[i]!;
  if (!(max > 0)) return NaN;
  for (let i = 0; i < g.length; i++) if (g[i]! >= fraction * max) return t[i]! - seconds(rt.spec.startNs);
  return NaN;
}

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

function forwardDrops(rt: FlowRuntime): number {
  let drops = 0;
  for (const port of rt.forwardPorts) drops += port.flowDrops[rt.spec.index]!;
  return drops;
}

/** η_dB = 10·log10(PDR / (delay / d_opt)) (seed 000 §4). */
export function efficacyDb(pdr: number, delayMs: number, dOptMs: number): number {
  if (!(delayMs > 0) || !(pdr >= 0)) return NaN;
  return 10 * Math.log10(pdr / (delayMs / dOptMs));
}

/** Σ p·log10 x over positive rates x (packets/s); a zero rate makes the utility −∞. */
export function utility(ratesPerSecond: readonly number[], p = 1): number {
  let u = 0;
  for (const x of ratesPerSecond) u += p * Math.log10(x);
  return u;
}

function flowsMetric(sim: Simulation, q: MetricQuery): number {
  const set = flowSet(sim, q.flows, 'flows', q.subset);
  if (set.length === 0)
    throw new MetricQueryError(q.subset ? 'subset' : 'flows', q.subset ? `no flow is ${q.subset}` : 'is empty');
  const goodputs = set.map((rt) => goodputBps(sim, rt, q.from ?? 0));
  switch (q.metric) {
    case 'jain':
      return jainIndex(goodputs);
    case 'maxRatioFairness':
      return maxRatioFairnessOf(goodputs);
    case 'aggregateGoodputBps':
      return goodputs.reduce((a, b) => a + b, 0);
    case 'totalBits': {
      const end = seconds(sim.nowNs);
      const at = q.at ?? end;
      if (at > end + 1e-9) throw new MetricQueryError('at', `${at} s is after the end of the run (${end} s)`);
      return set.reduce((a, rt) => a + (at >= end ? rt.stats.goodputBytes : valueAt(rt, 'deliveredBytes', at)) * 8, 0);
    }
    case 'timeToBitsS': {
      if (q.bits === undefined || !(q.bits > 0))
        throw new MetricQueryError('bits', 'must be a positive number of bits');
      return timeToBits(set, q.bits);
    }
    case 'aggregatePacketsPerMs':
      return set.reduce((a, rt) => a + dataPacketsDelivered(rt) / (activeSeconds(sim, rt) * 1000 || Infinity), 0);
    case 'utility':
      return utility(
        set.map((rt) => dataPacketsDelivered(rt) / (activeSeconds(sim, rt) || Infinity)),
        q.p ?? 1,
      );
    case 'pooledDelayMs':
    case 'pooledPtpJitterMs':
    case 'pooledEfficacyDb': {
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
      if (count === 0) return NaN;
      if (q.metric === 'pooledDelayMs') return ms(sum / count);
      if (q.metric === 'pooledPtpJitterMs') return ms(max - min);
      return efficacyDb(sent > 0 ? received / sent : NaN, ms(sum / count), q.dOptMs ?? 100);
    }
    case 'meanPdr': {
      let sent = 0;
      let received = 0;
      for (const rt of set) {
        sent += rt.stats.packetsSent;
        received += rt.stats.packetsReceived;
      }
      return sent > 0 ? received / sent : NaN;
    }
    case 'friendliness': {
      if (!q.versus || q.versus.length === 0) throw new MetricQueryError('versus', 'names no reference flows');
      const ref = flowSet(sim, q.versus, 'versus').map((rt) => goodputBps(sim, rt, q.from ?? 0));
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const r = mean(ref);
      return r > 0 ? mean(goodputs) / r : NaN;
    }
  }
  throw new MetricQueryError('metric', `${JSON.stringify(q.metric)} is not a flow-set metric`);
}

function portMetric(sim: Simulation, q: MetricQuery): number {
  if (q.port === undefined) throw new MetricQueryError('port', 'names no port');
  const port = sim.network.portByName(q.port);
  if (!port) throw new MetricQueryError('port', `${JSON.stringify(q.port)} is not a link direction "a->b"`);
  const d = port.disc;
  const now = sim.nowNs;
  switch (q.metric) {
    case 'drops':
      return d.stats.drops + port.linkLosses;
    case 'marks':
      return d.stats.marks;
    case 'meanQueuePackets':
      return d.meanLengthPackets();
    case 'meanSojournMs':
      return ms(d.meanSojournNs());
    case 'utilization':
      return now > 0 ? port.busyTimeNs() / now : 0;
    case 'portThroughputBps':
      return now > 0 ? (d.stats.departureBytes * 8) / seconds(now) : 0;
    case 'queueProbe': {
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
    }
    case 'flowsUtilization': {
      const share = q.share ?? 1;
      if (!(share > 0 && share <= 1)) throw new MetricQueryError('share', 'must be in (0, 1]');
      let bytes = 0;
      for (const rt of flowSet(sim, q.flows)) bytes += port.departureBytesOf(rt.spec.index);
      return now > 0 ? (bytes * 8) / (port.rateBps * seconds(now) * share) : 0;
    }
  }
  throw new MetricQueryError('metric', `${JSON.stringify(q.metric)} is not a port metric`);
}

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

/** Computes one metric of a run. Throws MetricQueryError naming the query field at fault. */
export function evaluateMetric(sim: Simulation, q: MetricQuery): number {
  const spec = findResultMetric(q.metric);
  if (!spec) throw new MetricQueryError('metric', `${JSON.stringify(q.metric)} is not a result metric`);
  switch (spec.scope) {
    case 'flow':
      return flowMetric(sim, q);
    case 'flows':
      return flowsMetric(sim, q);
    case 'port':
      return portMetric(sim, q);
    case 'run':
      return sim.sim.eventsProcessed;
  }
}
