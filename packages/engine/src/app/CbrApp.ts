import { NS_PER_SECOND } from '../core/units.js';
import { bool, num, packetRateCheck } from '../model/params.js';
import type { AppContext } from './Application.js';
import { TimedSource } from './TimedSource.js';
import type { AppModel } from './Application.js';
import { packetSizeParam } from './appParams.js';

/**
 * Constant bit rate (ns-2 Application/Traffic/CBR): one `packetSize` message every
 * packetSize·8/rate seconds; `randomize` dithers each gap uniformly by ±50 % (ns-2 random_).
 */
export class CbrApp extends TimedSource {
  private readonly intervalNs: number;
  private readonly size: number;
  private readonly randomize: boolean;

  constructor(ctx: AppContext) {
    super(ctx);
    this.size = num(ctx.params, 'packetSize');
    this.intervalNs = (this.size * 8 * NS_PER_SECOND) / num(ctx.params, 'rate');
    this.randomize = bool(ctx.params, 'randomize');
  }

  protected nextGapNs(): number {
    const g = this.intervalNs;
    return Math.max(1, Math.round(this.randomize ? g * this.ctx.random.uniform(0.5, 1.5) : g));
  }

  protected emit(): void {
    this.ctx.sender.write(this.size);
  }
}

/** Registry entry (docs/models.md, "Traffic sources"). */
export const cbrAppModel: AppModel = {
  requires: () => null,
  check: packetRateCheck('rate', 'packetSize'),
  info: {
    id: 'cbr',
    category: 'app',
    name: 'Constant bit rate',
    description: 'Fixed-size messages at a constant rate.',
    citation: 'ns-2 Application/Traffic/CBR',
    params: [
      { key: 'rate', label: 'Rate', kind: 'rate', default: 1e6, min: 1, unit: 'bit/s', description: 'Sending rate.' },
      packetSizeParam,
      {
        key: 'randomize',
        label: 'Dither gaps',
        kind: 'boolean',
        default: false,
        description: 'Randomise each inter-packet gap by ±50 % (ns-2 random_).',
      },
    ],
  },
  create: (ctx) => new CbrApp(ctx),
};
