/**
 * The 42-node topologies of seed 004 (MS thesis, FAU 2013, §4.2–4.3, Figs 2–3; digest
 * shared/spec/004-quic-tcp.md §2): 32 fixed nodes N1–N32, two gateways, a radio network
 * controller, a base station and six UEs, with eleven FTP flows on the thesis's exact paths.
 * ftp0–ftp5 end at UE1–UE6 through the base station (the wireless flows); ftp6–ftp10 stay wired.
 * N9–N13, N20, N27 and N28 are on no path: the thesis's figures (lost) drew their links, which no
 * flow uses, so they are placed here unlinked.
 *
 * What the thesis fixes: 500 s, 100-byte packets, queue limits 2000 packets at fixed nodes and
 * 3000 at the BS, p_s = 200, ρ = κ = 0.5, 10 ms TDMA slots, Rayleigh fading at 127.8 Hz, mean SNR
 * 5/9/13/5/9/13 dB, Table 1 AMC, "10M" shared bandwidth. What it omits and we choose (each an
 * option): wired rates and delays, the uplink. Our reading of its numbers (docs/models.md,
 * "Seed 004 topologies"): every flow's first hop is a 5 Mb/s access link and the rest of the wired
 * network 100 Mb/s, so a wired flow is held at 5 Mb/s = 6.25 packets/ms on its own access link
 * (wired Jain ≈ 1, as the thesis reports) and the shared trunk N22→N3→N29→N18 is never full (the
 * thesis's aggregate changes with the BS scheduler, so the trunk cannot have been the bottleneck).
 * Five wired flows at 6.25 plus the BS's 7–13 packets/ms give 38–44 packets/ms — the thesis's
 * 38.1–43.4 — and Jain 0.66 (RR) to 0.70 (max-SNR) as it reports. Wired links 5 ms one way, the
 * radio hop 1 ms, uplinks 100 Mb/s.
 */
import type { ScenarioFlow, ScenarioInput, ScenarioLink, ScenarioNode } from './types.js';

export type Seed004Topology = 'fair' | 'random';
export type Seed004Cc = 'reno' | 'vegas' | 'fast' | 'quic-tcp';

const UES = ['UE1', 'UE2', 'UE3', 'UE4', 'UE5', 'UE6'] as const;
const BS_TAIL = ['N4', 'GW1', 'GW2', 'RNC', 'BS'] as const;

/** The eleven flow paths of each topology (thesis Figs 2 and 3), ftp0 first. */
export const SEED004_PATHS: Record<Seed004Topology, readonly (readonly string[])[]> = {
  fair: [
    ...['N1', 'N8', 'N7', 'N16', 'N26', 'N30'].map((src, i) => [
      src,
      'N25',
      'N15',
      'N2',
      'N22',
      'N3',
      'N29',
      'N18',
      ...BS_TAIL,
      UES[i]!,
    ]),
    ...[
      ['N5', 'N6'],
      ['N14', 'N19'],
      ['N21', 'N17'],
      ['N32', 'N24'],
      ['N23', 'N31'],
    ].map(([src, dst]) => [src!, 'N22', 'N3', 'N29', 'N18', dst!]),
  ],
  random: [
    ['N1', 'N2', 'N22', 'N3', 'N29', 'N18', ...BS_TAIL, 'UE1'],
    ['N8', 'N3', 'N29', 'N18', ...BS_TAIL, 'UE2'],
    ['N7', ...BS_TAIL, 'UE3'],
    ['N16', 'N15', 'N2', 'N22', 'N3', 'N29', 'N18', ...BS_TAIL, 'UE4'],
    ['N26', 'N25', 'N15', 'N2', 'N22', 'N3', 'N29', 'N18', ...BS_TAIL, 'UE5'],
    ['N30', 'N29', 'N18', ...BS_TAIL, 'UE6'],
    ['N5', 'N2', 'N22', 'N3', 'N6'],
    ['N14', 'N15', 'N2', 'N22', 'N3', 'N29', 'N18', 'N19'],
    ['N21', 'N25', 'N15', 'N2', 'N22', 'N3', 'N29', 'N18', 'N17'],
    ['N32', 'N25', 'N15', 'N2', 'N22', 'N24'],
    ['N23', 'N22', 'N3', 'N29', 'N31'],
  ],
};

