import { XcpMark, type Packet } from '../net/Packet.js';

/**
 * The XCP end-system of a TCP sender (Katabi, Handley & Rohrs, SIGCOMM 2002 §3.1 and §3.3; ns-2.35
 * xcp/xcp-end-sys.cc, `Agent/TCP/Reno/XCP`): it stamps every data packet with the congestion
 * header — H_cwnd, H_rtt and the desired H_feedback — and turns the feedback echoed in ACKs into
 * window changes, cwnd ← max(cwnd + H_feedback, one segment). The window law's own growth is off
 * (ns-2's XCP agent overrides opencwnd() with nothing); its loss reactions stay, so any TCP
 * variant runs as XCP.
 *
 * The RTT in the header is the end-system's own smoothed estimate, as ns-2 keeps it beside the
 * agent's RTO estimator (XcpEndsys::rtt_update): samples counted in whole clock ticks of
 * `tickNs` (t_rtt = ⌊now/tick⌋ − ⌊sent/tick⌋, the timestamp path ns-2's XCP agents use, since
 * `Agent/TCP/Reno/XCP set timestamps_ true`), kept ×256 in integers and smoothed with gain 1/8
 * (XCP_DELTA_SHIFT 5, XCP_EXPO_SHIFT 3). With `tickNs` 0 the samples are exact and the same gain
 * applies.
 *
 * Units: the header's feedback is in bytes of window (Katabi's H_feedback); an ns-2 router
 * computes it in bytes/s (delta_throughput_) and the sender multiplies by its srtt, so
 * feedback_bytes = feedback_Bps · H_rtt here. The window change divides it by the payload size,
 * as ns-2 divides by `size_` (packetSize_, the payload): we follow ns-2.
 */
export class XcpEndSystem {
  /** Smoothed RTT ×256 in ticks (ns-2 xcp_srtt_), or in ns when tickNs is 0. */
  private srttScaled = 0;
  /** Current smoothed RTT estimate, ns (ns-2 srtt_estimate_); 0 before the first sample. */
  srttNs = 0;
  /** Feedback (bytes) applied to cwnd so far, for the per-flow probe. */
  feedbackAppliedBytes = 0;

  constructor(
    /** Clock tick of the RTT samples (ns-2 tcpTick_, 10 ms); 0 = exact samples. */
    readonly tickNs: number,
    /** Payload bytes per segment: the divisor of the window change (ns-2 size_). */
    readonly payloadBytes: number,
  ) {}

  /** One RTT sample `rttNs` taken `nowNs` (ns-2 XcpEndsys::rtt_update, FIX1 timestamp path). */
  sample(rttNs: number, nowNs: number): void {
    const tick = this.tickNs;
    const t = tick > 0 ? Math.floor(nowNs / tick) - Math.floor((nowNs - rttNs) / tick) : rttNs;
    if (this.srttScaled !== 0) {
      // XCP_UPDATE_SRTT: srtt + (t << 5) − ((srtt + 4) >> 3), i.e. 7/8·srtt + 1/8·(t·256)
      this.srttScaled =
        tick > 0
          ? this.srttScaled + t * 32 - Math.floor((this.srttScaled + 4) / 8)
          : this.srttScaled + (t * 256 - this.srttScaled) / 8;
    } else this.srttScaled = t * 256;
    this.srttNs = tick > 0 ? (this.srttScaled * tick) / 256 : this.srttScaled / 256;
  }

  /**
   * Stamps an outgoing data packet (ns-2 XcpEndsys::send): H_rtt = srtt, H_cwnd = the usable
   * window in bytes, H_feedback = the desired change — unbounded (ns-2 asks for 10²⁴ B/s minus
   * its throughput) — or 0 while there is no RTT estimate (ns-2 then writes x_ = 0 and no
   * request, and routers leave such packets' feedback at 0).
   */
  stamp(pkt: Packet, windowSegments: number, segmentBytes: number): void {
    pkt.hdrXcp = XcpMark.Data;
    pkt.hdrRttNs = this.srttNs;
    pkt.hdrCwndBytes = windowSegments * segmentBytes;
    pkt.hdrFeedbackBytes = this.srttNs > 0 ? Infinity : 0;
  }

  /**
   * The window after an ACK echoing `feedbackBytes` (ns-2 XcpEndsys::recv): cwnd + feedback /
   * payload, at least one segment and at most `maxWindow` (ns-2 leaves cwnd uncapped, maxcwnd_
   * 0, and caps the usable window at window_ instead: the same sending behaviour).
   */
  apply(cwnd: number, feedbackBytes: number, maxWindow: number): number {
    const next = Math.min(Math.max(cwnd + feedbackBytes / this.payloadBytes, 1), maxWindow);
    this.feedbackAppliedBytes += (next - cwnd) * this.payloadBytes;
    return next;
  }
}
