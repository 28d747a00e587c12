/**
 * Buffer-sizing rules a lecturer expects, for one egress port (a link direction) of the scenario:
 * - the bandwidth-delay product, B = C × RTT: the rule of thumb of Villamizar & Song, "High
 *   performance TCP in ANSNET", ACM CCR 24(5), 1994 (a long-lived TCP flow's window halves on a
 *   loss; a buffer of one round trip's worth of data keeps the link busy while it refills);
 * - Appenzeller, Keslassy & McKeown, "Sizing router buffers", ACM SIGCOMM 2004: with N
 *   desynchronised long-lived TCP flows, B = C × RTT / √N suffices (§3, eq. 3);
 * - seed 000's LbLCA model (§6.2.1), computed by the panel's model (sizingModel.ts).
 * Pure functions and the routes of the scenario (from the engine, so they are the run's routes).
 */
import { getRegistry, Simulation, ScenarioError, type ScenarioInput } from '@cclab/engine';
import { hasSeparateDirections, linkKey, updateLink, updateLinkReverse } from '../state/scenarioEdits';

export interface SizingFlow {
  id: string;
  /** Round trip of its path from the links' propagation delays, forward and back (s). */
  rttS: number;
  /** An unlimited bulk transfer over a congestion-controlled transport (the rules' "long-lived flow"). */
  longLived: boolean;
  /** Bytes of one of its data packets on the wire. */
  packetBytes: number;
}

export interface SizingPort {
  /** The engine's port name, "a->b". */
  name: string;
  from: string;
  to: string;
  /** Index of its link in scenario.links, and whether it is that link's a→b direction. */
  linkIndex: number;
  forward: boolean;
  rateBps: number;
  /** Its buffer now: in packets or in bytes, as the scenario sets it. */
  buffer: { packets: number } | { bytes: number };
  /** Flows whose data cross it. */
  flows: SizingFlow[];
}

/** A buffer in both units. */
export interface BufferSize {
  bytes: number;
  packets: number;
}

export type SizingPortsResult = { ok: true; ports: SizingPort[] } | { ok: false; error: string };

/**
 * Bytes of a flow's data packet: its transport's packet size (TCP: on the wire; TFRC, DCCP: the
 * payload), else its application's message and the transport's header (UDP).
 */
function packetBytesOf(params: Readonly<Record<string, unknown>>, app: Readonly<Record<string, unknown>>): number {
  const t = params['packetSize'];
  if (typeof t === 'number' && t > 0) return t;
  const a = app['packetSize'];
  const h = params['headerSize'];
  return typeof a === 'number' && a > 0 ? a + (typeof h === 'number' ? h : 0) : 1500;
}

/**
 * Every egress port of the scenario with the flows that cross it (their routes, round trips and
 * packet sizes, from the engine's own network), or the scenario's first problem.
 */
export function sizingPorts(scenario: ScenarioInput): SizingPortsResult {
  let sim: Simulation;
  try {
    sim = new Simulation(scenario);
  } catch (e) {
    const first = e instanceof ScenarioError ? e.issues[0] : undefined;
    return { ok: false, error: first ? `${first.path}: ${first.message}` : String((e as Error).message ?? e) };
  }
  const congestionControlled = new Set(
    getRegistry()
      .transport.filter((t) => t.transport?.measuresRtt)
      .map((t) => t.id),
  );
  const flows = sim.flows.map((f) => {
    const spec = f.spec;
    const bytes = spec.appParams['bytes'];
    return {
      flow: {
        id: spec.id,
        rttS: sim.network.flowTable.baseRttNs[spec.index]! / 1e9,
        longLived:
          congestionControlled.has(spec.transport) &&
          spec.app === 'bulk' &&
          !(typeof bytes === 'number' && bytes > 0 && Number.isFinite(bytes)),
        packetBytes: packetBytesOf(spec.transportParams, spec.appParams),
      },
      ports: new Set(f.forwardPorts.map((p) => p.id)),
    };
  });
  // the network builds its ports link by link, each link's directions in turn
  const linkOfPort = sim.scenario.links.flatMap((l, i) => l.dirs.map(() => i));
  const ports = sim.network.ports.map((p, i): SizingPort => {
    const link = linkOfPort[i] ?? -1;
    const lim = p.bufferLimit;
    const from = sim.network.nodes[p.fromNode]!.id;
    return {
      name: p.name,
      from,
      to: sim.network.nodes[p.toNode]!.id,
      linkIndex: link,
      forward: scenario.links[link]?.a === from,
      rateBps: p.rateBps,
      buffer: 'packets' in lim ? { packets: lim.packets } : { bytes: lim.bytes },
      flows: flows.filter((f) => f.ports.has(p.id)).map((f) => f.flow),
    };
  });
  return { ok: true, ports };
}

