/**
 * The local history of the user's work ("Recent work"): the last scenarios the user had open, each
 * with its name, when it was last saved, a one-line summary and the tab it came from, bounded in
 * number and in size. Every tab keeps its own current entry, updated at each autosave; when the tab
 * opens something else (a link, a file, a preset, a reproduction, an exercise, a new network) its
 * entry is closed and stays in the list, and a new one starts. So no open replaces work, and two
 * tabs never overwrite each other's.
 *
 * Only a scenario that validates is kept as an entry's scenario; one that does not (an edit in
 * progress, an exercise answer gone wrong) is kept as the entry's draft beside the last valid one,
 * never instead of it.
 *
 * Storage (local storage, one key an entry so a save writes one scenario, not the whole list): an
 * index of metadata under HISTORY_INDEX_KEY, each scenario under `cclab:work:<id>` and its draft
 * under `cclab:work:<id>:draft`. Nothing here throws: a failed write is returned.
 */
import type { ScenarioInput } from '@cclab/engine';
import { isQuotaError, type KeyValueStore, type SaveResult } from '../codec/autosave';
import { withoutCamera } from '../state/scenarioStore';

export const HISTORY_INDEX_KEY = 'cclab:work:index:v1';
/** At most this many entries are kept (oldest dropped first). */
export const HISTORY_MAX_ENTRIES = 50;
/** At most this many characters of scenario JSON in all (oldest entries dropped first). */
export const HISTORY_MAX_CHARS = 3_000_000;

export interface HistoryEntry {
  id: string;
  /** The tab that made it (its current entry while that tab keeps working on it). */
  tab: string;
  name: string;
  /** One line: nodes, links, flows, duration. */
  summary: string;
  /** When its scenario was last saved (ms since the epoch). */
  savedAt: number;
  /** Characters of its scenario JSON, for the size bound. */
  chars: number;
  /** Characters of its draft's JSON (0: none). */
  draftChars: number;
  /** A hash of its scenario JSON: two entries with the same scenario are one. */
  hash: string;
  /** When a draft that did not validate was saved after the scenario (null: none). */
  draftAt: number | null;
  /** The draft's first problem, for the list ("links[0].rate: …"). */
  draftProblem: string | null;
}

const payloadKey = (id: string) => `cclab:work:${id}`;
const draftKey = (id: string) => `cclab:work:${id}:draft`;

/** FNV-1a of a string, as 8 hex digits (enough to tell scenarios apart in a list of 50). */
export function textHash(t: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < t.length; i++) {
    h ^= t.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** "6 nodes · 5 links · 2 flows · 60 s". */
export function summaryLine(s: ScenarioInput): string {
  const n = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
  const nodes = Array.isArray(s.nodes) ? s.nodes.length : 0;
  const links = Array.isArray(s.links) ? s.links.length : 0;
  const flows = Array.isArray(s.flows) ? s.flows.length : 0;
  const dur = typeof s.duration === 'number' ? `${s.duration} s` : String(s.duration ?? '').replace(/\s+/g, ' ');
  return [n(nodes, 'node'), n(links, 'link'), n(flows, 'flow'), dur].filter(Boolean).join(' · ');
}

function readIndex(store: KeyValueStore): HistoryEntry[] {
  let text: string | null;
  try {
    text = store.getItem(HISTORY_INDEX_KEY);
  } catch {
    return [];
  }
  if (text === null) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function isEntry(v: unknown): v is HistoryEntry {
  const e = v as Partial<HistoryEntry> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.id === 'string' &&
    typeof e.tab === 'string' &&
    typeof e.savedAt === 'number' &&
    typeof e.chars === 'number'
  );
}

function writeKey(store: KeyValueStore, key: string, text: string): SaveResult {
  try {
    store.setItem(key, text);
    return 'saved';
  } catch (e) {
    return isQuotaError(e) ? 'full' : 'blocked';
  }
}

function removeKey(store: KeyValueStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    /* nothing to do */
  }
}

export class WorkHistory {
  /** This tab's current entry (null until its first save, and after it opened something else). */
  private current: string | null = null;
  /** Whether the latest `save` changed what is kept (false: the same scenario again). */
  changed = false;
  /** The last valid scenario this tab saved (a draft's entry keeps it as its scenario). */
  private lastValid: { text: string; hash: string; name: string; summary: string } | null = null;

