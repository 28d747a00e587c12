/**
 * The lab's α control for the seed 000 Ch. 4 dumbbell (seed000Ch45.ts): α is the TCP share of
 * the ten sources (thesis §4.4.1: "2 TCP nodes means 8 UDP nodes … α increasing from 0.2 to
 * 1.0"). Picking α regenerates the flows: source i is TCP for i < α·10, UDP otherwise. Links,
 * nodes, probes and every other setting stay as the user left them; a flow that keeps its kind
 * is kept as it is, a flow that changes kind copies its transport (TCP) or application (UDP)
 * from a flow of that kind in the scenario, or the template's when there is none.
 */
import { ch4TcpFlow, ch4UdpApp, ch4UdpFlow, tcpTransport } from './seed000Ch45.js';
import type { ScenarioFlow, ScenarioInput } from './types.js';

const SOURCES = 10;

/** A deep copy of plain scenario data (parameters are JSON values). */
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** The α values the thesis's Ch. 4 figures span (2 to 10 TCP sources of 10). */
export const CH4_ALPHAS = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] as const;

const isTcpFlow = (f: ScenarioFlow, i: number) => f.id === `tcp${i}` && f.transport.type === 'tcp';
const isUdpFlow = (f: ScenarioFlow, i: number) => f.id === `udp${i}` && f.transport.type === 'udp';

/**
 * α of `sc` when it is the Ch. 4 dumbbell — hosts s0…s9 and d0…d9 around routers r1 and r2,
 * exactly one flow per source pair, named tcp<i> or udp<i> from s<i> to d<i>, the TCP flows
 * first — else null (any other scenario, or a dumbbell whose flows were edited into another shape).
 */
export function ch4DumbbellAlpha(sc: ScenarioInput): number | null {
  const ids = new Set(sc.nodes.map((n) => n.id));
  if (!ids.has('r1') || !ids.has('r2') || sc.flows.length !== SOURCES) return null;
  let tcp = 0;
  for (let i = 0; i < SOURCES; i++) {
    const f = sc.flows[i]!;
    if (!ids.has(`s${i}`) || !ids.has(`d${i}`) || f.from !== `s${i}` || f.to !== `d${i}`) return null;
    if (isTcpFlow(f, i)) {
      if (tcp !== i) return null; // TCP flows come first
      tcp++;
    } else if (!isUdpFlow(f, i)) return null;
  }
  return tcp / SOURCES;
}

/** `sc` (a Ch. 4 dumbbell) with its flows regenerated for TCP share `alpha` (0 to 1 in tenths). */
export function withCh4Alpha(sc: ScenarioInput, alpha: number): ScenarioInput {
  const tcpCount = Math.round(alpha * SOURCES);
  if (!(tcpCount >= 0 && tcpCount <= SOURCES && Math.abs(alpha * SOURCES - tcpCount) < 1e-9))
    throw new RangeError(`alpha: ${alpha} is not one of 0, 0.1, …, 1`);
  if (ch4DumbbellAlpha(sc) === null) throw new RangeError('scenario: not the seed 000 Ch. 4 dumbbell');
  const tcpModel = sc.flows.find(isTcpFlow);
  const udpModel = sc.flows.find(isUdpFlow);
  const flows = sc.flows.map((f, i) => {
    const wantTcp = i < tcpCount;
    if (wantTcp === isTcpFlow(f, i)) return f;
    return wantTcp
      ? ch4TcpFlow(i, copy(tcpModel?.transport ?? tcpTransport('cubic')))
      : ch4UdpFlow(i, copy(udpModel?.app ?? ch4UdpApp()));
  });
  const name = sc.name?.replace(/α = [0-9.]+/, `α = ${alpha}`);
  return { ...sc, ...(name !== undefined ? { name } : {}), flows };
}
