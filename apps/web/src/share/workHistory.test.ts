import { describe, expect, it } from 'vitest';
import { defaultScenario, type ScenarioInput } from '@cclab/engine';
import type { KeyValueStore } from '../codec/autosave';
import { HISTORY_INDEX_KEY, HISTORY_MAX_CHARS, HISTORY_MAX_ENTRIES, summaryLine, WorkHistory } from './workHistory';

/** A Map-backed store; `quota` (characters of all values) makes writes beyond it throw QuotaExceededError. */
function memoryStore(quota = Infinity): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      const used = [...data].reduce((n, [key, val]) => n + (key === k ? 0 : val.length), 0);
      if (used + v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
  };
}

const named = (name: string, extra: Partial<ScenarioInput> = {}): ScenarioInput => ({
  ...defaultScenario(),
  name,
  ...extra,
});

function clock(start = 1000) {
  let t = start;
  return () => (t += 10);
}

function ids() {
  let n = 0;
  return () => `e${++n}`;
}

describe('the local history of work', () => {
  it('keeps the scenario a tab had when it opens something else, and starts a new entry', () => {
    const store = memoryStore();
    const h = new WorkHistory(store, 'tabA', clock(), ids());
    h.save(named('Lecture 3'), null);
    h.save(named('Lecture 3, edited'), null);
    // a link opens over the work: the edit made just before is saved first
    h.closeCurrent(named('Lecture 3, last edit'), null);
    h.save(named('From a link'), null);
    const list = h.list();
    expect(list.map((e) => e.name)).toEqual(['From a link', 'Lecture 3, last edit']);
    expect(h.read(list[1]!.id)).toEqual(named('Lecture 3, last edit'));
    expect(list[1]!.summary).toBe(summaryLine(named('x')));
  });

  it('two tabs keep their own work: neither overwrites the other', () => {
    const store = memoryStore();
    const a = new WorkHistory(store, 'tabA', clock(1000), ids());
    const b = new WorkHistory(store, 'tabB', clock(5000), () => `b${Math.random()}`);
    a.save(named('A'), null);
    b.save(named('B'), null);
    a.save(named('A, edited'), null);
    const list = new WorkHistory(store, 'tabC').list();
    expect(list.map((e) => [e.name, e.tab])).toEqual([
      ['B', 'tabB'],
      ['A, edited', 'tabA'],
    ]);
    // a third tab opens the newest work and saves it unchanged: no copy, no newer entry
    const c = new WorkHistory(store, 'tabC', clock(9000), () => 'c1');
    c.save(named('B', { view: { transform: { x: 1, y: 2, k: 1 } } }), null);
    expect(c.changed).toBe(false);
    expect(c.list()).toHaveLength(2);
    // A saved again unchanged (its page hidden, the tab closed last): B is still the newest work
    a.save(named('A, edited'), null);
    expect(a.changed).toBe(false);
    expect(new WorkHistory(store, 'tabC').list()[0]!.name).toBe('B');
  });

  it('an invalid scenario is kept as a draft beside the last valid one, never instead of it', () => {
    const store = memoryStore();
    const h = new WorkHistory(store, 'tabA', clock(), ids());
    h.save(named('Good'), null);
    const bad = { ...named('Good'), links: [{ a: 'r1', b: 'r2', rate: 'CoDel', delay: '1ms' }] } as ScenarioInput;
    h.save(bad, 'links[0].rate: "CoDel" is not a positive bit rate');
    const [e] = h.list();
    expect(h.read(e!.id)).toEqual(named('Good'));
    expect(h.read(e!.id, 'draft')).toEqual(bad);
    expect(e!.draftProblem).toMatch(/links\[0\]\.rate/);
    // fixed again: the draft goes
    h.save(named('Good again'), null);
    expect(h.list()[0]!.draftAt).toBeNull();
    expect(h.read(e!.id, 'draft')).toBeNull();
  });

  it('a new network that never validated is an entry holding only its draft', () => {
    const h = new WorkHistory(memoryStore(), 'tabA', clock(), ids());
    h.save(named('Old'), null);
    h.closeCurrent(null, null);
    const empty = { version: 1, name: 'Untitled network', duration: '30s', nodes: [], links: [], flows: [] };
    h.save(empty, 'nodes: needs at least one node');
    const [draftOnly, old] = h.list();
    expect(draftOnly!.name).toBe('Untitled network');
    expect(h.read(draftOnly!.id)).toBeNull();
    expect(h.read(draftOnly!.id, 'draft')).toEqual(empty);
    expect(h.read(old!.id)).toEqual(named('Old'));
  });

  it('the same scenario twice is one entry', () => {
    const h = new WorkHistory(memoryStore(), 'tabA', clock(), ids());
    h.save(named('Preset'), null);
    h.closeCurrent(null, null);
    h.save(named('Other'), null);
    h.closeCurrent(null, null);
    h.save(named('Preset', { view: { transform: { x: 3, y: 4, k: 2 } } }), null);
    // the same network (seen with another camera) is kept once, and is not newer for being opened again
    expect(h.list().map((e) => e.name)).toEqual(['Other', 'Preset']);
    // changed: now it is this tab's work, a new entry
    h.save(named('Preset', { seed: 7 }), null);
    expect(h.list().map((e) => e.name)).toEqual(['Preset', 'Other', 'Preset']);
  });

  it('is bounded: at most HISTORY_MAX_ENTRIES entries and HISTORY_MAX_CHARS characters, oldest dropped', () => {
    const store = memoryStore();
    const h = new WorkHistory(store, 'tabA', clock(), ids());
    for (let i = 0; i < HISTORY_MAX_ENTRIES + 5; i++) {
      h.save(named(`S${i}`), null);
      h.closeCurrent(null, null);
    }
    const list = h.list();
    expect(list).toHaveLength(HISTORY_MAX_ENTRIES);
    expect(list.at(-1)!.name).toBe('S5');
    // the dropped entries' scenarios are gone from storage too
    expect([...store.data.keys()].filter((k) => k.startsWith('cclab:work:e') && !k.includes(':draft'))).toHaveLength(
      HISTORY_MAX_ENTRIES,
    );
    // a few big scenarios: the size bound applies
    const big = (i: number) => named(`Big${i}`, { description: 'x'.repeat(HISTORY_MAX_CHARS / 3) });
    for (let i = 0; i < 4; i++) {
      h.save(big(i), null);
      h.closeCurrent(null, null);
    }
    const total = h.list().reduce((n, e) => n + e.chars + e.draftChars, 0);
    expect(total).toBeLessThanOrEqual(HISTORY_MAX_CHARS);
    expect(h.list()[0]!.name).toBe('Big3');
  });

  it('a full store keeps the older entries and says so', () => {
    const store = memoryStore(40_000);
    const h = new WorkHistory(store, 'tabA', clock(), ids());
    h.save(named('Kept'), null);
    h.closeCurrent(null, null);
    const before = store.data.get(HISTORY_INDEX_KEY);
    expect(h.save(named('Too big', { description: 'y'.repeat(60_000) }), null)).toBe('full');
    expect(store.data.get(HISTORY_INDEX_KEY)).toBe(before);
    expect(h.list().map((e) => e.name)).toEqual(['Kept']);
  });

  it('reads an index it cannot parse as empty, never throws', () => {
    const store = memoryStore();
    store.setItem(HISTORY_INDEX_KEY, '{not json');
    expect(new WorkHistory(store, 't').list()).toEqual([]);
    store.setItem(HISTORY_INDEX_KEY, JSON.stringify([{ id: 1 }, null, 'x']));
    expect(new WorkHistory(store, 't').list()).toEqual([]);
  });
});
