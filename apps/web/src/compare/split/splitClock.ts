/**
 * The split view's one clock for two runs (two workers). The page sets each step of simulated
 * time: both workers are sent to the same time (`advance`), and the next time goes out only once
 * both have got there, so neither run is ever ahead of the other by more than one slice; a run
 * that is there first waits. Playing, the time moves with the wall clock × speed (a slow pair of
 * runs slows the clock rather than drifting apart); Run to end takes larger slices. Pure: the
 * wall time comes in as an argument.
 */

export type SplitMode = 'paused' | 'playing' | 'batch';

/** One run as the clock sees it: where it is, and whether it has finished (or stopped). */
export interface SideClock {
  nowNs: number;
  done: boolean;
}

/** A playing slice covers at most this much wall time (so a stall does not make one huge step). */
export const MAX_PLAY_SLICE_WALL_MS = 100;
/** Run to end goes in this many slices of the run at least (each a look at both runs). */
export const BATCH_SLICES = 40;

export class SplitClock {
  mode: SplitMode = 'paused';
  /** The time both runs were last sent to. */
  targetNs = 0;
  /** The longest slice issued so far (how far apart the two runs can ever be). */
  widestSliceNs = 0;
  private lastWallMs = 0;

  constructor(
    readonly durationNs: number,
    /** One Step: the scenario's probe interval. */
    readonly stepNs: number,
    public speed: number,
  ) {}

  /** Whether a run has got to `t` (a finished run counts as there: it waits). */
  static reached(side: SideClock, t: number): boolean {
    return side.done || side.nowNs >= t;
  }

  bothReached(a: SideClock, b: SideClock): boolean {
    return SplitClock.reached(a, this.targetNs) && SplitClock.reached(b, this.targetNs);
  }

  /** Both runs are at the end (or stopped). */
  finished(a: SideClock, b: SideClock): boolean {
    return SplitClock.reached(a, this.durationNs) && SplitClock.reached(b, this.durationNs);
  }

  play(wallMs: number): void {
    this.mode = 'playing';
    this.lastWallMs = wallMs;
  }

  batch(): void {
    this.mode = 'batch';
  }

  pause(): void {
    this.mode = 'paused';
  }

  reset(): void {
    this.mode = 'paused';
    this.targetNs = 0;
  }

  /** Step: one probe interval on, once both runs are at the current time (else null). */
  step(a: SideClock, b: SideClock): number | null {
    this.mode = 'paused';
    if (!this.bothReached(a, b)) return null;
    return this.issue(this.targetNs + this.stepNs);
  }

  /**
   * Once per animation frame: the time to send both runs to next, or null (paused, finished, or
   * one run still on its way to the last time).
   */
  tick(wallMs: number, a: SideClock, b: SideClock): number | null {
    if (this.mode === 'paused') return null;
    if (this.finished(a, b)) {
      this.mode = 'paused';
      return null;
    }
    if (!this.bothReached(a, b)) return null;
    const elapsedMs = Math.min(Math.max(0, wallMs - this.lastWallMs), MAX_PLAY_SLICE_WALL_MS);
    this.lastWallMs = wallMs;
    const slice =
      this.mode === 'batch' || !Number.isFinite(this.speed)
        ? Math.max(this.stepNs, Math.ceil(this.durationNs / BATCH_SLICES))
        : elapsedMs * 1e6 * this.speed;
    return this.issue(this.targetNs + slice);
  }

  private issue(t: number): number | null {
    const next = Math.min(Math.round(t), this.durationNs);
    if (next <= this.targetNs) return null;
    this.widestSliceNs = Math.max(this.widestSliceNs, next - this.targetNs);
    this.targetNs = next;
    return next;
  }
}
