import { scenarioWith, variantValues, type ScenarioInput } from '@cclab/engine';
import { useLab, type Lab } from '../lab';
import { exercisesStore } from './exercisesSetup';
import { exerciseFileOf, parsedExercise } from './exerciseStore';

/**
 * Puts an exercise's scenario in the editor, paused at 0 s. The run is reset first: a scenario
 * that differs from the one running only by its recorded live changes would otherwise be taken as
 * those changes undone and re-simulated to the current time (share/useScenarioSync.ts), keeping
 * the run mid-way, where the student's next setting would again be a live change.
 */
export function openExerciseScenario(lab: Lab, sc: ScenarioInput): void {
  if (lab.sim.midRun) lab.sim.reset();
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
