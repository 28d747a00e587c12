import { NS_PER_SECOND } from '../core/units.js';
import { num, packetRateCheck, str, type ParamCheckIssue } from '../model/params.js';
import type { AppContext } from './Application.js';
import { TimedSource } from './TimedSource.js';
import type { AppModel } from './Application.js';
import { meanRateParam, packetSizeParam } from './appParams.js';
import { formatQuantity, groupThousands, MAX_SOURCE_PACKETS_PER_SECOND } from '../core/limits.js';
import type { ResolvedParams } from '../model/types.js';

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

/** Registry entries of the random-arrival sources (docs/models.md, "Traffic sources"). */
export const poissonAppModel: AppModel = {
  requires: () => null,
  check: packetRateCheck('rate', 'packetSize'),
  info: {
    id: 'poisson',
    category: 'app',
    name: 'Poisson source',
    description: 'Fixed-size messages with exponentially distributed gaps (a Poisson process) at a mean rate.',
    citation: 'Seed 000 §6.2.1 (Poisson arrivals at each router); Kleinrock, Queueing Systems vol. 1 §2.4',
    params: [meanRateParam, packetSizeParam],
  },
  create: (ctx) => new RandomArrivalApp(ctx, 'poisson'),
};

/** Registry entry (docs/models.md, "Traffic sources"). */
export const hyperexpAppModel: AppModel = {
  requires: () => null,
  check: packetRateCheck('rate', 'packetSize'),
  info: {
    id: 'hyperexp',
    category: 'app',
    name: 'Hyperexponential source',
    description:
      'Fixed-size messages with two-phase hyperexponential gaps: burstier than Poisson at the same mean rate.',
    citation:
      'Seed 000 §6.2.1 (hyperexponential arrivals); balanced-means H2 fit: Whitt, Approximating a point process by a renewal process, 1982',
    params: [
      meanRateParam,
      packetSizeParam,
      {
        key: 'cv',
        label: 'Gap variation (CoV)',
        kind: 'number',
        default: 2,
        min: 1,
        max: 100,
        description: 'Coefficient of variation of the gaps (1 = Poisson; larger = burstier).',
      },
    ],
  },
  create: (ctx) => new RandomArrivalApp(ctx, 'hyperexp'),
};

/** Registry entry (docs/models.md, "Traffic sources"). */
export const weibullAppModel: AppModel = {
  requires: () => null,
  check: weibullRateCheck,
  info: {
    id: 'weibull',
    category: 'app',
    name: 'Weibull source',
    description: 'Weibull-distributed gaps and message sizes, as measured on Internet traffic (seed 000 Table 3.1).',
    citation: 'Seed 000 eq. 3.1 and Table 3.1 (measured Weibull parameters, α ≈ 0.92); Arfeen et al., JNCA 141, 2019',
    params: [
      {
        key: 'gapShape',
        label: 'Gap shape β',
        kind: 'number',
        default: 0.519675,
        min: 0.05,
        max: 20,
        description: 'Shape of the inter-arrival time law (β < 1: heavy-tailed, bursty).',
      },
      {
        key: 'gapScale',
        label: 'Gap scale η',
        kind: 'number',
        default: 1.71158,
        min: 1e-6,
        max: 1e6,
        description: 'Scale of the inter-arrival time law, in the unit below.',
      },
      {
        key: 'gapScaleUnit',
        label: 'Gap scale unit',
        kind: 'enum',
        default: 'ms',
        options: ['ms', 's'],
        description:
          'Unit of η: Table 3.1 prints no unit; ms gives plausible rates (mean gap η·Γ(1+1/β) ≈ 3.2 ms for TCP+UDP), so ms is the default (an ambiguity of seed 000).',
      },
      {
        key: 'sizeShape',
        label: 'Size shape β',
        kind: 'number',
        default: 0.806258,
        min: 0.05,
        max: 20,
        description: 'Shape of the message-size law.',
      },
      {
        key: 'sizeScale',
        label: 'Size scale η',
        kind: 'number',
        default: 641.644,
        min: 1,
        max: 65535,
        unit: 'B',
        description: 'Scale of the message-size law, bytes.',
      },
      {
        key: 'minSize',
        label: 'Smallest message',
        kind: 'integer',
        default: 40,
        min: 1,
        max: 65535,
        unit: 'B',
        description: 'Sizes below are raised to this (a datagram has at least its headers).',
      },
      {
        key: 'maxSize',
        label: 'Largest message',
        kind: 'integer',
        default: 1500,
        min: 1,
        max: 65535,
        unit: 'B',
        description: 'Sizes above are cut to this (the path MTU).',
      },
    ],
    presets: {
      'Table 3.1 TCP+UDP': { gapShape: 0.519675, gapScale: 1.71158, sizeShape: 0.806258, sizeScale: 641.644 },
      'Table 3.1 TCP only': { gapShape: 0.52512, gapScale: 1.50925, sizeShape: 0.811221, sizeScale: 712.344 },
      'Table 3.1 UDP only': { gapShape: 0.61658, gapScale: 0.00941, sizeShape: 1.10141, sizeScale: 826.505 },
    },
  },
  create: (ctx) => new RandomArrivalApp(ctx, 'weibull'),
};

/** A Weibull source's mean gap η·Γ(1 + 1/β) must allow at most MAX_SOURCE_PACKETS_PER_SECOND. */
function weibullRateCheck(p: ResolvedParams): ParamCheckIssue[] {
  const meanGapS = weibullMean(num(p, 'gapShape'), num(p, 'gapScale')) * (str(p, 'gapScaleUnit') === 'ms' ? 1e-3 : 1);
  if (meanGapS * MAX_SOURCE_PACKETS_PER_SECOND >= 1) return [];
  return [
    {
      key: 'gapScale',
      message: `a mean gap of ${formatQuantity('duration', meanGapS)} is ${groupThousands(Math.round(1 / meanGapS))} packets per second; at most ${groupThousands(MAX_SOURCE_PACKETS_PER_SECOND)}`,
    },
  ];
}
