/** Small, fast scenarios the built-in exercises run (each a few seconds of simulated time at most 50 Mb/s). */
import { dumbbell } from '../../scenario/builders.js';
import type { QueueSpec, ScenarioInput, TransportSpec } from '../../scenario/types.js';

export const tcp = (cc: string, params?: Record<string, unknown>): { transport: TransportSpec } => ({
  transport: { type: 'tcp', cc, ...(params ? { params } : {}) } as TransportSpec,
});

export interface ExerciseDumbbell {
  name: string;
  flows: { transport: TransportSpec; app?: unknown; start?: string }[];
  rate: string;
  delay: string;
  buffer: string;
  /** The bottleneck's discipline (default DropTail). */
  queue?: QueueSpec;
  duration: string;
  accessRate?: string;
  accessDelays?: string[];
  probeInterval?: string;
}

/** A dumbbell with 5 ms access links (a path's RTT is 2 × (delay + 10 ms)). */
export function exerciseDumbbell(o: ExerciseDumbbell): Record<string, unknown> {
  const sc: ScenarioInput = dumbbell({
    name: o.name,
    flows: o.flows as Parameters<typeof dumbbell>[0]['flows'],
    bottleneckRate: o.rate,
    bottleneckDelay: o.delay,
    bottleneckBuffer: o.buffer,
    ...(o.queue ? { bottleneckQueue: o.queue } : {}),
    accessRate: o.accessRate ?? '100Mbps',
    accessDelay: '5ms',
    ...(o.accessDelays ? { accessDelays: o.accessDelays } : {}),
    accessBuffer: '1000 packets',
    duration: o.duration,
    probeInterval: o.probeInterval ?? '100ms',
  });
  return sc as unknown as Record<string, unknown>;
}

/**
 * Seed 001's small-buffer core (reproductions/seed-001/delay-vs-load.ts, smaller and shorter):
 * ten Poisson sources behind an edge router whose 1 Gb/s egress feeds a 100 Mb/s core link with a
 * 20-packet buffer, at 90 % load.
 */
export function smallBufferCore(): Record<string, unknown> {
  const n = 10;
  const nodes: ScenarioInput['nodes'] = [
    { id: 'edge', kind: 'router', x: 350, y: 300 },
    { id: 'core', kind: 'router', x: 600, y: 300 },
    { id: 'sink', kind: 'host', x: 850, y: 300 },
  ];
  const links: ScenarioInput['links'] = [
    { a: 'edge', b: 'core', rate: '1Gbps', delay: '1ms', buffer: '10000 packets' },
    { a: 'core', b: 'sink', rate: '100Mbps', delay: '10ms', buffer: '20 packets' },
  ];
  const flows: ScenarioInput['flows'] = [];
  for (let i = 0; i < n; i++) {
    nodes.push({ id: `s${i}`, kind: 'host', x: 100, y: 60 + i * 50 });
    links.push({ a: `s${i}`, b: 'edge', rate: '1Gbps', delay: '1ms', buffer: '10000 packets' });
    flows.push({
      id: `f${i}`,
      from: `s${i}`,
      to: 'sink',
      transport: { type: 'udp' },
      app: { type: 'poisson', params: { rate: '9Mbps', packetSize: '1000B' } },
      start: `${i * 0.0013}s`,
    });
  }
  const sc: ScenarioInput = {
    version: 1,
    name: 'Small-buffer core behind an edge router',
    seed: 1,
    duration: '3s',
    nodes,
    links,
    flows,
    probes: { interval: '100ms', ports: ['core->sink'] },
  };
  return sc as unknown as Record<string, unknown>;
}
