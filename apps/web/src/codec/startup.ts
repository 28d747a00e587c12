/**
 * Which scenario the lab opens with: a scenario link wins, then autosaved work, then the built-in
 * dumbbell. A damaged link or save is reported, never silently dropped; the work it would have
 * replaced is backed up first.
 */
import { defaultScenario, type ScenarioInput, type ScenarioIssue } from '@cclab/engine';
import { backupSaved, loadSavedText, type KeyValueStore } from './autosave';
import { checkScenario, parseScenarioJson } from './scenarioFile';
import { decodeScenario, scenarioParam } from './urlCodec';

export interface Notice {
  kind: 'error' | 'info';
  title: string;
  issues: ScenarioIssue[];
  /** Offer to restore the backup of earlier work. */
  canRestoreBackup?: boolean;
}

export interface Startup {
  scenario: ScenarioInput;
  source: 'link' | 'autosave' | 'default';
  notice: Notice | null;
  /** The link should be removed from the address bar (it was consumed or damaged). */
  clearHash: boolean;
}

export function chooseStartup(hash: string, store: KeyValueStore): Startup {
  const param = scenarioParam(hash);
  if (param !== null) {
    const decoded = decodeScenario(param);
    const checked = decoded.ok ? checkScenario(decoded.value) : null;
    if (checked?.ok) {
      backupSaved(store);
      return { scenario: checked.scenario, source: 'link', notice: null, clearHash: false };
    }
    const issues = !decoded.ok
      ? [{ path: '(link)', message: decoded.error }]
      : checked && !checked.ok
        ? checked.issues
        : [];
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
