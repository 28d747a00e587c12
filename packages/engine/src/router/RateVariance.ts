/**
 * Variance of a traffic rate measured over fixed windows (bytes per window → bit/s), updated
 * lazily as packets pass: empty windows count as rate 0. Welford's algorithm (Knuth TAOCP vol. 2
 * §4.2.2), with a closed-form update for a run of empty windows so a long idle gap costs O(1).
 */
export class RateVariance {
  private window = -1;
  private bytes = 0;
  private n = 0;
  private mean = 0;
  private m2 = 0;

  constructor(private readonly windowNs: number) {}

  /** Counts `bytes` passing at `nowNs`. */
  add(nowNs: number, bytes: number): void {
    const w = Math.floor(nowNs / this.windowNs);
    if (this.window < 0) this.window = w;
    if (w > this.window) {
      this.push((this.bytes * 8 * 1e9) / this.windowNs);
      this.pushZeros(w - this.window - 1);
      this.window = w;
      this.bytes = 0;
    }
    this.bytes += bytes;
  }

  private push(x: number): void {
    this.n++;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
  }

  /** Adds k samples of value 0 at once (Chan et al.'s parallel combination with a constant set). */
  private pushZeros(k: number): void {
    if (k <= 0) return;
    const n = this.n + k;
    const d = 0 - this.mean;
    this.m2 += (d * d * this.n * k) / n;
    this.mean += (d * k) / n;
    this.n = n;
  }

  /** Mean rate over the completed windows, bit/s. */
  meanBps(): number {
    return this.n > 0 ? this.mean : NaN;
  }

  /** Sample variance of the per-window rate over the completed windows, (bit/s)². */
  variance(): number {
    return this.n > 1 ? this.m2 / (this.n - 1) : NaN;
  }

  /** Coefficient of variation of the per-window rate. */
  cov(): number {
    const v = this.variance();
    return this.mean > 0 ? Math.sqrt(v) / this.mean : NaN;
  }
}
