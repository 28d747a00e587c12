import { describe, expect, it } from 'vitest';
import { defaultScenario, type ScenarioInput } from '@cclab/engine';
import { liveEdit } from './liveChanges';
import { eventsAfter, eventTimeNs, isRewound, timelineStepMs, timelineValueText } from './timeline';
import { sameStructure } from './recordedChanges';

const withEvents = (events: ScenarioInput['events']): ScenarioInput => ({ ...defaultScenario(), version: 2, events });
const cubic = (at: string) => ({ at, flow: 'f0', cc: 'cubic' });

describe('rewind: the pure parts', () => {
  it('reads event times to the nanosecond, in any unit', () => {
    expect(eventTimeNs(cubic('12.000000001s'))).toBe(12_000_000_001);
    expect(eventTimeNs(cubic('250ms'))).toBe(250e6);
    expect(eventTimeNs({ at: 7, flow: 'f0', cc: 'cubic' })).toBe(7e9);
  });

  it('finds the recorded changes after a moment (not one at that moment)', () => {
    const s = withEvents([cubic('3s'), cubic('5s'), cubic('9.5s')]);
    expect(eventsAfter(s, 5e9).map((e) => e.at)).toEqual(['9.5s']);
    expect(eventsAfter(s, 2e9)).toHaveLength(3);
    expect(eventsAfter(defaultScenario(), 0)).toEqual([]);
  });

  it('tells an edit of the recorded events alone (undo, a new branch) from any other edit', () => {
    const one = withEvents([cubic('3s')]);
    const none: ScenarioInput = { ...one, events: [] };
    expect(sameStructure(one, none)).toBe(true); // the event undone
    expect(sameStructure(one, { ...one, events: [cubic('4s')] })).toBe(true);
    // a version-1 scenario got its first event and lost it again: still only events
    expect(sameStructure(one, defaultScenario())).toBe(true);
    expect(sameStructure(one, { ...none, duration: '30s' })).toBe(false); // and something else
    expect(sameStructure(null, one)).toBe(false);
  });

  it('a live change made while rewound drops the recorded changes after that moment; otherwise keeps them', () => {
    const prev = withEvents([cubic('3s'), { at: '20s', link: 'r1-r2', rate: '5Mbps' }]);
    const vegas = (s: ScenarioInput): ScenarioInput => ({
      ...s,
      flows: s.flows.map((f, i) => (i === 1 ? { ...f, transport: { ...f.transport, cc: 'vegas' } } : f)),
    });
    expect(liveEdit(prev, vegas, 4e9, true)!.events).toEqual([cubic('3s'), { at: '4s', flow: 'f1', cc: 'vegas' }]);
    expect(liveEdit(prev, vegas, 4e9)!.events).toHaveLength(3); // not rewound: an authored later event stays
    // one at that very moment stays (it is not the future)
    expect(liveEdit(prev, vegas, 3e9, true)!.events).toEqual([cubic('3s'), { at: '3s', flow: 'f1', cc: 'vegas' }]);
  });

  it('is rewound only below the furthest time reached', () => {
    expect(isRewound(10e9, 13e9)).toBe(true);
    expect(isRewound(13e9, 13e9)).toBe(false);
  });

  it('steps one sampling interval, never finer than 1/2000 of the run or 1 ms', () => {
    expect(timelineStepMs(50e6, 60e9)).toBe(50);
    expect(timelineStepMs(1e3, 1e9)).toBe(1); // 1 µs sampling: 1 ms
    expect(timelineStepMs(100e6, 3600e9)).toBe(1800); // an hour: 2000 steps
    expect(timelineStepMs(0, 0)).toBe(1);
  });

  it('speaks the time against the duration', () => {
    expect(timelineValueText(10e9, 60e9)).toBe('10.00 s of 60.00 s');
    expect(timelineValueText(2.5e9, 5e9)).toBe('2.500 s of 5.000 s');
    expect(timelineValueText(150e9, 300e9)).toBe('150.0 s of 300.0 s');
  });
});
