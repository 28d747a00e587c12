import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@cclab/engine';
import { SimController } from './SimController';

describe('the worker’s advance command (the split view’s shared clock)', () => {
  it('runs to exactly the time asked, without waiting for the wall clock, then pauses there', () => {
    // the wall clock never moves: a paced Play would not advance at all
    const ctl = new SimController(() => 0);
    ctl.load(1, defaultScenario());
    ctl.advance(730e6, 1);
    expect(ctl.status).toBe('playing');
    expect(ctl.advancing).toBe(true);
    expect(ctl.tick()).toBe(false);
    expect(ctl.nowNs).toBe(730e6);
    expect(ctl.status).toBe('paused');
    const f = ctl.frame();
    expect(f.status).toBe('paused');
    // default probes every 50 ms: samples at 0, 50, …, 700 ms
    expect(f.samples).toBe(15);
    // a later tick does nothing more: the run waits for the next advance
    expect(ctl.tick()).toBe(false);
    expect(ctl.nowNs).toBe(730e6);
  });

  it('stops at the end of the run and says done; an infinite speed is a batch run (no packets shown)', () => {
    const ctl = new SimController(() => 0);
    ctl.load(1, { ...defaultScenario(), duration: '2s' });
    ctl.advance(5e9, Infinity);
    expect(ctl.status).toBe('batch');
    ctl.tick();
    expect(ctl.nowNs).toBe(2e9);
    expect(ctl.status).toBe('done');
  });

  it('never goes back: a time already passed leaves the run where it is', () => {
    const ctl = new SimController(() => 0);
    ctl.load(1, defaultScenario());
    ctl.advance(400e6, 1);
    ctl.tick();
    ctl.advance(100e6, 1);
    ctl.tick();
    expect(ctl.nowNs).toBe(400e6);
  });

  it('is cut short by Pause (the run stays where it got to)', () => {
    let t = 0;
    const ctl = new SimController(() => (t += 5)); // each look at the clock costs 5 ms: slices end early
    ctl.load(1, defaultScenario());
    ctl.advance(20e9, 1);
    ctl.tick();
    const reached = ctl.nowNs;
    expect(reached).toBeLessThan(20e9);
    ctl.pause();
    expect(ctl.advancing).toBe(false);
    expect(ctl.tick()).toBe(false);
    expect(ctl.nowNs).toBe(reached);
  });
});
