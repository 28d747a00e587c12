/**
 * "Recent work": the history of the user's scenarios in this browser (share/workHistory.ts), newest
 * first, each with its name, when it was saved, the tab it came from and a summary line, to open
 * again in one click (undoable, like any open; what is open now goes into the list first). A draft
 * that did not validate is listed with its problem and can be opened to go on fixing it.
 * Reached from the scenario menu's Open… list ("Recent work…") and from the notice a lab shows
 * when it did not open the latest draft.
 */
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { useStore } from 'zustand';
import type { ScenarioInput } from '@cclab/engine';
import { useLab } from '../lab';
import { checkScenario } from '../codec/scenarioFile';
import { clipText } from '../clipText';
import type { HistoryEntry } from './workHistory';

export const recentStore = create<{ open: boolean }>(() => ({ open: false }));

const PANEL_ID = 'recent-work-panel';

/** "today 10:42", "yesterday 18:03", "3 Nov 09:15". */
export function whenText(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const day = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const days = Math.round((day(new Date(now)) - day(d)) / 86_400_000);
  if (days === 0) return `today ${time}`;
  if (days === 1) return `yesterday ${time}`;
  return `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}

/** A draft is the editor's own work in progress: it must at least have the scenario's shape. */
function asDraft(v: unknown): ScenarioInput | null {
  const s = v as Partial<ScenarioInput> | null;
  return typeof s === 'object' &&
    s !== null &&
    Array.isArray(s.nodes) &&
    Array.isArray(s.links) &&
    Array.isArray(s.flows) &&
    (typeof s.duration === 'string' || typeof s.duration === 'number')
    ? (s as ScenarioInput)
    : null;
}

export function RecentWorkPanel() {
  const lab = useLab();
  const open = useStore(recentStore, (s) => s.open);
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const history = lab.autosave.history;
  useEffect(() => {
    if (!open) return;
    const refresh = () => setEntries(history.list());
    refresh();
    // other tabs save too
    window.addEventListener('storage', refresh);
    const t = setInterval(refresh, 2000);
    return () => {
      window.removeEventListener('storage', refresh);
      clearInterval(t);
    };
  }, [open, history]);
  if (!open) return null;
  const close = () => recentStore.setState({ open: false });
  const openEntry = (e: HistoryEntry, which: 'scenario' | 'draft') => {
    const value = history.read(e.id, which);
    const ui = lab.ui.getState();
    if (which === 'draft') {
      const draft = asDraft(value);
      if (!draft) return ui.showToast('That draft can no longer be read.');
      lab.scenario.getState().replace(draft);
    } else {
      const r = value === null ? null : checkScenario(value);
      if (!r?.ok)
        return ui.pushNotice({
          kind: 'error',
          key: 'recent',
          title: `“${e.name}” could not be opened; the current scenario is unchanged.`,
          issues: r && !r.ok ? r.issues : [{ path: '(recent work)', message: 'this browser no longer holds it' }],
        });
      lab.scenario.getState().replace(r.scenario);
    }
    close();
    ui.showToast(
      `Opened “${clipText(e.name, 60)}” from Recent work. What you had is in the list too; Undo (Ctrl+Z) also brings it back.`,
    );
  };
  return (
    <section id={PANEL_ID} className="sweep-panel recent-panel" aria-label="Recent work" data-testid="recent-panel">
      <header className="sweep-head">
        <h2>Recent work</h2>
        <button type="button" className="btn btn-small" aria-label="Close Recent work" onClick={close}>
          ×
        </button>
      </header>
      <p className="sweep-help">
        The scenarios you had open in this browser, newest first: kept before a link, a file, a preset, an exercise or a
        new network replaced them, and from every tab. At most 50; the oldest go first.
      </p>
      {entries.length === 0 ? (
        <p className="muted">Nothing yet: your work appears here as soon as it is saved.</p>
      ) : (
        <ol className="recent-list">
          {entries.map((e) => (
            <li key={e.id} className="recent-entry" data-testid="recent-entry" data-entry={e.id}>
              <div className="recent-name">{clipText(e.name, 80)}</div>
              <div className="recent-meta muted small">
                {e.savedAt > 0 ? `saved ${whenText(e.savedAt)}` : 'never valid'} ·{' '}
                {e.tab === history.tab ? (e.id === history.currentId ? 'open in this tab' : 'this tab') : 'another tab'}
                {e.summary && <> · {e.summary}</>}
              </div>
              {e.draftAt !== null && (
                <div className="recent-draft small" data-testid="recent-draft">
                  Draft {whenText(e.draftAt)}, not valid
                  {e.draftProblem ? `: ${clipText(e.draftProblem, 160)}` : ''}
                </div>
              )}
              <div className="recent-actions">
                {e.savedAt > 0 && (
                  <button
                    type="button"
                    className="btn btn-small"
                    data-testid="recent-open"
                    aria-label={`Open ${e.name}`}
                    onClick={() => openEntry(e, 'scenario')}
                  >
                    Open
                  </button>
                )}
                {e.draftAt !== null && (
                  <button
                    type="button"
                    className="btn btn-small"
                    data-testid="recent-open-draft"
                    aria-label={`Open the draft of ${e.name}`}
                    onClick={() => openEntry(e, 'draft')}
                  >
                    Open draft
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={`Remove ${e.name} from Recent work`}
                  onClick={() => {
                    if (!window.confirm(`Remove “${e.name}” from Recent work? It cannot be brought back.`)) return;
                    history.remove(e.id);
                    setEntries(history.list());
                  }}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
