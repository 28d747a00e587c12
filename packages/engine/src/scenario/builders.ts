import type { ScenarioFlow, ScenarioInput, ScenarioLink, ScenarioNode, TransportSpec } from './types.js';

export interface DumbbellOptions {
  name: string;
  description?: string;
  /** Per-flow transport specs, one per flow (sources s0.., sinks d0..). */
  flows: { transport: TransportSpec; app?: ScenarioFlow['app']; start?: string }[];
  bottleneckRate: string;
  bottleneckDelay: string;
  bottleneckBuffer: string;
  bottleneckQueue?: ScenarioLink['queue'];
  accessRate: string;
  accessDelay: string;
  /** Per-source access delays (overrides accessDelay on the source side). */
  accessDelays?: string[];
  accessBuffer?: string;
  duration: string;
  seed?: number;
  probeInterval?: string;
  /** Link-layer framing bytes per packet on every link (e.g. 2 for ns-3's PPP). */
  framingBytes?: number;
  /** Device queue beside the bottleneck's transmitter, packets (ns-3's NetDevice queue). */
  bottleneckDeviceQueue?: number;
}

/**
 * A dumbbell: source i —access— r1 —bottleneck— r2 —access— sink i, with layout coordinates for
 * the lab. Used for the built-in presets and the ns-2 reference scenarios.
 */
export function dumbbell(o: DumbbellOptions): ScenarioInput {
  const n = o.flows.length;
  const nodes: ScenarioNode[] = [
    { id: 'r1', kind: 'router', x: 400, y: 300 },
    { id: 'r2', kind: 'router', x: 700, y: 300 },
  ];
  const links: ScenarioLink[] = [
    {
      a: 'r1',
      b: 'r2',
      rate: o.bottleneckRate,
      delay: o.bottleneckDelay,
      buffer: o.bottleneckBuffer,
      ...(o.bottleneckQueue ? { queue: o.bottleneckQueue } : {}),
      ...(o.framingBytes ? { framingBytes: o.framingBytes } : {}),
      ...(o.bottleneckDeviceQueue ? { deviceQueuePackets: o.bottleneckDeviceQueue } : {}),
    },
  ];
  const framing = o.framingBytes ? { framingBytes: o.framingBytes } : {};
  const flows: ScenarioFlow[] = [];
  const spread = (i: number) => 300 + (n === 1 ? 0 : (i - (n - 1) / 2) * Math.min(120, 480 / Math.max(n - 1, 1)));
  for (let i = 0; i < n; i++) {
    nodes.push({ id: `s${i}`, kind: 'host', x: 150, y: spread(i) });
    nodes.push({ id: `d${i}`, kind: 'host', x: 950, y: spread(i) });
    const buf = o.accessBuffer ?? '100000 packets';
    links.push({
      a: `s${i}`,
      b: 'r1',
      rate: o.accessRate,
      delay: o.accessDelays?.[i] ?? o.accessDelay,
      buffer: buf,
      ...framing,
    });
    links.push({ a: 'r2', b: `d${i}`, rate: o.accessRate, delay: o.accessDelay, buffer: buf, ...framing });
    const f = o.flows[i]!;
    flows.push({
      id: `f${i}`,
      from: `s${i}`,
      to: `d${i}`,
      transport: f.transport,
      app: f.app ?? { type: 'bulk' },
      start: f.start ?? '0s',
    });
  }
  return {
    version: 1,
    name: o.name,
    ...(o.description ? { description: o.description } : {}),
    seed: o.seed ?? 1,
    duration: o.duration,
    nodes,
    links,
    flows,
    probes: { interval: o.probeInterval ?? '100ms', ports: ['r1->r2'] },
  };
}
