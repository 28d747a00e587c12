import type { Packet } from '../../net/Packet.js';

/**
 * The sender's last congestion reaction (ns-2 last_cwnd_action_); recovery strategies use it for
 * the "one fast retransmit per window" rule.
 */
export const CwndAction = {
  None: 0,
  DupAck: 1,
  Timeout: 2,
  Ecn: 3,
  Exited: 4,
} as const;
export type CwndAction = (typeof CwndAction)[keyof typeof CwndAction];

/**
 * A loss-recovery algorithm plugged into TcpSender (Tahoe/Reno/NewReno, SACK, Vegas, Linux). The
 * sender owns the connection state, timers, RTT estimation and transmission; a strategy decides
 * what an ACK or a timeout means for recovery and, where recovery has its own sending rule (SACK
 * pipe, Linux rate halving), what to send.
 */
export interface LossRecovery {
  /** Reads the ACK packet before it is released (SACK blocks). Returns whether the strategy consumed the ACK entirely. */
  readAck?(pkt: Packet, ack: number, ece: boolean, tsSample: number, tsSent: number, now: number): boolean;
  /** Processes a cumulative ACK (new or duplicate) and sends what the window allows. */
  onAck(ack: number, ece: boolean, tsSample: number, tsSent: number, now: number): void;
  /** A segment is being retransmitted. */
  onRetransmit?(seq: number): void;
  /** Sends under the strategy's own rule; returns false to use the sender's window rule. */
  send?(burst: number): boolean;
  /** Handles a retransmission timeout entirely (returns true), or lets the sender's RFC 6298 reaction run. */
  onTimeout?(now: number): boolean;
  /** Called by the sender's timeout reaction after the window was cut and before resending. */
  afterTimeout?(): void;
  /** Whether ECN-Echo is handled by the strategy itself (Linux) rather than by the sender. */
  readonly handlesEcn?: boolean;
  /** Reports each newly SACKed segment to `fn` (delivery-rate sampling for BBR). */
  watchSacks?(fn: (seq: number) => void): void;
  /** Segments newly deemed lost by the last ACK read (each counted once); for BBR. */
  newlyLost?(): number;
  /** RFC 6675 SetPipe: segments believed to be in the network; for BBR. */
  pipe?(): number;
  /** Whether the retransmission timer is restarted by a send when nothing was outstanding (ns-2 TcpAgent::output; not Vegas). */
  readonly restartTimerWhenIdle?: boolean;
  /**
   * Whether a retransmission timeout with nothing outstanding is handled as a loss (window to the
   * timeout window, ssthresh halved, counted, timer backed off) rather than as an idle restart.
   * ns-2's VegasTcpAgent::timeout (tcp-vegas.cc) returns early only when slow_start_restart_ is
   * false, and ns-2 sets it true (ns-default.tcl), so a Vegas sender restarts at v_slowstart_.
   */
  readonly idleTimeoutIsLoss?: boolean;
}
