/**
 * Seed 000 Chapter 6 topologies (digest 000 §2C; thesis Figs 6.4/6.10, 6.7/6.13, 6.9): a linear
 * chain of routers and the 2- and 3-input crosses, run either with LbLCA routers carrying CBR
 * over RTP/UDP (the thesis's proposal: no end-host congestion control) or with TCP Reno through
 * RED (its baseline). Table 6.2 fixes what survives: LAN access ≤ 5 ms, WAN core ≤ 10 ms,
 * 1000-byte packets, CBR over RTP/UDP, 100 s; the buffers are Table 6.1's, read as packets
 * (Algorithm 2: "B_i ← buffer size of i-th router in number of packets"). Router ids are the
 * thesis's buffer names B1, B2, …; every router-to-router link and each egress router's link to
 * the sink run at the x-axis "outgoing capacity".
 */
import type { QueueSpec, ScenarioFlow, ScenarioInput, ScenarioLink, ScenarioNode } from './types.js';

export type Seed000Mode = 'lblca' | 'tcp';

export interface LblcaTemplateOptions {
  /** LbLCA routers and CBR/UDP, or TCP Reno (CBR-driven) through RED (the baseline). */
  mode: Seed000Mode;
  /** Outgoing capacity of every router port, e.g. "200Mbps". */
  capacity: string;
  /** Shared buffer of each router, packets (one value for all, or one per router in id order). */
  buffers: number | readonly number[];
  /** Flows per input (the input's rate λ split evenly), default 5. */
  flowsPerInput?: number;
  duration?: string;
  /** Parameters of the `lblca` ports (registry defaults otherwise). */
  lblca?: Record<string, unknown>;
  /** Access (LAN) and core (WAN) one-way delays, default 5 ms and 10 ms (Table 6.2's maxima). */
  accessDelay?: string;
  coreDelay?: string;
  /** Bytes per packet on the wire, default 1000 (Table 6.2). */
  packetBytes?: number;
  probeInterval?: string;
}

/** IP (20) + UDP (8) + RTP (12) header bytes of a CBR-over-RTP packet. */
export const RTP_HEADER_BYTES = 40;

interface Wiring {
  name: string;
  description: string;
  /** Routers in id order with layout position. */
  routers: { id: string; x: number; y: number }[];
  /** Router-to-router links (data flows a → b). */
  core: [string, string][];
  /** Inputs: rate and ingress router. */
  inputs: { rate: string; at: string; y: number }[];
  /** The egress router (linked to the sink d). */
  egress: string;
}

function build(w: Wiring, o: LblcaTemplateOptions): ScenarioInput {
  const pkt = o.packetBytes ?? 1000;
  const perInput = o.flowsPerInput ?? 5;
  const access = o.accessDelay ?? '5ms';
  const core = o.coreDelay ?? '10ms';
  const routerQueue: QueueSpec =
    o.mode === 'lblca' ? { type: 'lblca', ...(o.lblca ? { params: o.lblca } : {}) } : { type: 'red' };
  const bufferOf = (i: number) => (typeof o.buffers === 'number' ? o.buffers : o.buffers[i]!);
  const nodes: ScenarioNode[] = w.routers.map((r, i) => ({
    id: r.id,
    kind: 'router',
    x: r.x,
    y: r.y,
    buffer: `${bufferOf(i)} packets`,
  }));
  const egress = w.routers.find((r) => r.id === w.egress)!;
  nodes.push({ id: 'd', kind: 'host', x: egress.x + 150, y: egress.y });
  const links: ScenarioLink[] = w.core.map(([a, b]) => ({
    a,
    b,
    rate: o.capacity,
    delay: core,
    queue: routerQueue,
  }));
  links.push({
    a: w.egress,
    b: 'd',
    rate: o.capacity,
    delay: access,
    queue: routerQueue,
    reverse: { queue: { type: 'droptail' }, buffer: '100000 packets' },
  });
  const flows: ScenarioFlow[] = [];
  w.inputs.forEach((inp, i) => {
    const src = `s${i + 1}`;
    const at = w.routers.find((r) => r.id === inp.at)!;
    nodes.push({ id: src, kind: 'host', x: at.x - 150, y: inp.y });
    links.push({
      a: src,
      b: inp.at,
      rate: '10Gbps',
      delay: access,
      buffer: '100000 packets',
      reverse: { queue: routerQueue },
    });
    const rate = `${parseRateMbps(inp.rate) / perInput}Mbps`;
    for (let k = 0; k < perInput; k++) {
      const id = `in${i + 1}-${k + 1}`;
      flows.push(
        o.mode === 'lblca'
          ? {
              id,
              from: src,
              to: 'd',
              transport: { type: 'udp', params: { headerSize: RTP_HEADER_BYTES } },
              app: { type: 'cbr', params: { rate, packetSize: `${pkt - RTP_HEADER_BYTES}B`, randomize: true } },
            }
          : {
              id,
              from: src,
              to: 'd',
              transport: { type: 'tcp', cc: 'reno', params: { packetSize: `${pkt}B`, maxWindow: 1000 } },
              app: { type: 'cbr', params: { rate, packetSize: `${pkt - 40}B`, randomize: true } },
            },
      );
    }
  });
  return {
    version: 1,
    name: `${w.name} — ${o.mode === 'lblca' ? 'LbLCA, CBR/RTP/UDP' : 'TCP Reno + RED'}`,
    description: w.description,
    seed: 1,
    duration: o.duration ?? '100s',
    nodes,
    links,
    flows,
    probes: { interval: o.probeInterval ?? '100ms' },
  };
}

