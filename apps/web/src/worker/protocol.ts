/**
 * Messages between the lab (UI thread) and the simulation worker. Every message carries the
 * protocol version `v`; a worker built from a different version of this file refuses to talk.
 * Large per-frame payloads travel as transferable Float64Arrays.
 */
import type { ScenarioInput, ScenarioIssue } from '@cclab/engine';
import type { PageSummary } from './pageSummary';

export const PROTOCOL_VERSION = 1;

/** Speed is simulated seconds per wall-clock second; `Infinity` means "as fast as possible". */
export type Speed = number;

/**
 * Every command carries a sequence number (`seq`, increasing); frames say which command the
 * worker had handled last (`Frame.ack`), so the lab knows whether a frame's status already
 * reflects the latest Play/Pause/Step or predates it.
 */
export type ToWorker = { seq?: number } & (
  | { v: 1; type: 'load'; runId: number; scenario: ScenarioInput }
  /**
   * The same scenario with timed events added (a change made while the run goes on): the run
   * continues and the new events apply at their times (at once if that time has passed).
   */
  | { v: 1; type: 'events'; runId: number; scenario: ScenarioInput }
  /**
   * Rewind (or go forward) to `toNs`: the worker loads `scenario` afresh and re-simulates from
   * zero to `toNs` quietly, in slices (no frames until it gets there; a newer seek replaces it),
   * then answers `seeked` and a frame holding everything from zero, and goes on as `then` says.
   * The engine is deterministic, so the state at `toNs` is the one a straight run passes through.
   */
  | { v: 1; type: 'seek'; runId: number; scenario: ScenarioInput; toNs: number; then: SeekThen }
  | { v: 1; type: 'play'; speed: Speed }
  | { v: 1; type: 'pause' }
  | { v: 1; type: 'step' }
  | { v: 1; type: 'speed'; speed: Speed }
  | { v: 1; type: 'batch' }
  /**
   * Run up to exactly `toNs` as fast as the worker can, then pause there (the split view's shared
   * clock: the page sets each step of the time, so two workers stay in lockstep). `speed` only says
   * whether the frames carry packets to animate (as Play at that speed would).
   */
  | { v: 1; type: 'advance'; toNs: number; speed: Speed }
  | { v: 1; type: 'cancel' }
  /** Liveness check: the worker answers with a pong at once (between slices of work). */
  | { v: 1; type: 'ping'; seq: number }
  /** For tests and the devtools console (`__cclab.worker`): make the worker fail on purpose. */
  | { v: 1; type: 'fault'; fault: WorkerFault }
);

/**
 * `throw`: an uncaught exception in the worker; `hang`: a loop that never yields; `engine`: the
 * next slice of simulation throws, as an engine error (a watchdog, a memory guard) would.
 */
export type WorkerFault = 'throw' | 'hang' | 'engine';

export interface PortMeta {
  name: string;
  /** Node indices (scenario order). */
  from: number;
  to: number;
  rateBps: number;
  delayNs: number;
  /** Buffer limit: one of these is finite. */
  limitPackets: number;
  limitBytes: number;
  /** Index among probed ports (queue series), or -1. */
  probe: number;
  /** Registry id of the root queue discipline, and of its sub-queues (classful), e.g. "drr", "codel". */
  queue: string;
  child: string | null;
  /** Whether frames carry this port's per-flow backlog (Frame.backlog): router egress ports. */
  gauge: boolean;
}

/** A base station: its node, scheduler and one downlink port per UE (in slot-view order). */
export interface BsMeta {
  /** Node index (scenario order). */
  node: number;
  name: string;
  scheduler: string;
  /** Index into RunMeta.ports of each UE's downlink. */
  ports: number[];
  /** The UE node ids, in the same order. */
  ues: string[];
  /** First column of this base station's UEs in Frame.ueSamples rows. */
  firstUe: number;
}

export interface FlowTraits {
  /** A congestion window (cwnd, ssthresh): TCP, DCCP CCID 2. */
  window: boolean;
  /** A measured round-trip time: every transport but UDP. */
  rtt: boolean;
}

export interface RunMeta {
  durationNs: number;
  intervalNs: number;
  flowIds: string[];
  nodeIds: string[];
  ports: PortMeta[];
  /** Indices into `ports` along each flow's data path (flow order). */
  flowPorts?: number[][];
  /** Port names whose queues are recorded as series, in probe order. */
  probedPorts: string[];
  /** Names of the columns of a flow sample row (the engine's FLOW_COLUMNS). */
  flowColumns: string[];
  /**
   * What each flow's transport has (flow order): a congestion window, a measured RTT. The charts
   * draw no cwnd/ssthresh line for a flow without a window, no RTT line for one without an RTT.
   * Absent: every flow has both.
   */
  flowTraits?: FlowTraits[];
  /**
   * Names of the columns of each probed port's sample row: the engine's `Simulation.portColumns`
   * (PORT_COLUMNS, `disc:<probe>`, `backlog:<flow id>`), then the lab's cumulative counters
   * `drops:<reason>` (one per entry of `dropReasons`) and `marks:<reason>` (the reasons a mark
   * can have: not overflow, front, fq-overflow, memory or link-loss).
   */
  portColumns: string[][];
  /** Flow event kinds; frames encode an event's kind as its index here. */
  eventKinds: string[];
  /** Drop and mark reasons (the engine's DROP_REASONS, then "link-loss"); frames encode them by index. */
  dropReasons: string[];
  /**
   * Points kept per series at most. Like the engine's TimeSeries, a full series keeps every other
   * point and the worker then sends every other sample (stride doubles), so memory stays fixed.
   */
  maxPoints: number;
  /** Base stations (empty without one). */
  baseStations: BsMeta[];
}

