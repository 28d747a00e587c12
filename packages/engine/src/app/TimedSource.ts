import type { Timer, TimerOwner } from '../core/Simulator.js';
import type { AppContext, Application } from './Application.js';

/**
 * A source that emits on a timer between its start and stop: subclasses say what to send on each
 * tick (`emit`) and when the next tick comes (`nextGapNs`). CBR and VBR sources share it.
 */
export abstract class TimedSource implements Application, TimerOwner {
  private readonly timer: Timer;
  private running = false;

  constructor(protected readonly ctx: AppContext) {
    this.timer = ctx.sim.timer(this, 0);
  }

  /** Hands this tick's data to the sender. */
  protected abstract emit(): void;

  /** Time to the next tick, ns (≥ 1). */
  protected abstract nextGapNs(): number;

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
    this.emit();
    this.timer.setAfter(this.nextGapNs());
  }
}
