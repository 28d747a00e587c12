import { scenarioWith, variantValues } from '@cclab/engine';
import { useLab } from '../lab';
import { exercisesStore } from './exercisesSetup';
import { exerciseFileOf, parsedExercise } from './exerciseStore';

/** Opens an exercise and puts its scenario (with the variant's parameters) in the editor. */
export function useStartExercise() {
  const lab = useLab();
  return (key: string, variant?: number) => {
    const file = exerciseFileOf(exercisesStore.getState(), key);
    if (!file || file.status === 'coming') return;
    const p = exercisesStore.getState().start(key, variant);
    const ex = parsedExercise(file);
    lab.scenario.getState().replace(scenarioWith(ex, variantValues(ex, p.variant)));
  };
}
