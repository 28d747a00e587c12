import type { RateSample } from './cc/CongestionControl.js';

/**
 * Delivery-rate estimation (draft-cheng-iccrg-delivery-rate-estimation-02 §3), segment-counted:
 * each segment remembers, when sent, how much had been delivered (C.delivered), when
 * (C.delivered_time) and the send time of the first segment of that flight (C.first_sent_time).
 * An ACK that advances the cumulative ACK delivers the segments up to it; the newest one is the
 * sample's packet, and
 *   delivery_rate = (C.delivered − P.delivered) / max(send_elapsed, ack_elapsed)    (§3.3)
 * with send_elapsed = P.sent_time − P.first_sent_time and ack_elapsed = now − P.delivered_time.
 * Simplifications: segments count as delivered when cumulatively acknowledged (SACKed segments
 * are counted when the cumulative ACK passes them); retransmitted segments give no sample
 * (Karn); a sample is app-limited when the segment was sent with no more application data
 * waiting. Typed arrays indexed by sequence number modulo a power of two: no allocation per
 * packet.
 */
export class RateSampler {
  private readonly mask: number;
  private readonly sentNs: Float64Array;
  private readonly deliveredAtSend: Float64Array;
  private readonly deliveredTimeAtSend: Float64Array;
  private readonly firstSentAtSend: Float64Array;
  private readonly appLimitedAtSend: Uint8Array;
  delivered = 0;
  private deliveredTimeNs = 0;
  private firstSentTimeNs = 0;

  constructor(maxWindow: number) {
    let n = 1024;
    while (n < 4 * maxWindow && n < 1 << 22) n <<= 1;
    this.mask = n - 1;
    this.sentNs = new Float64Array(n).fill(-1);
    this.deliveredAtSend = new Float64Array(n);
    this.deliveredTimeAtSend = new Float64Array(n);
    this.firstSentAtSend = new Float64Array(n);
    this.appLimitedAtSend = new Uint8Array(n);
  }

  /** A segment leaves (§3.2 "upon sending"). */
  onSent(seq: number, retransmission: boolean, nothingInFlight: boolean, appLimited: boolean, nowNs: number): void {
    if (nothingInFlight) {
      this.firstSentTimeNs = nowNs;
      this.deliveredTimeNs = nowNs;
    }
    const i = seq & this.mask;
    this.sentNs[i] = retransmission ? -1 : nowNs;
    this.deliveredAtSend[i] = this.delivered;
    this.deliveredTimeAtSend[i] = this.deliveredTimeNs;
    this.firstSentAtSend[i] = this.firstSentTimeNs;
    this.appLimitedAtSend[i] = appLimited ? 1 : 0;
  }

  /**
   * The cumulative ACK moved from `prevAck` to `ack`: fills `rs` (§3.3) and returns whether it
   * holds a valid rate sample.
   */
  onAck(prevAck: number, ack: number, segmentBytes: number, nowNs: number, rs: RateSample): boolean {
    const newly = ack - prevAck;
    this.delivered += newly;
    this.deliveredTimeNs = nowNs;
    rs.newlyAcked = newly;
    rs.newlyLost = 0;
    rs.totalDelivered = this.delivered;
    const i = ack & this.mask;
    const sent = this.sentNs[i]!;
    rs.deliveryRateBps = 0;
    rs.delivered = 0;
    rs.intervalNs = 0;
    rs.rttNs = -1;
    rs.priorDelivered = this.deliveredAtSend[i]!;
    rs.isAppLimited = this.appLimitedAtSend[i] === 1;
    if (sent < 0) return false;
    this.sentNs[i] = -1;
    this.firstSentTimeNs = sent;
    const sendElapsed = sent - this.firstSentAtSend[i]!;
    const ackElapsed = nowNs - this.deliveredTimeAtSend[i]!;
    const interval = Math.max(sendElapsed, ackElapsed);
    rs.rttNs = nowNs - sent;
    rs.delivered = this.delivered - rs.priorDelivered;
    rs.intervalNs = interval;
    if (interval <= 0 || rs.delivered <= 0) return false;
    rs.deliveryRateBps = (rs.delivered * segmentBytes * 8 * 1e9) / interval;
    return true;
  }
}
