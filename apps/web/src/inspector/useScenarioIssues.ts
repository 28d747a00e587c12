/** The current scenario's validation problems (the engine's validator; no simulation runs here). */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { ScenarioError, validateScenario, type ScenarioIssue } from '@cclab/engine';
import { useLab } from '../lab';

export function scenarioIssues(value: unknown): ScenarioIssue[] {
  try {
    validateScenario(value);
    return [];
  } catch (e) {
    return e instanceof ScenarioError ? e.issues : [{ path: '(scenario)', message: (e as Error).message }];
  }
}

export function useScenarioIssues(): ScenarioIssue[] {
  const lab = useLab();
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  return useMemo(() => scenarioIssues(scenario), [scenario]);
}

/** Issues at `path` or below it. */
export function issuesAt(issues: readonly ScenarioIssue[], path: string): ScenarioIssue[] {
  return issues.filter((i) => i.path === path || i.path.startsWith(path + '.') || i.path.startsWith(path + '['));
}
