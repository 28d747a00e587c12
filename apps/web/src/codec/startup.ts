/**
 * Which scenario the lab opens with: a reload of this tab reopens the tab's own latest work; then
 * a scenario link wins, then autosaved work, then the built-in dumbbell. A damaged link or save is
 * reported, never silently dropped; the work it would have replaced is backed up first.
 */
import { defaultScenario, type ScenarioInput, type ScenarioIssue } from '@cclab/engine';
import { backupSaved, loadSavedText, loadTabRecord, NO_STORAGE, type KeyValueStore } from './autosave';
import { checkScenario, parseScenarioJson, type ScenarioLoad } from './scenarioFile';
import { decodeScenario, scenarioParam } from './urlCodec';

export interface Notice {
  kind: 'error' | 'info';
  title: string;
  issues: ScenarioIssue[];
  /** Offer to restore the backup of earlier work. */
  canRestoreBackup?: boolean;
  /** Offer to export the current scenario to a file (when it cannot be kept otherwise). */
  canExport?: boolean;
  /** Offer to open Recent work (the history of the user's scenarios). */
  canOpenRecent?: boolean;
  /** Notices with the same key replace each other (one autosave notice, one worker notice). */
  key?: string;
}

export interface Startup {
  scenario: ScenarioInput;
  source: 'link' | 'autosave' | 'default' | 'reload';
  notice: Notice | null;
  /** The link should be removed from the address bar (it was consumed or damaged). */
  clearHash: boolean;
}

/** The scenario in a link's data, checked; or the issues (a damaged link is one issue at `(link)`). */
export function readLink(param: string): ScenarioLoad {
  const decoded = decodeScenario(param);
  if (!decoded.ok) return { ok: false, issues: [{ path: '(link)', message: decoded.error }] };
  return checkScenario(decoded.value);
}

export function chooseStartup(hash: string, store: KeyValueStore, tabStore: KeyValueStore = NO_STORAGE): Startup {
  const param = scenarioParam(hash);
  // A reload: the address bar holds a link this tab wrote there (or nothing), so the tab's own
  // record, saved on every autosave and when the page is hidden, is as new or newer. (The link
  // before the latest counts too: see TabRecord.)
  const tab = loadTabRecord(tabStore);
  if (tab && (param === null || tab.params.includes(param))) {
    const checked = checkScenario(tab.scenario);
    if (checked.ok) return { scenario: checked.scenario, source: 'reload', notice: null, clearHash: false };
  }
  if (param !== null) {
    const checked = readLink(param);
    if (checked.ok) {
      backupSaved(store);
      return { scenario: checked.scenario, source: 'link', notice: null, clearHash: false };
    }
    const issues = checked.issues;
    const hadSave = loadSavedText(store) !== null;
    backupSaved(store);
    return {
      scenario: defaultScenario(),
      source: 'default',
      clearHash: true,
      notice: {
        kind: 'error',
        title: 'This link does not hold a usable scenario, so the default scenario was opened.',
        issues,
        canRestoreBackup: hadSave,
      },
    };
  }
  const saved = loadSavedText(store);
  if (saved !== null) {
    const r = parseScenarioJson(saved, 'autosave');
    if (r.ok) return { scenario: r.scenario, source: 'autosave', notice: null, clearHash: false };
    backupSaved(store);
    return {
      scenario: defaultScenario(),
      source: 'default',
      clearHash: false,
      notice: {
        kind: 'error',
        title: 'Your autosaved work could not be read, so the default scenario was opened. A copy was kept.',
        issues: r.issues,
        canRestoreBackup: false,
      },
    };
  }
  return { scenario: defaultScenario(), source: 'default', notice: null, clearHash: false };
}
