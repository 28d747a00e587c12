/**
 * Scenarios of `cclab bench --growth` (docs/performance.md, "How cost grows"): a chain whose
 * flows, bottleneck rate and hop count vary one at a time, and a wired stand-in of seed 004's
 * 42-node "Random" topology (spec 004-quic-tcp.md §2).
 */
import { NS2_DEFAULTS, ns2FlowTransport } from '../scenario/ns2Dumbbell.js';
import type { ScenarioFlow, ScenarioInput, ScenarioLink, ScenarioNode } from '../scenario/types.js';

const PACKET_BYTES = 1040; // ns-2's 1000-byte packetSize_ plus 40 header bytes (ns2Dumbbell.ts)
/** One-way propagation delay of every path, split evenly over its hops (RTT 60 ms). */
const ONE_WAY_S = 0.03;

export interface ChainOptions {
  flows: number;
  rateBps: number;
  /** Links on every flow's path, 2–13. */
  hops: number;
  durationS: number;
}

/**
 * Flows s0…s(n−1) → r1 → … → r(hops−1) → one shared sink host d. The first link (each source's
 * access) runs at 10× the bottleneck; every later link is at `rateBps` with a buffer of one
 * bandwidth-delay product, so the first router link is the bottleneck and the rest forward. NewReno
 * as ns-2's (ns2Dumbbell.ts) with a window of twice the flow's share of the BDP (at least 1000
 * packets, ns-2's window_ default in dumbbell.tcl), so that the flows can fill any rate.
 */
export function chainScenario(o: ChainOptions): ScenarioInput {
  const hopDelay = `${((ONE_WAY_S / o.hops) * 1e3).toFixed(4)}ms`;
  const bdpPackets = Math.ceil((o.rateBps * 2 * ONE_WAY_S) / (8 * PACKET_BYTES));
  const win = Math.max(1000, Math.ceil((2 * bdpPackets) / o.flows));
  const routers = o.hops - 1;
  const nodes: ScenarioNode[] = [];
  const links: ScenarioLink[] = [];
  for (let r = 1; r <= routers; r++) nodes.push({ id: `r${r}`, kind: 'router', x: 200 + r * 50, y: 300 });
  nodes.push({ id: 'd', kind: 'host', x: 250 + routers * 50, y: 300 });
  const buffer = `${Math.max(50, bdpPackets)} packets`;
  for (let r = 1; r < routers; r++)
    links.push({ a: `r${r}`, b: `r${r + 1}`, rate: `${o.rateBps}bps`, delay: hopDelay, buffer });
  links.push({ a: `r${routers}`, b: 'd', rate: `${o.rateBps}bps`, delay: hopDelay, buffer });
  const args = { ...NS2_DEFAULTS, win: String(win) };
  const flows: ScenarioFlow[] = [];
  for (let i = 0; i < o.flows; i++) {
    nodes.push({ id: `s${i}`, kind: 'host', x: 100, y: 10 + i });
    links.push({ a: `s${i}`, b: 'r1', rate: `${o.rateBps * 10}bps`, delay: hopDelay, buffer: '100000 packets' });
    flows.push({
      id: `f${i}`,
      from: `s${i}`,
      to: 'd',
      transport: ns2FlowTransport('Newreno', args).transport,
      app: { type: 'bulk' },
      start: `${((i * 0.1) / o.flows).toFixed(6)}s`,
    });
  }
  return {
    version: 1,
    name: `growth: ${o.flows} flows, ${o.rateBps} bit/s, ${o.hops} hops`,
    seed: 1,
    duration: `${o.durationS}s`,
    nodes,
    links,
    flows,
    probes: { interval: '1s', ports: [routers > 1 ? 'r1->r2' : 'r1->d'] },
  };
}

