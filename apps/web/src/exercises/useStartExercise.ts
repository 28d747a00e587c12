import { scenarioWith, variantValues, type ScenarioInput } from '@cclab/engine';
import { useLab, type Lab } from '../lab';
import { exercisesStore } from './exercisesSetup';
import { exerciseFileOf, parsedExercise } from './exerciseStore';

/**
 * Puts an exercise's scenario in the editor, paused at 0 s: an open (the store's `replace`) always
 * loads afresh at time zero (share/useScenarioSync.ts), also when it differs from the running
 * scenario only in its recorded live changes, so the student's next setting is a scenario value.
 */
export function openExerciseScenario(lab: Lab, sc: ScenarioInput): void {
  lab.scenario.getState().replace(sc);
}

/** Opens an exercise and puts its scenario (with the variant's parameters) in the editor. */
export function useStartExercise() {
  const lab = useLab();
  return (key: string, variant?: number) => {
    const file = exerciseFileOf(exercisesStore.getState(), key);
    if (!file || file.status === 'coming') return;
    const p = exercisesStore.getState().start(key, variant);
    const ex = parsedExercise(file);
    openExerciseScenario(lab, scenarioWith(ex, variantValues(ex, p.variant)));
  };
}
