/**
 * The split view's two runs: one lab per variant (its own stores and its own Web Worker, i.e. its
 * own SimClient), loaded with the same seed, and one shared clock (SplitClock) that sends both
 * workers to the same simulated time, a slice per animation frame. Play, Pause, Step, Speed, Run
 * to end and Reset act on both.
 */
import { create } from 'zustand';
import { createLab, type Lab } from '../../lab';
import type { WorkerLike } from '../../worker/SimClient';
import type { Notice } from '../../codec/startup';
import { SplitClock, type SideClock, type SplitMode } from './splitClock';
import type { SplitVariants } from './splitVariants';

export interface SplitRunState {
  /** What the shared controls show: paused, playing or running to the end. */
  mode: SplitMode;
  speed: number;
  /** The time both runs have reached. */
  sharedNs: number;
  durationNs: number;
  /** Both runs are loaded (the controls work). */
  ready: boolean;
  /** Both runs are at their end. */
  finished: boolean;
  /** A run that cannot run or stopped with an error: what it said. */
  problem: string | null;
}

export class SplitSession {
  readonly a: Lab;
  readonly b: Lab;
  readonly state = create<SplitRunState>(() => ({
    mode: 'paused',
    speed: 1,
    sharedNs: 0,
    durationNs: 0,
    ready: false,
    finished: false,
    problem: null,
  }));
  private clock: SplitClock | null = null;
  /** What to do once both runs are loaded (Play pressed while they load). */
  private wanted: SplitMode = 'paused';
  private raf = 0;
  private disposed = false;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    readonly variants: SplitVariants,
    spawnWorker: () => WorkerLike,
    speed: number,
    /** Where a run's trouble (an engine error, a worker restarted) is told, e.g. the lab's notices. */
    report: (n: Notice) => void = () => {},
  ) {
    this.state.setState({ speed });
    this.a = createLab(variants.a, spawnWorker);
    this.b = createLab(variants.b, spawnWorker);
    for (const [side, lab] of [
      ['A', this.a],
      ['B', this.b],
    ] as const)
      this.unsubscribe.push(
        lab.ui.subscribe((s, prev) => {
          const n = s.notices.at(-1);
          if (n && !prev.notices.includes(n))
            report({ ...n, key: `split-${n.key ?? 'notice'}`, title: `Split view, run ${side}: ${n.title}` });
        }),
      );
    this.a.sim.load(variants.a, false);
    this.b.sim.load(variants.b, false);
    this.raf = requestAnimationFrame(this.frame);
  }

  private static side(lab: Lab): SideClock {
    const s = lab.run.getState();
    return { nowNs: s.nowNs, done: s.status === 'done' || s.status === 'error' };
  }

  /** Once per animation frame: moves the shared clock on and tells the controls where it is. */
  private readonly frame = (): void => {
    if (this.disposed) return;
    const ra = this.a.run.getState();
    const rb = this.b.run.getState();
    // a worker that failed was replaced and its run reloaded at zero: both start again together
    if (this.clock && (ra.status === 'idle' || rb.status === 'idle')) this.reset();
    const ready = ra.meta !== null && rb.meta !== null && ra.status !== 'idle' && rb.status !== 'idle';
    if (ready && !this.clock) {
      this.clock = new SplitClock(ra.durationNs, ra.meta!.intervalNs, this.state.getState().speed);
      if (this.wanted === 'playing') this.clock.play(performance.now());
      else if (this.wanted === 'batch') this.clock.batch();
    }
    const a = SplitSession.side(this.a);
    const b = SplitSession.side(this.b);
    const clock = this.clock;
    if (clock) {
      const t = clock.tick(performance.now(), a, b);
      if (t !== null) this.send(t);
    }
    const problem =
      ra.status === 'error' || rb.status === 'error'
        ? `${ra.status === 'error' ? 'A' : 'B'} cannot run: ${(ra.status === 'error' ? ra : rb).issues.map((i) => `${i.path}: ${i.message}`).join('; ') || (ra.crash ?? rb.crash ?? 'the worker failed')}`
        : (ra.crash ?? rb.crash);
    const next: Partial<SplitRunState> = {
      mode: clock?.mode ?? this.wanted,
      sharedNs: Math.min(ra.nowNs, rb.nowNs),
      durationNs: ra.durationNs,
      ready,
      finished: !!clock && clock.finished(a, b),
      problem,
    };
    const cur = this.state.getState();
    if ((Object.keys(next) as (keyof SplitRunState)[]).some((k) => cur[k] !== next[k])) this.state.setState(next);
    this.raf = requestAnimationFrame(this.frame);
  };

  private send(t: number): void {
    const speed = this.clock?.mode === 'batch' ? Infinity : this.state.getState().speed;
    this.a.sim.advance(t, speed);
    this.b.sim.advance(t, speed);
  }

  /** Whether the shared clock is moving (playing or running to the end). */
  get active(): boolean {
    return (this.clock?.mode ?? this.wanted) !== 'paused';
  }

  get speed(): number {
    return this.state.getState().speed;
  }

  play(): void {
    if (this.state.getState().finished) {
      this.reset();
      this.wanted = 'playing';
      return;
    }
    this.wanted = 'playing';
    this.clock?.play(performance.now());
  }

  pause(): void {
    this.wanted = 'paused';
    this.clock?.pause();
  }

  step(): void {
    this.wanted = 'paused';
    const t = this.clock?.step(SplitSession.side(this.a), SplitSession.side(this.b));
    if (t !== null && t !== undefined) this.send(t);
  }

  batch(): void {
    this.wanted = 'batch';
    this.clock?.batch();
  }

  setSpeed(speed: number): void {
    this.state.setState({ speed });
    if (this.clock) this.clock.speed = speed;
  }

  /** Both runs back to time zero (paused). */
  reset(): void {
    this.wanted = 'paused';
    this.clock = null;
    this.a.sim.reset();
    this.b.sim.reset();
  }

  /** Stops both workers (the split view closed or its choice changed). */
  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.raf);
    for (const u of this.unsubscribe) u();
    this.a.sim.terminate();
    this.b.sim.terminate();
  }
}
