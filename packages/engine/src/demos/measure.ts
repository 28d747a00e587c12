/**
 * What the demos' claims measure: a run of the first DEMO_WINDOW_S seconds, and per-window
 * quantities (goodput, mean queue, utilisation, mean one-way delay between two instants) taken
 * from the engine's cumulative counters at the window's ends.
 */
import { Simulation } from '../Simulation.js';
import { validateScenario } from '../scenario/validate.js';
import type { ScenarioInput } from '../scenario/types.js';
import type { Port } from '../net/Port.js';
import { DEMO_WINDOW_S } from './types.js';

const NS = 1e9;

/** A simulation of `s`, not yet run. */
export function demoSimulation(s: ScenarioInput): Simulation {
  return new Simulation(validateScenario(s));
}

/** Cumulative counters of one flow and one port at one instant. */
export interface Snapshot {
  tNs: number;
  goodputBytes: number[];
  /** Σ one-way delay (ns) and count, per flow. */
  delaySumNs: number[];
  delayCount: number[];
  queueIntegral: number[];
  busyNs: number[];
}

/** The counters of `sim` now, for the flows and `ports` given. */
export function snapshot(sim: Simulation, ports: readonly Port[]): Snapshot {
  return {
    tNs: sim.nowNs,
    goodputBytes: sim.flows.map((f) => f.stats.goodputBytes),
    delaySumNs: sim.flows.map((f) => f.stats.delaySumNs),
    delayCount: sim.flows.map((f) => f.stats.delayCount),
    queueIntegral: ports.map((p) => {
      p.disc.meanLengthPackets(); // brings the integral up to now
      return p.disc.integralPacketNs;
    }),
    busyNs: ports.map((p) => p.busyTimeNs()),
  };
}

/** Between two snapshots: per flow goodput (bit/s) and mean delay (ms); per port mean queue and utilisation. */
export function between(a: Snapshot, b: Snapshot) {
  const span = b.tNs - a.tNs;
  return {
    goodputBps: b.goodputBytes.map((g, i) => ((g - a.goodputBytes[i]!) * 8 * NS) / span),
    meanDelayMs: b.delaySumNs.map((d, i) => {
      const n = b.delayCount[i]! - a.delayCount[i]!;
      return n > 0 ? (d - a.delaySumNs[i]!) / n / 1e6 : NaN;
    }),
    meanQueuePackets: b.queueIntegral.map((q, i) => (q - a.queueIntegral[i]!) / span),
    utilisation: b.busyNs.map((x, i) => (x - a.busyNs[i]!) / span),
  };
}

/**
 * Runs `s` to `windowS` seconds (DEMO_WINDOW_S by default), snapshotting at each of `marks`
 * (seconds, ascending) and at the end; `ports` by name.
 */
export function runWindows(
  s: ScenarioInput,
  ports: readonly string[],
  marks: readonly number[],
  windowS = DEMO_WINDOW_S,
) {
  const sim = demoSimulation(s);
  const portObjs = ports.map((n) => {
    const p = sim.network.portByName(n);
    if (!p) throw new Error(`demo: the scenario has no port "${n}"`);
    return p;
  });
  const snaps: Snapshot[] = [];
  for (const m of [...marks, windowS]) {
    sim.runUntil(m * NS);
    snaps.push(snapshot(sim, portObjs));
  }
  return { sim, snaps, ports: portObjs };
}

/** Jain's fairness index (Σx)²/(n·Σx²) of non-negative values (1: all equal). */
export function jain(xs: readonly number[]): number {
  const s = xs.reduce((a, b) => a + b, 0);
  const q = xs.reduce((a, b) => a + b * b, 0);
  return q > 0 ? (s * s) / (xs.length * q) : 1;
}
