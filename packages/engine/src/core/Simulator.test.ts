import { describe, expect, it } from 'vitest';
import { Simulator, type TimerOwner } from './Simulator.js';

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
});
