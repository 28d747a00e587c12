import type { ImpairmentSpec } from '../net/LinkImpairment.js';
import type { BufferLimit } from '../core/units.js';
import type { ResolvedParams } from '../model/types.js';
import type { NodeKind, ScenarioInput } from './types.js';
import type { ResolvedBaseStation, ResolvedChannel } from './wireless.js';

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
  /** Burst loss, jitter and duplication, or null: none. */
  impairments: ImpairmentSpec | null;
  /** How the direction's rate varies: "fixed" (the link's rate), "trace", "rayleigh" (see wireless.ts). */
  channel: ResolvedChannel;
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
  /** Base stations only: slot, radio and scheduler. */
  bs: ResolvedBaseStation | null;
  /** The router's shared buffer pooled over its egress ports, or null (per-port buffers). */
  buffer: BufferLimit | null;
}

/** What a link event changes; absent fields stay as they are. */
export interface ResolvedLinkChange {
  kind: 'link';
  link: number;
  /** The directions (0 = a→b, 1 = b→a) that buffer, queue and loss apply to. */
  dirs: (0 | 1)[];
  rateBps?: number;
  delayNs?: number;
  lossRate?: number;
  /** A new buffer (the current discipline rebuilt under it). */
  buffer?: BufferLimit;
  /** A new discipline (under the new buffer if one is given, else the port's current one). */
  queue?: ResolvedQueue;
}

export interface ResolvedFlowChange {
  kind: 'flow';
  flow: number;
  cc?: { id: string; params: ResolvedParams };
  action?: 'start' | 'stop';
}

/** A timed change (`events[index]`), in time order (ties in file order). */
export type ResolvedEvent = (ResolvedLinkChange | ResolvedFlowChange) & {
  index: number;
  atNs: number;
  label: string | undefined;
};

export interface ResolvedScenario {
  input: ScenarioInput;
  name: string;
  seed: number;
  durationNs: number;
  nodes: ResolvedNode[];
  links: ResolvedLink[];
  flows: ResolvedFlow[];
  probes: { intervalNs: number; ports: string[] | null; maxPoints: number };
  events: ResolvedEvent[];
}
