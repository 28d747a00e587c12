/**
 * Keeps the views of the one scenario state in step: the worker (reloaded when something the
 * simulation depends on changes, playing on if it was playing), the autosave and the address bar.
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { saveScenario } from '../codec/autosave';
import { encodeScenario, URL_PARAM } from '../codec/urlCodec';
import { simulationKey } from '../state/scenarioEdits';

const AUTOSAVE_MS = 400;
const URL_MS = 600;

export function useScenarioSync(): void {
  const lab = useLab();
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  const simKey = useRef<string | null>(null);

  useEffect(() => {
    const key = simulationKey(scenario);
    if (key === simKey.current) return;
    const first = simKey.current === null;
    simKey.current = key;
    // First visit starts playing by itself; after an edit a run that was going keeps going.
    lab.sim.load(scenario, first || lab.sim.active);
  }, [lab, scenario]);

  useEffect(() => {
    const t = setTimeout(() => saveScenario(localStorage, scenario), AUTOSAVE_MS);
    return () => clearTimeout(t);
  }, [scenario]);

  useEffect(() => {
    const t = setTimeout(() => {
      history.replaceState(null, '', `${location.pathname}${location.search}#${URL_PARAM}=${encodeScenario(scenario)}`);
    }, URL_MS);
    return () => clearTimeout(t);
  }, [scenario]);

  useEffect(() => {
    const flush = () => saveScenario(localStorage, lab.scenario.getState().scenario);
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [lab]);
}
