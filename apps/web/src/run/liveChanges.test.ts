import { describe, expect, it } from 'vitest';
import { defaultScenario, validateScenario, type ScenarioInput } from '@cclab/engine';
import { effectiveScenario, formatEventTime, liveEdit, seconds } from './liveChanges';

const base = (): ScenarioInput => defaultScenario();

describe('a change made mid-run becomes a timed event', () => {
  it('a congestion-control switch keeps the flow as it started and adds an event at the current time', () => {
    const prev = base();
    const next = {
      ...prev,
      flows: prev.flows.map((f, i) => (i === 0 ? { ...f, transport: { ...f.transport, cc: 'cubic' } } : f)),
    };
    const out = liveEdit(prev, next, 7_250_000_000)!;
    expect(out.version).toBe(2);
    expect(out.flows[0]!.transport.cc).toBe(prev.flows[0]!.transport.cc);
    expect(out.events).toEqual([{ at: '7.25s', flow: prev.flows[0]!.id, cc: 'cubic' }]);
    // valid, and shown as CUBIC by the inspector
    expect(validateScenario(out).events[0]!.atNs).toBe(7_250_000_000);
    expect(effectiveScenario(out).flows[0]!.transport.cc).toBe('cubic');
  });

  it('a rate and a buffer change on a link become a link event and a per-direction event', () => {
    const prev = base();
    const l0 = prev.links[0]!;
    const next = {
      ...prev,
      links: prev.links.map((l, i) => (i === 0 ? { ...l, rate: '5Mbps', buffer: '20 packets' } : l)),
    };
    const out = liveEdit(prev, next, 3e9)!;
    const id = l0.id ?? `${l0.a}-${l0.b}`;
    expect(out.links[0]).toEqual(l0);
    expect(out.events).toEqual([
      { at: '3s', link: id, rate: '5Mbps' },
      { at: '3s', link: id, direction: `${l0.a}->${l0.b}`, buffer: '20 packets' },
      { at: '3s', link: id, direction: `${l0.b}->${l0.a}`, buffer: '20 packets' },
    ]);
    const eff = effectiveScenario(out).links[0]!;
    expect([eff.rate, eff.buffer]).toEqual(['5Mbps', '20 packets']);
    expect(validateScenario(out).events).toHaveLength(3);
  });

  it('an edit the running simulation cannot take (a new flow, another endpoint) is not rewritten', () => {
    const prev = base();
    expect(liveEdit(prev, { ...prev, flows: prev.flows.slice(1) }, 1e9)).toBeNull();
    const moved = { ...prev, flows: prev.flows.map((f, i) => (i === 0 ? { ...f, start: '3s' } : f)) };
    expect(liveEdit(prev, moved, 1e9)).toBeNull();
    // nothing the simulation sees: a name
    expect(liveEdit(prev, { ...prev, name: 'x' }, 1e9)).toBeNull();
  });

  it('writes times exactly to the nanosecond', () => {
    for (const t of [0, 1, 999_999_999, 1e9, 12_000_000_001, 604800e9])
      expect(Math.round(seconds(formatEventTime(t)) * 1e9)).toBe(t);
    expect(formatEventTime(12_000_000_001)).toBe('12.000000001s');
  });
});
