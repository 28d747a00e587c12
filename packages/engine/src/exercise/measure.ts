/**
 * Running an exercise's scenario and evaluating its metrics. A port metric with `from` (seconds)
 * is measured over [from, end of the run] only — what a task needs when the student may change a
 * setting while the run plays (`live: true`): a snapshot of the port's cumulative counters is
 * taken at `from` and subtracted at the end, so the value is exact (the same counters the
 * whole-run metrics of results/resultMetrics.ts divide). Counters a discipline change carries over
 * (net/Port.ts replaceDisc) are the ones windowed here; the time-average queue length is not
 * (a new discipline starts its own integral), so `meanQueuePackets` takes no `from`.
 */
import { evaluateMetric, MetricQueryError } from '../results/resultMetrics.js';
import type { Port } from '../net/Port.js';
import type { ScenarioInput } from '../scenario/types.js';
import { validateScenario } from '../scenario/validate.js';
import { Simulation } from '../Simulation.js';
import type { ExerciseMetric } from './exerciseSchema.js';

/** Port metrics an exercise may measure from a time on. */
export const WINDOWED_PORT_METRICS: readonly string[] = [
  'meanSojournMs',
  'utilization',
  'drops',
  'marks',
  'portThroughputBps',
];

interface PortSnapshot {
  tNs: number;
  sojournSumNs: number;
  departures: number;
  departureBytes: number;
  busyNs: number;
  drops: number;
  marks: number;
}

function snapshot(port: Port, tNs: number): PortSnapshot {
  const st = port.disc.stats;
  return {
    tNs,
    sojournSumNs: st.sojournSumNs,
    departures: st.departures,
    departureBytes: st.departureBytes,
    busyNs: port.busyTimeNs(),
    drops: st.drops + port.linkLosses,
    marks: st.marks,
  };
}

const windowed = (m: ExerciseMetric) =>
  m.from !== undefined && m.from > 0 && m.port !== undefined && WINDOWED_PORT_METRICS.includes(m.metric);

/** The metric over [from, now] from the snapshot taken at `from`. */
function fromSnapshot(m: ExerciseMetric, port: Port, s0: PortSnapshot, nowNs: number): number {
  const s1 = snapshot(port, nowNs);
  const dt = (s1.tNs - s0.tNs) / 1e9;
  switch (m.metric) {
    case 'meanSojournMs': {
      const n = s1.departures - s0.departures;
      return n > 0 ? (s1.sojournSumNs - s0.sojournSumNs) / n / 1e6 : NaN;
    }
    case 'utilization':
      return dt > 0 ? (s1.busyNs - s0.busyNs) / (s1.tNs - s0.tNs) : 0;
    case 'drops':
      return s1.drops - s0.drops;
    case 'marks':
      return s1.marks - s0.marks;
    default:
      return dt > 0 ? ((s1.departureBytes - s0.departureBytes) * 8) / dt : 0;
  }
}

/**
 * Recent results by scenario and metrics: runs are deterministic (same scenario, same numbers), and
 * `cclab exercise check` runs a choose task's options once per hint otherwise.
 */
const recent = new Map<string, number[]>();
const RECENT = 32;

/** Runs a scenario to the end and evaluates metrics on it (port metrics with `from` over [from, end]). */
export function measure(sc: ScenarioInput, metrics: readonly ExerciseMetric[]): number[] {
  const key = JSON.stringify([sc, metrics]);
  const hit = recent.get(key);
  if (hit) return [...hit];
  const out = run(sc, metrics);
  if (recent.size >= RECENT) recent.delete(recent.keys().next().value!);
  recent.set(key, out);
  return [...out];
}

function run(sc: ScenarioInput, metrics: readonly ExerciseMetric[]): number[] {
  const sim = new Simulation(validateScenario(sc));
  const snaps = new Map<ExerciseMetric, { port: Port; s: PortSnapshot }>();
  const starts = [...new Set(metrics.filter(windowed).map((m) => m.from!))].sort((a, b) => a - b);
  for (const from of starts) {
    const fromNs = Math.round(from * 1e9);
    if (fromNs >= sim.durationNs)
      throw new Error(`metric from: ${from} s is not before the end of the run (${sim.durationNs / 1e9} s)`);
    sim.runUntil(fromNs);
    for (const m of metrics)
      if (windowed(m) && m.from === from) {
        const port = sim.network.portByName(m.port!);
        if (!port) throw new Error(`metric ${m.metric}: port: ${JSON.stringify(m.port)} is not a link direction`);
        snaps.set(m, { port, s: snapshot(port, sim.nowNs) });
      }
  }
  sim.run();
  return metrics.map((m) => {
    const snap = snaps.get(m);
    if (snap) return fromSnapshot(m, snap.port, snap.s, sim.nowNs);
    try {
      return evaluateMetric(sim, m);
    } catch (e) {
      if (e instanceof MetricQueryError) throw new Error(`metric ${m.metric}: ${e.field}: ${e.message}`);
      throw e;
    }
  });
}
