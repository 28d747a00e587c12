import type { AckInfo, CcState, CongestionControl, CongestionEvent } from './CongestionControl.js';

export interface RenoParams {
  /** Congestion-avoidance increase per RTT, segments (ns-2 increase_num_). */
  increase: number;
  /** Multiplicative decrease factor: ssthresh = (1 − decrease)·window... expressed as the kept fraction β. */
  beta: number;
}

/**
 * The standard TCP window law (RFC 5681 §3.1): slow start adds one segment per ACK below
 * ssthresh, congestion avoidance adds `increase`/cwnd per ACK (≈ `increase` segments per RTT), and
 * a loss sets cwnd = β·min(cwnd, rwnd) (β = ½, kept fractional) and ssthresh to its integer part
 * with a floor of 2 (ns-2.35 tcp.cc slowdown() with precisionReduce_). A timeout restarts from
 * one segment (RFC 5681 §3.1 loss window). Shared by Tahoe, Reno, NewReno and SACK, which differ only in loss recovery.
 */
export class Reno implements CongestionControl {
  constructor(
    readonly id: string,
    private readonly p: RenoParams,
  ) {}

  /** ns-2 windowd(): min(cwnd, receiver window), not truncated (precisionReduce_). */
  protected usableWindow(s: CcState): number {
    return Math.min(s.cwnd, s.maxWindow);
  }

  onAck(s: CcState, _ack: AckInfo): number {
    if (s.cwnd < s.ssthresh) return s.cwnd + 1;
    return s.cwnd + this.p.increase / s.cwnd;
  }

  ssthreshAfter(s: CcState, _event: CongestionEvent): number {
    return Math.max(Math.floor(this.usableWindow(s) * this.p.beta), 2);
  }

  cwndAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'timeout') return 1;
    return Math.max(this.usableWindow(s) * this.p.beta, 1);
  }
}
