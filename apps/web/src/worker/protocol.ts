/**
 * Messages between the lab (UI thread) and the simulation worker. Every message carries the
 * protocol version `v`; a worker built from a different version of this file refuses to talk.
 * Large per-frame payloads travel as transferable Float64Arrays.
 */
import type { ScenarioInput, ScenarioIssue } from '@cclab/engine';

export const PROTOCOL_VERSION = 1;

/** Speed is simulated seconds per wall-clock second; `Infinity` means "as fast as possible". */
export type Speed = number;

export type ToWorker =
  | { v: 1; type: 'load'; runId: number; scenario: ScenarioInput }
  | { v: 1; type: 'play'; speed: Speed }
  | { v: 1; type: 'pause' }
  | { v: 1; type: 'step' }
  | { v: 1; type: 'speed'; speed: Speed }
  | { v: 1; type: 'batch' }
  | { v: 1; type: 'cancel' };

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
}

export interface RunMeta {
  durationNs: number;
  intervalNs: number;
  flowIds: string[];
  nodeIds: string[];
  ports: PortMeta[];
  /** Port names whose queues are recorded as series, in probe order. */
  probedPorts: string[];
  /**
   * Per probed port, the state its queue discipline reports (QueueDisc.probeSpecs: e.g. LbLCA's
   * occupancy share, set points and rates); sampled into Frame.discSamples in this order.
   */
  discProbes: DiscProbe[][];
}

export interface DiscProbe {
  key: string;
  label: string;
  unit: string;
}

export type RunStatus = 'idle' | 'playing' | 'paused' | 'batch' | 'done' | 'error';

/** Per-frame columns of a flow sample row (mirrors the engine's FLOW_COLUMNS). */
export const FLOW_COLS = 7;
/** Per-frame columns of a port sample row (mirrors the engine's PORT_COLUMNS). */
export const PORT_COLS = 5;
/** Flow event kinds, encoded as numbers in frames. */
export const EVENT_KINDS = ['fast-retransmit', 'timeout', 'ecn', 'complete', 'no-feedback'] as const;
/** Numbers per packet in Frame.flight: port index, flow, departNs, arriveNs, isData (1/0). */
export const FLIGHT_STRIDE = 5;
export type EventKind = (typeof EVENT_KINDS)[number];

export interface Frame {
  v: 1;
  type: 'frame';
  runId: number;
  nowNs: number;
  status: RunStatus;
  /** Batch progress 0..1. */
  progress: number;
  /** Number of sample rows in this frame. */
  samples: number;
  /** samples × flows × FLOW_COLS. */
  flowSamples: Float64Array;
  /** samples × probedPorts × PORT_COLS. */
  portSamples: Float64Array;
  /** samples × (Σ over probed ports of their discProbes), port by port. */
  discSamples: Float64Array;
  /** [tSeconds, flowIndex, kindCode] triples of new flow events. */
  events: Float64Array;
  /** [tNs, portIndex, flowIndex] triples of drops since the last frame (animated runs only). */
  drops: Float64Array;
  /** [portIndex, flowIndex, departNs, arriveNs, sizeBytes] per packet on the wire (animated runs only). */
  flight: Float64Array;
  /** Queue length in packets per port (all ports). */
  queues: Float64Array;
  /** Queue length in bytes per port. */
  queueBytes: Float64Array;
  /** Utilisation 0..1 of each port since the previous frame. */
  util: Float64Array;
  /** Packets dropped at each port so far. */
  portDrops: Float64Array;
}

export type FromWorker =
  | { v: 1; type: 'loaded'; runId: number; meta: RunMeta }
  | { v: 1; type: 'invalid'; runId: number; issues: ScenarioIssue[] }
  | { v: 1; type: 'crashed'; runId: number; message: string }
  | Frame;
