import { NS_PER_SECOND } from './core/units.js';
import type { Simulation } from './Simulation.js';
import { jainIndex } from './metrics/TimeSeries.js';

// The run summary is what `Simulation.run()` returns, so it belongs to the run layer beside
// Simulation; the result metrics that read a run (results/) sit above it.

export interface FlowSummary {
  id: string;
  from: string;
  to: string;
  transport: string;
  cc: string | null;
  app: string;
  /** Application payload delivered in order, bit/s over the flow's active time. */
  goodputBps: number;
  /** Bytes received at the destination (headers and duplicates included), bit/s. */
  throughputBps: number;
  bytesDelivered: number;
  packetsSent: number;
  packetsReceived: number;
  retransmits: number;
  timeouts: number;
  fastRetransmits: number;
  /** Data packets of this flow dropped on its forward path / packets sent. */
  lossRatio: number;
  /** Packet delivery ratio: data packets received / sent (seed 000 §4), or null before any was sent. */
  pdr: number | null;
  meanDelayMs: number | null;
  p95DelayMs: number | null;
  jitterMs: number | null;
  /** Largest one-way delay (ms) and peak-to-peak jitter = max − min delay (seed 000 §6.3.1). */
  maxDelayMs: number | null;
  ptpJitterMs: number | null;
  /** Finite transfers: seconds from start to the last ACK, or null. */
  completionTimeS: number | null;
  /** Congestion window at the end (segments), or null. */
  finalCwnd: number | null;
}

export interface PortSummary {
  name: string;
  from: string;
  to: string;
  rateBps: number;
  /** Registry id of the queue discipline. */
  queue: string;
  arrivals: number;
  departures: number;
  drops: number;
  dropsByReason: Record<string, number>;
  marks: number;
  marksByReason: Record<string, number>;
  /** Mean time packets spent in the queue, enqueue to dequeue (ms), or null if none left. */
  meanSojournMs: number | null;
  linkLosses: number;
  queuedAtEnd: number;
  meanQueuePackets: number;
  meanQueueBytes: number;
  utilization: number;
  /** Bytes departing this port per flow id, as bit/s over the run (ns-2 flow monitor). */
  flowThroughputBps: Record<string, number>;
}

export interface RunSummary {
  scenario: string;
  seed: number;
  durationS: number;
  simulatedS: number;
  events: number;
  flows: FlowSummary[];
  ports: PortSummary[];
  /** Jain's fairness index over the flows' goodputs. */
  jainGoodput: number;
  aggregateGoodputBps: number;
}

/** A port's summary without its per-flow throughput map. */
export type BriefPortSummary = Omit<PortSummary, 'flowThroughputBps'>;
/**
 * The run summary without the ports' per-flow throughput maps. Making those maps costs ports ×
 * flows (at 5,000 nodes and 1,000 flows about 10 million look-ups, ≈ 70 % of the summary's time);
 * the lab, which makes a summary twice a second while a run plays, never shows them.
 */
export type BriefRunSummary = Omit<RunSummary, 'ports'> & { ports: BriefPortSummary[] };

const ms = (ns: number): number | null => (Number.isFinite(ns) ? ns / 1e6 : null);

/** The per-flow and per-port summary of a run so far (documented in docs/cli-output.md). */
export function summarize(s: Simulation): RunSummary {
  const brief = summarizeBrief(s);
  const T = brief.simulatedS;
  return {
    ...brief,
    // (the key keeps its place: the output's field order is unchanged)
    ports: brief.ports.map((p, i) => {
      const port = s.network.ports[i]!;
      const perFlow: Record<string, number> = {};
      s.flows.forEach((f, j) => {
        const b = port.departureBytesOf(j);
        if (b > 0) perFlow[f.spec.id] = T > 0 ? (b * 8) / T : 0;
      });
      return { ...p, flowThroughputBps: perFlow };
    }),
  };
}

/** `summarize` without the ports' per-flow throughput maps (BriefRunSummary). */
export function summarizeBrief(s: Simulation): BriefRunSummary {
  const now = s.sim.now;
  const nodes = s.network.nodes;
  const flows: FlowSummary[] = s.flows.map((f) => {
    const st = f.stats;
    const spec = f.spec;
    // rates are over the application's active period [start, min(stop, now)]
    const end = spec.stopNs === Infinity ? now : Math.min(now, spec.stopNs);
    const active = Math.max(end - spec.startNs, 0) / NS_PER_SECOND;
    let fwdDrops = 0;
    for (const p of f.forwardPorts) fwdDrops += p.flowDrops[spec.index]!;
    const c = f.sender.congestion();
    return {
      id: spec.id,
      from: nodes[spec.from]!.id,
      to: nodes[spec.to]!.id,
      transport: spec.transport,
      // the congestion control running now (a timed event may have switched it)
      cc: (f.sender as { cc?: { id: string } }).cc?.id ?? spec.cc ?? null,
      app: spec.app,
      goodputBps: active > 0 ? (st.goodputBytes * 8) / active : 0,
      throughputBps: active > 0 ? (st.bytesReceived * 8) / active : 0,
      bytesDelivered: st.goodputBytes,
      packetsSent: st.packetsSent,
      packetsReceived: st.packetsReceived,
      retransmits: st.retransmits,
      timeouts: st.timeouts,
      fastRetransmits: st.fastRetransmits,
      lossRatio: st.packetsSent > 0 ? fwdDrops / st.packetsSent : 0,
      pdr: st.packetsSent > 0 ? st.packetsReceived / st.packetsSent : null,
      meanDelayMs: ms(st.meanDelayNs()),
      p95DelayMs: ms(st.delayPercentileNs(0.95)),
      jitterMs: ms(st.meanJitterNs()),
      maxDelayMs: st.delayCount > 0 ? ms(st.maxDelayNs) : null,
      ptpJitterMs: st.delayCount > 0 ? ms(st.maxDelayNs - st.minDelayNs) : null,
      completionTimeS: st.completionNs >= 0 ? (st.completionNs - st.startNs) / NS_PER_SECOND : null,
      finalCwnd: c && Number.isFinite(c.cwnd) ? c.cwnd : null,
    };
  });
  const T = now / NS_PER_SECOND;
  const ports: BriefPortSummary[] = s.network.ports.map((p) => {
    const d = p.disc;
    return {
      name: p.name,
      from: nodes[p.fromNode]!.id,
      to: nodes[p.toNode]!.id,
      rateBps: p.rateBps,
      queue: p.queueType,
      arrivals: d.stats.arrivals,
      departures: d.stats.departures,
      drops: d.stats.drops,
      dropsByReason: { ...d.stats.dropsByReason },
      marks: d.stats.marks,
      marksByReason: { ...d.stats.marksByReason },
      meanSojournMs: ms(d.meanSojournNs()),
      linkLosses: p.linkLosses,
      queuedAtEnd: d.lengthPackets,
      meanQueuePackets: d.meanLengthPackets(),
      meanQueueBytes: d.meanLengthBytes(),
      utilization: now > 0 ? p.busyTimeNs() / now : 0,
    };
  });
  const goodputs = flows.map((f) => f.goodputBps);
  return {
    scenario: s.scenario.name,
    seed: s.scenario.seed,
    durationS: s.scenario.durationNs / NS_PER_SECOND,
    simulatedS: T,
    events: s.sim.eventsProcessed,
    flows,
    ports,
    jainGoodput: jainIndex(goodputs),
    aggregateGoodputBps: goodputs.reduce((a, b) => a + b, 0),
  };
}
