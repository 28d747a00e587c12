import type { Simulator } from '../core/Simulator.js';
import type { PacketPool, PacketSink, Route } from '../net/Packet.js';
import type { FlowStats } from '../metrics/FlowStats.js';
import type { ParamCheckIssue } from '../model/params.js';
import type { ModelInfo, ResolvedParams } from '../model/types.js';

/** Everything a transport needs to create the two endpoints of one flow. */
export interface FlowContext {
  readonly sim: Simulator;
  readonly pool: PacketPool;
  readonly flowIndex: number;
  readonly flowId: string;
  readonly stats: FlowStats;
  /** Transport parameters resolved against the transport's schema. */
  readonly params: ResolvedParams;
  /** Congestion-control id and parameters (window-based transports). */
  readonly ccId: string | undefined;
  readonly ccParams: ResolvedParams;
  /** Records a named event (fast retransmit, timeout, ...) for charts. */
  readonly event: (kind: FlowEventKind) => void;
}

/**
 * Every named event a flow records (`Simulation.flowEvents()`, the CLI's events.csv, the lab's
 * event marks), in a fixed order: the lab encodes a kind as its index in this list.
 */
export const FLOW_EVENT_KINDS = ['fast-retransmit', 'timeout', 'ecn', 'complete', 'no-feedback'] as const;

export type FlowEventKind = (typeof FLOW_EVENT_KINDS)[number];

/** What each flow event means (docs/cli.md lists the same). */
export const FLOW_EVENT_INFO: Readonly<Record<FlowEventKind, string>> = {
  'fast-retransmit': 'loss detected by duplicate ACKs or SACK (TCP, DCCP CCID-2): fast retransmit and recovery',
  timeout: 'retransmission timeout (TCP, DCCP CCID-2)',
  ecn: 'congestion signalled by an ECN echo, answered with a window reduction (TCP)',
  complete: 'a finite transfer has been fully acknowledged (TCP)',
  'no-feedback': 'the no-feedback timer expired and the sending rate was halved (TFRC, DCCP CCID-3)',
};

/** A window-based sender exposes its congestion state for probes. */
export interface CongestionSnapshot {
  cwnd: number;
  ssthresh: number;
  srttNs: number;
  /** Sending rate in bit/s for rate-based transports (TFRC), NaN otherwise. */
  rateBps: number;
  /** Algorithm-specific values. */
  extra?: Record<string, number>;
  /** XCP senders: feedback applied to the window so far, bytes (the per-flow feedback probe). */
  xcpFeedbackBytes?: number;
}

export interface FlowSender extends PacketSink {
  /** The application hands `bytes` (Infinity = unlimited bulk) to the transport. */
  write(bytes: number): void;
  /** Application start (first data may leave now). */
  start(): void;
  /** Application stop: no new data after this time. */
  stop(): void;
  /** Current congestion state, or null for unresponsive transports (UDP). */
  congestion(): CongestionSnapshot | null;
}

export interface FlowReceiver extends PacketSink {
  /** Releases timers at the end of a run (optional). */
  close?(): void;
}

export interface FlowEndpoints {
  sender: FlowSender;
  receiver: FlowReceiver;
}

/** Routes are attached after the endpoints exist (a route's sink is an endpoint). */
export interface RoutedEndpoints extends FlowEndpoints {
  setRoutes(forward: Route, reverse: Route): void;
}

export interface TransportFactory {
  create(ctx: FlowContext): RoutedEndpoints;
}

/** A transport in the registry: its info and parameter schema, what it can carry, and a factory. */
export interface TransportModel {
  readonly info: ModelInfo;
  /** Whether the transport uses a congestion control from the cc registry. */
  readonly usesCc: boolean;
  /** Reliable byte stream: a finite bulk transfer can complete over it. */
  readonly reliable: boolean;
  /** Can serve an always-backlogged (unlimited bulk) source. */
  readonly backlogged: boolean;
  /**
   * Has a congestion window (cwnd and ssthresh in segments): TCP and DCCP CCID 2. A rate-based
   * sender (TFRC, CCID 3) and UDP have none; the lab charts no window for them.
   */
  readonly window: boolean;
  /** Measures a round-trip time (from its ACKs or feedback); UDP measures none. */
  readonly measuresRtt: boolean;
  /** Problems no single parameter's range can catch (an initial rate no sender can keep). */
  check?(params: ResolvedParams): ParamCheckIssue[];
  create(ctx: FlowContext): RoutedEndpoints;
}
