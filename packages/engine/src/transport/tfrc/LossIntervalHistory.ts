/**
 * TFRC loss-interval history and the average loss interval (RFC 5348 §5.4, §5.5).
 *
 * Interval 0 is the open interval since the most recent loss event; intervals 1..n are closed.
 * The average uses the weights 1,1,1,1,0.8,0.6,0.4,0.2 (n = 8): I_tot0 over intervals 0..n−1,
 * I_tot1 over 1..n, and the larger of the two (so a long loss-free run lowers p, but a short open
 * interval never raises it). History discounting (RFC 5348 §5.5) down-weights the closed intervals
 * when the open one exceeds twice the average; the discount is carried into the history when the
 * next loss event closes the interval (as in ns-2's TFRCSink with discount_ 1, smooth_ 1).
 */
export class LossIntervalHistory {
  /** interval lengths in packets; [0] is the open interval. */
  private readonly sample: Float64Array;
  /** accumulated discount per interval. */
  private readonly mult: Float64Array;
  private readonly weights: Float64Array;
  /** number of intervals recorded, including the open one (1 = no loss yet). */
  private count = 1;
  private multFactor = 1;
  private seeded = false;

  constructor(
    readonly n = 8,
    private readonly discount = true,
    private readonly minDiscount = 0.5,
  ) {
    this.sample = new Float64Array(n + 2);
    this.mult = new Float64Array(n + 2).fill(1);
    this.weights = new Float64Array(n + 1);
    const half = n / 2;
    for (let i = 0; i < n; i++) this.weights[i] = i < half ? 1 : 1 - (i - half + 1) / (half + 1);
  }

  get hasLoss(): boolean {
    return this.count > 1 || this.seeded;
  }

  /** One more packet (received or lost) in sequence order; `lossEvent` if it starts a new loss event. */
  addPacket(lossEvent: boolean): void {
    this.sample[0]!++;
    if (lossEvent) this.closeInterval();
  }

  private closeInterval(): void {
    const s = this.sample;
    const m = this.mult;
    const len = s.length;
    this.count++;
    for (let i = 1; i < len; i++) m[i] = m[i]! * this.multFactor;
    for (let i = len - 1; i > 0; i--) {
      s[i] = s[i - 1]!;
      m[i] = m[i - 1]!;
    }
    s[0] = 0;
    m[0] = 1;
    this.multFactor = 1;
  }

  /**
   * Seeds the history after the first loss event with a synthetic closed interval of `interval`
   * packets (RFC 5348 §6.3.1: 1/p for the p that gives the receive rate).
   */
  seed(interval: number): void {
    this.sample[1] = Math.max(1, Math.floor(interval));
    this.sample[0] = 0;
    this.count = Math.max(this.count, 2);
    this.seeded = true;
  }

  /** Weighted average of intervals [start, start+n) (only those recorded), with discount `factor` on closed ones. */
  private average(start: number, factor: number): number {
    const s = this.sample;
    const m = this.mult;
    const w = this.weights;
    const available = Math.min(this.count, this.n + 1);
    let wsum = 0;
    let acc = 0;
    for (let i = start, k = 0; i < available && k < this.n; i++, k++) {
      const wi = (i === 0 ? 1 : factor) * m[i]! * w[k]!;
      wsum += wi;
      acc += wi * s[i]!;
    }
    return wsum > 0 ? acc / wsum : 0;
  }

  /** Current loss event rate p (0 before any loss). */
  lossEventRate(): number {
    if (!this.hasLoss) return 0;
    if (this.discount && this.sample[0]! > 0) {
      const ave = this.average(1, 1);
      const ratio = (2 * ave) / this.sample[0]!;
      if (ratio < 1) this.multFactor = Math.max(ratio, this.minDiscount);
    }
    const i0 = this.average(0, this.multFactor);
    const i1 = this.average(1, this.multFactor);
    const iMean = Math.max(i0, i1);
    return iMean > 0 ? 1 / iMean : 1;
  }

  /** Closed interval lengths, most recent first (for tests and charts). */
  intervals(): number[] {
    const out: number[] = [];
    for (let i = 1; i < Math.min(this.count, this.n + 2); i++) out.push(this.sample[i]!);
    return out;
  }
}
