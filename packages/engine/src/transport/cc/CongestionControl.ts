/**
 * Pluggable congestion control for the window-based transports (TCP, DCCP CCID-2), modelled on
 * ns-3's TcpCongestionOps and quinn's controller trait: small event-named hooks that receive the
 * current time and the connection's shared state record, and return the value they compute.
 *
 * Units: windows count segments (packets of the flow's segment size), as in ns-2 and the seed
 * papers; a window may be fractional. Times are integer nanoseconds.
 */

export type CongestionEvent = 'loss' | 'ecn' | 'timeout';

export type TcpPhase = 'open' | 'recovery' | 'loss';

/** The connection state shared between the sender and its congestion control. */
export interface CcState {
  /** Congestion window, segments. */
  cwnd: number;
  /** Slow-start threshold, segments. */
  ssthresh: number;
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

  /** Every ACK, including duplicates and ACKs during recovery, after RTT estimation. */
  onAnyAck?(s: CcState, ack: AckInfo, nowNs: number): void;

  /** A segment left the sender. */
  onSent?(s: CcState, seq: number, retransmission: boolean, nowNs: number): void;

  /** Pacing rate in bit/s for the sender to release segments at; 0 or undefined = no pacing. */
  pacingRateBps?(s: CcState, nowNs: number): number;

  /**
   * 'linux' loss recovery: the cumulative ACK advanced by `acked` segments (Linux pkts_acked,
   * called before the window update, with `s.phase` still the phase the ACK arrived in).
   */
  onPacketsAcked?(s: CcState, acked: number, nowNs: number): void;

  /**
   * 'linux' loss recovery: the algorithm applies Linux's tcp_is_cwnd_limited test itself (with
   * AckInfo.priorInFlight) and wants onAck on every ACK that advances the cumulative ACK outside
   * fast recovery. Without it the sender skips onAck when the window was not the limit.
   */
  readonly checksCwndLimited?: boolean;

  /** Algorithm-specific values for probes and the UI (e.g. { wMax, k } for CUBIC). */
  metrics?(): Record<string, number>;

  // --- optional hooks for delay-based and model-based algorithms (all additive: a CC that
  // leaves them out gets the standard behaviour) ---

  /**
   * Fine-grained loss detection (Brakmo & Peterson 1995 §3.1, ns-2 tcp-vegas.cc vegas_expire):
   * whether segment `seq` has been outstanding longer than the algorithm's own timeout. Consulted
   * by the 'vegas' loss recovery on every duplicate ACK and on the first ACKs after a retransmit.
   */
  segmentExpired?(s: CcState, seq: number, nowNs: number): boolean;

  /** How many times segment `seq` has been sent (1 = never retransmitted); 'vegas' recovery. */
  transmissions?(seq: number): number;

  /**
   * The 'vegas' recovery is about to retransmit `seq` after `dupAcks` duplicate ACKs (or a
   * fine-grained expiry): returns the window to continue with (the algorithm decides whether
   * and how much to cut).
   */
  cwndOnDupAckRetransmit?(s: CcState, seq: number, dupAcks: number, nowNs: number): number;

  /**
   * A delivery-rate sample (draft-cheng-iccrg-delivery-rate-estimation §3.3), taken when the
   * sender's `rateSampling` is on (it is switched on automatically when this hook exists).
   * Called on every ACK, before loss recovery processes it (so that the algorithm may set
   * `s.cwnd` for what the recovery sends on this ACK). With a SACK scoreboard, newly SACKed
   * segments count as delivered at once; newlyLost counts the segments the ACK makes the
   * scoreboard deem lost. An ACK that delivers nothing has priorDelivered −1 and no rate.
   * The record is reused between calls: read it, do not keep it.
   */
  onRateSample?(s: CcState, rs: RateSample, nowNs: number): void;
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
