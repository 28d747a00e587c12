import { ns2Args, ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import { jainIndex } from '../metrics/TimeSeries.js';
import { Simulation } from '../Simulation.js';
import type { Ns2Reference } from './compareNs2.js';

/** cclab's answer to `ns dumbbell.tcl ARGS`: the script's numbers, measured the script's way. */
export interface Ns2Equivalent extends Ns2Reference {
  /** `[t, cwnd of flow cwndflow (segments; 0 for CBR and TFRC), bottleneck queue (packets)]`. */
  trace: [number, number, number][];
}

/**
 * Runs the cclab equivalent of validation/ns2/dumbbell.tcl with `args` and measures what the
 * script prints: per-flow throughput = bytes departing the bottleneck r1→r2 between `warmup` and
 * T (the script's `mark` at `warmup` and `finish` at T), × 8 / (T − warmup); Jain's index and the
 * aggregate over those; bottleneck arrivals, departures, drops and time-average queue over the
 * whole run (the script's queue monitor and integrator are never reset); and every `sample`
 * seconds the cwnd of flow `cwndflow` with the queue length.
 */
export function runNs2Dumbbell(name: string, args: Record<string, string>): Ns2Equivalent {
  const a = ns2Args(args);
  const kinds = a.flows ? a.flows.split(',') : Array.from({ length: Number(a.n) }, () => a.tcp);
  const sim = new Simulation(ns2DumbbellScenario(name, args));
  const port = sim.network.portByName('r1->r2')!;
  const cwndflow = Number(a.cwndflow);
  // ns-2's cw proc reads no window from CBR and TFRC agents (nor DCCP/TFRC, which has no cwnd_)
  const traced = !/^(CBR|TFRC|DCCP:TFRC)/.test(kinds[cwndflow]!);
  const trace: [number, number, number][] = [];
  sim.onSample = (tNs, flowRows, portRows) => {
    // the script's `finish` at T exits before its sample at T
    if (tNs >= sim.durationNs) return;
    const cwnd = flowRows[cwndflow]![1]!;
    trace.push([tNs / 1e9, traced && Number.isFinite(cwnd) ? cwnd : 0, portRows[0]![1]!]);
  };
  // the script's `mark` was scheduled before the run, so it runs before every packet event of
  // the same instant: departures at exactly `warmup` belong to the measured period
  const warmupNs = Math.round(Number(a.warmup) * 1e9);
  let base: Float64Array = new Float64Array(kinds.length);
  if (warmupNs > 0) {
    sim.runUntil(warmupNs - 1);
    base = Float64Array.from(kinds, (_, i) => port.departureBytesOf(i));
  }
  sim.runUntil(sim.durationNs);
  const periodS = (sim.durationNs - warmupNs) / 1e9;
  const th = kinds.map((_, i) => ((port.departureBytesOf(i) - base[i]!) * 8) / periodS);
  const d = port.disc;
  return {
    flows: kinds.map((kind, i) => ({ kind, throughputBps: th[i]! })),
    aggregateThroughputBps: th.reduce((x, y) => x + y, 0),
    jain: jainIndex(th),
    bottleneck: {
      arrivals: d.stats.arrivals,
      departures: d.stats.departures,
      drops: d.stats.drops + port.linkLosses,
      meanQueuePackets: d.meanLengthPackets(),
    },
    trace,
  };
}
