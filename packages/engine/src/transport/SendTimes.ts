/**
 * When each outstanding segment was first sent, for RTT samples taken on every ACK (ns-3's
 * TcpSocketBase RTT history, tcp-socket-base.cc UpdateRttHistory / EstimateRtt): a circular
 * Float64Array indexed by segment number, −1 for a segment that may not be sampled (it was
 * retransmitted — Karn's rule — or was outstanding at a retransmission timeout, when ns-3
 * empties its history). Grows with the window; no allocation per segment.
 */
export class SendTimes {
  private times: Float64Array;
  private mask: number;
  /** Lowest segment that may still be asked for (the cumulative ACK + 1). */
  private base = 0;
  /** Highest segment recorded. */
  private top = -1;

  constructor(capacity = 256) {
    let cap = 16;
    while (cap < capacity) cap <<= 1;
    this.times = new Float64Array(cap).fill(-1);
    this.mask = cap - 1;
  }

  /** A new segment `seq` left at `nowNs`. */
  sent(seq: number, nowNs: number): void {
    if (seq - this.base >= this.times.length) this.grow(seq - this.base + 1);
    this.times[seq & this.mask] = nowNs;
    if (seq > this.top) this.top = seq;
  }

  /** Segment `seq` is being retransmitted: it gives no sample (Karn). */
  retransmitted(seq: number): void {
    if (seq >= this.base && seq <= this.top) this.times[seq & this.mask] = -1;
  }

  /** A retransmission timeout: nothing outstanding now gives a sample. */
  forgetOutstanding(): void {
    for (let s = this.base; s <= this.top; s++) this.times[s & this.mask] = -1;
  }

  /**
   * The cumulative ACK moved from `fromAck` to `toAck` (highest in-order segments): returns when
   * the oldest newly acknowledged segment (fromAck + 1) was sent, or −1 if it may not be sampled.
   */
  acked(fromAck: number, toAck: number): number {
    const oldest = fromAck + 1;
    const t = oldest >= this.base && oldest <= this.top ? this.times[oldest & this.mask]! : -1;
    if (toAck + 1 > this.base) this.base = toAck + 1;
    return t;
  }

  private grow(need: number): void {
    let cap = this.times.length;
    while (cap < need) cap <<= 1;
    const next = new Float64Array(cap).fill(-1);
    const m = cap - 1;
    for (let s = this.base; s <= this.top; s++) next[s & m] = this.times[s & this.mask]!;
    this.times = next;
    this.mask = m;
  }
}
