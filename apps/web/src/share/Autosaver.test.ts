import { describe, expect, it } from 'vitest';
import { defaultScenario, type ScenarioInput } from '@cclab/engine';
import type { Notice } from '../codec/startup';
import { AUTOSAVE_KEY, NO_STORAGE, TAB_KEY, type KeyValueStore } from '../codec/autosave';
import { AUTOSAVE_NOTICE, Autosaver, type NoticeSink } from './Autosaver';

/** A store with a quota in characters, like the browser's (which counts UTF-16 code units). */
function quotaStore(quota: number): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const used = () => [...data].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      const prev = data.get(k);
      if (used() - (prev === undefined ? 0 : k.length + prev.length) + k.length + v.length > quota)
        throw new DOMException('quota', 'QuotaExceededError');
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
  };
}

function sink() {
  const notices: Notice[] = [];
  const toasts: string[] = [];
  const s: NoticeSink = {
    pushNotice: (n) => {
      const i = notices.findIndex((x) => x.key !== undefined && x.key === n.key);
      if (i >= 0) notices.splice(i, 1);
      notices.push(n);
    },
    dismissKey: (k) => {
      const i = notices.findIndex((x) => x.key === k);
      if (i >= 0) notices.splice(i, 1);
    },
    showToast: (t) => void toasts.push(t),
  };
  return { notices, toasts, s };
}

const withName = (name: string, pad = 0): ScenarioInput => ({
  ...defaultScenario(),
  name,
  description: 'x'.repeat(pad),
});

describe('autosave', () => {
  it('saves to local storage and to the tab record with the address it last wrote', () => {
    const local = quotaStore(1e6);
    const tab = quotaStore(1e6);
    const out = sink();
    const a = new Autosaver(local, tab, null, () => out.s);
    const s = withName('mine');
    a.start(s);
    a.noteAddress('abc');
    expect(a.save(s)).toBe('saved');
    expect(JSON.parse(local.data.get(AUTOSAVE_KEY)!)).toEqual(s);
    const record = JSON.parse(tab.data.get(TAB_KEY)!);
    expect(record).toEqual({ param: 'abc', previous: null, scenario: s, entry: a.history.currentId });
    // the entry of the history of work it saved into holds the same scenario
    expect(a.history.read(record.entry)).toEqual(s);
    expect(out.notices).toEqual([]);
    // a new address keeps the one before it (a reload may still take that one); the same
    // address noted again does not push it out
    a.noteAddress('def');
    a.noteAddress('def');
    a.save(s);
    expect(JSON.parse(tab.data.get(TAB_KEY)!)).toMatchObject({ param: 'def', previous: 'abc' });
    a.noteAddress(null);
    a.save(s);
    expect(JSON.parse(tab.data.get(TAB_KEY)!)).toMatchObject({ param: null, previous: 'def' });
  });

  it('storage full: the failure is reported once with Export offered, the scenario stays, and recovery is told', () => {
    const local = quotaStore(20_000);
    const out = sink();
    const a = new Autosaver(local, NO_STORAGE, null, () => out.s);
    const small = withName('small');
    a.start(small);
    expect(a.save(small)).toBe('saved');
    const big = withName('big', 30_000);
    expect(a.save(big)).toBe('full');
    expect(a.save(withName('bigger', 31_000))).toBe('full');
    expect(out.notices).toHaveLength(1);
    expect(out.notices[0]).toMatchObject({ kind: 'error', key: AUTOSAVE_NOTICE, canExport: true });
    expect(out.notices[0]!.title).toMatch(/Autosave failed.*still open here.*export/);
    expect(out.notices[0]!.issues[0]!.message).toMatch(/storage for this page is full \(the scenario needs 3\d KB\)/);
    // the earlier save is untouched
    expect(JSON.parse(local.data.get(AUTOSAVE_KEY)!).name).toBe('small');
    // closing now would lose the big scenario, unless it is exported
    expect(a.wouldLose(big)).toBe(true);
    a.noteExported(big);
    expect(a.wouldLose(big)).toBe(false);
    // a save that fits again takes the notice away and says so
    expect(a.save(withName('small again'))).toBe('saved');
    expect(out.notices).toEqual([]);
    expect(out.toasts.at(-1)).toMatch(/Autosave works again/);
  });

  it('storage blocked: says once that autosave is off, offers Export, and guards unsaved edits', () => {
    const out = sink();
    const a = new Autosaver(NO_STORAGE, NO_STORAGE, 'the browser does not allow this page to store data', () => out.s);
    const opened = withName('opened');
    a.start(opened);
    expect(out.notices).toHaveLength(1);
    expect(out.notices[0]).toMatchObject({ kind: 'info', key: AUTOSAVE_NOTICE, canExport: true });
    expect(out.notices[0]!.title).toMatch(/Autosave is off/);
    for (let i = 0; i < 5; i++) expect(a.save(withName(`edit ${i}`))).toBe('blocked');
    expect(out.notices).toHaveLength(1);
    // what it opened with can be opened again; an edit cannot
    expect(a.wouldLose(opened)).toBe(false);
    expect(a.wouldLose(withName('edited'))).toBe(true);
  });

  it('only a valid scenario is autosaved; an invalid one is a draft in the history beside it', () => {
    const local = quotaStore(1e6);
    const a = new Autosaver(local, NO_STORAGE, null, () => sink().s);
    const good = withName('good');
    a.start(good);
    a.save(good);
    const bad = { ...good, links: [{ ...good.links[0]!, rate: 'CoDel' }, ...good.links.slice(1)] };
    expect(a.save(bad)).toBe('saved');
    expect(JSON.parse(local.data.get(AUTOSAVE_KEY)!)).toEqual(good);
    const [entry] = a.history.list();
    expect(a.history.read(entry!.id)).toEqual(good);
    expect(a.history.read(entry!.id, 'draft')).toEqual(bad);
    expect(entry!.draftProblem).toMatch(/^links\[0\]\.rate: /);
  });

  it('a lab started after a draft says the draft was not opened and offers Recent work', () => {
    const local = quotaStore(1e6);
    const first = new Autosaver(local, NO_STORAGE, null, () => sink().s);
    first.save(withName('good'));
    first.save({ ...withName('good'), duration: '-3s' });
    const out = sink();
    const again = new Autosaver(local, NO_STORAGE, null, () => out.s);
    again.start(withName('good'));
    expect(out.notices).toHaveLength(1);
    expect(out.notices[0]).toMatchObject({ key: 'draft', canOpenRecent: true });
    expect(out.notices[0]!.issues[0]!.message).toMatch(/^duration: /);
  });

  it('opening something else keeps what the tab had, with the edit made just before', () => {
    const local = quotaStore(1e6);
    const a = new Autosaver(local, NO_STORAGE, null, () => sink().s);
    a.save(withName('lecture'));
    a.opening(withName('lecture, edited within the autosave delay'), withName('from a link'));
    expect(a.history.list().map((e) => e.name)).toEqual(['from a link', 'lecture, edited within the autosave delay']);
  });
});
