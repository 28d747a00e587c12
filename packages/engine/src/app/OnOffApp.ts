import type { Timer, TimerOwner } from '../core/Simulator.js';
import { NS_PER_SECOND } from '../core/units.js';
import { num, packetRateCheck, str } from '../model/params.js';
import type { AppContext, Application } from './Application.js';
import type { AppModel } from './Application.js';
import { packetSizeParam } from './appParams.js';

const SEND = 0;
const TOGGLE = 1;

/**
 * On/off source (ns-2 Application/Traffic/Exponential and /Pareto): sends at `rate` during on
 * periods and is silent during off periods; period lengths are exponential or Pareto with the
 * given means (Pareto shape `shape`).
 */
export class OnOffApp implements Application, TimerOwner {
  private readonly sendTimer: Timer;
  private readonly toggleTimer: Timer;
  private on = false;
  private running = false;
  private readonly size: number;
  private readonly gapNs: number;

  constructor(private readonly ctx: AppContext) {
    this.sendTimer = ctx.sim.timer(this, SEND);
    this.toggleTimer = ctx.sim.timer(this, TOGGLE);
    this.size = num(ctx.params, 'packetSize');
    this.gapNs = Math.max(1, Math.round((this.size * 8 * NS_PER_SECOND) / num(ctx.params, 'rate')));
  }

  private draw(meanS: number): number {
    const r = this.ctx.random;
    const v =
      str(this.ctx.params, 'distribution') === 'pareto'
        ? r.pareto(meanS, num(this.ctx.params, 'shape'))
        : r.exponential(meanS);
    return Math.max(1, Math.round(v * NS_PER_SECOND));
  }

  start(): void {
    this.running = true;
    this.ctx.sender.start();
    this.on = true;
    this.toggleTimer.setAfter(this.draw(num(this.ctx.params, 'onMean')));
    this.onTimer(SEND);
  }

  stop(): void {
    this.running = false;
    this.sendTimer.cancel();
    this.toggleTimer.cancel();
    this.ctx.sender.stop();
  }

  onTimer(kind: number): void {
    if (!this.running) return;
    if (kind === TOGGLE) {
      this.on = !this.on;
      this.toggleTimer.setAfter(this.draw(num(this.ctx.params, this.on ? 'onMean' : 'offMean')));
      if (this.on) this.onTimer(SEND);
      else this.sendTimer.cancel();
      return;
    }
    if (!this.on) return;
    this.ctx.sender.write(this.size);
    this.sendTimer.setAfter(this.gapNs);
  }
}

/** Registry entry (docs/models.md, "Traffic sources"). */
export const onOffAppModel: AppModel = {
  requires: () => null,
  check: packetRateCheck('rate', 'packetSize'),
  info: {
    id: 'onoff',
    category: 'app',
    name: 'On/off source',
    description: 'Bursts at a peak rate separated by silences; exponential or Pareto periods.',
    citation: 'ns-2 Application/Traffic/Exponential and Application/Traffic/Pareto',
    params: [
      {
        key: 'rate',
        label: 'Peak rate',
        kind: 'rate',
        default: 1e6,
        min: 1,
        unit: 'bit/s',
        description: 'Rate during on periods.',
      },
      packetSizeParam,
      {
        key: 'onMean',
        label: 'Mean on time',
        kind: 'duration',
        default: 0.5,
        min: 0.000001,
        unit: 's',
        description: 'Mean length of an on period.',
      },
      {
        key: 'offMean',
        label: 'Mean off time',
        kind: 'duration',
        default: 0.5,
        min: 0.000001,
        unit: 's',
        description: 'Mean length of an off period.',
      },
      {
        key: 'distribution',
        label: 'Distribution',
        kind: 'enum',
        default: 'exponential',
        options: ['exponential', 'pareto'],
        description: 'Distribution of on and off period lengths.',
      },
      {
        key: 'shape',
        label: 'Pareto shape',
        kind: 'number',
        default: 1.5,
        min: 1.01,
        max: 10,
        description: 'Shape parameter of the Pareto distribution (> 1).',
      },
    ],
  },
  create: (ctx) => new OnOffApp(ctx),
};
