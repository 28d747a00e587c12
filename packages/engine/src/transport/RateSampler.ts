import type { RateSample } from './cc/CongestionControl.js';

/**
 * Delivery-rate estimation (draft-cheng-iccrg-delivery-rate-estimation-02 §3), segment-counted:
 * each segment remembers, when sent, how much had been delivered (C.delivered), when
 * (C.delivered_time) and the send time of the first segment of that flight (C.first_sent_time).
 * An ACK delivers the segments it newly SACKs (when the loss recovery keeps a SACK scoreboard)
 * and those up to its cumulative ACK, each counted once; the most recently sent of them is the
 * sample's packet P, and
 *   delivery_rate = (C.delivered − P.delivered) / max(send_elapsed, ack_elapsed)    (§3.3)
 * with send_elapsed = P.sent_time − P.first_sent_time and ack_elapsed = now − P.delivered_time.
 * Simplifications: retransmitted segments give no sample (Karn); a sample is app-limited when the segment was sent with no more application data
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
  /** 1 once the segment (as last sent new) was counted delivered. */
  private readonly deliveredFlag: Uint8Array;
  delivered = 0;
  /** Segments delivered since the last onAck, and the candidate sample packet among them. */
  private newly = 0;
  private lastSeq = -1;
  private bestSeq = -1;
  private bestSentNs = -1;
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
    this.deliveredFlag = new Uint8Array(n);
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
    if (!retransmission) this.deliveredFlag[i] = 0;
  }

  /**
   * Segment `seq` was reported delivered (SACKed, §3.3 "for each newly SACKed or ACKed packet");
   * counted once, and a candidate for the sample's packet P.
   */
  onDelivered(seq: number, nowNs: number): void {
    const i = seq & this.mask;
    if (this.deliveredFlag[i] === 1) return;
    this.deliveredFlag[i] = 1;
    this.delivered++;
    this.deliveredTimeNs = nowNs;
    this.newly++;
    this.lastSeq = seq;
    const sent = this.sentNs[i]!;
    // P is the most recently sent of the newly delivered segments (ties: the higher one)
    if (sent >= 0 && sent >= this.bestSentNs) {
      this.bestSentNs = sent;
      this.bestSeq = seq;
    }
  }

  /**
   * An ACK moved the cumulative ACK from `prevAck` to `ack` (or not, when ack ≤ prevAck) after
   * its SACK blocks were passed to onDelivered: fills `rs` (§3.3) and returns whether it holds a
   * valid rate sample. rs.priorDelivered is −1 when the ACK delivered nothing.
   */
  onAck(prevAck: number, ack: number, segmentBytes: number, nowNs: number, rs: RateSample): boolean {
    for (let q = prevAck + 1; q <= ack; q++) this.onDelivered(q, nowNs);
    const p = this.bestSeq;
    const newly = this.newly;
    const last = this.lastSeq;
    this.newly = 0;
    this.bestSeq = -1;
    this.bestSentNs = -1;
    rs.newlyAcked = newly;
    rs.newlyLost = 0;
    rs.totalDelivered = this.delivered;
    rs.deliveryRateBps = 0;
    rs.delivered = 0;
    rs.intervalNs = 0;
    rs.rttNs = -1;
    rs.priorDelivered = -1;
    rs.isAppLimited = false;
    if (newly === 0) return false;
    const i = (p >= 0 ? p : last) & this.mask;
    rs.priorDelivered = this.deliveredAtSend[i]!;
    rs.isAppLimited = this.appLimitedAtSend[i] === 1;
    if (p < 0) return false;
    const sent = this.sentNs[i]!;
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
