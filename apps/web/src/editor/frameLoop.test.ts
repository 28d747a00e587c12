import { describe, expect, it } from 'vitest';
import { frameLoop, type FrameScheduler } from './frameLoop';

/** A scheduler whose frames and timers run only when the test says so. */
function manualScheduler() {
  let next = 1;
  const frames = new Map<number, () => void>();
  const timers = new Map<number, { cb: () => void; ms: number }>();
  const s: FrameScheduler = {
    request: (cb) => (frames.set(next, cb), next++),
    cancel: (id) => void frames.delete(id),
    setTimer: (cb, ms) => (timers.set(next, { cb, ms }), next++),
    clearTimer: (id) => void timers.delete(id),
  };
  return {
    s,
    frames,
    timers,
    /** Runs the frames requested so far (not those they request). */
    frame() {
      const due = [...frames.values()];
      frames.clear();
      for (const cb of due) cb();
    },
    fireTimers() {
      const due = [...timers.values()];
      timers.clear();
      for (const t of due) t.cb();
    },
  };
}

describe('frameLoop', () => {
  it('asks for no frame until woken, and one frame however often it is woken before it', () => {
    const m = manualScheduler();
    let draws = 0;
    const loop = frameLoop(() => (draws++, false), m.s);
    expect(m.frames.size).toBe(0);
    loop.wake();
    loop.wake();
    loop.wake();
    expect(m.frames.size).toBe(1);
    m.frame();
    expect(draws).toBe(1);
    // the picture did not ask for more: the loop sleeps
    expect(m.frames.size).toBe(0);
  });

  it('keeps drawing every frame while the picture moves, then sleeps', () => {
    const m = manualScheduler();
    let left = 3;
    let draws = 0;
    const loop = frameLoop(() => (draws++, --left > 0), m.s);
    loop.wake();
    for (let i = 0; i < 10; i++) m.frame();
    expect(draws).toBe(3);
    expect(m.frames.size).toBe(0);
    // woken again, it draws again
    left = 1;
    loop.wake();
    m.frame();
    expect(draws).toBe(4);
  });

  it('wakeIn draws once after the delay, and one timer at a time', () => {
    const m = manualScheduler();
    let draws = 0;
    const loop = frameLoop(() => (draws++, false), m.s);
    loop.wakeIn(150);
    loop.wakeIn(20);
    expect(m.timers.size).toBe(1);
    expect([...m.timers.values()][0]!.ms).toBe(150);
    m.frame();
    expect(draws).toBe(0);
    m.fireTimers();
    m.frame();
    expect(draws).toBe(1);
  });

  it('after stop nothing is drawn and nothing is left scheduled', () => {
    const m = manualScheduler();
    let draws = 0;
    const loop = frameLoop(() => (draws++, true), m.s);
    loop.wake();
    loop.wakeIn(10);
    loop.stop();
    expect(m.frames.size).toBe(0);
    expect(m.timers.size).toBe(0);
    loop.wake();
    expect(m.frames.size).toBe(0);
    expect(draws).toBe(0);
  });
});
