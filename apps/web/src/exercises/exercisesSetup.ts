/** The lab's one exercises store: progress in localStorage, an exercise from the link. */
import { createExercisesStore } from './exerciseStore';
import { exerciseFromHash } from './exerciseLink';

export const exercisesStore = createExercisesStore(
  typeof localStorage === 'undefined' ? null : localStorage,
  typeof location === 'undefined' ? null : exerciseFromHash(location.hash),
);
