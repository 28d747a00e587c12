/**
 * Seed 000 Chapters 4 and 5 topologies (digest 000 §2A–B; thesis Fig. 4.5, Table 4.2, §5.2).
 *
 * Ch. 4 dumbbell: ten sources and ten destinations across two routers; LAN 10 Mb/s, WAN
 * bottleneck 1.5 Mb/s with 50 ms, RED on the bottleneck and DropTail on the access links
 * (Table 4.2). α is the TCP share of the ten flows (α·10 infinite-FTP TCP flows, the rest CBR
 * over UDP); flow 0 is the tagged TCP flow and the last flow the tagged UDP flow. Homogeneous:
 * every access delay 1 ms; heterogeneous: source side 1 ms, destination i at 1 + 2i ms (1, 3,
 * …, 19 ms). Packets: TCP 1000 B (the text; Table 4.2 says 1460), UDP 210 B. What is not in the
 * thesis and is ours: the CBR rate of a UDP flow (0.2 Mb/s: eight of them fill the bottleneck at
 * α = 0.2, "the WAN link was never underutilized"), the bottleneck buffer (ns-2's default
 * queue limit, 50 packets, "Queue limits: Default") and RED's parameters (ns-2 defaults).
 *
 * Ch. 5 chain: the same dumbbell with the bottleneck stretched over `hops` routers W1..Wn, one
 * tagged UDP flow end to end and nine background flows (share `a` TCP, the rest CBR/UDP) that
 * each cross one hop of the chain, so the tagged flow meets fresh competition at every hop.
 * The thesis says "infinite buffers" for its Ch. 5 runs yet counts datagrams lost at a hop; we
 * give every chain router ns-2's default 50-packet DropTail buffer so that loss can happen.
 */
import type { ScenarioFlow, ScenarioInput, ScenarioLink, ScenarioNode } from './types.js';

export type Seed000Tcp = 'cubic' | 'compound' | 'reno';

export interface Ch4Options {
  /** Share of TCP flows among the ten (0, 0.1, …, 1). */
  alpha: number;
  tcp?: Seed000Tcp;
  heterogeneous?: boolean;
  /** RED on the bottleneck (default) or DropTail. */
  red?: boolean;
  duration?: string;
  /** CBR rate of each UDP flow, default 0.2 Mb/s. */
  udpRate?: string;
  bottleneckBuffer?: string;
  /**
   * What the UDP flows send: CBR of 210-byte datagrams (§4.4.1: "constant bit rate (CBR) traffic
   * source was used to generate UDP traffic", the default), or Weibull gaps and sizes with
   * Table 3.1's "UDP only" parameters (gaps β 0.61658, η 0.00941 s; sizes β 1.10141, η 826.505 B),
   * the measured traffic the thesis's §4.2 DelayBox model and §5.1 Matlab model draw from.
   */
  udpSource?: Seed000UdpSource;
}

export type Seed000UdpSource = 'cbr' | 'weibull';

/**
 * Table 3.1 "UDP only" Weibull parameters. The table prints no unit for the gap scale η; read in
 * milliseconds it would be 73 000 datagrams per second (≈ 470 Mb/s, beyond the 10 Mb/s access
 * link), so it is read in seconds: a mean gap of η·Γ(1 + 1/β) ≈ 13.6 ms and a mean size of
 * ≈ 797 B, ≈ 0.47 Mb/s per source.
 */
export const TABLE_3_1_UDP_ONLY = {
  gapShape: 0.61658,
  gapScale: 0.00941,
  gapScaleUnit: 's',
  sizeShape: 1.10141,
  sizeScale: 826.505,
} as const;

export const tcpTransport = (cc: Seed000Tcp): ScenarioFlow['transport'] => ({
  type: 'tcp',
  cc,
  params: { packetSize: '1040B', maxWindow: 1000 },
});

