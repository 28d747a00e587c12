import { describe, expect, it } from 'vitest';
import { defaultScenario, validateScenario, type ScenarioInput } from '@cclab/engine';
import { effectiveScenario } from './liveChanges';
import { applyFromStart, changesOf, describeChange, removeChange, sameStructure } from './recordedChanges';

const base = defaultScenario();
const link = base.links.find((l) => l.rate === '10Mbps')!;
const id = link.id ?? `${link.a}-${link.b}`;
const li = base.links.indexOf(link);
const flow = base.flows[0]!.id;

function withEvents(events: NonNullable<ScenarioInput['events']>): ScenarioInput {
  return { ...base, version: 2, events };
}

/** The bottleneck's two directions as the engine builds them at time zero. */
function resolvedDirs(s: ScenarioInput) {
  const r = validateScenario(s).links[li]!;
  return r.dirs.map((d) => ({ limit: d.queue.limit, type: d.queue.type }));
}

describe('a recorded change made the value from time zero', () => {
  it('writes the value into the link, removes the change and the earlier changes of that setting', () => {
    const s = withEvents([
      { at: '2s', link: id, rate: '5Mbps', delay: '30ms' },
      { at: '6s', link: id, rate: '2Mbps' },
      { at: '9s', link: id, rate: '7Mbps' },
      { at: '4s', flow, cc: 'cubic' },
    ]);
    const out = applyFromStart(s, 1);
    expect(out.links[li]!.rate).toBe('2Mbps');
    // the 2 s change keeps its delay (another setting) but no longer its rate; 9 s still applies
    expect(out.events).toEqual([
      { at: '2s', link: id, delay: '30ms' },
      { at: '9s', link: id, rate: '7Mbps' },
      { at: '4s', flow, cc: 'cubic' },
    ]);
    expect(validateScenario(out).links[li]!.rateBps).toBe(2e6);
    // at every moment before 9 s the rate is the one made the value from zero
    for (const t of [0, 2e9, 6e9, 8.9e9]) expect(effectiveScenario(out, t).links[li]!.rate).toBe('2Mbps');
    expect(effectiveScenario(out, 9e9).links[li]!.rate).toBe('7Mbps');
  });

  it('a congestion-control switch becomes the flow congestion control', () => {
    const s = withEvents([
      { at: '1s', flow, cc: 'vegas', ccParams: { alpha: 2 } },
      { at: '4s', flow, cc: 'cubic' },
    ]);
    const out = applyFromStart(s, 1);
    expect(out.flows[0]!.transport.cc).toBe('cubic');
    expect(out.flows[0]!.transport.ccParams).toBeUndefined();
    expect(out.events).toEqual([]);
    expect(validateScenario(out).flows[0]!.cc).toBe('cubic');
  });

  it('a change of both directions keeps a link the same both ways', () => {
    const out = applyFromStart(withEvents([{ at: '3s', link: id, buffer: '20 packets', queue: { type: 'codel' } }]), 0);
    expect(out.links[li]!.reverse).toBeUndefined();
    const dirs = resolvedDirs(out);
    expect(dirs[0]).toEqual(dirs[1]);
    expect(dirs[0]!.type).toBe('codel');
  });

  it('a change of one direction splits the link; the other keeps what it had', () => {
    const fwd = `${link.a}->${link.b}`;
    const before = resolvedDirs(base);
    const out = applyFromStart(withEvents([{ at: '3s', link: id, direction: fwd, buffer: '20 packets' }]), 0);
    const dirs = resolvedDirs(out);
    expect(dirs[0]!.limit).not.toEqual(before[0]!.limit);
    expect(dirs[1]).toEqual(before[1]);
    // b→a alone
    const back = applyFromStart(
      withEvents([{ at: '3s', link: id, direction: `${link.b}->${link.a}`, queue: { type: 'codel' } }]),
      0,
    );
    const bd = resolvedDirs(back);
    expect(bd[0]).toEqual(before[0]);
    expect(bd[1]!.type).toBe('codel');
  });

  it('leaves a flow start or stop alone (it has no value at time zero)', () => {
    const s = withEvents([{ at: '3s', flow, action: 'stop' }]);
    expect(applyFromStart(s, 0)).toBe(s);
  });
});

describe('recorded changes in the lab', () => {
  it('lists a link or a flow changes in time order and says what each does', () => {
    const s = withEvents([
      { at: '6s', link: id, rate: '2Mbps' },
      { at: '4s', flow, cc: 'cubic' },
      { at: '2s', link: id, queue: { type: 'codel' }, direction: `${link.a}->${link.b}` },
    ]);
    expect(changesOf(s.events, { link: id })).toEqual([2, 0]);
    expect(changesOf(s.events, { flow })).toEqual([1]);
    expect(describeChange(s.events![2]!)).toBe('queue discipline codel');
    expect(describeChange(s.events![0]!)).toBe('rate 2Mbps');
    expect(removeChange(s, 1).events).toEqual([s.events![0], s.events![2]]);
  });

  it('tells a change a run can re-simulate from one that starts it again', () => {
    const s = withEvents([{ at: '6s', link: id, rate: '2Mbps' }]);
    expect(sameStructure(s, applyFromStart(s, 0))).toBe(true);
    expect(sameStructure(s, removeChange(s, 0))).toBe(true);
    expect(sameStructure(base, { ...base, flows: base.flows.slice(1) })).toBe(false);
    expect(sameStructure(base, { ...base, flows: base.flows.map((f) => ({ ...f, start: '9s' })) })).toBe(false);
    expect(sameStructure(base, { ...base, nodes: [...base.nodes, { id: 'x', kind: 'host' }] })).toBe(false);
  });
});
