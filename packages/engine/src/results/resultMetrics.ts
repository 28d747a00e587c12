/**
 * Result metrics: named numbers computed from a finished (or paused) run, the one vocabulary that
 * reproductions, sweeps, exercises and the lab's summary share. Each metric has an id, a unit, a
 * scope (one flow, a set of flows, one port, the run), a description citing where the
 * definition comes from, and its own evaluation (flowMetrics.ts, flowSetMetrics.ts,
 * portMetrics.ts); `evaluateMetric` resolves a query's flow, flow set or port and evaluates it.
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
import type { Simulation } from '../Simulation.js';
import { flowById, flowSet, goodputBps } from './flowMeasures.js';
import { flowMetrics, type FlowMetric } from './flowMetrics.js';
import { flowSetMetrics, type FlowSetMetric } from './flowSetMetrics.js';
import { MetricQueryError, type MetricQuery, type ResultMetricSpec } from './metricQuery.js';
import { portMetrics, type PortMetric } from './portMetrics.js';

export { MetricQueryError } from './metricQuery.js';
export type { MetricQuery, MetricScope, ResultMetricSpec } from './metricQuery.js';
export { efficacyDb, isWireless, utility } from './flowMeasures.js';

interface RunMetric extends ResultMetricSpec {
  readonly scope: 'run';
  evaluate(sim: Simulation): number;
}

const runMetrics: readonly RunMetric[] = [
  {
    id: 'events',
    label: 'Events',
    unit: '',
    scope: 'run',
    description: 'Simulation events processed.',
    evaluate: (sim) => sim.sim.eventsProcessed,
  },
];

type ResultMetric = FlowMetric | FlowSetMetric | PortMetric | RunMetric;

const allMetrics: readonly ResultMetric[] = [...flowMetrics, ...flowSetMetrics, ...portMetrics, ...runMetrics];
const metricById = new Map<string, ResultMetric>(allMetrics.map((m) => [m.id, m]));

/**
 * Every result metric, in the order the lab lists them: the catalogue as plain data (the lab's
 * forms, the docs and the schemas read it, and it crosses to workers), without the evaluations.
 */
export const resultMetrics: readonly ResultMetricSpec[] = allMetrics.map(({ id, label, unit, scope, description }) => ({
  id,
  label,
  unit,
  scope,
  description,
}));

export function findResultMetric(id: string): ResultMetricSpec | undefined {
  return resultMetrics.find((m) => m.id === id);
}

/** Computes one metric of a run. Throws MetricQueryError naming the query field at fault. */
export function evaluateMetric(sim: Simulation, q: MetricQuery): number {
  const m = metricById.get(q.metric);
  if (!m) throw new MetricQueryError('metric', `${JSON.stringify(q.metric)} is not a result metric`);
  switch (m.scope) {
    case 'flow':
      return m.evaluate(sim, flowById(sim, q.flow), q);
    case 'flows': {
      const set = flowSet(sim, q.flows, 'flows', q.subset);
      if (set.length === 0)
        throw new MetricQueryError(q.subset ? 'subset' : 'flows', q.subset ? `no flow is ${q.subset}` : 'is empty');
      // every flow-set metric is given the goodputs, so a bad `from` is reported whichever is asked
      const goodputs = set.map((rt) => goodputBps(sim, rt, q.from ?? 0));
      return m.evaluate(sim, set, goodputs, q);
    }
    case 'port': {
      if (q.port === undefined) throw new MetricQueryError('port', 'names no port');
      const port = sim.network.portByName(q.port);
      if (!port) throw new MetricQueryError('port', `${JSON.stringify(q.port)} is not a link direction "a->b"`);
      return m.evaluate(sim, port, q);
    }
    case 'run':
      return m.evaluate(sim);
  }
}
