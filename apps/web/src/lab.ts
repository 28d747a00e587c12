/**
 * The lab's long-lived objects, created once at start-up and handed to components through
 * LabContext: the scenario store, run/UI stores, the series store, the live view and the
 * simulation client.
 */
import { createContext, useContext } from 'react';
import type { ScenarioInput } from '@cclab/engine';
import { createScenarioStore, type ScenarioStore } from './state/scenarioStore';
import { createRunStore, type RunStore } from './state/runStore';
import { createUiStore, type UiStore } from './state/uiStore';
import { SeriesStore } from './state/SeriesStore';
import { LiveView } from './worker/LiveView';
import { SimClient, type WorkerLike } from './worker/SimClient';

export interface Lab {
  scenario: ScenarioStore;
  run: RunStore;
  ui: UiStore;
  series: SeriesStore;
  live: LiveView;
  sim: SimClient;
}

export function createLab(initial: ScenarioInput, makeWorker: () => WorkerLike): Lab {
  const run = createRunStore();
  const series = new SeriesStore();
  const live = new LiveView();
  return {
    scenario: createScenarioStore(initial),
    run,
    ui: createUiStore(),
    series,
    live,
    sim: new SimClient(makeWorker, run, series, live),
  };
}

export const LabContext = createContext<Lab | null>(null);

export function useLab(): Lab {
  const lab = useContext(LabContext);
  if (!lab) throw new Error('useLab outside LabContext');
  return lab;
}
