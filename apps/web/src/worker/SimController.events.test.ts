/**
 * A change made while the run goes on (SimController.addEvents): the page's clock lags the worker's,
 * so the worker applies a change whose time has already passed at the next whole millisecond, and
 * says when; a change ahead of the run keeps its own time.
 */
import { describe, expect, it } from 'vitest';
import { defaultScenario, type ScenarioInput } from '@cclab/engine';
import { nextWholeMs, SimController } from './SimController';

const base = defaultScenario();
const withEvent = (at: string): ScenarioInput => ({ ...base, version: 2, events: [{ at, flow: 'f0', cc: 'cubic' }] });

function runningTo(stepNs: number): SimController {
  const ctl = new SimController(() => 0);
  expect(ctl.load(1, base).ok).toBe(true);
  // three steps of one sampling interval (50 ms), then 0.3 ms more: the worker is at 150.3 ms
  ctl.step();
  ctl.step();
  ctl.step();
  expect(ctl.nowNs).toBe(150e6);
  (ctl as unknown as { sim: { runUntil(t: number): void } }).sim.runUntil(150e6 + stepNs);
  return ctl;
}

describe('changes added to a running simulation', () => {
  it('one whose time the worker has passed applies at the next whole millisecond', () => {
    const ctl = runningTo(300_000);
    expect(ctl.summary()!.flows[0]!.cc).toBe('newreno');
    // the page saw 120 ms (a frame behind)
    const r = ctl.addEvents(withEvent('0.12s'));
    expect(r).toEqual({ ok: true, times: [[0, 151e6]] });
  });

  it('one at exactly the worker time also moves on (the engine has handled that instant)', () => {
    const ctl = runningTo(0);
    const r = ctl.addEvents(withEvent('0.15s'));
    expect(r).toEqual({ ok: true, times: [[0, 151e6]] });
  });

  it('one ahead of the run keeps its time, and a paused run stays where it is', () => {
    const ctl = runningTo(0);
    expect(ctl.addEvents(withEvent('2.5s'))).toEqual({ ok: true, times: [[0, 2.5e9]] });
    expect(ctl.nowNs).toBe(150e6);
  });

  it('a paused run steps to a change made now, so the moment on show has it', () => {
    const ctl = runningTo(300_000);
    ctl.addEvents(withEvent('0.12s'));
    expect(ctl.nowNs).toBe(151e6);
    expect(ctl.summary()!.flows[0]!.cc).toBe('cubic');
  });

  it('nextWholeMs', () => {
    expect(nextWholeMs(0)).toBe(1e6);
    expect(nextWholeMs(4_604_200_001)).toBe(4_605_000_000);
    expect(nextWholeMs(5e9)).toBe(5.001e9);
  });
});