  constructor(
    private readonly store: KeyValueStore,
    /** This tab's id (kept in session storage across reloads of the tab). */
    readonly tab: string,
    private readonly now: () => number = () => Date.now(),
    private readonly newId: () => string = () => `${now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  ) {}

  /** Entries, most recently saved first. */
  list(): HistoryEntry[] {
    return readIndex(this.store).sort(
      (a, b) => Math.max(b.savedAt, b.draftAt ?? 0) - Math.max(a.savedAt, a.draftAt ?? 0),
    );
  }

  /** The entry this tab is saving into, if any. */
  get currentId(): string | null {
    return this.current;
  }

  /** Continues an entry (a reload of this tab goes on saving into the entry it had). */
  resume(id: string | null): void {
    this.current = id !== null && readIndex(this.store).some((e) => e.id === id) ? id : null;
  }

  /**
   * Saves this tab's scenario into its current entry (a new one if it has none). `problem` null:
   * the scenario validates and becomes the entry's scenario (a draft is dropped); otherwise it is
   * kept as the entry's draft and the entry's scenario stays the last valid one.
   */
  save(s: ScenarioInput, problem: string | null): SaveResult {
    let text: string;
    try {
      text = JSON.stringify(s);
    } catch {
      return 'unwritable';
    }
    const index = readIndex(this.store);
    let entry = this.current ? index.find((e) => e.id === this.current) : undefined;
    const t = this.now();
    if (problem !== null) {
      this.changed = true;
      if (!entry) {
        // a new entry: with the last valid scenario this tab had, or (none) only the draft
        entry = this.fresh(s, text, t);
        const valid = this.lastValid;
        if (valid && writeKey(this.store, payloadKey(entry.id), valid.text) === 'saved') {
          Object.assign(entry, {
            name: valid.name,
            summary: valid.summary,
            chars: valid.text.length,
            hash: valid.hash,
          });
        } else Object.assign(entry, { savedAt: 0, chars: 0, hash: '' });
        index.push(entry);
      }
      const r = writeKey(this.store, draftKey(entry.id), text);
      if (r !== 'saved') return r;
      entry.draftAt = t;
      entry.draftChars = text.length;
      entry.draftProblem = problem.slice(0, 300);
      entry.name = displayName(s);
      return this.writeIndex(index, entry.id);
    }
    // the camera (view.transform) is not the work: the same network seen from elsewhere is the same entry
    const hash = textHash(JSON.stringify(withoutCamera(s)));
    this.lastValid = { text, hash, name: displayName(s), summary: summaryLine(s) };
    // saved again unchanged (the page hidden, a reload): nothing to write, and it does not become
    // newer than work changed since in another tab
    this.changed = !entry || entry.hash !== hash || entry.draftAt !== null;
    if (!this.changed) return 'saved';
    // a scenario already kept as it is (a new tab opened the newest work, another tab's copy of
    // this one): nothing new to keep; an entry starts when it changes (never another tab's entry)
    if (!entry && index.some((e) => e.hash === hash && e.draftAt === null)) {
      this.changed = false;
      return 'saved';
    }
    if (!entry) {
      entry = this.fresh(s, text, t);
      index.push(entry);
    }
    const r = writeKey(this.store, payloadKey(entry.id), text);
    if (r !== 'saved') return r;
    if (entry.draftAt !== null) removeKey(this.store, draftKey(entry.id));
    Object.assign(entry, {
      name: displayName(s),
      summary: summaryLine(s),
      savedAt: t,
      chars: text.length,
      hash,
      draftAt: null,
      draftChars: 0,
      draftProblem: null,
    });
    // the same scenario kept twice is one entry: the older copy goes (not another tab's current work)
    const dupes = index.filter((e) => e.id !== entry.id && e.hash === hash && e.draftAt === null);
    for (const d of dupes) this.drop(index, d.id);
    return this.writeIndex(index, entry.id);
  }

  /**
   * This tab opens something else: its current entry is closed (it stays in the list) and the next
   * save starts a new one. `last` is the scenario as it was just before (saved first, so an edit
   * made within the autosave delay is not lost); `problem` as for `save`.
   */
  closeCurrent(last: ScenarioInput | null, problem: string | null): SaveResult {
    const r = last ? this.save(last, problem) : 'saved';
    this.current = null;
    this.lastValid = null;
    return r;
  }

  /** An entry's scenario (or its draft), parsed; null when it is gone or unreadable. */
  read(id: string, which: 'scenario' | 'draft' = 'scenario'): unknown {
    let text: string | null;
    try {
      text = this.store.getItem(which === 'draft' ? draftKey(id) : payloadKey(id));
    } catch {
      return null;
    }
    if (text === null) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }

  /** Removes an entry (the user deleted it from the list). */
  remove(id: string): void {
    const index = readIndex(this.store);
    this.drop(index, id);
    if (this.current === id) this.current = null;
    this.writeIndex(index, null);
  }

  private fresh(s: ScenarioInput, text: string, t: number): HistoryEntry {
    const id = this.newId();
    this.current = id;
    return {
      id,
      tab: this.tab,
      name: displayName(s),
      summary: summaryLine(s),
      savedAt: t,
      chars: text.length,
      hash: textHash(JSON.stringify(withoutCamera(s))),
      draftAt: null,
      draftChars: 0,
      draftProblem: null,
    };
  }

  private drop(index: HistoryEntry[], id: string): void {
    const i = index.findIndex((e) => e.id === id);
    if (i < 0) return;
    index.splice(i, 1);
    removeKey(this.store, payloadKey(id));
    removeKey(this.store, draftKey(id));
  }

  /** Writes the index, first dropping the oldest entries beyond the bounds (never `keep`). */
  private writeIndex(index: HistoryEntry[], keep: string | null): SaveResult {
    const byAge = [...index].sort((a, b) => Math.max(a.savedAt, a.draftAt ?? 0) - Math.max(b.savedAt, b.draftAt ?? 0));
    const size = (e: HistoryEntry) => e.chars + (e.draftChars ?? 0);
    let chars = index.reduce((n, e) => n + size(e), 0);
    let count = index.length;
    for (const e of byAge) {
      if (count <= HISTORY_MAX_ENTRIES && chars <= HISTORY_MAX_CHARS) break;
      if (e.id === keep) continue;
      chars -= size(e);
      count--;
      this.drop(index, e.id);
    }
    return writeKey(this.store, HISTORY_INDEX_KEY, JSON.stringify(index));
  }
}

function displayName(s: ScenarioInput): string {
  const n = typeof s.name === 'string' && s.name.trim() !== '' ? s.name.trim() : 'Untitled scenario';
  return n.length > 120 ? `${n.slice(0, 119)}…` : n;
}
