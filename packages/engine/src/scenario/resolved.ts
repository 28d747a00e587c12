import type { BufferLimit } from '../core/units.js';
import type { ResolvedParams } from '../registry/types.js';
import type { NodeKind, ScenarioInput } from './types.js';

/** A scenario after validation: units parsed, references resolved to indices, params defaulted. */

export interface ResolvedQueue {
  type: string;
  params: ResolvedParams;
  limit: BufferLimit;
  /** A scheduler's sub-queue discipline, or null (limitless FIFOs). */
  child: ResolvedQueue | null;
}

export interface ResolvedDirection {
  from: number;
  to: number;
  queue: ResolvedQueue;
  lossRate: number;
}

export interface ResolvedLink {
  index: number;
  id: string;
  a: number;
  b: number;
  rateBps: number;
  delayNs: number;
  metric: number;
  /** Link-layer framing bytes per packet (transmission time only). */
  framingBytes: number;
  /** Device queue beside the transmitter, packets. */
  deviceQueuePackets: number;
  /** [a→b, b→a] */
  dirs: [ResolvedDirection, ResolvedDirection];
}

export interface ResolvedFlow {
  index: number;
  id: string;
  from: number;
  to: number;
  transport: string;
  transportParams: ResolvedParams;
  cc: string | undefined;
  ccParams: ResolvedParams;
  app: string;
  appParams: ResolvedParams;
  startNs: number;
  stopNs: number;
  path: number[] | null;
  color: string | undefined;
  label: string | undefined;
  class: number;
  weight: number;
}

export interface ResolvedNode {
  index: number;
  id: string;
  kind: NodeKind;
  label: string | undefined;
  /** The router's shared buffer pooled over its egress ports, or null (per-port buffers). */
  buffer: BufferLimit | null;
}

export interface ResolvedScenario {
  input: ScenarioInput;
  name: string;
  seed: number;
  durationNs: number;
  nodes: ResolvedNode[];
  links: ResolvedLink[];
  flows: ResolvedFlow[];
  probes: { intervalNs: number; ports: string[] | null; maxPoints: number };
}
