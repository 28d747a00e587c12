import { NS_PER_SECOND } from '../core/units.js';
import { num, str } from '../model/params.js';
import type { AppContext } from './Application.js';
import { TimedSource } from './TimedSource.js';

/**
 * Renewal traffic sources: messages whose inter-arrival times (and, for Weibull, sizes) are
 * drawn independently from a distribution, with the flow's own random stream (deterministic per
 * seed).
 * - Poisson: exponential gaps with mean size·8/rate (a Poisson process of fixed-size messages).
 * - Hyperexponential (H2): gaps from a two-phase mixture with the given mean and coefficient of
 *   variation c ≥ 1, fitted with balanced means (Whitt 1982; Allen, "Probability, Statistics and
 *   Queueing Theory" §3.2): p = ½(1 + √((c²−1)/(c²+1))), rates 2p/m and 2(1−p)/m. c = 1 is Poisson.
 * - Weibull: gaps and sizes from two-parameter Weibull laws f(x) = (β/η)(x/η)^(β−1)e^{−(x/η)^β}
 *   (seed 000 eq. 3.1), sampled by inversion x = η(−ln U)^{1/β}; seed 000 Table 3.1's measured
 *   parameters are presets.
 */
export class RandomArrivalApp extends TimedSource {
  private readonly kind: string;
  private readonly meanGapNs: number;
  private readonly size: number;
  // hyperexponential
  private readonly p1: number;
  private readonly mean1Ns: number;
  private readonly mean2Ns: number;
  // Weibull
  private readonly gapShape: number;
  private readonly gapScaleNs: number;
  private readonly sizeShape: number;
  private readonly sizeScale: number;
  private readonly minSize: number;
  private readonly maxSize: number;

  constructor(ctx: AppContext, kind: 'poisson' | 'hyperexp' | 'weibull') {
    super(ctx);
    this.kind = kind;
    const p = ctx.params;
    this.size = kind === 'weibull' ? 0 : num(p, 'packetSize');
    this.meanGapNs = kind === 'weibull' ? 0 : (this.size * 8 * NS_PER_SECOND) / num(p, 'rate');
    const c = kind === 'hyperexp' ? num(p, 'cv') : 1;
    this.p1 = 0.5 * (1 + Math.sqrt((c * c - 1) / (c * c + 1)));
    // balanced means: p1·m1 = p2·m2 = m/2
    this.mean1Ns = this.meanGapNs / (2 * this.p1);
    this.mean2Ns = this.meanGapNs / (2 * (1 - this.p1));
    this.gapShape = kind === 'weibull' ? num(p, 'gapShape') : 1;
    this.gapScaleNs =
      kind === 'weibull' ? num(p, 'gapScale') * (str(p, 'gapScaleUnit') === 'ms' ? 1e6 : NS_PER_SECOND) : 0;
    this.sizeShape = kind === 'weibull' ? num(p, 'sizeShape') : 1;
    this.sizeScale = kind === 'weibull' ? num(p, 'sizeScale') : 0;
    this.minSize = kind === 'weibull' ? num(p, 'minSize') : 0;
    this.maxSize = kind === 'weibull' ? num(p, 'maxSize') : 0;
  }

  private weibull(shape: number, scale: number): number {
    // 1 − U avoids log(0)
    return scale * Math.pow(-Math.log(1 - this.ctx.random.next()), 1 / shape);
  }

  protected nextGapNs(): number {
    const r = this.ctx.random;
    let g: number;
    if (this.kind === 'poisson') g = r.exponential(this.meanGapNs);
    else if (this.kind === 'hyperexp') g = r.exponential(r.next() < this.p1 ? this.mean1Ns : this.mean2Ns);
    else g = this.weibull(this.gapShape, this.gapScaleNs);
    return Math.max(1, Math.round(g));
  }

  protected emit(): void {
    if (this.kind !== 'weibull') {
      this.ctx.sender.write(this.size);
      return;
    }
    const s = Math.round(this.weibull(this.sizeShape, this.sizeScale));
    this.ctx.sender.write(Math.min(this.maxSize, Math.max(this.minSize, s)));
  }
}

/** Mean of a Weibull(shape β, scale η) variable: η·Γ(1 + 1/β). */
export function weibullMean(shape: number, scale: number): number {
  return scale * gamma(1 + 1 / shape);
}

/** Γ(x) for x > 0 by the Lanczos approximation (g = 7, 9 terms; ~15 significant digits). */
export function gamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return Math.sqrt(2 * Math.PI) * Math.pow(t, z + 0.5) * Math.exp(-t) * a;
}
