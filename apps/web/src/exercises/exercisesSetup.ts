/**
 * The lab's one exercises store: progress in localStorage (without it, where the browser blocks
 * site data, progress lasts as long as the page), an exercise from the link.
 */
import { createExercisesStore, type KeyValueStore } from './exerciseStore';
import { exerciseFromHash } from './exerciseLink';

function localStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const exercisesStore = createExercisesStore(
  localStore(),
  typeof location === 'undefined' ? null : exerciseFromHash(location.hash),
);
