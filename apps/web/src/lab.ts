/**
 * The lab's long-lived objects, created once at start-up and handed to components through
 * LabContext: the scenario store, run/UI stores, the series store, the live view, the
 * simulation client and the autosave.
 */
import { createContext, useContext } from 'react';
import type { ScenarioInput } from '@cclab/engine';
import { createScenarioStore, type ScenarioStore } from './state/scenarioStore';
import { createRunStore, type RunStore } from './state/runStore';
import { createUiStore, type UiStore } from './state/uiStore';
import { SeriesStore } from './state/SeriesStore';
import { LiveView } from './worker/LiveView';
import { SimClient, type WorkerLike } from './worker/SimClient';
import { Autosaver } from './share/Autosaver';
import { troubleNotice } from './run/troubleNotice';
import { NO_STORAGE, type KeyValueStore } from './codec/autosave';
import { WorkHistory } from './share/workHistory';

export interface Lab {
  scenario: ScenarioStore;
  run: RunStore;
  ui: UiStore;
  series: SeriesStore;
  live: LiveView;
  sim: SimClient;
  autosave: Autosaver;
  /** Makes another simulation worker (the split view runs two more, one per variant). */
  spawnWorker: () => WorkerLike;
}

export interface LabStorage {
  /** Local storage (autosave, backup), or NO_STORAGE with the reason in `problem`. */
  local: KeyValueStore;
  /** Session storage (this tab's record for reloads). */
  tab: KeyValueStore;
  problem: string | null;
  /** This tab's id in the history of work (kept across reloads of the tab). */
  tabId?: string;
  /** The history entry this tab was saving into before a reload (it goes on saving there). */
  resumeEntry?: string | null;
}

const WITHOUT_STORAGE: LabStorage = { local: NO_STORAGE, tab: NO_STORAGE, problem: 'no storage was given to the lab' };

export function createLab(
  initial: ScenarioInput,
  makeWorker: () => WorkerLike,
  storage: LabStorage = WITHOUT_STORAGE,
): Lab {
  const run = createRunStore();
  const series = new SeriesStore();
  const live = new LiveView();
  const ui = createUiStore();
  return {
    scenario: createScenarioStore(initial),
    run,
    ui,
    series,
    live,
    sim: new SimClient(makeWorker, run, series, live, {
      report: (t) => ui.getState().pushNotice(troubleNotice(t)),
    }),
    autosave: new Autosaver(
      storage.local,
      storage.tab,
      storage.problem,
      () => ui.getState(),
      new WorkHistory(storage.local, storage.tabId ?? 'tab'),
      storage.resumeEntry ?? null,
    ),
    spawnWorker: makeWorker,
  };
}

export const LabContext = createContext<Lab | null>(null);

export function useLab(): Lab {
  const lab = useContext(LabContext);
  if (!lab) throw new Error('useLab outside LabContext');
  return lab;
}
