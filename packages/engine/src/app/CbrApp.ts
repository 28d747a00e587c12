import type { TimerOwner, Timer } from '../core/Simulator.js';
import { NS_PER_SECOND } from '../core/units.js';
import { bool, num } from '../registry/params.js';
import type { AppContext, Application } from './Application.js';

/**
 * Constant bit rate (ns-2 Application/Traffic/CBR): one `packetSize` message every
 * packetSize·8/rate seconds; `randomize` dithers each gap uniformly by ±50 % (ns-2 random_).
 */
export class CbrApp implements Application, TimerOwner {
  private readonly timer: Timer;
  private readonly intervalNs: number;
  private readonly size: number;
  private running = false;

  constructor(private readonly ctx: AppContext) {
    this.timer = ctx.sim.timer(this, 0);
    this.size = num(ctx.params, 'packetSize');
    this.intervalNs = (this.size * 8 * NS_PER_SECOND) / num(ctx.params, 'rate');
  }

  private gap(): number {
    const g = this.intervalNs;
    return Math.max(1, Math.round(bool(this.ctx.params, 'randomize') ? g * this.ctx.random.uniform(0.5, 1.5) : g));
  }

  start(): void {
    this.running = true;
    this.ctx.sender.start();
    this.onTimer();
  }

  stop(): void {
    this.running = false;
    this.timer.cancel();
    this.ctx.sender.stop();
  }

  onTimer(): void {
    if (!this.running) return;
    this.ctx.sender.write(this.size);
    this.timer.setAfter(this.gap());
  }
}
