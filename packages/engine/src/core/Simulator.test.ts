import { describe, expect, it } from 'vitest';
import { NoProgressError } from './SimulationError.js';
import { MAX_EVENTS_PER_INSTANT, Simulator, type TimerOwner } from './Simulator.js';

class Owner implements TimerOwner {
  fired: number[] = [];
  onTimer(_kind: number, now: number): void {
    this.fired.push(now);
  }
}

describe('Simulator and Timer', () => {
  it('fires a timer once at its deadline', () => {
    const sim = new Simulator(1);
    const o = new Owner();
    const t = sim.timer(o, 0);
    t.setAt(100);
    sim.run();
    expect(o.fired).toEqual([100]);
    expect(t.armed).toBe(false);
  });

  it('re-arming to a later deadline moves the expiry (lazily, without firing early)', () => {
    const sim = new Simulator(1);
    const o = new Owner();
    const t = sim.timer(o, 0);
    t.setAt(100);
    sim.run(50);
    t.setAt(300);
    sim.run();
    expect(o.fired).toEqual([300]);
  });

  it('re-arming to an earlier deadline fires at the earlier time only', () => {
    const sim = new Simulator(1);
    const o = new Owner();
    const t = sim.timer(o, 0);
    t.setAt(500);
    t.setAt(200);
    sim.run();
    expect(o.fired).toEqual([200]);
  });

  it('a cancelled timer never fires, and can be armed again', () => {
    const sim = new Simulator(1);
    const o = new Owner();
    const t = sim.timer(o, 0);
    t.setAt(100);
    t.cancel();
    sim.run(150);
    expect(o.fired).toEqual([]);
    t.setAt(400);
    sim.run();
    expect(o.fired).toEqual([400]);
  });

  it('run(until) stops with the clock at `until` and continues seamlessly', () => {
    const sim = new Simulator(1);
    const o = new Owner();
    for (const at of [10, 20, 30]) sim.timer(o, 0).setAt(at);
    expect(sim.run(25)).toBe('time');
    expect(sim.now).toBe(25);
    expect(o.fired).toEqual([10, 20]);
    expect(sim.run(100)).toBe('idle');
    expect(o.fired).toEqual([10, 20, 30]);
    expect(sim.now).toBe(100);
  });

  it('run with an event budget processes exactly that many events', () => {
    const sim = new Simulator(1);
    const o = new Owner();
    for (const at of [1, 2, 3, 4]) sim.timer(o, 0).setAt(at);
    expect(sim.run(Infinity, 3)).toBe('events');
    expect(o.fired).toEqual([1, 2, 3]);
    expect(sim.eventsProcessed).toBe(3);
  });

  it('refuses to schedule in the past', () => {
    const sim = new Simulator(1);
    sim.run(100);
    expect(() => sim.schedule(50, { handleEvent() {} }, 0)).toThrow(/past/);
  });

  it('refuses to schedule at NaN (which would corrupt the order of the heap)', () => {
    const sim = new Simulator(1);
    expect(() => sim.schedule(NaN, { handleEvent() {} }, 0)).toThrow(/NaN/);
    expect(() => sim.timer(new Owner(), 0).setAt(NaN)).toThrow(/NaN/);
  });
});

/** Re-posts itself `burst` times at the same instant, then once 1 ns later, for ever. */
class Burst {
  left: number;
  constructor(
    private readonly sim: Simulator,
    private readonly burst: number,
  ) {
    this.left = burst;
  }
  handleEvent(): void {
    if (--this.left > 0) this.sim.schedule(this.sim.now, this, 0);
    else {
      this.left = this.burst;
      this.sim.schedule(this.sim.now + 1, this, 0);
    }
  }
}

describe('the no-progress watchdog', () => {
  it('stops a run that spins at one instant with an error naming the instant, instead of spinning', () => {
    // a source whose gap is 0 ns posts event after event at t = 2 µs (a hang without the watchdog)
    const sim = new Simulator(1);
    const spin = { handleEvent: () => sim.schedule(sim.now, spin, 0) };
    sim.schedule(2000, spin, 0);
    let error: unknown = null;
    try {
      sim.run(Infinity, 3 * MAX_EVENTS_PER_INSTANT);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NoProgressError);
    expect((error as NoProgressError).message).toBe(
      'no simulated-time progress in 1,000,000 events at t = 0.000002000 s: the run is stuck at one instant',
    );
    expect((error as NoProgressError).tNs).toBe(2000);
    expect((error as NoProgressError).culprit).toBe(spin);
    // detected within two check periods of the stall, never before one whole period
    expect(sim.eventsProcessed).toBeGreaterThanOrEqual(MAX_EVENTS_PER_INSTANT);
    expect(sim.eventsProcessed).toBeLessThanOrEqual(2 * MAX_EVENTS_PER_INSTANT + 1);
  });

  it('sees a stall across many short runs (the lab steps the engine a slice at a time)', () => {
    const sim = new Simulator(1);
    const spin = { handleEvent: () => sim.schedule(sim.now, spin, 0) };
    sim.schedule(0, spin, 0);
    expect(() => {
      for (let i = 0; i < 3000; i++) sim.run(Infinity, 1000);
    }).toThrow(NoProgressError);
  });

  it('lets almost a whole check period of events share one instant, as long as time then moves on', () => {
    const sim = new Simulator(1);
    sim.schedule(0, new Burst(sim, MAX_EVENTS_PER_INSTANT - 1), 0);
    expect(sim.run(Infinity, 4 * MAX_EVENTS_PER_INSTANT)).toBe('events');
    expect(sim.now).toBe(4);
  });
});
