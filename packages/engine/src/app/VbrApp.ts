import { NS_PER_SECOND } from '../core/units.js';
import { num } from '../model/params.js';
import type { AppContext } from './Application.js';
import { TimedSource } from './TimedSource.js';

/**
 * Variable-bit-rate video source (seed 002's "H.263 VBR" traffic). Every 1/fps seconds one frame is
 * handed to the transport as datagrams of at most `packetSize` bytes.
 *
 * Frame sizes come either from an imported trace (`frameSizes`, bytes per frame, replayed in a loop
 * and scaled so the mean rate is `rate` when `scaleTrace` is set) or from a synthetic H.263-like
 * model: a group of pictures of `gop` frames, one intra (I) frame followed by gop−1 predicted (P)
 * frames, with lognormally distributed sizes per frame type (Krunz & Tripathi 1997 fit lognormals
 * to per-type MPEG frame sizes; Fitzek & Reisslein 2001 publish H.263 traces with I frames several
 * times larger than P frames). The mean I/P size ratio `iRatio` and the coefficient of variation
 * `cv` are our defaults, not values from the thesis. The means are chosen so that the long-run
 * rate is `rate`: mean frame M = rate/(8·fps), P = M·gop/(iRatio + gop − 1), I = iRatio·P.
 */
export class VbrApp extends TimedSource {
  private readonly gapNs: number;
  private readonly pktSize: number;
  private readonly gop: number;
  private readonly meanP: number;
  private readonly meanI: number;
  private readonly sigma: number;
  private frameIndex = 0;
  private readonly trace: readonly number[] | null;
  private readonly traceScale: number;
  /** Bytes generated so far (for tests). */
  bytesGenerated = 0;

  constructor(ctx: AppContext, frameSizes?: readonly number[]) {
    super(ctx);
    const p = ctx.params;
    const fps = num(p, 'fps');
    this.gapNs = Math.max(1, Math.round(NS_PER_SECOND / fps));
    this.pktSize = num(p, 'packetSize');
    this.gop = Math.max(1, Math.round(num(p, 'gop')));
    const mean = num(p, 'rate') / (8 * fps);
    const r = num(p, 'iRatio');
    this.meanP = (mean * this.gop) / (r + this.gop - 1);
    this.meanI = this.gop === 1 ? mean : r * this.meanP;
    if (this.gop === 1) this.meanP = mean;
    const cv = num(p, 'cv');
    this.sigma = Math.sqrt(Math.log(1 + cv * cv));
    this.trace = frameSizes && frameSizes.length > 0 ? frameSizes : null;
    if (this.trace) {
      const tm = this.trace.reduce((a, b) => a + b, 0) / this.trace.length;
      this.traceScale = p['scaleTrace'] === true && tm > 0 ? mean / tm : 1;
    } else this.traceScale = 1;
  }

  /** Size in bytes of the next frame. */
  nextFrameBytes(): number {
    const i = this.frameIndex++;
    if (this.trace) return Math.max(1, Math.round(this.trace[i % this.trace.length]! * this.traceScale));
    const m = i % this.gop === 0 ? this.meanI : this.meanP;
    if (this.sigma === 0) return Math.max(1, Math.round(m));
    // lognormal with mean m and coefficient of variation cv
    const mu = Math.log(m) - (this.sigma * this.sigma) / 2;
    return Math.max(1, Math.round(Math.exp(mu + this.sigma * this.ctx.random.normal())));
  }

  protected nextGapNs(): number {
    return this.gapNs;
  }

  /** One video frame, split into messages of at most the packet size. */
  protected emit(): void {
    let left = this.nextFrameBytes();
    this.bytesGenerated += left;
    while (left > 0) {
      const n = Math.min(left, this.pktSize);
      this.ctx.sender.write(n);
      left -= n;
    }
  }
}
