import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { chooseStartup } from './codec/startup';
import { createLab, LabContext } from './lab';
import { App } from './App';
import { installDebugHandle } from './debugHandle';
import type { WorkerLike } from './worker/SimClient';
import './styles/app.css';

const startup = chooseStartup(location.hash, localStorage);
if (startup.clearHash) history.replaceState(null, '', location.pathname + location.search);
const lab = createLab(
  startup.scenario,
  () => new Worker(new URL('./worker/sim.worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike,
);
if (startup.notice) lab.ui.getState().pushNotice(startup.notice);
installDebugHandle(lab, startup.source);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LabContext.Provider value={lab}>
      <App />
    </LabContext.Provider>
  </StrictMode>,
);
