/**
 * The scenario file format, version 2 (see docs/scenario-format.md). Human units are accepted
 * wherever a quantity appears: "10Mbps", "20ms", "50 packets", "64KB". Version 2 added timed
 * `events`; a version-1 file is a version-2 file without them (scenario/migrate.ts).
 */

export const SCENARIO_VERSION = 2;
/** Every version a file may say it is; older ones are migrated on load. */
export const SCENARIO_VERSIONS = [1, 2] as const;

/** `bs`: a wireless base station (its links to hosts are TDMA radio downlinks to UEs). */
export type NodeKind = 'host' | 'router' | 'bs';

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
  /** Base stations only: slot, radio and scheduler (docs/models.md, "Base station"). */
  bs?: BaseStationSpec;
}

export interface BaseStationSpec {
  /** Slot length, bandwidth and AMC table (the registry's `tdma-bs` parameters). */
  params?: Record<string, unknown>;
  /** The slot scheduler: "rr", "max-snr", "qlen", "qdelay", "pf", ... (default "rr"). */
  scheduler?: { type: string; params?: Record<string, unknown> };
}

/**
 * How a link direction's rate (and loss) varies over time: "fixed" (the link's rate), "trace" (a
 * Mahimahi delivery trace) or "rayleigh" (fading + adaptive modulation and coding).
 */
export interface ChannelSpec {
  type: string;
  params?: Record<string, unknown>;
}

export interface QueueSpec {
  /** Registry id of a queue discipline (e.g. "droptail", "red"). */
  type: string;
  /** Discipline parameters (see the registry). */
  params?: Record<string, unknown>;
  /** Schedulers only: the discipline of each sub-queue (default: a FIFO under the shared limit). */
  child?: QueueSpec;
}

/**
 * What a direction of a link does to packets besides delaying them (netem's impairments; the
 * Bernoulli `lossRate` stays a field of its own). docs/scenario-format.md "Link impairments".
 */
export interface ImpairmentsSpec {
  /** Gilbert–Elliott burst loss, stepped once per packet put on the wire. */
  burstLoss?: {
    /** P(good → bad) per packet. */
    p: number;
    /** P(bad → good) per packet (> 0). */
    r: number;
    /** Loss probability in the good state (default 0). */
    lossGood?: number;
    /** Loss probability in the bad state (default 1). */
    lossBad?: number;
  };
  /** Delay added to each packet's propagation delay: ± this (uniform) or its standard deviation. */
  jitter?: string | number;
  /** "uniform" (default, netem's), "normal" or "pareto" (shape 3, standardised). */
  jitterDistribution?: 'uniform' | 'normal' | 'pareto';
  /** Whether jitter may reorder packets (default false: each arrives no earlier than the one before). */
  reorder?: boolean;
  /** Probability that a packet is sent twice (default 0). */
  duplicate?: number;
}

export interface LinkDirectionSpec {
  buffer?: string | number;
  queue?: QueueSpec;
  lossRate?: number;
  /** Burst loss, jitter, reordering and duplication of this direction. */
  impairments?: ImpairmentsSpec;
  /** The b→a direction's channel (a channel is never copied from a→b: radio links are asymmetric). */
  channel?: ChannelSpec;
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
  /** Burst loss, jitter, reordering and duplication, per direction (as lossRate). */
  impairments?: ImpairmentsSpec;
  /**
   * The a→b direction's channel (default fixed at `rate`). Unlike buffer, queue and lossRate it
   * does not apply to b→a: give `reverse.channel` for that direction.
   */
  channel?: ChannelSpec;
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

/**
 * A change at a simulated time (ns-2's `$ns at`): to a link (`link`: its id, default "a-b"; both
 * directions, or one with `direction`), or to a flow (`flow`: its congestion control, or
 * `action` start/stop). One target and at least one change per event.
 */
export interface ScenarioEvent {
  /** Simulated time of the change, within the run. */
  at: string | number;
  link?: string;
  /** For buffer, queue and lossRate: one direction ("a->b" with the link's node ids); default both. */
  direction?: string;
  rate?: string | number;
  delay?: string | number;
  buffer?: string | number;
  queue?: QueueSpec;
  lossRate?: number;
  flow?: string;
  /** Congestion control registry id (TCP flows). */
  cc?: string;
  ccParams?: Record<string, unknown>;
  action?: 'start' | 'stop';
  /** Free text shown with the event mark. */
  label?: string;
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
  /** Timed changes (version 2). */
  events?: ScenarioEvent[];
  /** Free-form view state for the lab (zoom, selected charts); ignored by the engine. */
  view?: Record<string, unknown>;
}
