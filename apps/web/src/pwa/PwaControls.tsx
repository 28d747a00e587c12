/** The header's Install button and the "new version available" notice (pwaStore.ts). */
import { useStore } from 'zustand';
import { acceptUpdate, promptInstall, pwaStore } from './pwaStore';
import './pwa.css';

export function InstallButton() {
  const prompt = useStore(pwaStore, (s) => s.installPrompt);
  if (!prompt) return null;
  return (
    <button
      type="button"
      className="btn install-app"
      data-testid="install-app"
      title="Install cclab as an app: it opens in its own window and works offline"
      onClick={() => promptInstall(pwaStore)}
    >
      Install
    </button>
  );
}

export function UpdateNotice() {
  const waiting = useStore(pwaStore, (s) => s.waiting);
  if (!waiting) return null;
  return (
    <div className="update-notice" role="status" data-testid="update-notice">
      <span>A new version of cclab is available.</span>
      <button
        type="button"
        className="btn btn-small"
        data-testid="update-reload"
        onClick={() => acceptUpdate(pwaStore)}
      >
        Reload
      </button>
    </div>
  );
}
