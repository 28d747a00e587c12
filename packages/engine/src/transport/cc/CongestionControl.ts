/**
 * Pluggable congestion control for the window-based transports (TCP), modelled on ns-3's
 * TcpCongestionOps (src/internet/model/tcp-congestion-ops.h) and quinn's controller trait: small
 * event-named hooks that receive the current time and the connection's state record, read-only to
 * them, and return the value they compute; the sender applies it.
 *
 * What may join this contract: a hook for an event every window-based sender has (an ACK, a
 * reduction, a phase change, a segment sent, a delivery-rate sample) or a value any algorithm may
 * compute (a window, a threshold, a pacing rate), named for the event or value and not for one
 * algorithm's mechanism, optional unless every algorithm must answer it, and with a default that
 * leaves the standard behaviour unchanged — the test ns-3 applies to TcpCongestionOps, whose
 * eleven members none belongs to one algorithm. A hook only one loss recovery calls belongs to the
 * interface that recovery requires (cc/recoveryHooks.ts); a value only one algorithm reports goes
 * in metrics().
 *
 * Units: windows count segments (packets of the flow's segment size), as in ns-2 and the seed
 * papers; a window may be fractional. Times are integer nanoseconds.
 */

export type CongestionEvent = 'loss' | 'ecn' | 'timeout';

/**
 * The sender's congestion state (ns-3 TcpSocketState::TcpCongState_t, RFC 5681 / RFC 6675 terms):
 * 'open' — no loss being recovered; 'recovery' — fast recovery after a fast retransmit; 'loss' —
 * after a retransmission timeout with the SACK information kept, until everything outstanding at
 * the timeout is acknowledged.
 */
export type TcpPhase = 'open' | 'recovery' | 'loss';

/**
 * The connection state a congestion control reads (ns-3 TcpSocketState). Read-only to the
 * algorithm: it changes cwnd and ssthresh by returning them from its hooks.
 */
export interface CcState {
  /** Congestion window, segments. */
  readonly cwnd: number;
  /** Slow-start threshold, segments. */
  readonly ssthresh: number;
  /** Segment size on the wire, bytes. */
  readonly segmentBytes: number;
  /** Segments sent and not yet cumulatively acknowledged. */
  readonly inFlight: number;
  /** Smoothed RTT (ns), 0 before the first sample. */
  readonly srttNs: number;
  /** Minimum RTT seen (ns), Infinity before the first sample (the opening segment's excluded). */
  readonly minRttNs: number;
  /** Most recent RTT sample (ns), 0 before the first. */
  readonly lastRttNs: number;
  /** Highest segment cumulatively acknowledged (−1 before any). */
  readonly highestAck: number;
  /** Next new segment to send. */
  readonly nextSeq: number;
  /** Highest segment sent so far. */
  readonly maxSeqSent: number;
  readonly phase: TcpPhase;
  /** Receiver window cap, segments. */
  readonly maxWindow: number;
  /** First data segment (1 when segment 0 is the header-only opening segment, else 0). */
  readonly firstDataSeq: number;
  /**
   * Segments believed to be in the network (RFC 6675 SetPipe: not SACKed, not deemed lost, plus
   * retransmissions) when the loss recovery keeps a SACK scoreboard; absent otherwise (inFlight).
   */
  readonly pipe?: number;
}

/**
 * FlightSize (RFC 5681 §2), segments: the SACK pipe when the loss recovery keeps a scoreboard
 * (RFC 6675 SetPipe, ns-3's BytesInFlight), else the segments sent and not cumulatively acknowledged.
 */
export function flightSize(s: CcState): number {
  return s.pipe ?? s.inFlight;
}

export interface AckInfo {
  /** Segments newly acknowledged by this ACK (cumulative advance). */
  readonly ackedSegments: number;
  /** RTT sample carried by this ACK (ns), or −1 when none (Karn's rule). */
  readonly rttNs: number;
  /** The cumulative ack number. */
  readonly ackSeq: number;
  /** ECN-Echo was set. */
  readonly ece: boolean;
  /**
   * Segments in flight before this ACK was processed ('linux' loss recovery: ns-2 / Linux
   * prior_in_flight for tcp_is_cwnd_limited), or −1 / absent when the sender does not provide it.
   */
  readonly priorInFlight?: number;
}

export interface CongestionControl {
  /** Registry id, e.g. "newreno". */
  readonly id: string;

