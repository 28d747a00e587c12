/**
 * Local autosave of the working scenario. A previous save is kept as a backup whenever the lab
 * starts on something else (a link, the default after a bad link), so nothing is lost.
 *
 * Storage may be missing altogether: a browser that blocks site data throws on the very access to
 * `window.localStorage`, a private window may refuse every write, and a full quota refuses a
 * large save. Nothing here throws; every failure is returned so the lab can say what happened.
 */
import type { ScenarioInput } from '@cclab/engine';

export const AUTOSAVE_KEY = 'cclab:scenario:v1';
export const BACKUP_KEY = 'cclab:scenario:backup:v1';
/** This tab's own latest scenario (session storage), for reloads of this tab. */
export const TAB_KEY = 'cclab:tab:v1';

export interface KeyValueStore {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
}

/**
 * Why a save did not happen: the quota is full, storage is not usable at all, or the scenario
 * could not be written as text (JSON.stringify throws on values nested too deeply).
 */
export type SaveResult = 'saved' | 'full' | 'blocked' | 'unwritable';

/** A store that holds nothing (storage unavailable): reads find nothing, writes are refused. */
export const NO_STORAGE: KeyValueStore = {
  getItem: () => null,
  setItem: () => {
    throw new Error('storage is not available');
  },
  removeItem: () => {},
};

export interface OpenedStorage {
  store: KeyValueStore;
  /** Null when the store works; otherwise what went wrong, for the notice. */
  problem: string | null;
}

const PROBE_KEY = 'cclab:probe';

/**
 * Opens `window.localStorage` or `window.sessionStorage` (passed as a getter, since reading the
 * property itself throws where site data is blocked) and checks that it accepts a write.
 */
export function openStorage(get: () => Storage | null | undefined): OpenedStorage {
  let s: Storage | null | undefined;
  try {
    s = get();
  } catch (e) {
    return { store: NO_STORAGE, problem: `the browser does not allow this page to store data (${errorName(e)})` };
  }
  if (!s) return { store: NO_STORAGE, problem: 'this browser has no local storage' };
  try {
    s.setItem(PROBE_KEY, '1');
    s.removeItem(PROBE_KEY);
  } catch (e) {
    // A full store still reads; only a refused probe on an empty quota means "blocked".
    if (isQuotaError(e)) return { store: s, problem: null };
    return { store: NO_STORAGE, problem: `the browser refuses to store data for this page (${errorName(e)})` };
  }
  return { store: s, problem: null };
}

export function isQuotaError(e: unknown): boolean {
  if (typeof DOMException !== 'undefined' && e instanceof DOMException) {
    // Chromium and WebKit: QuotaExceededError (legacy code 22); Firefox: NS_ERROR_DOM_QUOTA_REACHED (1014).
    return (
      e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22 || e.code === 1014
    );
  }
  return (e as { name?: unknown } | null)?.name === 'QuotaExceededError';
}

function errorName(e: unknown): string {
  return (e as { name?: unknown } | null)?.name ? String((e as { name: unknown }).name) : String(e);
}

function write(store: KeyValueStore, key: string, text: string | (() => string)): SaveResult {
  let t: string;
  try {
    t = typeof text === 'string' ? text : text();
  } catch {
    return 'unwritable';
  }
  try {
    store.setItem(key, t);
    return 'saved';
  } catch (e) {
    return isQuotaError(e) ? 'full' : 'blocked';
  }
}

export function saveScenario(store: KeyValueStore, s: ScenarioInput): SaveResult {
  return write(store, AUTOSAVE_KEY, () => JSON.stringify(s));
}

export function loadSavedText(store: KeyValueStore, key = AUTOSAVE_KEY): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

/** Copies the current autosave to the backup slot (before something else replaces it). */
export function backupSaved(store: KeyValueStore): void {
  const t = loadSavedText(store);
  if (t !== null) write(store, BACKUP_KEY, t);
}

/**
 * What this tab last had: its scenario and the links it last wrote into the address bar. A
 * reload of the tab reopens the scenario even when the address bar (updated a moment after each
 * edit) is older.
 *
 * Two links, not one: a reload the browser starts (its reload button, a test driver) takes the
 * address it holds at that moment, while the page still runs until it is hidden. When the page
 * writes a new link in between, its record names the new link and the reloaded page gets the one
 * before (seen in Chromium: 10 in 50 reloads timed around the write). The address write comes
 * 600 ms after an edit, so one earlier link covers that gap.
 */
export interface TabRecord {
  /** The `s=` value this tab last put in the address bar (null: none). */
  param: string | null;
  /** The `s=` value it put there before that (null: none). */
  previous: string | null;
  scenario: ScenarioInput;
  /** The entry of the history of work the tab saves into (null: none yet). */
  entry?: string | null;
}

export function saveTabRecord(store: KeyValueStore, r: TabRecord): SaveResult {
  return write(store, TAB_KEY, () => JSON.stringify(r));
}

/**
 * The tab's record, if there is one that reads back (its scenario is validated by the caller):
 * the links this tab wrote (latest first) and its scenario.
 */
export function loadTabRecord(
  store: KeyValueStore,
): { params: string[]; scenario: unknown; entry: string | null } | null {
  const t = loadSavedText(store, TAB_KEY);
  if (t === null) return null;
  try {
    const v = JSON.parse(t) as unknown;
    if (typeof v !== 'object' || v === null || !('scenario' in v)) return null;
    const { param, previous, entry } = v as { param?: unknown; previous?: unknown; entry?: unknown };
    const params = [param, previous].filter((p): p is string => typeof p === 'string');
    return { params, scenario: (v as { scenario: unknown }).scenario, entry: typeof entry === 'string' ? entry : null };
  } catch {
    return null;
  }
}

/** This tab's id (session storage keeps it across reloads of the tab; a new tab gets a new one). */
export const TAB_ID_KEY = 'cclab:tab:id:v1';

export function tabId(store: KeyValueStore, fresh: () => string): string {
  const had = loadSavedText(store, TAB_ID_KEY);
  if (had !== null && /^[A-Za-z0-9-]{1,64}$/.test(had)) return had;
  const id = fresh();
  write(store, TAB_ID_KEY, id);
  return id;
}
