/**
 * Keeps the working scenario in the browser's storage and says so when it cannot: storage
 * blocked (the lab runs without it and says once that autosave is off), storage full (the save
 * fails, the scenario stays open in memory, and the notice offers Export to a file). A later
 * successful save takes the notice away again. Never throws.
 */
import { ScenarioError, validateScenario, type ScenarioInput } from '@cclab/engine';
import type { Notice } from '../codec/startup';
import { WorkHistory } from './workHistory';
import { withoutCamera } from '../state/scenarioStore';
import {
  BACKUP_KEY,
  loadSavedText,
  saveScenario,
  saveTabRecord,
  type KeyValueStore,
  type SaveResult,
} from '../codec/autosave';

export const AUTOSAVE_NOTICE = 'autosave';

export interface NoticeSink {
  pushNotice(n: Notice): void;
  dismissKey(key: string): void;
  showToast(text: string): void;
}

export class Autosaver {
  /** The scenario (without camera) this tab last wrote as the newest valid work. */
  private lastAutosaved: string | null = null;
  /** The result of the latest save ('saved' until one fails). */
  private last: SaveResult = 'saved';
  /** The scenario the user could get back after closing the tab (saved, exported, or opened from somewhere). */
  private kept: ScenarioInput | null = null;
  /** The link data this tab last put in the address bar. */
  private addressParam: string | null = null;
  /** The link data it put there before that (a reload may still take it: see TabRecord). */
  private previousParam: string | null = null;

  constructor(
    private readonly local: KeyValueStore,
    private readonly tab: KeyValueStore,
    /** Why storage is unusable (null: it works). */
    readonly problem: string | null,
    private readonly notices: () => NoticeSink,
    /** The history of work ("Recent work"): every scenario the user had, kept before another replaces it. */
    readonly history: WorkHistory = new WorkHistory(local, 'tab'),
    resumeEntry: string | null = null,
  ) {
    history.resume(resumeEntry);
  }

  get available(): boolean {
    return this.problem === null;
  }

  /**
   * Notes the scenario the lab opened with, says once if autosave is off, and says when the latest
   * work in the history is a draft that did not validate (the last valid version was opened).
   */
  start(opened: ScenarioInput): void {
    this.kept = opened;
    if (this.problem === null) {
      const latest = this.history.list()[0];
      if (latest && latest.draftAt !== null)
        this.notices().pushNotice({
          kind: 'info',
          key: 'draft',
          title: `Your latest edit of “${latest.name}” did not make a valid scenario, so it was not opened. It is kept as a draft in Recent work.`,
          issues: latest.draftProblem ? [{ path: '(draft)', message: latest.draftProblem }] : [],
          canOpenRecent: true,
        });
      return;
    }
    this.last = 'blocked';
    this.notices().pushNotice({
      kind: 'info',
      key: AUTOSAVE_NOTICE,
      title:
        'Autosave is off: this browser does not let the lab store data. Your work stays open in this tab; use Export to keep it in a file.',
      issues: [{ path: '(storage)', message: this.problem }],
      canExport: true,
    });
  }

  /**
   * Saves the store's `scenario` as `serialized` (the same with its camera) to local storage and
   * to this tab's record.
   */
  save(scenario: ScenarioInput, serialized: ScenarioInput = scenario): SaveResult {
    if (this.problem !== null) return 'blocked';
    const s = serialized;
    // only a valid scenario is autosaved; one that is not goes into the history as a draft beside it
    const problem = firstProblem(s);
    const kept = this.history.save(s, problem);
    saveTabRecord(this.tab, {
      param: this.addressParam,
      previous: this.previousParam,
      scenario: s,
      entry: this.history.currentId,
    });
    // the newest valid work (what a new tab opens) is the one a tab opened or changed last, not the
    // one of the tab closed last (a save when the page is hidden writes nothing new)
    const key = problem === null ? JSON.stringify(withoutCamera(s)) : null;
    const r =
      kept !== 'saved' ? kept : key !== null && key !== this.lastAutosaved ? saveScenario(this.local, s) : 'saved';
    if (r === 'saved' && key !== null) this.lastAutosaved = key;
    const before = this.last;
    this.last = r;
    if (r === 'saved') {
      this.kept = scenario;
      if (before !== 'saved') {
        this.notices().dismissKey(AUTOSAVE_NOTICE);
        this.notices().showToast('Autosave works again: your scenario is saved in this browser.');
      }
    } else if (before === 'saved') {
      const size = r === 'full' ? `${Math.ceil(JSON.stringify(s).length / 1024)} KB` : '';
      this.notices().pushNotice({
        kind: 'error',
        key: AUTOSAVE_NOTICE,
        title:
          'Autosave failed, so the latest changes are not saved in this browser. Your scenario is still open here; export it to a file to keep it.',
        issues: [
          {
            path: '(storage)',
            message:
              r === 'full'
                ? `the browser's storage for this page is full (the scenario needs ${size})`
                : r === 'unwritable'
                  ? 'the scenario could not be written as text (a value in it is nested too deeply)'
                  : 'the browser refused to store the scenario',
          },
        ],
        canExport: true,
      });
    }
    return r;
  }

  /**
   * The tab opens another scenario (a link, a file, a preset, a reproduction, an exercise, a new
   * network): `last` (the one it had, with its camera) is saved into the history first and closed
   * there, so it stays in Recent work; `next` (the one opened, with its camera) is saved at once.
   */
  opening(last: ScenarioInput, next: ScenarioInput): void {
    if (this.problem !== null) return;
    this.history.closeCurrent(last, firstProblem(last));
    // the newly opened scenario is kept at once: an edit right after opening does not wait for it
    this.save(next);
  }

  /** Remembers the link this tab wrote into the address bar (a reload with it reopens this tab's work). */
  noteAddress(param: string | null): void {
    if (param === this.addressParam) return;
    this.previousParam = this.addressParam;
    this.addressParam = param;
  }

  /** The link data this tab last put in the address bar. */
  get address(): string | null {
    return this.addressParam;
  }

  /** The scenario was exported to a file: it is kept. */
  noteExported(s: ScenarioInput): void {
    this.kept = s;
  }

  /** Whether closing the tab now would lose `current` (autosave not working and not exported since). */
  wouldLose(current: ScenarioInput): boolean {
    return this.last !== 'saved' && this.kept !== current;
  }

  backupText(): string | null {
    return loadSavedText(this.local, BACKUP_KEY);
  }
}

/** The scenario's first validation problem ("links[0].rate: …"), or null when it is valid. */
export function firstProblem(s: ScenarioInput): string | null {
  try {
    validateScenario(s);
    return null;
  } catch (e) {
    if (e instanceof ScenarioError && e.issues[0]) return `${e.issues[0].path}: ${e.issues[0].message}`;
    return (e as Error).message;
  }
}