/** What a UDP flow of the Ch. 4 dumbbell sends (see `Ch4Options.udpSource`). */
export function ch4UdpApp(source: Seed000UdpSource = 'cbr', rate = '0.2Mbps'): ScenarioFlow['app'] {
  return source === 'weibull'
    ? { type: 'weibull', params: { ...TABLE_3_1_UDP_ONLY } }
    : { type: 'cbr', params: { rate, packetSize: '182B', randomize: true } };
}

/** Flow i of the Ch. 4 dumbbell as an infinite-FTP TCP flow from s_i to d_i. */
export function ch4TcpFlow(i: number, transport: ScenarioFlow['transport']): ScenarioFlow {
  return { id: `tcp${i}`, from: `s${i}`, to: `d${i}`, transport, app: { type: 'bulk' } };
}

/** Flow i of the Ch. 4 dumbbell as a UDP flow from s_i to d_i. */
export function ch4UdpFlow(i: number, app: ScenarioFlow['app']): ScenarioFlow {
  return { id: `udp${i}`, from: `s${i}`, to: `d${i}`, transport: { type: 'udp' }, app };
}

/** The Ch. 4 dumbbell (Fig. 4.5) with α·10 TCP flows. */
export function seed000Ch4Dumbbell(o: Ch4Options): ScenarioInput {
  const n = 10;
  const tcpCount = Math.round(o.alpha * n);
  if (!(tcpCount >= 0 && tcpCount <= n)) throw new RangeError(`alpha: ${o.alpha} is not between 0 and 1`);
  const cc = o.tcp ?? 'cubic';
  const nodes: ScenarioNode[] = [
    { id: 'r1', kind: 'router', x: 400, y: 300 },
    { id: 'r2', kind: 'router', x: 700, y: 300 },
  ];
  const links: ScenarioLink[] = [
    {
      a: 'r1',
      b: 'r2',
      rate: '1.5Mbps',
      delay: '50ms',
      buffer: o.bottleneckBuffer ?? '50 packets',
      queue: { type: o.red === false ? 'droptail' : 'red' },
    },
  ];
  const flows: ScenarioFlow[] = [];
  for (let i = 0; i < n; i++) {
    const y = 300 + (i - 4.5) * 48;
    nodes.push({ id: `s${i}`, kind: 'host', x: 150, y }, { id: `d${i}`, kind: 'host', x: 950, y });
    links.push(
      { a: `s${i}`, b: 'r1', rate: '10Mbps', delay: '1ms', buffer: '100000 packets' },
      {
        a: 'r2',
        b: `d${i}`,
        rate: '10Mbps',
        delay: o.heterogeneous ? `${1 + 2 * i}ms` : '1ms',
        buffer: '100000 packets',
      },
    );
    flows.push(i < tcpCount ? ch4TcpFlow(i, tcpTransport(cc)) : ch4UdpFlow(i, ch4UdpApp(o.udpSource, o.udpRate)));
  }
  return {
    version: 1,
    name: `Seed 000 Ch. 4 dumbbell — α = ${o.alpha}, ${cc}, ${o.heterogeneous ? 'heterogeneous' : 'homogeneous'}, ${o.red === false ? 'DropTail' : 'RED'}${o.udpSource === 'weibull' ? ', Weibull UDP' : ''}`,
    description:
      'Seed 000 Fig. 4.5: ten sources (α·10 TCP with FTP, the rest CBR/UDP of 210-byte datagrams) across a 1.5 Mb/s, 50 ms bottleneck with RED; LAN 10 Mb/s. Flow tcp0 is the tagged TCP flow, the last UDP flow the tagged UDP flow.',
    seed: 1,
    duration: o.duration ?? '100s',
    nodes,
    links,
    flows,
    probes: { interval: '500ms', ports: ['r1->r2'] },
  };
}

