import { ns2XcpScenario } from './ns2Xcp.js';
import type { ScenarioFlow, ScenarioInput, ScenarioLink, ScenarioNode, TransportSpec } from './types.js';

/**
 * Seed 003's Fig. 6 topology as the thesis ran it: ns-2.35's tcl/ex/xcp/xcp-tcp.tcl, which the
 * digest (003 §3) names as the script the thesis follows. Three XCP sources n0–n2 and one TCP
 * Reno source (on n0, beside XCP flow 0) send through R0 → R1 to sinks on R1; every link 20 Mb/s,
 * 10 ms, a Queue/XCP both ways with buffer round(20/8·4·10) = 100 packets in each virtual queue.
 * What xcp-tcp.tcl sets beyond ns-2's defaults, and we copy:
 * - `Queue/XCP set tcp_xcp_on_ 1`: the XCP controller manages half the link (the XCP weight 0.5);
 * - the TCP virtual queue is RED in packet mode with thresh 0.6·q = 60, maxthresh 0.8·q = 80,
 *   q_weight 0.001, linterm 10 (setbit true, but the TCP agent is not ECN-capable: drops);
 * - `Agent/TCP set minrto_ 1`; XCP packetSize_ 1000 (timestamps on: 1050 B on the wire), the TCP
 *   flow's 100·(3+10) = 1300 (1340 B); window_ = 10·qSize = 1000;
 * - XCP flow i starts at U{0..999}·0.001·0.1 s (uniform in [0, 0.1)), TCP at 0.09 s.
 * Utilisation is ns-2's XCP trace `u` (xcpq.cc everyRTT): XCP bytes through the bottleneck over
 * the XCP queue's capacity, here half the link.
 */
export const FIG6 = { rate: '20Mbps', delay: '10ms', buffer: '100 packets', xcpShare: 0.5 } as const;

/** The fairness-controller settings of each law the thesis ran (xcp registry parameters). */
export const LAWS = {
  aimd: { fairness: 'aimd' },
  simd: { fairness: 'simd', simdRoot: 0.5, simdWindow: 'current', simdAlpha: true, simdBeta: 1.236 },
  simd4: { fairness: 'simd', simdRoot: 0.25, simdWindow: 'previous', simdAlpha: true, simdBeta: 1.267 },
  sqrt: { fairness: 'sqrt' },
  iiad: { fairness: 'iiad' },
  mimd: { fairness: 'mimd' },
} as const;

export type LawId = keyof typeof LAWS;

const TCP_RED = {
  type: 'red',
  params: { minThresh: 60, maxThresh: 80, qWeight: 0.001, maxP: 0.1, byteMode: false, queueInBytes: false, ecn: true },
};

function ns2Tcp(packetBytes: number, headerBytes: number, extra: Record<string, unknown> = {}): TransportSpec {
  return {
    type: 'tcp',
    cc: 'reno',
    params: {
      packetSize: `${packetBytes + headerBytes}B`,
      headerSize: `${headerBytes}B`,
      ackSize: '40B',
      initialWindow: 2,
      initialSsthresh: 20,
      maxWindow: 1000,
      handshake: true,
      limitedTransmit: true,
      minRto: '1s',
      initialRto: '3s',
      maxRto: '60s',
      clockGranularity: '10ms',
      rttEstimator: 'ns2',
      ...extra,
    },
  };
}

/** The XCP links of Fig. 6 with fairness law `law` in every router. */
export function fig6Links(law: LawId, hosts: readonly string[]): ScenarioLink[] {
  const link = (a: string, b: string): ScenarioLink => ({
    a,
    b,
    rate: FIG6.rate,
    delay: FIG6.delay,
    buffer: FIG6.buffer,
    queue: { type: 'xcp', params: { ...LAWS[law], shareCapacity: true, tcpQueue: 'child' }, child: TCP_RED },
  });
  return [link('R0', 'R1'), ...hosts.map((h) => link(h, 'R0'))];
}

/** Fig. 6: three XCP flows and (with `tcp`) one TCP Reno flow; `duration` seconds. */
export function fig6(name: string, law: LawId, duration: number, tcp = true): ScenarioInput {
  const hosts = ['n0', 'n1', 'n2'];
  const nodes: ScenarioNode[] = [
    { id: 'R0', kind: 'router', x: 450, y: 300 },
    { id: 'R1', kind: 'router', x: 750, y: 300 },
    ...hosts.map((h, i) => ({ id: h, kind: 'host' as const, x: 150, y: 180 + 120 * i })),
  ];
  const xcp = ns2Tcp(1000, 50, { timestamps: true, xcp: true, xcpRttTick: '10ms' });
  const flows: ScenarioFlow[] = hosts.map((h, i) => ({
    id: `xcp${i}`,
    from: h,
    to: 'R1',
    transport: xcp,
    app: { type: 'bulk' },
    start: '0s',
  }));
  if (tcp)
    flows.push({ id: 'tcp', from: 'n0', to: 'R1', transport: ns2Tcp(1300, 40), app: { type: 'bulk' }, start: '0.09s' });
  return {
    version: 1,
    name,
    description:
      'Seed 003 Fig. 6 as ns-2’s xcp-tcp.tcl builds it: three XCP flows' +
      (tcp ? ' and one TCP Reno flow' : '') +
      ' through R0 → R1, 20 Mb/s 10 ms links with Queue/XCP both ways (XCP controller on half the link, RED for TCP).',
    seed: 1,
    duration: `${duration}s`,
    nodes,
    links: fig6Links(law, hosts),
    flows,
    probes: { interval: duration > 60 ? '1s' : '100ms', ports: ['R0->R1'] },
  };
}

/** Seed 003's XCP-alone setup: xcp.tcl with three XCP flows and no TCP, `law` in every router. */
export function xcpAlone(law: LawId = 'aimd', duration = 30): ScenarioInput {
  const sc = ns2XcpScenario('seed 003 XCP alone', { ntcp: '0', T: String(duration) });
  return {
    ...sc,
    name: `Seed 003: XCP alone (${LAW_TITLES[law]}, ${duration} s)`,
    description:
      'Three XCP flows share a 20 Mb/s, 10 ms bottleneck with BDP buffers (ns-2 validation/ns2/xcp.tcl ntcp=0): XCP fills the link with a near-empty queue and no drops, in equal shares.',
    links: sc.links.map((l) => ({ ...l, queue: { type: 'xcp', params: { ...LAWS[law] } } })),
  };
}

/** Short names of the laws, for preset titles. */
export const LAW_TITLES: Record<LawId, string> = {
  aimd: 'XCP-AIMD',
  simd: 'XCP-SIMD',
  simd4: 'XCP fourth-root SIMD',
  sqrt: 'XCP-SQRT',
  iiad: 'XCP-IIAD',
  mimd: 'XCP-MIMD',
};

/** The lab's seed-003 presets: XCP alone, and Fig. 6 with each law at 30 s and 300 s. */
export function seed003Presets(): { id: string; title: string; scenario: () => ScenarioInput }[] {
  const out = [{ id: 'seed003-xcp-alone', title: 'Seed 003: XCP alone (3 XCP flows)', scenario: () => xcpAlone() }];
  for (const T of [30, 300])
    for (const law of Object.keys(LAWS) as LawId[])
      out.push({
        id: `seed003-fig6-${law}-${T}s`,
        title: `Seed 003 Fig. 6: ${LAW_TITLES[law]} beside TCP, ${T} s`,
        scenario: () => fig6(`Seed 003 Fig. 6: ${LAW_TITLES[law]} beside TCP (${T} s)`, law, T),
      });
  return out;
}
