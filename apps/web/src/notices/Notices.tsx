/** Error and information banners (bad links, bad files), each listing the fields at fault. */
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { parseScenarioJson } from '../codec/scenarioFile';
import { clipMessage, clipText, PATH_CHARS } from '../clipText';
import { exportScenarioFile } from '../share/exportScenario';
import { recentStore } from '../share/RecentWork';

export function Notices() {
  const lab = useLab();
  const notices = useStore(lab.ui, (s) => s.notices);
  const toast = useStore(lab.ui, (s) => s.toast);
  const shareUrl = useStore(lab.ui, (s) => s.lastShareUrl);
  const restore = (id: number) => {
    const text = lab.autosave.backupText();
    const r = text ? parseScenarioJson(text, 'backup') : null;
    if (r?.ok) {
      lab.scenario.getState().replace(r.scenario);
      lab.ui.getState().dismissNotice(id);
      lab.ui.getState().showToast('Your earlier work is back.');
      return;
    }
    lab.ui.getState().pushNotice({
      kind: 'error',
      key: 'restore',
      title: 'The earlier work could not be brought back; the current scenario is unchanged.',
      issues: r ? r.issues : [{ path: '(backup)', message: 'this browser no longer holds it' }],
    });
  };
  return (
    <>
      <div className="notices" aria-live="assertive">
        {notices.map((n) => (
          <div key={n.id} className={`notice notice-${n.kind}`} role="alert" data-testid="notice" data-notice={n.key}>
            <div className="notice-body">
              <strong>{n.title}</strong>
              {n.issues.length > 0 && (
                <ul>
                  {n.issues.slice(0, 8).map((i, k) => (
                    <li key={k}>
                      <code>{clipText(i.path, PATH_CHARS)}</code>: {clipMessage(i.message)}
                    </li>
                  ))}
                  {n.issues.length > 8 && <li>… and {n.issues.length - 8} more</li>}
                </ul>
              )}
            </div>
            <div className="notice-actions">
              {n.canExport && (
                <button
                  type="button"
                  className="btn btn-small"
                  data-testid="notice-export"
                  onClick={() => exportScenarioFile(lab)}
                  title="Download the scenario as a JSON file"
                >
                  Export
                </button>
              )}
              {n.canOpenRecent && (
                <button
                  type="button"
                  className="btn btn-small"
                  data-testid="notice-recent"
                  onClick={() => {
                    recentStore.setState({ open: true });
                    lab.ui.getState().dismissNotice(n.id);
                  }}
                >
                  Recent work…
                </button>
              )}
              {n.canRestoreBackup && (
                <button
                  type="button"
                  className="btn btn-small"
                  data-testid="restore-backup"
                  onClick={() => restore(n.id)}
                >
                  Restore my earlier work
                </button>
              )}
              <button
                type="button"
                className="btn btn-small"
                aria-label="Dismiss"
                onClick={() => lab.ui.getState().dismissNotice(n.id)}
              >
                Dismiss
              </button>
            </div>
          </div>
        ))}
      </div>
      {toast && (
        <div className="toast" role="status" data-testid="toast">
          {toast.text}
          {shareUrl && toast.text.startsWith('The browser') && (
            <input
              className="share-url"
              readOnly
              value={shareUrl}
              onFocus={(e) => e.target.select()}
              aria-label="Share link"
            />
          )}
        </div>
      )}
    </>
  );
}
