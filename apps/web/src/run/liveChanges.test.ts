import { describe, expect, it } from 'vitest';
import { defaultScenario, validateScenario, type ScenarioInput } from '@cclab/engine';
import { effectiveScenario, formatEventTime, liveEdit, seconds } from './liveChanges';
import { linkKey } from '../state/scenarioEdits';

const base = (): ScenarioInput => defaultScenario();

describe('a change made mid-run becomes a timed event', () => {
  it('a congestion-control switch keeps the flow as it started and adds an event at the current time', () => {
    const prev = base();
    const next = {
      ...prev,
      flows: prev.flows.map((f, i) => (i === 0 ? { ...f, transport: { ...f.transport, cc: 'cubic' } } : f)),
    };
    const out = liveEdit(prev, () => next, 7_250_000_000)!;
    expect(out.version).toBe(2);
    expect(out.flows[0]!.transport.cc).toBe(prev.flows[0]!.transport.cc);
    expect(out.events).toEqual([{ at: '7.25s', flow: prev.flows[0]!.id, cc: 'cubic' }]);
    // valid, and shown as CUBIC by the inspector
    expect(validateScenario(out).events[0]!.atNs).toBe(7_250_000_000);
    expect(effectiveScenario(out).flows[0]!.transport.cc).toBe('cubic');
  });

  it('a rate and a buffer change on a link set the same both ways become two events for the whole link', () => {
    const prev = base();
    const l0 = prev.links[0]!;
    const next = {
      ...prev,
      links: prev.links.map((l, i) => (i === 0 ? { ...l, rate: '5Mbps', buffer: '20 packets' } : l)),
    };
    const out = liveEdit(prev, () => next, 3e9)!;
    const id = l0.id ?? `${l0.a}-${l0.b}`;
    expect(out.links[0]).toEqual(l0);
    expect(out.events).toEqual([
      { at: '3s', link: id, rate: '5Mbps' },
      { at: '3s', link: id, buffer: '20 packets' },
    ]);
    const eff = effectiveScenario(out).links[0]!;
    expect([eff.rate, eff.buffer]).toEqual(['5Mbps', '20 packets']);
    // still the same both ways: no `reverse` appears (the inspector would show "Per direction")
    expect(eff.reverse).toBeUndefined();
    // the engine applies it to both directions
    const ev = validateScenario(out).events;
    expect(ev).toHaveLength(2);
  });

  it('a change of one direction of a link set per direction is an event of that direction only', () => {
    const prev = base();
    const l0 = prev.links[0]!;
    const split = {
      ...prev,
      links: prev.links.map((l, i) => (i === 0 ? { ...l, reverse: { buffer: '50 packets' } } : l)),
    };
    const next = {
      ...split,
      links: split.links.map((l, i) => (i === 0 ? { ...l, buffer: '20 packets' } : l)),
    };
    const out = liveEdit(split, () => next, 3e9)!;
    const id = l0.id ?? `${l0.a}-${l0.b}`;
    expect(out.events).toEqual([{ at: '3s', link: id, direction: `${l0.a}->${l0.b}`, buffer: '20 packets' }]);
    const eff = effectiveScenario(out).links[0]!;
    expect([eff.buffer, eff.reverse?.buffer]).toEqual(['20 packets', '50 packets']);
  });

  it('the state at a time applies the events up to that time only', () => {
    const prev = base();
    const id = prev.links[0]!.id ?? `${prev.links[0]!.a}-${prev.links[0]!.b}`;
    const s: ScenarioInput = {
      ...prev,
      version: 2,
      events: [
        { at: '8s', link: id, rate: '2Mbps' },
        { at: '3s', link: id, rate: '5Mbps' },
      ],
    };
    expect(effectiveScenario(s, 0).links[0]!.rate).toBe(prev.links[0]!.rate);
    expect(effectiveScenario(s, 2_999_999_999).links[0]!.rate).toBe(prev.links[0]!.rate);
    expect(effectiveScenario(s, 3e9).links[0]!.rate).toBe('5Mbps');
    expect(effectiveScenario(s, 7.9e9).links[0]!.rate).toBe('5Mbps');
    expect(effectiveScenario(s, 8e9).links[0]!.rate).toBe('2Mbps');
    expect(effectiveScenario(s).links[0]!.rate).toBe('2Mbps');
  });

  it('an edit the running simulation cannot take (a new flow, another endpoint) is not rewritten', () => {
    const prev = base();
    expect(liveEdit(prev, () => ({ ...prev, flows: prev.flows.slice(1) }), 1e9)).toBeNull();
    const moved = { ...prev, flows: prev.flows.map((f, i) => (i === 0 ? { ...f, start: '3s' } : f)) };
    expect(liveEdit(prev, () => moved, 1e9)).toBeNull();
    // nothing the simulation sees (a name, a node moved): made to the scenario, no event
    expect(liveEdit(prev, (s) => ({ ...s, name: 'x' }), 1e9)).toEqual({ ...prev, name: 'x' });
  });

  it('edits the scenario as it stands at that moment: a value already in force is no change', () => {
    const id = linkKey(base().links[0]!);
    const prev: ScenarioInput = { ...base(), version: 2, events: [{ at: '3s', link: id, rate: '5Mbps' }] };
    const rate = (r: string) => (s: ScenarioInput) => ({
      ...s,
      links: s.links.map((l, i) => (i === 0 ? { ...l, rate: r } : l)),
    });
    // 5 Mb/s is in force from 3 s: committing it again at 6 s records nothing and changes nothing
    expect(liveEdit(prev, rate('5Mbps'), 6e9)).toBe(prev);
    // back to the value the run started with: a change like any other, the start value untouched
    const back = liveEdit(prev, rate(prev.links[0]!.rate as string), 6e9)!;
    expect(back.links[0]!.rate).toBe(prev.links[0]!.rate);
    expect(back.events).toEqual([...prev.events!, { at: '6s', link: id, rate: prev.links[0]!.rate }]);
    // before 3 s the start value is in force: 5 Mb/s at 2 s is a change
    expect(liveEdit(prev, rate('5Mbps'), 2e9)!.events).toHaveLength(2);
  });

  it('writes times exactly to the nanosecond', () => {
    for (const t of [0, 1, 999_999_999, 1e9, 12_000_000_001, 604800e9])
      expect(Math.round(seconds(formatEventTime(t)) * 1e9)).toBe(t);
    expect(formatEventTime(12_000_000_001)).toBe('12.000000001s');
  });
});
