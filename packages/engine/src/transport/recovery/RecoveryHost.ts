import type { AckInfo, CcState, CongestionControl, CongestionEvent, TcpPhase } from '../cc/CongestionControl.js';
import type { CwndAction } from './LossRecovery.js';

/**
 * The sender settings a loss recovery reads: the RFC 5681 / RFC 6675 knobs every recovery has.
 */
export interface RecoveryConfig {
  /** Duplicate ACKs that signal a loss (RFC 5681 §3.2: 3; ns-2 numdupacks_). */
  readonly dupAckThreshold: number;
  /** RFC 3042 Limited Transmit: a new segment on each early duplicate ACK. */
  readonly limitedTransmit: boolean;
  /** Maximum segments sent in response to one ACK (0 = unlimited; ns-2 maxburst_). */
  readonly maxBurst: number;
  /** SACK recovery with Proportional Rate Reduction (RFC 6937). */
  readonly prr: boolean;
  /** The connection opens with a header-only segment 0 (a SYN). */
  readonly handshake: boolean;
  /** ECN is on (RFC 3168). */
  readonly ecn: boolean;
}

/**
 * The switches by which the loss recoveries follow ns-2.35, ns-3.37 or the RFCs where they differ;
 * part of the sender's TcpDialect (transport/TcpSenderConfig.ts), where each is described.
 */
export interface RecoveryDialect {
  readonly sackRecovery: 'rfc6675' | 'ns3' | 'ns2';
  readonly recoveryTimer: 'every-ack' | 'first-partial';
  readonly sackAfterTimeout: 'discard' | 'keep';
}

/** Flow events a recovery announces; the host counts each in the flow's statistics. */
export type RecoveryEvent = 'fast-retransmit' | 'timeout' | 'ecn';

/**
 * What a loss recovery may see and do of its sender — the narrow interface the strategies in this
 * folder are written against (as ns-3's TcpRecoveryOps acts on the TcpSocketState record, not on
 * the socket). TcpSender implements it; a unit test can hand a strategy a record of its own.
 *
 * The state is ns-2's TcpAgent variables (tcp.h) under the names used here; the actions are the
 * sender's transmission, timer and window operations in ns-2.35's order of operations (tcp.cc).
 */
export interface RecoveryHost {
  // --- connection state ---
  /** Congestion window and slow-start threshold, segments. */
  cwnd: number;
  ssthresh: number;
  /** Highest segment cumulatively acknowledged (−1 before any; ns-2 highest_ack_). */
  highestAck: number;
  /** Next new segment to send (ns-2 t_seqno_). */
  nextSeq: number;
  /** Highest segment sent so far (ns-2 maxseq_). */
  readonly maxSeqSent: number;
  /** One past the last segment the application has made available (Infinity for bulk). */
  readonly appLimit: number;
  /** Receiver window cap, segments (ns-2 window_). */
  readonly maxWindow: number;
  /** Initial window; RFC 5681 §3.1 lowers it to one segment when the opening segment is lost. */
  initialWindow: number;
  /** Congestion state; change it with setPhase. */
  readonly phase: TcpPhase;
  /** Duplicate ACKs counted (ns-2 dupacks_). */
  dupAcks: number;
  /** Window inflation during fast recovery (ns-2 dupwnd_). */
  dupWnd: number;
  /** Highest segment sent when the last recovery or timeout began (ns-2 recover_). */
  recover: number;
  /** The last congestion reaction (ns-2 last_cwnd_action_). */
  lastCwndAction: CwndAction;
  /** NewReno/SACK: a partial ACK has already restarted the timer in this recovery. */
  firstPartial: boolean;
  /** The ACK record handed to the congestion control; a recovery fills it before growWindow. */
  readonly ackInfo: { ackedSegments: number; rttNs: number; ackSeq: number; ece: boolean; priorInFlight: number };
  /** The congestion control, for the hooks a recovery asks of it (cc/recoveryHooks.ts). */
  readonly cc: CongestionControl;
  /** The state record the congestion control's hooks are given. */
  readonly ccState: CcState;
  readonly cfg: RecoveryConfig;
  readonly dialect: RecoveryDialect;

  // --- actions ---
  /** Moves to a congestion state and tells the congestion control (onPhaseChange). */
  setPhase(phase: TcpPhase): void;
  /** Counts a fast retransmit, a timeout or an ECN reaction and records the flow event. */
  announce(event: RecoveryEvent): void;
  /** ns-2 send_much: new segments while the window allows; `burst` 0 = unlimited. */
  sendMuch(burst: number): void;
  /** RFC 3042 Limited Transmit (ns-2 send_one): one new segment on an early duplicate ACK. */
  sendOne(): void;
  /** Pacing gate: false (and the pacing timer armed) when the next release is in the future. */
  paceAllows(): boolean;
  /** Sends segment `seq` (new or a retransmission). */
  output(seq: number): void;
  setRtxTimer(): void;
  cancelRtxTimer(): void;
  /** ns-2 reset_rtx_timer(mild, backoff): restart the timer; not mild → go back N. */
  resetRtxTimer(mild: boolean, backoff: boolean): void;
  resetRttBackoff(): void;
  /** A partial ACK covering the timed segment ends the timing without a sample (ns-2 partialnewack). */
  stopRttTimingUpTo(ack: number, resetBackoff?: boolean): void;
  /** Takes the ACK's RTT sample (timestamps or the timed segment); returns it (ns) or −1. */
  takeRttSample(ack: number, ts: number, tsSent: number, now: number): number;
  /**
   * ns-2 newack() + opencwnd(): the cumulative ACK advanced; grow the window if `open`, counting
   * the segments acknowledged above `countFrom` (default: all newly acknowledged).
   */
  newAckOpen(
    ack: number,
    ece: boolean,
    ts: number,
    tsSent: number,
    now: number,
    open: boolean,
    countFrom?: number,
  ): void;
  /** The cumulative ACK advanced on a duplicate ACK: RTT sample only (no growth, no timer restart). */
  advanceAck(ack: number, ts: number, tsSent: number, now: number): void;
  /** Leaves fast recovery; the congestion control may choose the new cwnd. */
  leaveRecovery(now: number): void;
  /** Applies the congestion control's reduction; `toOne`: Tahoe-style restart from one segment. */
  reduce(event: CongestionEvent, now: number, toOne: boolean): void;
  /**
   * A timeout's window: ssthresh from the congestion control (at least 2), cwnd its cwndAfter
   * (at least 1) when `ccWindow`, else one segment (RFC 5681 §3.1 loss window).
   */
  timeoutWindow(now: number, ccWindow: boolean): void;
  /** The window law's growth on new data (onAck with `ackInfo`), with any threshold it moved. */
  growWindow(info: AckInfo, now: number): void;
  /** Loss recovery ended: the window the congestion control continues with, if it says. */
  recoveryExitWindow(now: number): void;
}
