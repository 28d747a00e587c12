import { Simulation } from '../Simulation.js';
import { DropStage } from '../net/QueueDisc.js';
import { ns3DumbbellScenario, ns3Warmup } from '../scenario/ns3Dumbbell.js';
import type { ScenarioInput } from '../scenario/types.js';

/** What cclab measures on an ns-3 dumbbell case, as ns3/dumbbell.cc measures it. */
export interface Ns3Measured {
  /** IP bytes leaving the bottleneck queue per flow × 8 / (T − warmup), bit/s. */
  flowThroughputBps: number[];
  aggregateThroughputBps: number;
  jain: number;
  arrivals: number;
  departures: number;
  drops: number;
  marks: number;
  /** Time-average packets in the bottleneck's queue discipline over [0, T]. */
  meanQueuePackets: number;
  /**
   * Mean sojourn of every packet taken out of the discipline's storage, sent on or dropped there
   * (ns-3's SojournTime trace fires on each internal-queue dequeue, CoDel's drops included).
   */
  meanSojournMs: number;
  /** Per flow: retransmitted packets and timeouts (TCP), for the side-by-side tables. */
  retransmits: number[];
  timeouts: number[];
}

/**
 * Runs the cclab equivalent of `ns3/dumbbell key=value ...` and measures the bottleneck r1→r2 the
 * way the harness does: per-flow departures from the queue discipline after `warmup`, the queue
 * discipline's drops and CE marks, its time-average length and mean sojourn. `edit` changes the
 * translated scenario before the run (the one-at-a-time table of validation/ns3Ablation.ts).
 */
export function runNs3Case(
  name: string,
  args: Record<string, string>,
  edit?: (scenario: ScenarioInput) => void,
): Ns3Measured {
  const scenario = ns3DumbbellScenario(name, args);
  edit?.(scenario);
  const sim = new Simulation(scenario);
  const port = sim.network.portByName('r1->r2');
  if (!port) throw new Error('the ns-3 dumbbell has no port r1->r2');
  const n = sim.flows.length;
  // packets dropped out of storage (CoDel at dequeue, FQ-CoDel's fattest-flow drops) count in
  // ns-3's mean sojourn: watch the discipline's drops on their way to the port
  let droppedSojournNs = 0;
  let droppedFromStorage = 0;
  const passDrop = port.onQueueDrop.bind(port);
  port.onQueueDrop = (pkt, reason, stage) => {
    if (stage !== DropStage.BeforeEnqueue) {
      droppedSojournNs += sim.nowNs - pkt.enqueueNs;
      droppedFromStorage++;
    }
    passDrop(pkt, reason, stage);
  };
  const warmup = ns3Warmup(args);
  const base = new Float64Array(n);
  if (warmup > 0) {
    sim.runUntil(Math.round(warmup * 1e9));
    for (let i = 0; i < n; i++) base[i] = port.departureBytesOf(i);
  }
  sim.runUntil(sim.durationNs);
  const span = sim.durationNs / 1e9 - warmup;
  const th = Array.from({ length: n }, (_, i) => ((port.departureBytesOf(i) - base[i]!) * 8) / span);
  const agg = th.reduce((a, b) => a + b, 0);
  const sq = th.reduce((a, b) => a + b * b, 0);
  const d = port.disc;
  const sojourns = d.stats.departures + droppedFromStorage;
  const soj = sojourns > 0 ? (d.stats.sojournSumNs + droppedSojournNs) / sojourns : NaN;
  const summary = sim.summary();
  return {
    flowThroughputBps: th,
    aggregateThroughputBps: agg,
    jain: sq > 0 ? (agg * agg) / (n * sq) : 0,
    arrivals: d.stats.arrivals,
    departures: d.stats.departures,
    drops: d.stats.drops + port.linkLosses,
    marks: d.stats.marks,
    meanQueuePackets: d.meanLengthPackets(),
    meanSojournMs: Number.isFinite(soj) ? soj / 1e6 : 0,
    retransmits: summary.flows.map((f) => f.retransmits),
    timeouts: summary.flows.map((f) => f.timeouts),
  };
}
