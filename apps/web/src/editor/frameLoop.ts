/**
 * A drawing loop that sleeps when nothing moves. `draw` runs in an animation frame and says whether
 * it wants the next one (packets still travelling, a drop mark still fading); when it does not,
 * no frame is requested until `wake()` — called by whatever can change the picture (a new frame
 * from the worker, the run's state, the view). An always-running requestAnimationFrame loop keeps
 * the compositor producing frames at the display's rate even over a paused, unchanging network.
 */
export interface FrameLoop {
  /** Draws at the next animation frame (once, however often it is called before then). */
  wake(): void;
  /** Draws once `ms` from now (for a picture that must change after a delay). */
  wakeIn(ms: number): void;
  stop(): void;
}

export interface FrameScheduler {
  request(cb: () => void): number;
  cancel(id: number): void;
  setTimer(cb: () => void, ms: number): number;
  clearTimer(id: number): void;
}

const browserScheduler: FrameScheduler = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (id) => cancelAnimationFrame(id),
  setTimer: (cb, ms) => window.setTimeout(cb, ms),
  clearTimer: (id) => window.clearTimeout(id),
};

export function frameLoop(draw: () => boolean, scheduler: FrameScheduler = browserScheduler): FrameLoop {
  let frame = 0;
  let timer = 0;
  let stopped = false;
  const run = () => {
    frame = 0;
    if (stopped) return;
    if (draw()) wake();
  };
  const wake = () => {
    if (!stopped && frame === 0) frame = scheduler.request(run);
  };
  return {
    wake,
    wakeIn(ms) {
      if (stopped || timer !== 0) return;
      timer = scheduler.setTimer(() => {
        timer = 0;
        wake();
      }, ms);
    },
    stop() {
      stopped = true;
      if (frame !== 0) scheduler.cancel(frame);
      if (timer !== 0) scheduler.clearTimer(timer);
      frame = timer = 0;
    },
  };
}
