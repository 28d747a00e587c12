import { describe, expect, it } from 'vitest';
import { defaultScenario } from '@cclab/engine';
import { AUTOSAVE_KEY, BACKUP_KEY, openStorage, TAB_KEY, type KeyValueStore } from './autosave';
import { chooseStartup } from './startup';
import { encodeScenario } from './urlCodec';

/** Storage as a browser that blocks site data gives it: touching `window.localStorage` throws. */
function blockedStorage(): Storage {
  throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied", 'SecurityError');
}

/** Storage that exists but refuses every write, as in some private windows. */
function refusingStorage(): Storage {
  const m = memory();
  return {
    ...m,
    length: 0,
    clear: () => {},
    key: () => null,
    setItem: () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  } as unknown as Storage;
}

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

  it('storage that throws on access: the lab still opens the default scenario and links, and says why', () => {
    const blocked = openStorage(blockedStorage);
    expect(blocked.problem).toMatch(/does not allow this page to store data \(SecurityError\)/);
    expect(chooseStartup('', blocked.store, blocked.store)).toMatchObject({ source: 'default', notice: null });
    const shared = { ...defaultScenario(), name: 'shared' };
    const r = chooseStartup(`#s=${encodeScenario(shared)}`, blocked.store, blocked.store);
    expect(r).toMatchObject({ source: 'link', notice: null });
    expect(r.scenario).toEqual(shared);
    const bad = chooseStartup('#s=%%%garbage', blocked.store, blocked.store);
    expect(bad.notice).toMatchObject({ kind: 'error', canRestoreBackup: false });
  });

  it('storage that refuses writes counts as blocked; a full store still counts as storage', () => {
    expect(openStorage(refusingStorage).problem).toMatch(/refuses to store data/);
    expect(openStorage(() => null).problem).toMatch(/no local storage/);
    const full = memory() as unknown as Storage;
    full.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    expect(openStorage(() => full)).toEqual({ store: full, problem: null });
  });

  it("a reload of this tab reopens the tab's own latest work, newer than the link in its address bar", () => {
    const older = { ...defaultScenario(), name: 'as in the address bar' };
    const newer = { ...defaultScenario(), name: 'edited just before the reload' };
    const param = encodeScenario(older);
    const tab = memory({ [TAB_KEY]: JSON.stringify({ param, scenario: newer }) });
    const store = memory({ [AUTOSAVE_KEY]: JSON.stringify(mine) });
    expect(chooseStartup(`#s=${param}`, store, tab)).toMatchObject({ source: 'reload', scenario: newer });
    expect(chooseStartup('', store, tab)).toMatchObject({ source: 'reload', scenario: newer });
    // any other link (pasted, shared) wins over the tab's record
    const other = { ...defaultScenario(), name: 'someone else’s link' };
    expect(chooseStartup(`#s=${encodeScenario(other)}`, store, tab)).toMatchObject({ source: 'link', scenario: other });
    // the link this tab wrote before its latest: a reload the browser started just before the
    // page wrote the new one (the page's record already names the new link)
    const raced = memory({
      [TAB_KEY]: JSON.stringify({ param: encodeScenario(newer), previous: param, scenario: newer }),
    });
    expect(chooseStartup(`#s=${param}`, store, raced)).toMatchObject({ source: 'reload', scenario: newer });
    expect(chooseStartup(`#s=${encodeScenario(other)}`, store, raced)).toMatchObject({
      source: 'link',
      scenario: other,
    });
    // an unusable record is passed over
    const broken = memory({ [TAB_KEY]: '{"param":' });
    expect(chooseStartup('', store, broken)).toMatchObject({ source: 'autosave', scenario: mine });
  });
});