/** What a run does once a seek has reached its time. */
export type SeekThen = 'paused' | 'playing' | 'batch';

export type RunStatus = 'idle' | 'playing' | 'paused' | 'batch' | 'done' | 'error';

/** Per-sample columns of each UE behind a base station: t, SNR (dB), channel rate (bit/s). */
export const UE_COLS = 3;
/** Numbers per packet in Frame.flight: port index, flow, departNs, arriveNs, isData (1/0). */
export const FLIGHT_STRIDE = 5;
/** Numbers per drop or mark in Frame.drops: port index, flow, reason code, mark (1/0). */
export const DROP_STRIDE = 4;
/** Numbers per entry of Frame.backlog: port index, flow, packets. */
export const BACKLOG_STRIDE = 3;
/** Numbers per entry of Frame.reasonCounts: port index, reason code, mark (1/0), count so far. */
export const REASON_COUNT_STRIDE = 4;

export interface Frame {
  v: 1;
  type: 'frame';
  runId: number;
  /** `seq` of the last command the worker had handled when it made this frame (set by the worker). */
  ack?: number;
  nowNs: number;
  status: RunStatus;
  /** Batch progress 0..1. */
  progress: number;
  /** Number of sample rows in this frame. */
  samples: number;
  /** samples × flows × meta.flowColumns.length. */
  flowSamples: Float64Array;
  /** samples × (Σ over probed ports of meta.portColumns[i].length), ports in probe order. */
  portSamples: Float64Array;
  /** samples × UEs (all base stations) × UE_COLS. */
  ueSamples: Float64Array;
  /** [tSeconds, flowIndex, kindCode] triples of new flow events (kind: index in eventKinds). */
  events: Float64Array;
  /** Set when an event kind the run's table did not list appeared: the whole new table. */
  eventKinds?: string[];
  /** Set when a drop reason the run's table did not list appeared: the whole new table. */
  dropReasons?: string[];
  /** DROP_STRIDE numbers per drop or mark since the last frame (animated runs only). */
  drops: Float64Array;
  /** [portIndex, flowIndex, departNs, arriveNs, sizeBytes] per packet on the wire (animated runs only). */
  flight: Float64Array;
  /**
   * Packets on the wire per port, in place of `flight` for a network of more than PACKET_LINKS_MAX
   * links (editor/levelOfDetail.ts; animated runs only, else empty or absent).
   */
  wire?: Uint32Array;
  /** Queue length in packets per port (all ports). */
  queues: Float64Array;
  /** Queue length in bytes per port. */
  queueBytes: Float64Array;
  /** Per-flow backlog of gauge ports, non-zero entries only (BACKLOG_STRIDE numbers each). */
  backlog: Uint32Array;
  /** Utilisation 0..1 of each port since the previous frame. */
  util: Float64Array;
  /** Packets dropped at each port so far. */
  portDrops: Float64Array;
  /** Cumulative drops and marks by reason of the ports whose counts changed since the last frame. */
  reasonCounts: Float64Array;
  /** Per base station: the UE (index in BsMeta.ues) the current slot serves, or −1. */
  bsServed: Float64Array;
  /**
   * New rows of the base stations' slot series (the engine's BaseStation.slotSeries, thinned like
   * the probe samples): per row the base station's index, then its `bsSlotColumns` values —
   * t, served UE, each UE's SNR (dB), each UE's AMC rate (bit/s).
   */
  bsSlots: Float64Array;
  /** The engine's summary of the run so far (about twice a second while running, and when it stops). */
  summary?: PageSummary;
}

export type FromWorker =
  | { v: 1; type: 'loaded'; runId: number; meta: RunMeta }
  /** A seek reached its time: the next frame holds the run from zero (the lab starts its series afresh). */
  | { v: 1; type: 'seeked'; runId: number; meta: RunMeta }
  | { v: 1; type: 'invalid'; runId: number; issues: ScenarioIssue[] }
  /** The simulated time (ns) each added event applies at: [index in `events`, tNs]. */
  | { v: 1; type: 'eventsTimed'; runId: number; times: [number, number][] }
  /** The engine threw (any Error: a bug, a watchdog, a memory guard); the run stops there. */
  | { v: 1; type: 'crashed'; runId: number; message: string; atNs: number }
  | { v: 1; type: 'pong'; seq: number }
  /** Sent before work that cannot answer pings until it ends (building a large scenario, a step). */
  | { v: 1; type: 'busy'; what: 'load' | 'step' }
  | Frame;
