import { NS_PER_SECOND } from '../core/units.js';
import { bool, num } from '../model/params.js';
import type { AppContext } from './Application.js';
import { TimedSource } from './TimedSource.js';

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