/** Seed 004's Random topology: each flow's path, source first (spec 004-quic-tcp.md §2). */
const SEED004_PATHS = [
  'N1 N2 N22 N3 N29 N18 N4 GW1 GW2 RNC BS UE1',
  'N8 N3 N29 N18 N4 GW1 GW2 RNC BS UE2',
  'N7 N4 GW1 GW2 RNC BS UE3',
  'N16 N15 N2 N22 N3 N29 N18 N4 GW1 GW2 RNC BS UE4',
  'N26 N25 N15 N2 N22 N3 N29 N18 N4 GW1 GW2 RNC BS UE5',
  'N30 N29 N18 N4 GW1 GW2 RNC BS UE6',
  'N5 N2 N22 N3 N6',
  'N14 N15 N2 N22 N3 N29 N18 N19',
  'N21 N25 N15 N2 N22 N3 N29 N18 N17',
  'N32 N25 N15 N2 N22 N24',
  'N23 N22 N3 N29 N31',
];

/**
 * A wired stand-in of seed 004's Random topology: the 42 nodes (N1–N32, GW1, GW2, RNC, BS,
 * UE1–UE6), the eleven flows' paths (4–13 hops), 100-byte packets (spec §2), queues of 2000 packets
 * and 3000 at the BS. The spec gives no wired rates or delays and the wireless last hop (BS→UE) is a
 * shared, SNR-scheduled channel the engine does not model yet: here every link is 50 Mb/s / 5 ms
 * and each BS→UE link a plain 5 Mb/s / 5 ms link. NewReno everywhere; the eight nodes on no path
 * hang off N22 so that the network is connected.
 */
export function seed004StandIn(durationS: number): ScenarioInput {
  const names = [
    ...Array.from({ length: 32 }, (_, i) => `N${i + 1}`),
    'GW1',
    'GW2',
    'RNC',
    'BS',
    ...Array.from({ length: 6 }, (_, i) => `UE${i + 1}`),
  ];
  const sources = new Set(SEED004_PATHS.map((p) => p.split(' ')[0]!));
  const sinks = new Set(SEED004_PATHS.map((p) => p.split(' ').at(-1)!));
  const nodes: ScenarioNode[] = names.map((id, i) => ({
    id,
    kind: sources.has(id) || sinks.has(id) ? 'host' : 'router',
    x: 50 + (i % 7) * 120,
    y: 50 + Math.floor(i / 7) * 90,
  }));
  const edges = new Map<string, ScenarioLink>();
  const link = (a: string, b: string) => {
    const key = [a, b].sort().join('|');
    if (edges.has(key)) return;
    const wireless = a === 'BS' && b.startsWith('UE');
    edges.set(key, {
      a,
      b,
      rate: wireless ? '5Mbps' : '50Mbps',
      delay: '5ms',
      buffer: a === 'BS' ? '3000 packets' : '2000 packets',
    });
  };
  for (const p of SEED004_PATHS) {
    const hop = p.split(' ');
    for (let i = 0; i + 1 < hop.length; i++) link(hop[i]!, hop[i + 1]!);
  }
  const onPath = new Set(SEED004_PATHS.flatMap((p) => p.split(' ')));
  for (const id of names) if (!onPath.has(id)) link('N22', id);
  const args = { ...NS2_DEFAULTS, pkt: '60', win: '2000' }; // 60 + 40 header bytes = 100 B
  const flows: ScenarioFlow[] = SEED004_PATHS.map((p, i) => {
    const hop = p.split(' ');
    return {
      id: `ftp${i}`,
      from: hop[0]!,
      to: hop.at(-1)!,
      transport: ns2FlowTransport('Newreno', args).transport,
      app: { type: 'bulk' },
      start: '0s',
    };
  });
  return {
    version: 1,
    name: 'seed 004 Random topology, wired stand-in',
    seed: 1,
    duration: `${durationS}s`,
    nodes,
    links: [...edges.values()],
    flows,
    probes: { interval: '1s', ports: ['N22->N3'] },
  };
}