/** The port a lecturer most likely means: the most long-lived flows cross it; of those, the slowest. */
export function likelyBottleneck(ports: readonly SizingPort[]): SizingPort | null {
  let best: SizingPort | null = null;
  const n = (p: SizingPort) => p.flows.filter((f) => f.longLived).length;
  for (const p of ports) {
    if (p.flows.length === 0) continue;
    if (!best || n(p) > n(best) || (n(p) === n(best) && p.rateBps < best.rateBps)) best = p;
  }
  return best;
}

/** Mean round trip (s) of the long-lived flows crossing the port (of all its flows if none is), or null. */
export function meanRttS(port: SizingPort): number | null {
  const long = port.flows.filter((f) => f.longLived);
  const fs = long.length > 0 ? long : port.flows;
  if (fs.length === 0) return null;
  return fs.reduce((a, f) => a + f.rttS, 0) / fs.length;
}

/** The long-lived flows' (else all flows') largest data packet, bytes; 1500 without flows. */
export function packetBytesFor(port: SizingPort): number {
  const long = port.flows.filter((f) => f.longLived);
  const fs = long.length > 0 ? long : port.flows;
  return fs.length > 0 ? Math.max(...fs.map((f) => f.packetBytes)) : 1500;
}

/** Bytes as a buffer of `packetBytes`-byte packets. */
export function bufferOf(bytes: number, packetBytes: number): BufferSize {
  return { bytes, packets: bytes / packetBytes };
}

/** Bandwidth-delay product B = C × RTT (Villamizar & Song 1994): rate in bit/s, RTT in s. */
export function bdpRule(rateBps: number, rttS: number, packetBytes: number): BufferSize {
  return bufferOf((rateBps * rttS) / 8, packetBytes);
}

/** B = C × RTT / √N (Appenzeller, Keslassy & McKeown 2004, eq. 3), N ≥ 1 long-lived flows; null for N < 1. */
export function sqrtNRule(rateBps: number, rttS: number, n: number, packetBytes: number): BufferSize | null {
  if (!(n >= 1)) return null;
  return bufferOf((rateBps * rttS) / 8 / Math.sqrt(n), packetBytes);
}

/** The port's buffer now in both units (a byte limit over the packet size, or packets times it). */
export function currentBuffer(port: SizingPort, packetBytes: number): BufferSize {
  return 'packets' in port.buffer
    ? { packets: port.buffer.packets, bytes: port.buffer.packets * packetBytes }
    : bufferOf(port.buffer.bytes, packetBytes);
}

/** The buffer field's value that holds at least `size`: whole packets, at least one. */
export function bufferFieldValue(size: BufferSize): string {
  return `${Math.max(1, Math.ceil(size.packets - 1e-9))} packets`;
}

/** A number field of the rules form: empty = the computed value; else a positive number, or the problem. */
export function parsePositive(text: string, field: string, unit: string): { value: number | null; error?: string } {
  const t = text.trim();
  if (t === '') return { value: null };
  const v = Number(t);
  if (!Number.isFinite(v) || v <= 0) return { value: null, error: `${field}: enter a positive number of ${unit}` };
  return { value: v };
}

/**
 * The scenario with the port's buffer set to `value` ("88 packets"): the link's `buffer` (both
 * directions, unless its directions are set apart) or, for the b→a direction of a link whose
 * directions are set apart, its `reverse.buffer`.
 */
export function withPortBuffer(s: ScenarioInput, port: SizingPort, value: string): ScenarioInput {
  const link = s.links[port.linkIndex];
  if (!link) return s;
  const key = linkKey(link);
  return !port.forward && hasSeparateDirections(link)
    ? updateLinkReverse(s, key, { buffer: value })
    : updateLink(s, key, { buffer: value });
}
