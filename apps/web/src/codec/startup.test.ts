import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@cclab/engine';
import { AUTOSAVE_KEY, BACKUP_KEY, type KeyValueStore } from './autosave';
import { chooseStartup } from './startup';
import { encodeScenario } from './urlCodec';

function memory(init: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...init };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
}

const mine = { ...defaultScenario(), name: 'mine' };

describe('which scenario the lab opens with', () => {
  it('first visit: the built-in dumbbell', () => {
    const r = chooseStartup('', memory());
    expect(r.source).toBe('default');
    expect(r.scenario.name).toBe('Two-flow dumbbell');
    expect(r.notice).toBeNull();
  });

  it('a reload: the autosaved work', () => {
    const r = chooseStartup('', memory({ [AUTOSAVE_KEY]: JSON.stringify(mine) }));
    expect(r).toMatchObject({ source: 'autosave', notice: null });
    expect(r.scenario).toEqual(mine);
  });

  it('a link wins over autosave, and the autosave is backed up', () => {
    const store = memory({ [AUTOSAVE_KEY]: JSON.stringify(mine) });
    const shared = { ...defaultScenario(), name: 'shared', seed: 42 };
    const r = chooseStartup(`#s=${encodeScenario(shared)}`, store);
    expect(r.source).toBe('link');
    expect(r.scenario).toEqual(shared);
    expect(JSON.parse(store.data[BACKUP_KEY]!)).toEqual(mine);
  });

  it('a damaged link: default scenario, a message, the earlier work offered back', () => {
    const store = memory({ [AUTOSAVE_KEY]: JSON.stringify(mine) });
    const r = chooseStartup('#s=%%%garbage', store);
    expect(r.source).toBe('default');
    expect(r.clearHash).toBe(true);
    expect(r.notice).toMatchObject({ kind: 'error', canRestoreBackup: true });
    expect(r.notice!.issues[0]!.path).toBe('(link)');
    expect(JSON.parse(store.data[BACKUP_KEY]!)).toEqual(mine);
  });

  it('a link with an invalid scenario names the field', () => {
    const bad = defaultScenario();
    bad.flows[0]!.start = 'soon';
    const r = chooseStartup(`#s=${encodeScenario(bad)}`, memory());
    expect(r.notice!.issues.map((i) => i.path)).toContain('flows[0].start');
  });

  it('an unreadable autosave is kept aside and reported', () => {
    const store = memory({ [AUTOSAVE_KEY]: '{"version":1,' });
    const r = chooseStartup('', store);
    expect(r.source).toBe('default');
    expect(r.notice?.title).toMatch(/autosaved work could not be read/);
    expect(store.data[BACKUP_KEY]).toBe('{"version":1,');
  });
});
