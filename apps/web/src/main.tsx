import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chooseStartup } from './codec/startup';
import { linkProblems } from './codec/linkProblems';
import { loadTabRecord, openStorage, tabId } from './codec/autosave';
import { scenarioParam } from './codec/urlCodec';
import { createLab, LabContext } from './lab';
import { App } from './App';
import { LabErrorBoundary } from './notices/LabErrorBoundary';
import { splitChoiceFromHash } from './compare/split/splitLink';
import { installDebugHandle } from './debugHandle';
import type { WorkerLike } from './worker/SimClient';
import { listenForInstallPrompt, pwaStore, registerServiceWorker } from './pwa/pwaStore';
import './styles/app.css';

// Reading `window.localStorage` throws where the browser blocks site data: the lab then runs
// without autosave (and says so) instead of failing to start.
const local = openStorage(() => window.localStorage);
const tab = openStorage(() => window.sessionStorage);
const startup = chooseStartup(location.hash, local.store, tab.store);
// an exercise, sweep or split view in the link that cannot be used is said, never silently dropped
const otherParts = linkProblems(location.hash);
if (startup.clearHash) history.replaceState(null, '', location.pathname + location.search);
const lab = createLab(
  startup.scenario,
  () => new Worker(new URL('./worker/sim.worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike,
  {
    local: local.store,
    tab: tab.store,
    problem: local.problem,
    tabId: tabId(tab.store, () => crypto.randomUUID()),
    // a reload of this tab goes on saving into the history entry it had
    resumeEntry: startup.source === 'reload' ? (loadTabRecord(tab.store)?.entry ?? null) : null,
  },
);
if (startup.notice) lab.ui.getState().pushNotice(startup.notice);
if (otherParts.length > 0)
  lab.ui.getState().pushNotice({
    kind: 'error',
    key: 'link-parts',
    title: 'Part of this link could not be used, so the lab opened without it.',
    issues: otherParts,
  });
// a link with a split view (`&split=`) opens it, on the link's scenario
const split = startup.clearHash ? null : splitChoiceFromHash(location.hash);
if (split) lab.ui.getState().setSplit(split);
lab.autosave.noteAddress(startup.clearHash ? null : scenarioParam(location.hash));
lab.autosave.start(lab.scenario.getState().scenario);
installDebugHandle(lab, startup.source);
// Offline once visited (apps/web/pwa): production builds only, so the dev server is never cached.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  registerServiceWorker(pwaStore, navigator.serviceWorker, () => location.reload());
listenForInstallPrompt(pwaStore, window);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LabContext.Provider value={lab}>
      <LabErrorBoundary lab={lab}>
        <App />
      </LabErrorBoundary>
    </LabContext.Provider>
  </StrictMode>,
);