function parseRateMbps(r: string): number {
  const m = /^([\d.]+)\s*(G|M|k)?bps$/i.exec(r.trim());
  if (!m) throw new RangeError(`${JSON.stringify(r)} is not a rate like "170Mbps"`);
  const f = { g: 1000, m: 1, k: 0.001 }[(m[2] ?? 'M').toLowerCase() as 'g' | 'm' | 'k'];
  return Number(m[1]) * f;
}

/** Linear chain of `routers` routers (3, 6 or 9 in the thesis), λ into B1 (Figs 6.4, 6.10). */
export function seed000Linear(routers: number, lambda: string, o: LblcaTemplateOptions): ScenarioInput {
  const ids = Array.from({ length: routers }, (_, i) => `B${i + 1}`);
  return build(
    {
      name: `Seed 000 linear chain, ${routers} routers, λ = ${lambda}`,
      description: `Seed 000 Fig. 6.10: λ = ${lambda} of CBR enters B1 and crosses ${routers} routers to the sink; every router port at ${o.capacity}.`,
      routers: ids.map((id, i) => ({ id, x: 250 + (i * 600) / Math.max(routers - 1, 1), y: 300 })),
      core: ids.slice(1).map((id, i) => [ids[i]!, id]),
      inputs: [{ rate: lambda, at: 'B1', y: 300 }],
      egress: ids[routers - 1]!,
    },
    o,
  );
}

/** 2-input cross (Figs 6.7, 6.13): λ1 into B1 and λ2 into B3, merging at B2. */
export function seed000Cross2(lambda1: string, lambda2: string, o: LblcaTemplateOptions): ScenarioInput {
  return build(
    {
      name: `Seed 000 2-input cross, λ = ${lambda1} / ${lambda2}`,
      description: `Seed 000 Fig. 6.13: λ1 = ${lambda1} enters B1 and λ2 = ${lambda2} enters B3; both merge at B2, whose outgoing link runs at ${o.capacity}.`,
      routers: [
        { id: 'B1', x: 300, y: 200 },
        { id: 'B2', x: 550, y: 300 },
        { id: 'B3', x: 300, y: 400 },
      ],
      core: [
        ['B1', 'B2'],
        ['B3', 'B2'],
      ],
      inputs: [
        { rate: lambda1, at: 'B1', y: 200 },
        { rate: lambda2, at: 'B3', y: 400 },
      ],
      egress: 'B2',
    },
    o,
  );
}

/**
 * 3-input cross (Fig. 6.9; the figure is lost, this wiring is ours): λ1 into B1 → B2, λ2 into
 * B3 → B4, λ3 into B6, all merging at B5. Buffers in id order B1…B6.
 */
export function seed000Cross3(
  lambda1: string,
  lambda2: string,
  lambda3: string,
  o: LblcaTemplateOptions,
): ScenarioInput {
  return build(
    {
      name: `Seed 000 3-input cross, λ = ${lambda1} / ${lambda2} / ${lambda3}`,
      description: `Seed 000 Fig. 6.9 (wiring ours): λ1 = ${lambda1} through B1 and B2, λ2 = ${lambda2} through B3 and B4, λ3 = ${lambda3} through B6, merging at B5 (outgoing ${o.capacity}).`,
      routers: [
        { id: 'B1', x: 250, y: 150 },
        { id: 'B2', x: 450, y: 150 },
        { id: 'B3', x: 250, y: 450 },
        { id: 'B4', x: 450, y: 450 },
        { id: 'B5', x: 700, y: 300 },
        { id: 'B6', x: 450, y: 300 },
      ],
      core: [
        ['B1', 'B2'],
        ['B2', 'B5'],
        ['B3', 'B4'],
        ['B4', 'B5'],
        ['B6', 'B5'],
      ],
      inputs: [
        { rate: lambda1, at: 'B1', y: 150 },
        { rate: lambda2, at: 'B3', y: 450 },
        { rate: lambda3, at: 'B6', y: 300 },
      ],
      egress: 'B5',
    },
    o,
  );
}
