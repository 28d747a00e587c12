/**
 * An experiment: a base scenario, points (each a set of scenario-path assignments), seeds, and the
 * result metrics to collect. Reproductions and sweeps are experiments; this module runs
 * one point × seed at a time (the caller decides where: this thread, a worker, a pool).
 */
import { evaluateMetric, MetricQueryError, type MetricQuery } from '../results/resultMetrics.js';
import type { ScenarioInput } from '../scenario/types.js';
import { Random } from '../core/Random.js';
import { parseDuration } from '../core/units.js';
import { Simulation } from '../Simulation.js';
import { setPath } from './scenarioPath.js';
import { sampleStats, type SampleStats } from './statistics.js';

export interface ExperimentPoint {
  /** Short id, unique in the experiment ("unpaced-b100"). */
  id: string;
  label: string;
  /** A scenario of its own instead of the experiment's base (structurally different variants). */
  scenario?: () => ScenarioInput;
  /** Scenario path → value, applied to the (base or own) scenario in order. */
  set?: Readonly<Record<string, unknown>>;
  /**
   * A point computed by a model other than the packet engine (seed 000's discrete-time
   * buffer-sizing model): the seed → the values of the experiment's `computed` metrics.
   */
  compute?: (seed: number) => Record<string, number>;
}

/** A metric to collect, under a name unique in the experiment. */
export interface NamedMetric extends MetricQuery {
  name: string;
  label?: string;
  /** Points where the metric applies (e.g. a discipline's own probe); elsewhere it is NaN. */
  onlyPoints?: readonly string[];
  /** Taken from a `compute` point's own values (its model names it), not from a packet run. */
  computed?: boolean;
}

export interface ExperimentSpec {
  base: () => ScenarioInput;
  points: readonly ExperimentPoint[];
  seeds: readonly number[];
  metrics: readonly NamedMetric[];
  /**
   * Seconds: each flow's start is delayed by a uniform random amount in [0, startJitter), drawn
   * from the run's seed (ns-2 studies average runs with randomised start times; without some
   * randomness, deterministic scenarios give the same result for every seed).
   */
  startJitter?: number;
}

export interface RunRecord {
  point: string;
  seed: number;
  values: Record<string, number>;
  /** Simulated events (for progress and cost reports). */
  events: number;
}

/** The scenario of one point and seed. */
export function pointScenario(spec: ExperimentSpec, point: ExperimentPoint, seed: number): ScenarioInput {
  let sc = point.scenario ? point.scenario() : spec.base();
  for (const [path, value] of Object.entries(point.set ?? {})) sc = setPath(sc, path, value);
  const jitter = spec.startJitter ?? 0;
  if (jitter > 0) {
    const rng = new Random(seed, 'experiment:start-jitter');
    sc = {
      ...sc,
      flows: sc.flows.map((f) => {
        const start = parseDuration(f.start ?? 0);
        if (!start.ok) return f; // validation reports it
        return { ...f, start: `${(start.value + Math.floor(rng.next() * jitter * 1e9)) / 1e9}s` };
      }),
    };
  }
  return { ...sc, seed };
}

/** Runs one point with one seed to the end and evaluates every metric. */
export function runPoint(spec: ExperimentSpec, point: ExperimentPoint, seed: number): RunRecord {
  if (point.compute) {
    const got = point.compute(seed);
    const values: Record<string, number> = {};
    for (const m of spec.metrics) values[m.name] = m.computed ? (got[m.name] ?? NaN) : NaN;
    return { point: point.id, seed, values, events: 0 };
  }
  const sim = new Simulation(pointScenario(spec, point, seed));
  sim.run();
  const values: Record<string, number> = {};
  for (const m of spec.metrics) {
    if (m.computed || (m.onlyPoints && !m.onlyPoints.includes(point.id))) {
      values[m.name] = NaN;
      continue;
    }
    try {
      values[m.name] = evaluateMetric(sim, m);
    } catch (e) {
      if (e instanceof MetricQueryError) throw new MetricQueryError(`metrics[${m.name}].${e.field}`, e.message);
      throw e;
    }
  }
  return { point: point.id, seed, values, events: sim.sim.eventsProcessed };
}

export interface ExperimentResult {
  records: RunRecord[];
  /** point id → metric name → statistics over seeds. */
  stats: Record<string, Record<string, SampleStats>>;
}

/** Statistics over seeds of each point and metric. */
export function aggregate(spec: ExperimentSpec, records: readonly RunRecord[]): ExperimentResult {
  const stats: ExperimentResult['stats'] = {};
  for (const p of spec.points) {
    const mine = records.filter((r) => r.point === p.id);
    stats[p.id] = {};
    for (const m of spec.metrics) stats[p.id]![m.name] = sampleStats(mine.map((r) => r.values[m.name] ?? NaN));
  }
  return { records: [...records], stats };
}

/** Every (point, seed) pair in a fixed order. */
export function experimentJobs(spec: ExperimentSpec): { point: ExperimentPoint; seed: number }[] {
  return spec.points.flatMap((point) => spec.seeds.map((seed) => ({ point, seed })));
}

/** Runs the whole experiment here, in order, reporting progress after each run. */
export function runExperiment(
  spec: ExperimentSpec,
  onProgress?: (done: number, total: number, last: RunRecord) => void,
): ExperimentResult {
  const jobs = experimentJobs(spec);
  const records: RunRecord[] = [];
  for (const j of jobs) {
    const r = runPoint(spec, j.point, j.seed);
    records.push(r);
    onProgress?.(records.length, jobs.length, r);
  }
  return aggregate(spec, records);
}
