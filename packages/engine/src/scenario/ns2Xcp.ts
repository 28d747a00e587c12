import { ns2FlowTransport, NS2_DEFAULTS } from './ns2Dumbbell.js';
import type { ScenarioFlow, ScenarioInput, ScenarioLink, ScenarioNode, TransportSpec } from './types.js';

/** The keys of validation/ns2/xcp.tcl and their defaults (`array set P {...}`). */
export const NS2_XCP_DEFAULTS = { nx: '3', ntcp: '1', bw: '20', delay: '10', T: '30', pkt: '1000' };

export type Ns2XcpArgs = typeof NS2_XCP_DEFAULTS;

/** ns-2's class default window_ when the agents are created (ssthresh_ = window_ at reset). */
const NS2_CLASS_WINDOW = 20;

function positive(key: string, v: string, integer: boolean): number {
  const x = Number(v);
  if (v.trim() === '' || !Number.isFinite(x) || x < 0 || (integer && !Number.isInteger(x)))
    throw new Error(`${key}=${v}: expected a ${integer ? 'non-negative integer' : 'non-negative number'}`);
  return x;
}

/** Packets in xcp.tcl's bandwidth-delay-product buffer: round(bw/8 · 4 · delay / pkt). */
export function ns2XcpQueuePackets(bwMbps: number, delayMs: number, pkt: number): number {
  return Math.round((((bwMbps * 1e6) / 8) * 4 * (delayMs / 1000)) / pkt);
}

/**
 * Translates the arguments of `validation/ns2/xcp.tcl` (seed 003's ns-2 setup, after ns-2's
 * tcl/ex/xcp/xcp-tcp.tcl) into an equivalent scenario; unknown keys are rejected by name.
 *
 * The script: `nx` XCP flows (Agent/TCP/Reno/XCP → Agent/TCPSink/XCPSink) and `ntcp` TCP Reno
 * flows (Agent/TCP/Reno → Agent/TCPSink), source i on node n_i — r0 — r1, the sinks on r1
 * itself; every link `bw` Mb/s and `delay` ms with a Queue/XCP in both directions whose three
 * virtual queues each hold qsize = round(bw/8·4·delay/pkt) packets and whose controller is told
 * the full link rate (tcp_xcp_on_ 0); flow i starts at 0.02·i s; window_ = 10·qsize; T seconds.
 * The measured port is r0 → r1. ns-2.35 defaults inherited:
 * - XCP agents: timestamps_ true (ns-default.tcl), so data packets are packetSize_ + 40 + 10
 *   bytes and the header's RTT is the tick-counted XCP estimate; TCP Reno: 40-byte headers;
 * - both: a header-only first segment at cwnd 1 (syn_, delay_growth_), windowInit_ 2, initial
 *   ssthresh 20 (the class default window_ when the agent is created; the script raises window_
 *   only afterwards), RTO from 10 ms ticks, min 0.2 s, initial 3 s; one ACK (40 B) per packet.
 */
export function ns2XcpScenario(name: string, args: Record<string, string>): ScenarioInput {
  for (const k of Object.keys(args))
    if (!(k in NS2_XCP_DEFAULTS))
      throw new Error(`xcp.tcl has no key "${k}" (keys: ${Object.keys(NS2_XCP_DEFAULTS).join(', ')})`);
  const a: Ns2XcpArgs = { ...NS2_XCP_DEFAULTS, ...args };
  const nx = positive('nx', a.nx, true);
  const ntcp = positive('ntcp', a.ntcp, true);
  const bw = positive('bw', a.bw, false);
  const delay = positive('delay', a.delay, false);
  const pkt = positive('pkt', a.pkt, true);
  const T = positive('T', a.T, false);
  if (nx + ntcp === 0) throw new Error('nx + ntcp must be at least 1');
  const qsize = ns2XcpQueuePackets(bw, delay, pkt);
  if (qsize < 2) throw new Error(`bw=${a.bw} delay=${a.delay} pkt=${a.pkt}: the BDP buffer rounds to ${qsize} packets`);
  const win = qsize * 10;
  const base = { ...NS2_DEFAULTS, pkt: String(pkt), win: String(win) };
  const reno = ns2FlowTransport('Reno', base).transport;
  const renoParams = { ...reno.params, initialSsthresh: NS2_CLASS_WINDOW };
  const xcpTransport: TransportSpec = {
    ...reno,
    params: {
      ...renoParams,
      packetSize: `${pkt + 50}B`,
      headerSize: '50B',
      timestamps: true,
      xcp: true,
      xcpRttTick: '10ms',
    },
  };
  const tcpTransport: TransportSpec = { ...reno, params: renoParams };
  const link = (x: string, y: string): ScenarioLink => ({
    a: x,
    b: y,
    rate: `${bw}Mbps`,
    delay: `${delay}ms`,
    buffer: `${qsize} packets`,
    queue: { type: 'xcp' },
  });
  const total = nx + ntcp;
  const nodes: ScenarioNode[] = [
    { id: 'r0', kind: 'router', x: 450, y: 300 },
    { id: 'r1', kind: 'router', x: 750, y: 300 },
  ];
  const links: ScenarioLink[] = [link('r0', 'r1')];
  const flows: ScenarioFlow[] = [];
  for (let i = 0; i < total; i++) {
    const xcp = i < nx;
    nodes.push({ id: `n${i}`, kind: 'host', x: 150, y: 300 + (i - (total - 1) / 2) * Math.min(120, 480 / total) });
    links.push(link(`n${i}`, 'r0'));
    flows.push({
      id: xcp ? `xcp${i}` : `tcp${i}`,
      from: `n${i}`,
      to: 'r1',
      transport: xcp ? xcpTransport : tcpTransport,
      app: { type: 'bulk' },
      start: `${+(0.02 * i).toFixed(9)}s`,
    });
  }
  return {
    version: 1,
    name: `ns-2 reference: ${name}`,
    description: `Equivalent of ns xcp.tcl ${Object.entries(args)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')} (seed 003 setup; see docs/validation.md).`,
    seed: 1,
    duration: `${T}s`,
    nodes,
    links,
    flows,
    probes: { interval: '100ms', ports: ['r0->r1'] },
  };
}