export interface Ch5Options {
  /** Routers in the chain (hops of the tagged flow), ≥ 2. */
  hops: number;
  /** Share of TCP among the background flows (0 or 1 in Tables 5.1–5.2). */
  a: number;
  /** Tagged UDP datagram size on the wire, default 210 B. */
  udpSize?: number;
  /** Tagged UDP mean sending rate, default 0.1 Mb/s. */
  udpRate?: string;
  tcp?: Seed000Tcp;
  duration?: string;
  /** CBR rate of a UDP background flow, default 0.6 Mb/s. */
  backgroundUdpRate?: string;
}

/** The Ch. 5 multi-hop chain (§5.2): a tagged UDP flow across `hops` routers with background traffic per hop. */
export function seed000Ch5Chain(o: Ch5Options): ScenarioInput {
  if (!(Number.isInteger(o.hops) && o.hops >= 2 && o.hops <= 40))
    throw new RangeError(`hops: ${o.hops} is not a whole number from 2 to 40`);
  const routers = Array.from({ length: o.hops }, (_, i) => `W${i + 1}`);
  const nodes: ScenarioNode[] = routers.map((id, i) => ({
    id,
    kind: 'router',
    x: 200 + (i * 700) / (o.hops - 1),
    y: 300,
  }));
  nodes.push({ id: 'src', kind: 'host', x: 80, y: 300 }, { id: 'dst', kind: 'host', x: 1000, y: 300 });
  const links: ScenarioLink[] = [
    { a: 'src', b: 'W1', rate: '10Mbps', delay: '1ms', buffer: '100000 packets' },
    { a: routers[o.hops - 1]!, b: 'dst', rate: '10Mbps', delay: '1ms', buffer: '100000 packets' },
  ];
  for (let i = 1; i < o.hops; i++)
    links.push({ a: routers[i - 1]!, b: routers[i]!, rate: '1.5Mbps', delay: '10ms', buffer: '50 packets' });
  const udpSize = o.udpSize ?? 210;
  const flows: ScenarioFlow[] = [
    {
      id: 'tagged',
      from: 'src',
      to: 'dst',
      transport: { type: 'udp' },
      app: { type: 'cbr', params: { rate: o.udpRate ?? '0.1Mbps', packetSize: `${udpSize - 28}B`, randomize: true } },
    },
  ];
  // one background source and sink per hop of the chain, crossing that hop only
  const tcpHops = Math.round(o.a * (o.hops - 1));
  for (let i = 1; i < o.hops; i++) {
    const s = `b${i}`;
    const d = `e${i}`;
    const x = 200 + ((i - 0.5) * 700) / (o.hops - 1);
    nodes.push({ id: s, kind: 'host', x: x - 30, y: 150 }, { id: d, kind: 'host', x: x + 30, y: 450 });
    links.push(
      { a: s, b: routers[i - 1]!, rate: '10Mbps', delay: '1ms', buffer: '100000 packets' },
      { a: routers[i]!, b: d, rate: '10Mbps', delay: '1ms', buffer: '100000 packets' },
    );
    flows.push(
      i <= tcpHops
        ? { id: `bg${i}`, from: s, to: d, transport: tcpTransport(o.tcp ?? 'cubic'), app: { type: 'bulk' } }
        : {
            id: `bg${i}`,
            from: s,
            to: d,
            transport: { type: 'udp' },
            app: {
              type: 'cbr',
              params: { rate: o.backgroundUdpRate ?? '1.2Mbps', packetSize: '182B', randomize: true },
            },
          },
    );
  }
  return {
    version: 1,
    name: `Seed 000 Ch. 5 chain — ${o.hops} routers, a = ${o.a}, tagged UDP ${udpSize} B`,
    description:
      'Seed 000 §5.2: a tagged UDP flow crosses a chain of routers (1.5 Mb/s, 10 ms hops, 50-packet DropTail buffers); every hop carries one background flow, TCP (share a) or CBR/UDP.',
    seed: 1,
    duration: o.duration ?? '60s',
    nodes,
    links,
    flows,
    probes: { interval: '500ms' },
  };
}