/** Flow ids of the wireless (ftp0–ftp5) and wired (ftp6–ftp10) flows. */
export const SEED004_WIRELESS_FLOWS: readonly string[] = ['ftp0', 'ftp1', 'ftp2', 'ftp3', 'ftp4', 'ftp5'];
export const SEED004_WIRED_FLOWS: readonly string[] = ['ftp6', 'ftp7', 'ftp8', 'ftp9', 'ftp10'];

export interface Seed004Options {
  topology: Seed004Topology;
  cc: Seed004Cc;
  /** Base-station scheduler id: "rr", "max-snr", "qlen", "qdelay" (or any registered one). */
  scheduler: string;
  duration?: string;
  seed?: number;
  /** Every flow's first hop (source → first router). Ours: 5 Mb/s. */
  accessRate?: string;
  /** Every other wired link. Ours: 100 Mb/s. */
  coreRate?: string;
  /** One-way delay of each wired link. Ours: 5 ms. */
  wiredDelay?: string;
  /** One-way delay of the radio hop BS–UE. Ours: 1 ms. */
  radioDelay?: string;
  /** Rate of each UE → BS uplink (carries ACKs; the thesis's is asynchronous). Ours: 100 Mb/s. */
  uplinkRate?: string;
  /** Packet size on the wire (thesis: 100 bytes). */
  packetBytes?: number;
  /** Queue limits: fixed nodes (thesis 2000) and each UE's queue at the BS (thesis 3000). */
  wiredBuffer?: number;
  bsBuffer?: number;
  /** Mean SNR of UE1..UE6, dB (thesis: 5, 9, 13, 5, 9, 13). */
  ueMeanSnrDb?: readonly number[];
  /** Shared radio bandwidth and its unit (thesis "10M"; ours 10 MHz). */
  bandwidth?: number;
  bandwidthUnit?: 'MHz' | 'Mbps';
  /** p_s (QUIC-TCP), α (FAST), α/β (Vegas): thesis 200 (Vegas 200/203). */
  targetBacklog?: number;
  probeInterval?: string;
}

/** The congestion-control parameters of each scheme as the thesis sets them (§4.3). */
export function seed004CcParams(cc: Seed004Cc, ps = 200): Record<string, unknown> | undefined {
  switch (cc) {
    case 'quic-tcp':
      return { ps, kappa: 0.5, rho: 0.5 };
    case 'fast':
      // "FAST ≈ QUIC at ρ = ½": α = p_s, γ = 0.5 (the ns-2 module's default)
      return { alpha: ps, gamma: 0.5 };
    case 'vegas':
      // "the lower bound is set to 200 packets and the upper bound 203" (thesis §5.2)
      return { alpha: ps, beta: ps + 3 };
    case 'reno':
      return undefined;
  }
}

/** A radial layout around N22 (the trunk's start) by hop distance, for the lab. */
function layout(nodes: string[], links: readonly [string, string][]): Map<string, { x: number; y: number }> {
  const adj = new Map<string, string[]>(nodes.map((n) => [n, []]));
  for (const [a, b] of links) {
    adj.get(a)!.push(b);
    adj.get(b)!.push(a);
  }
  const depth = new Map<string, number>([['N22', 0]]);
  const order = ['N22'];
  for (let i = 0; i < order.length; i++)
    for (const m of adj.get(order[i]!)!) {
      if (!depth.has(m)) {
        depth.set(m, depth.get(order[i]!)! + 1);
        order.push(m);
      }
    }
  const rings = new Map<number, string[]>();
  for (const n of order) {
    const d = depth.get(n)!;
    if (!rings.has(d)) rings.set(d, []);
    rings.get(d)!.push(n);
  }
  const pos = new Map<string, { x: number; y: number }>();
  const cx = 700;
  const cy = 460;
  for (const [d, ring] of rings) {
    ring.forEach((n, i) => {
      const a = (2 * Math.PI * (i + 0.5 * (d % 2))) / ring.length;
      pos.set(n, { x: Math.round(cx + 70 * d * Math.cos(a)), y: Math.round(cy + 55 * d * Math.sin(a)) });
    });
  }
  const loose = nodes.filter((n) => !pos.has(n));
  loose.forEach((n, i) => pos.set(n, { x: 80 + 70 * i, y: 40 }));
  return pos;
}

