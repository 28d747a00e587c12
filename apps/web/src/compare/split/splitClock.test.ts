import { describe, expect, it } from 'vitest';
import { BATCH_SLICES, MAX_PLAY_SLICE_WALL_MS, SplitClock, type SideClock } from './splitClock';

const FRAME_MS = 1000 / 60;

/** A worker stand-in: reaches a time it was sent to after `lag` frames. */
class FakeRun implements SideClock {
  nowNs = 0;
  done = false;
  private goal = 0;
  private wait = 0;
  constructor(
    private readonly lag: number,
    private readonly durationNs: number,
  ) {}
  send(t: number) {
    this.goal = t;
    this.wait = this.lag;
  }
  frame() {
    if (this.nowNs === this.goal) return;
    if (this.wait-- > 0) return;
    this.nowNs = this.goal;
    if (this.nowNs >= this.durationNs) this.done = true;
  }
}

function drive(clock: SplitClock, a: FakeRun, b: FakeRun, frames: number, t0 = 0, each?: () => void) {
  let wall = t0;
  for (let i = 0; i < frames; i++) {
    wall += FRAME_MS;
    a.frame();
    b.frame();
    const t = clock.tick(wall, a, b);
    if (t !== null) {
      a.send(t);
      b.send(t);
    }
    each?.();
  }
  return wall;
}

describe('the split view’s shared clock', () => {
  it('moves simulated time with wall time × speed when both runs keep up', () => {
    const clock = new SplitClock(60e9, 50e6, 2);
    const a = new FakeRun(0, 60e9);
    const b = new FakeRun(0, 60e9);
    clock.play(0);
    drive(clock, a, b, 60); // one second of wall time
    // 2× speed: two simulated seconds (the last slice is on its way: sent, reached next frame)
    expect(clock.targetNs).toBeCloseTo(2e9, -3);
    expect(a.nowNs).toBe(b.nowNs);
  });

  it('keeps the two runs within one slice of each other; the faster waits for the slower', () => {
    const clock = new SplitClock(60e9, 50e6, 1);
    const fast = new FakeRun(0, 60e9);
    const slow = new FakeRun(4, 60e9); // five frames to get anywhere
    clock.play(0);
    let widest = 0;
    drive(clock, fast, slow, 300, 0, () => {
      widest = Math.max(widest, Math.abs(fast.nowNs - slow.nowNs));
      // neither is ever past the time both were sent to
      expect(fast.nowNs).toBeLessThanOrEqual(clock.targetNs);
    });
    expect(slow.nowNs).toBeGreaterThan(0);
    expect(widest).toBeGreaterThan(0);
    expect(widest).toBeLessThanOrEqual(clock.widestSliceNs);
    // a slice never covers more than MAX_PLAY_SLICE_WALL_MS of wall time at this speed
    expect(clock.widestSliceNs).toBeLessThanOrEqual(MAX_PLAY_SLICE_WALL_MS * 1e6);
    // the slow pair slows the clock down: 300 frames (5 s of wall time) give less than 5 s
    expect(clock.targetNs).toBeLessThan(5e9);
  });

  it('pauses both at the same time: nothing more is sent, the last time is reached by both', () => {
    const clock = new SplitClock(60e9, 50e6, 1);
    const a = new FakeRun(0, 60e9);
    const b = new FakeRun(2, 60e9);
    clock.play(0);
    const wall = drive(clock, a, b, 40);
    clock.pause();
    drive(clock, a, b, 10, wall);
    expect(a.nowNs).toBe(clock.targetNs);
    expect(b.nowNs).toBe(clock.targetNs);
  });

  it('steps one probe interval, and only once both runs are there', () => {
    const clock = new SplitClock(60e9, 50e6, 1);
    const a = new FakeRun(0, 60e9);
    const b = new FakeRun(0, 60e9);
    expect(clock.step(a, b)).toBe(50e6);
    expect(clock.step(a, b)).toBeNull(); // neither has got to 50 ms yet
    a.nowNs = b.nowNs = 50e6;
    expect(clock.step(a, b)).toBe(100e6);
    expect(clock.mode).toBe('paused');
  });

  it('runs to the end in slices of the run, and stops when both are at the end', () => {
    const clock = new SplitClock(10e9, 50e6, 1);
    const a = new FakeRun(0, 10e9);
    const b = new FakeRun(1, 10e9);
    clock.batch();
    drive(clock, a, b, 200);
    expect(clock.widestSliceNs).toBe(10e9 / BATCH_SLICES);
    expect(a.nowNs).toBe(10e9);
    expect(b.nowNs).toBe(10e9);
    expect(clock.mode).toBe('paused');
  });

  it('lets the other run go on when one stops early (an engine error ends it)', () => {
    const clock = new SplitClock(10e9, 50e6, Infinity);
    const a = new FakeRun(0, 10e9);
    const b = new FakeRun(0, 10e9);
    b.done = true; // stopped at 0
    clock.play(0);
    drive(clock, a, b, 100);
    expect(a.nowNs).toBe(10e9);
  });
});
