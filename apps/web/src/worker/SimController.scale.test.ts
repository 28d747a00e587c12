// The worker at scale: how often it looks at the clock, what it keeps of the
// engine's series, and what a frame of a large network carries.
import { describe, expect, it } from 'vitest';
import { FLOW_COLUMNS, Simulation, defaultScenario, validateScenario, type ScenarioInput } from '@cclab/engine';
import { scaleScenario } from '../../../../e2e/fixtures/scaleScenario.mjs';
import {
  CHECK_MS,
  EVENTS_PER_CLOCK_CHECK,
  MIN_EVENTS_PER_CLOCK_CHECK,
  SUMMARY_MS,
  SimController,
  summaryEveryMs,
} from './SimController';
import { SERIES_BUDGET_BYTES, forTheLab } from './runMeta';

/** A clock that moves `ms` at every look. */
function ticking(ms: number) {
  let t = 0;
  return () => (t += ms);
}

/** Every flow sample of a batch run to the end, frame after frame. */
function batchSamples(clock: () => number, s: ScenarioInput): { samples: number[]; ctl: SimController } {
  const ctl = new SimController(clock);
  ctl.load(1, s);
  ctl.batch();
  const samples: number[] = [];
  for (let guard = 0; guard < 100_000 && ctl.tick(); guard++) samples.push(...ctl.frame().flowSamples);
  samples.push(...ctl.frame().flowSamples);
  return { samples, ctl };
}

// 404 nodes: 101 routers, 303 hosts, 403 links (more than 200), 70 flows (more than 64)
const large = (): ScenarioInput => scaleScenario({ nodes: 404, flows: 70, duration: '2s' });

describe('the worker at scale', () => {
  it('looks at the clock after fewer events when each stretch takes long, and after more when it is quick', () => {
    const s = defaultScenario();
    s.duration = '3s';
    // every stretch seems to take 10 ms (> CHECK_MS): the count halves down to the minimum
    const slow = batchSamples(ticking(10), s).ctl;
    expect(10).toBeGreaterThan(CHECK_MS);
    expect(slow.eventsPerCheck).toBe(MIN_EVENTS_PER_CLOCK_CHECK);
    // a clock that never moves: every stretch is quick, the count stays at its most
    const quick = batchSamples(() => 0, s).ctl;
    expect(quick.eventsPerCheck).toBe(EVENTS_PER_CLOCK_CHECK);
  });

  it('gives the same samples however the events are cut into stretches', () => {
    const s = defaultScenario();
    s.duration = '3s';
    const a = batchSamples(ticking(10), s).samples;
    const b = batchSamples(() => 0, s).samples;
    expect(a.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });

  it('makes summaries at most a tenth of the time, and twice a second when they are cheap', () => {
    expect(SUMMARY_MS).toBe(500);
    expect(summaryEveryMs(5)).toBe(500);
    expect(summaryEveryMs(60)).toBe(600);
    expect(summaryEveryMs(200)).toBe(2000);
  });

  it('keeps the engine’s own series of a wide run within the series budget, and a small run’s as they were', () => {
    const small = validateScenario(defaultScenario());
    expect(forTheLab(small)).toBe(small);
    const sc = validateScenario(large());
    const lab = forTheLab(sc);
    const bytes = (resolved: typeof sc) => {
      const sim = new Simulation(resolved);
      const columns = sim.flows.length * FLOW_COLUMNS.length + sim.portColumns.reduce((n, c) => n + c.length, 0);
      return 8 * resolved.probes.maxPoints * columns;
    };
    // as the scenario says (2,000 points), the engine's series would take more than the budget
    expect(sc.probes.maxPoints).toBe(2000);
    expect(bytes(sc)).toBeGreaterThan(SERIES_BUDGET_BYTES);
    // the lab's copy counts every flow's and port's own columns: within the budget but for the
    // few discipline and link columns some ports add (a quarter more at most)
    expect(bytes(lab)).toBeLessThanOrEqual(1.25 * SERIES_BUDGET_BYTES);
    expect(lab.probes.maxPoints).toBeLessThan(2000);
  });

  it('sends a large network’s packets as a count per port and no per-flow gauge segments', () => {
    const ctl = new SimController(() => 0);
    const r = ctl.load(1, large());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    for (let i = 0; i < 10; i++) ctl.step(); // paused: packets are reported
    const f = ctl.frame();
    expect(f.flight).toHaveLength(0);
    expect(f.wire).toHaveLength(r.meta.ports.length);
    const onWire = f.wire!.reduce((a, b) => a + b, 0);
    expect(onWire).toBeGreaterThan(0);
    expect(f.backlog).toHaveLength(0);
    // a queue builds somewhere: gauges still fill (in one colour)
    expect(f.queues.some((q) => q > 0)).toBe(true);
  });

  it('sends a small network’s packets one by one, as before', () => {
    const ctl = new SimController(() => 0);
    ctl.load(1, defaultScenario());
    for (let i = 0; i < 10; i++) ctl.step();
    const f = ctl.frame();
    expect(f.flight.length).toBeGreaterThan(0);
    expect(f.wire ?? []).toHaveLength(0);
  });
});
