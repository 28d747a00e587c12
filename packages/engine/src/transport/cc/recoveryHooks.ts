import type { CcState, CongestionControl } from './CongestionControl.js';

/**
 * Hooks that one loss recovery asks of the congestion control, kept out of the general contract
 * (CongestionControl.ts) because no other recovery calls them. A recovery that finds them absent
 * runs its standard rule; the guards below are how it asks, on each use, since the sender may
 * switch congestion controls during a run.
 */

/**
 * What the 'vegas' loss recovery (recovery/VegasRecovery.ts; ns-2.35 tcp-vegas.cc) asks of a
 * Vegas congestion control: its fine-grained clock and the window cut on a retransmission
 * (Brakmo & Peterson, IEEE JSAC 13(8) 1995, §3.1).
 */
export interface VegasLossHooks {
  /**
   * Fine-grained loss detection (ns-2 vegas_expire): whether segment `seq` has been outstanding
   * longer than the algorithm's own timeout. Consulted on every duplicate ACK and on the first
   * ACKs after a retransmission.
   */
  segmentExpired(s: CcState, seq: number, nowNs: number): boolean;
  /** How many times segment `seq` has been sent (1 = never retransmitted). */
  transmissions(seq: number): number;
  /**
   * The recovery is about to retransmit `seq` after `dupAcks` duplicate ACKs (or a fine-grained
   * expiry): returns the window to continue with (the algorithm decides whether and how much to
   * cut).
   */
  cwndOnDupAckRetransmit(s: CcState, seq: number, dupAcks: number, nowNs: number): number;
}

/** The congestion control's Vegas hooks, or null when it has none. */
export function vegasLossHooks(cc: CongestionControl): VegasLossHooks | null {
  return 'segmentExpired' in cc ? (cc as CongestionControl & VegasLossHooks) : null;
}

/**
 * What the 'linux' loss recovery (recovery/LinuxRecovery.ts; ns-2.35 tcp-linux.cc, Linux 2.6.22
 * tcp_ack) offers a congestion-control module ported from Linux.
 */
export interface LinuxAckHooks {
  /**
   * The cumulative ACK advanced by `acked` segments (Linux ca_ops->pkts_acked, called before the
   * window update, with `s.phase` still the phase the ACK arrived in).
   */
  onPacketsAcked?(s: CcState, acked: number, nowNs: number): void;
  /**
   * The algorithm applies Linux's tcp_is_cwnd_limited test itself (with AckInfo.priorInFlight)
   * and wants onAck on every ACK that advances the cumulative ACK outside fast recovery. Without
   * it the recovery skips onAck when the window was not the limit.
   */
  readonly checksCwndLimited?: boolean;
}

/** The congestion control as the 'linux' recovery sees it (every LinuxAckHooks member optional). */
export function linuxAckHooks(cc: CongestionControl): LinuxAckHooks {
  return cc as CongestionControl & LinuxAckHooks;
}
