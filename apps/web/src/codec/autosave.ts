/**
 * Local autosave of the working scenario. A previous save is kept as a backup whenever the lab
 * starts on something else (a link, the default after a bad link), so nothing is lost.
 */
import type { ScenarioInput } from '@cclab/engine';

export const AUTOSAVE_KEY = 'cclab:scenario:v1';
export const BACKUP_KEY = 'cclab:scenario:backup:v1';

export interface KeyValueStore {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
}

export function saveScenario(store: KeyValueStore, s: ScenarioInput): boolean {
  try {
    store.setItem(AUTOSAVE_KEY, JSON.stringify(s));
    return true;
  } catch {
    return false; // quota or privacy mode: the lab keeps working without autosave
  }
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
  if (t !== null) {
    try {
      store.setItem(BACKUP_KEY, t);
    } catch {
      /* ignore */
    }
  }
}
