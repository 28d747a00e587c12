/**
 * Per-flow counters written by the flow's sender and receiver. Probes read them periodically;
 * summaries are computed from them at the end of a run. Memory is constant per flow.
 */

import { holdAsDoubles } from '../core/doubleFields.js';

/** Log-spaced histogram of one-way delays from 1 µs to ~1000 s for percentiles. */
const BUCKETS_PER_DECADE = 200;
const MIN_LOG = 3; // 10^3 ns = 1 µs
const DECADES = 9;

/** Histogram bucket of a delay (ns): 0 up to 1 µs, then BUCKETS_PER_DECADE a decade, `last` at most. */
function delayBucket(delayNs: number, last: number): number {
  if (delayNs <= 1000) return 0;
  const b = 1 + Math.floor((Math.log10(delayNs) - MIN_LOG) * BUCKETS_PER_DECADE);
  return b > last ? last : b;
}

export class FlowStats {
  // sender side
  packetsSent = 0;
  bytesSent = 0;
  retransmits = 0;
  timeouts = 0;
  fastRetransmits = 0;
  ecnReactions = 0;
  // receiver side
  packetsReceived = 0;
  bytesReceived = 0;
  /** Application payload delivered in order (goodput numerator). */
  goodputBytes = 0;
  duplicatesReceived = 0;
  // one-way delay of data packets at the receiver
  delaySumNs = 0;
  delayCount = 0;
  jitterSumNs = 0;
  jitterCount = 0;
  /**
   * Smallest and largest one-way delay since the probe last took them (ns; `takeInterval`): the
   * delay chart's per-interval band. The run's extremes fold them into `runMin/MaxNs`, so the
   * per-packet path keeps its two comparisons (docs/performance.md).
   */
  intervalMinNs = Infinity;
  intervalMaxNs = -Infinity;
  private runMinNs = Infinity;
  private runMaxNs = -Infinity;
  private lastDelayNs = -1;
  readonly delayHistogram = new Uint32Array(BUCKETS_PER_DECADE * DECADES + 2);
  /**
   * The smallest and largest delay seen in the histogram bucket `lastBucket` since a delay last
   * fell into another bucket. The bucket index grows with the delay, so a delay between the two
   * falls into the same bucket: a flow's consecutive delays mostly do, and skip the logarithm.
   */
  private bucketLoNs = Infinity;
  private bucketHiNs = -Infinity;
  private lastBucket = 0;
  /** Completion time of a finite transfer (ns), or −1. */
  completionNs = -1;
  startNs = 0;

  constructor() {
    holdAsDoubles(this, [
      'bytesSent',
      'bytesReceived',
      'goodputBytes',
      'delaySumNs',
      'jitterSumNs',
      'lastDelayNs',
      'startNs',
    ]);
  }

  recordDelay(delayNs: number): void {
    this.delaySumNs += delayNs;
    this.delayCount++;
    if (delayNs < this.intervalMinNs) this.intervalMinNs = delayNs;
    if (delayNs > this.intervalMaxNs) this.intervalMaxNs = delayNs;
    if (this.lastDelayNs >= 0) {
      // RFC 3393-style IPDV magnitude between consecutive packets.
      this.jitterSumNs += Math.abs(delayNs - this.lastDelayNs);
      this.jitterCount++;
    }
    this.lastDelayNs = delayNs;
    let b = this.lastBucket;
    const lo = this.bucketLoNs;
    const hi = this.bucketHiNs;
    if (!(delayNs >= lo && delayNs <= hi)) {
      // every operation here runs on each miss (no branch first taken once V8 has optimized this)
      b = delayBucket(delayNs, this.delayHistogram.length - 1);
      const same = b === this.lastBucket;
      const wideLo = Math.min(lo, delayNs);
      const wideHi = Math.max(hi, delayNs);
      this.lastBucket = b;
      this.bucketLoNs = same ? wideLo : delayNs;
      this.bucketHiNs = same ? wideHi : delayNs;
    }
    this.delayHistogram[b]!++;
  }

  /** Smallest one-way delay seen in the run (ns); peak-to-peak jitter = max − min. */
  get minDelayNs(): number {
    return Math.min(this.runMinNs, this.intervalMinNs);
  }

  /** Largest one-way delay seen in the run (ns). */
  get maxDelayNs(): number {
    return Math.max(this.runMaxNs, this.intervalMaxNs);
  }

  /**
   * Ends the current probe interval: folds its smallest and largest delay into the run's and
   * starts the next interval empty (Infinity / −Infinity until a delay arrives). The caller reads
   * `intervalMinNs` / `intervalMaxNs` first.
   */
  takeInterval(): void {
    if (this.intervalMinNs < this.runMinNs) this.runMinNs = this.intervalMinNs;
    if (this.intervalMaxNs > this.runMaxNs) this.runMaxNs = this.intervalMaxNs;
    this.intervalMinNs = Infinity;
    this.intervalMaxNs = -Infinity;
  }

  meanDelayNs(): number {
    return this.delayCount > 0 ? this.delaySumNs / this.delayCount : NaN;
  }

  meanJitterNs(): number {
    return this.jitterCount > 0 ? this.jitterSumNs / this.jitterCount : NaN;
  }

  /**
   * The same percentile as `delayPercentileNs`, found by scanning down from the largest delay's
   * bucket: the smallest bucket whose running count reaches ⌈q·n⌉ is the largest whose count from
   * the top reaches n − ⌈q·n⌉ + 1. A high percentile then costs the buckets between it and the
   * largest delay (the spread of the delays), not all those below it: the probe reads the p95 at
   * every sample (docs/models.md, "Metrics").
   */
  delayPercentileFromTopNs(q: number): number {
    if (this.delayCount === 0) return NaN;
    const h = this.delayHistogram;
    const need = this.delayCount - Math.ceil(q * this.delayCount) + 1;
    // q = 0: the scan up stops at once, in the first bucket
    if (need > this.delayCount) return 1000;
    let acc = 0;
    for (let i = delayBucket(this.maxDelayNs, h.length - 1); i >= 0; i--) {
      acc += h[i]!;
      if (acc >= need) return i === 0 ? 1000 : Math.pow(10, MIN_LOG + (i - 0.5) / BUCKETS_PER_DECADE);
    }
    return NaN;
  }

  /** Delay percentile (0..1) from the histogram: the geometric centre of the bucket holding it (±0.6 %). */
  delayPercentileNs(q: number): number {
    if (this.delayCount === 0) return NaN;
    const target = Math.ceil(q * this.delayCount);
    let acc = 0;
    const h = this.delayHistogram;
    for (let i = 0; i < h.length; i++) {
      acc += h[i]!;
      if (acc >= target) return i === 0 ? 1000 : Math.pow(10, MIN_LOG + (i - 0.5) / BUCKETS_PER_DECADE);
    }
    return Infinity;
  }
}
