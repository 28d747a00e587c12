/**
 * Scenarios of `cclab bench --growth` (docs/performance.md, "How cost grows"): a chain whose
 * flows, bottleneck rate and hop count vary one at a time, and seed 004's 42-node "Random"
 * topology with its base station (spec 004-quic-tcp.md §2).
 */
import { NS2_DEFAULTS, ns2FlowTransport } from '../scenario/ns2Dumbbell.js';
import { seed004Scenario } from '../scenario/seed004.js';
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

/**
 * Seed 004's Random topology as the shipped `seed004-random` preset builds it (seed004.ts: the 42
 * nodes, the eleven flows' paths of 4–13 hops, 100-byte packets, QUIC-TCP, and the base station
 * with its Qdelay scheduler over six Rayleigh-faded BS → UE channels), `durationS` simulated
 * seconds long.
 */
export function seed004GrowthScenario(durationS: number): ScenarioInput {
  return {
    ...seed004Scenario({
      topology: 'random',
      cc: 'quic-tcp',
      scheduler: 'qdelay',
      duration: `${durationS}s`,
      probeInterval: '200ms',
    }),
    name: 'Seed 004 Random topology',
  };
}