/** The Fair or Random topology with one congestion control for all flows and one BS scheduler. */
export function seed004Scenario(o: Seed004Options): ScenarioInput {
  const paths = SEED004_PATHS[o.topology];
  const snr = o.ueMeanSnrDb ?? [5, 9, 13, 5, 9, 13];
  const ps = o.targetBacklog ?? 200;
  const pkt = o.packetBytes ?? 100;
  const wiredBuffer = `${o.wiredBuffer ?? 2000} packets`;
  const access = new Set(paths.map((p) => `${p[0]}|${p[1]}`));
  const edges: [string, string][] = [];
  const seen = new Set<string>();
  for (const p of paths)
    for (let i = 0; i + 1 < p.length; i++) {
      const key = [p[i], p[i + 1]].sort().join('|');
      if (!seen.has(key)) {
        seen.add(key);
        edges.push([p[i]!, p[i + 1]!]);
      }
    }
  const ids = [...Array.from({ length: 32 }, (_, i) => `N${i + 1}`), 'GW1', 'GW2', 'RNC', 'BS', ...UES];
  const pos = layout(ids, edges);
  const nodes: ScenarioNode[] = ids.map((id) => {
    const ue = UES.indexOf(id as (typeof UES)[number]);
    const endpoint = paths.some((p) => p[0] === id || p[p.length - 1] === id);
    const kind = id === 'BS' ? 'bs' : endpoint ? 'host' : 'router';
    const n: ScenarioNode = { id, kind, ...pos.get(id)! };
    if (ue >= 0) n.label = `UE${ue + 1} (${snr[ue]} dB)`;
    if (id === 'BS')
      n.bs = {
        params: { bandwidth: o.bandwidth ?? 10, bandwidthUnit: o.bandwidthUnit ?? 'MHz', slot: '10ms' },
        scheduler: { type: o.scheduler },
      };
    return n;
  });
  const links: ScenarioLink[] = edges.map(([a, b]) => {
    const ue = UES.indexOf(b as (typeof UES)[number]);
    if (ue >= 0)
      return {
        a,
        b,
        rate: o.uplinkRate ?? '100Mbps',
        delay: o.radioDelay ?? '1ms',
        buffer: `${o.bsBuffer ?? 3000} packets`,
        channel: { type: 'rayleigh', params: { meanSnrDb: snr[ue]!, dopplerHz: 127.8 } },
        reverse: { buffer: wiredBuffer },
      };
    return {
      a,
      b,
      rate: access.has(`${a}|${b}`) ? (o.accessRate ?? '5Mbps') : (o.coreRate ?? '100Mbps'),
      delay: o.wiredDelay ?? '5ms',
      buffer: wiredBuffer,
    };
  });
  const cp = seed004CcParams(o.cc, ps);
  const flows: ScenarioFlow[] = paths.map((p, i) => ({
    id: `ftp${i}`,
    from: p[0]!,
    to: p[p.length - 1]!,
    path: [...p],
    transport: {
      type: 'tcp',
      cc: o.cc,
      ...(cp ? { ccParams: cp } : {}),
      // a receive window that never binds (ns-2's window_ is set large for such runs)
      params: { packetSize: `${pkt}B`, maxWindow: 20000 },
    },
    app: { type: 'bulk' },
    start: '0s',
  }));
  const name = `Seed 004 ${o.topology === 'fair' ? 'Fair' : 'Random'}: ${o.cc}, ${o.scheduler}`;
  return {
    version: 1,
    name,
    description: `${name}. 42 nodes, 11 FTP flows (ftp0–ftp5 to UE1–UE6 through the base station), 100-byte packets; wired rates and delays are ours (docs/models.md).`,
    seed: o.seed ?? 1,
    duration: o.duration ?? '500s',
    nodes,
    links,
    flows,
    probes: {
      interval: o.probeInterval ?? '1s',
      // each flow's own bottleneck: a UE's queue at the BS, a wired flow's access link
      ports: [...UES.map((u) => `BS->${u}`), ...paths.map((p) => `${p[0]}->${p[1]}`)],
    },
  };
}