  /** Called once before the first segment is sent; may set initial cwnd / ssthresh. */
  init?(s: CcState, nowNs: number): void;

  /**
   * New data was acknowledged outside loss recovery. Returns the new congestion window
   * (slow start / congestion avoidance growth, or a delay-based update).
   */
  onAck(s: CcState, ack: AckInfo, nowNs: number): number;

  /** A congestion event is being reacted to: returns the new slow-start threshold. */
  ssthreshAfter(s: CcState, event: CongestionEvent, nowNs: number): number;

  /**
   * The window to continue with right after the reaction (before any recovery inflation).
   * Default: ssthresh for loss/ECN, 1 segment (loss window, RFC 5681 §3.1) for a timeout.
   */
  cwndAfter?(s: CcState, event: CongestionEvent, nowNs: number): number;

  /** Loss recovery has ended; returns the window to continue with (default: ssthresh). */
  cwndOnRecoveryExit?(s: CcState, nowNs: number): number;

  /**
   * The slow-start threshold after the window update the sender has just asked for (onAck or
   * cwndOnRecoveryExit), for an algorithm whose update moves it too: a delay-based slow-start
   * exit (Vegas's γ test, Brakmo & Peterson 1995 §3.3; HyStart, Ha & Rhee 2011), or a threshold
   * kept in step with the window (ns-3.37 TcpVegas). Asked right after those hooks, before
   * anything else reads the state; absent: unchanged.
   */
  ssthreshAfterUpdate?(s: CcState): number;

  /**
   * The sender's congestion state changed from `previous` to `s.phase` (ns-3
   * TcpCongestionOps::CongestionStateSet; Linux tcp_set_ca_state → ca_ops->set_state): told as
   * it happens, so that an algorithm need not infer it from the phase it sees on ACKs. On
   * entering recovery or loss the window has already been reduced: s.cwnd and s.ssthresh hold
   * the reduced values.
   */
  onPhaseChange?(s: CcState, previous: TcpPhase, nowNs: number): void;

  /** Every ACK, including duplicates and ACKs during recovery, after RTT estimation. */
  onAnyAck?(s: CcState, ack: AckInfo, nowNs: number): void;

  /** A segment left the sender. */
  onSent?(s: CcState, seq: number, retransmission: boolean, nowNs: number): void;

  /** Pacing rate in bit/s for the sender to release segments at; 0 or undefined = no pacing. */
  pacingRateBps?(s: CcState, nowNs: number): number;

  /** Algorithm-specific values for probes and the UI (e.g. { wMax, k } for CUBIC). */
  metrics?(): Record<string, number>;

  /**
   * A delivery-rate sample (draft-cheng-iccrg-delivery-rate-estimation §3.3), taken when the
   * sender's `rateSampling` is on (it is switched on automatically when this hook exists).
   * Called on every ACK, before loss recovery processes it, and returns the window to continue
   * with (`s.cwnd` to keep it), so that what the recovery sends on this ACK follows it. With a
   * SACK scoreboard, newly SACKed segments count as delivered at once; newlyLost counts the
   * segments the ACK makes the scoreboard deem lost. An ACK that delivers nothing has
   * priorDelivered −1 and no rate. The record is reused between calls: read it, do not keep it.
   */
  onRateSample?(s: CcState, rs: RateSample, nowNs: number): number;
}

/**
 * A delivery-rate sample (draft-cheng-iccrg-delivery-rate-estimation-02 §3): how much data was
 * delivered over how long, and whether the sender was application-limited meanwhile.
 */
export interface RateSample {
  /** Delivery rate, bit/s (0 when no valid sample). */
  deliveryRateBps: number;
  /** Segments delivered over the interval. */
  delivered: number;
  /** Length of the interval, ns. */
  intervalNs: number;
  /** RTT of the most recently delivered segment (ns), −1 if not known. */
  rttNs: number;
  /** Total segments delivered at the time the sampled segment was sent (C.delivered then). */
  priorDelivered: number;
  /** Segments newly acknowledged (cumulatively or selectively) by this ACK. */
  newlyAcked: number;
  /** Segments newly marked lost by this ACK. */
  newlyLost: number;
  /** The sampled segment was sent while application-limited. */
  isAppLimited: boolean;
  /** Total delivered segments so far (C.delivered). */
  totalDelivered: number;
}
