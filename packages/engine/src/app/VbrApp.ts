import { NS_PER_SECOND } from '../core/units.js';
import { list, num, packetRateCheck } from '../model/params.js';
import type { AppContext } from './Application.js';
import { TimedSource } from './TimedSource.js';
import type { AppModel } from './Application.js';
import { packetSizeParam } from './appParams.js';

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

/** Registry entry (docs/models.md, "Traffic sources"). */
export const vbrAppModel: AppModel = {
  requires: () => null,
  check: packetRateCheck('rate', 'packetSize'),
  info: {
    id: 'vbr',
    category: 'app',
    name: 'VBR video (H.263-like)',
    description: 'Video frames at a fixed frame rate with lognormal I/P frame sizes averaging the given rate.',
    citation:
      'Seed 002 (H.263 VBR over DCCP); Krunz & Tripathi, SIGMETRICS 1997 (lognormal frame sizes per type); Fitzek & Reisslein, IEEE Network 2001 (H.263 traces)',
    params: [
      {
        key: 'rate',
        label: 'Mean rate',
        kind: 'rate',
        default: 256e3,
        min: 1,
        unit: 'bit/s',
        description: 'Long-run mean bit rate of the video.',
      },
      {
        key: 'fps',
        label: 'Frame rate',
        kind: 'number',
        default: 25,
        min: 0.1,
        max: 1000,
        unit: 'frames/s',
        description: 'Frames per second.',
      },
      {
        key: 'gop',
        label: 'GOP length',
        kind: 'integer',
        default: 12,
        min: 1,
        max: 1000,
        unit: 'frames',
        description: 'One I frame every this many frames, P frames in between (ours).',
      },
      {
        key: 'iRatio',
        label: 'I/P size ratio',
        kind: 'number',
        default: 4,
        min: 1,
        max: 50,
        description:
          'Mean I-frame size over mean P-frame size (ours; H.263 traces show I frames several times larger).',
      },
      {
        key: 'cv',
        label: 'Size variation',
        kind: 'number',
        default: 0.4,
        min: 0,
        max: 5,
        description:
          'Coefficient of variation of the lognormal frame sizes (ours); 0 gives constant sizes per frame type.',
      },
      {
        key: 'trace',
        label: 'Frame-size trace',
        kind: 'list',
        default: [],
        unit: 'B',
        description: 'Imported frame sizes in bytes, replayed in a loop (empty: use the synthetic model).',
      },
      {
        key: 'scaleTrace',
        label: 'Scale trace to rate',
        kind: 'boolean',
        default: true,
        description: 'With an imported frame-size trace: scale it so its mean rate equals Mean rate.',
      },
      {
        ...packetSizeParam,
        description: 'Largest datagram: frames are split into messages of at most this many bytes.',
      },
    ],
  },
  create: (ctx) => new VbrApp(ctx, list(ctx.params, 'trace')),
};
