/**
 * The scenario file format, version 1 (see docs/scenario-format.md). Human units are accepted
 * wherever a quantity appears: "10Mbps", "20ms", "50 packets", "64KB".
 */

export const SCENARIO_VERSION = 1;

export type NodeKind = 'host' | 'router';

export interface ScenarioNode {
  id: string;
  kind: NodeKind;
  /** Optional layout position for the lab's editor. */
  x?: number;
  y?: number;
  label?: string;
  /**
   * Routers only: one buffer pooled by all the router's egress ports ("400 packets", "50MB");
   * a port admits a packet only while the router's stored packets (or bytes) stay within it, and
   * a port without a `buffer` of its own gets this one as its limit (seed 000 §6.1.1).
   */
  buffer?: string | number;
}

export interface QueueSpec {
  /** Registry id of a queue discipline (e.g. "droptail", "red"). */
  type: string;
  /** Discipline parameters (see the registry). */
  params?: Record<string, unknown>;
  /** Schedulers only: the discipline of each sub-queue (default: a FIFO under the shared limit). */
  child?: QueueSpec;
}

export interface LinkDirectionSpec {
  buffer?: string | number;
  queue?: QueueSpec;
  lossRate?: number;
}

export interface ScenarioLink {
  id?: string;
  a: string;
  b: string;
  rate: string | number;
  delay: string | number;
  /** Egress buffer limit in each direction: "50 packets" or "64KB". */
  buffer?: string | number;
  queue?: QueueSpec;
  /** Random packet loss probability per packet per direction (impairment). */
  lossRate?: number;
  /** Routing metric (default 1 = hop count). */
  metric?: number;
  /**
   * Link-layer framing bytes per packet, counted in transmission time only (e.g. 2 for ns-3's
   * point-to-point PPP header; default 0).
   */
  framingBytes?: number;
  /**
   * Packets the transmitter holds beside the one on the wire, handed over by the queue
   * discipline as soon as a transmission starts (ns-3's NetDevice queue; default 0).
   */
  deviceQueuePackets?: number;
  /** Overrides for the b→a direction. */
  reverse?: LinkDirectionSpec;
}

export interface TransportSpec {
  /** "tcp", "udp", or another registered transport. */
  type: string;
  /** Congestion control registry id, for TCP. */
  cc?: string;
  /** Congestion-control parameters. */
  ccParams?: Record<string, unknown>;
  /** Transport parameters (segment size, ACK size, RTO limits, ...). */
  params?: Record<string, unknown>;
}

export interface AppSpec {
  /** "bulk", "cbr", "onoff", ... */
  type: string;
  params?: Record<string, unknown>;
}

export interface ScenarioFlow {
  id: string;
  from: string;
  to: string;
  transport: TransportSpec;
  app: AppSpec;
  start?: string | number;
  stop?: string | number;
  /** Explicit node path from `from` to `to` (otherwise shortest path). */
  path?: string[];
  color?: string;
  label?: string;
  /**
   * Traffic class (0–63, default 0) that schedulers classify by: the priority band of `prio`
   * (0 = highest), the class of `wfq`/`drr` when they schedule per class.
   */
  class?: number;
  /** Scheduling weight (default 1) for `wfq` and weighted `drr` when they schedule per flow. */
  weight?: number;
}

export interface ProbeSpec {
  /** Sampling interval of time series. */
  interval?: string | number;
  /** Ports to record queue series for, as "a->b" (default: every router egress port). */
  ports?: string[];
  /** Maximum number of points kept per series (decimated beyond). */
  maxPoints?: number;
}

export interface ScenarioInput {
  version: number;
  name?: string;
  description?: string;
  seed?: number;
  duration: string | number;
  nodes: ScenarioNode[];
  links: ScenarioLink[];
  flows: ScenarioFlow[];
  probes?: ProbeSpec;
  /** Free-form view state for the lab (zoom, selected charts); ignored by the engine. */
  view?: Record<string, unknown>;
}
