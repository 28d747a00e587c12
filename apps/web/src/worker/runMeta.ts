/**
 * What the lab learns about a run when it loads: flows, nodes, ports with their buffers and
 * disciplines, and the names of every series column, event kind and drop reason the frames
 * encode — all taken from the engine, so nothing in the lab depends on column positions.
 */
import {
  DROP_REASONS,
  FLOW_COLUMNS,
  FLOW_EVENT_KINDS,
  MAX_BACKLOG_FLOWS,
  PORT_COLUMNS,
  getRegistry,
  type ResolvedScenario,
  type Simulation,
} from '@cclab/engine';
import type { BsMeta, RunMeta } from './protocol';

/** Reasons a port counts drops by: the queue disciplines' reasons, then random loss on the link. */
export const LAB_DROP_REASONS: readonly string[] = [...DROP_REASONS, 'link-loss'];

/** Memory the lab's series may take, bytes (8 per number). Bounds maxPoints for wide runs. */
export const SERIES_BUDGET_BYTES = 64 * 1024 * 1024;

/**
 * Reasons that cannot come with a mark: a packet refused or evicted for want of room, or lost on
 * the wire, is gone (nothing to set CE on).
 */
const NEVER_MARKED = new Set(['overflow', 'front', 'fq-overflow', 'memory', 'link-loss']);

/** The reasons a mark can have (every other reason, new ones included). */
export function markReasons(reasons: readonly string[]): string[] {
  return reasons.filter((r) => !NEVER_MARKED.has(r));
}

/** The lab's counters appended to each probed port's row: drops by reason, then marks by reason. */
export function reasonColumns(reasons: readonly string[]): string[] {
  return [...reasons.map((r) => `drops:${r}`), ...markReasons(reasons).map((r) => `marks:${r}`)];
}

/**
 * Points per series: the scenario's `probes.maxPoints`, lowered so that all series of the run fit
 * in SERIES_BUDGET_BYTES, and even (a full series halves).
 */
export function seriesCapacity(maxPoints: number, totalColumns: number): number {
  const byBudget = Math.floor(SERIES_BUDGET_BYTES / (8 * Math.max(1, totalColumns)));
  const n = Math.max(16, Math.min(maxPoints, byBudget));
  return n - (n % 2);
}

/**
 * The scenario as the lab's worker runs it: the engine keeps its own bounded series of every flow
 * and probed port (for its CLI outputs; the lab never reads them), each allocated at `maxPoints`
 * points and filled as the run goes on. For a wide run at the default 2,000 points that is
 * hundreds of MB (2,000 nodes, 1,000 flows: about 600 MB, touched page by page over the first
 * 200 simulated seconds, so the tab's memory grew for minutes). The lab lowers `maxPoints` so the
 * engine's series fit SERIES_BUDGET_BYTES too, counting the columns every flow and probed port has
 * at least (the engine adds a few discipline, link and backlog columns to some ports). Nothing the
 * lab shows depends on them: samples reach it through `onSample` before the engine records them.
 */
export function forTheLab(sc: ResolvedScenario): ResolvedScenario {
  const probed =
    sc.probes.ports?.length ??
    sc.links.reduce(
      (n, l) => n + (sc.nodes[l.a]?.kind !== 'host' ? 1 : 0) + (sc.nodes[l.b]?.kind !== 'host' ? 1 : 0),
      0,
    );
  const perPort = PORT_COLUMNS.length + (sc.flows.length <= MAX_BACKLOG_FLOWS ? sc.flows.length : 0);
  const maxPoints = seriesCapacity(sc.probes.maxPoints, sc.flows.length * FLOW_COLUMNS.length + probed * perPort);
  return maxPoints === sc.probes.maxPoints ? sc : { ...sc, probes: { ...sc.probes, maxPoints } };
}

export function runMeta(sim: Simulation): RunMeta {
  const sc = sim.scenario;
  const probeIndex = new Map(sim.probedPorts.map((p, i) => [p.id, i]));
  const portColumns = sim.portColumns.map((cols) => [...cols, ...reasonColumns(LAB_DROP_REASONS)]);
  // ports are built link by link, direction by direction: the same order gives each its spec
  const specs = sc.links.flatMap((l) => l.dirs.map((d) => d.queue));
  const transports = new Map(getRegistry().transport.map((t) => [t.id, t.transport]));
  const totalColumns = sc.flows.length * FLOW_COLUMNS.length + portColumns.reduce((a, c) => a + c.length, 0);
  return {
    baseStations: baseStationMeta(sim),
    durationNs: sc.durationNs,
    intervalNs: sc.probes.intervalNs,
    flowIds: sc.flows.map((f) => f.id),
    flowPorts: sim.flows.map((f) => f.forwardPorts.map((p) => p.id)),
    nodeIds: sc.nodes.map((n) => n.id),
    probedPorts: sim.probedPorts.map((p) => p.name),
    flowColumns: [...FLOW_COLUMNS],
    flowTraits: sc.flows.map((f) => {
      const t = transports.get(f.transport);
      return { window: t?.window ?? true, rtt: t?.measuresRtt ?? true };
    }),
    portColumns,
    eventKinds: [...FLOW_EVENT_KINDS],
    dropReasons: [...LAB_DROP_REASONS],
    maxPoints: seriesCapacity(sc.probes.maxPoints, totalColumns),
    ports: sim.network.ports.map((p, i) => {
      const lim = p.bufferLimit;
      return {
        name: p.name,
        from: p.fromNode,
        to: p.toNode,
        rateBps: p.rateBps,
        delayNs: p.delayNs,
        limitPackets: 'packets' in lim ? lim.packets : Infinity,
        limitBytes: 'bytes' in lim ? lim.bytes : Infinity,
        probe: probeIndex.get(p.id) ?? -1,
        queue: p.queueType,
        child: specs[i]?.child?.type ?? null,
        gauge: sim.network.nodes[p.fromNode]!.kind === 'router',
      };
    }),
  };
}

/** Each base station: its node, scheduler, and its UEs' downlink ports (in the BS's slot-view order). */
export function baseStationMeta(sim: Simulation): BsMeta[] {
  const sc = sim.scenario;
  const portIndex = new Map(sim.network.ports.map((p, i) => [p, i]));
  const nodeIndex = new Map(sc.nodes.map((n, i) => [n.id, i]));
  let firstUe = 0;
  return sim.network.baseStations.map((bs) => {
    const m: BsMeta = {
      node: nodeIndex.get(bs.nodeId) ?? -1,
      name: bs.nodeId,
      scheduler: sc.nodes.find((n) => n.id === bs.nodeId)?.bs?.scheduler.type ?? '',
      ports: bs.downlinks.map((d) => portIndex.get(d) ?? -1),
      ues: bs.downlinks.map((d) => sc.nodes[d.toNode]?.id ?? String(d.toNode)),
      firstUe,
    };
    firstUe += bs.downlinks.length;
    return m;
  });
}
