/** The built-in exercises, in the order the lab and `cclab exercise list` show them. */
import type { ExerciseFile } from '../exerciseSchema.js';
import { aimdBufferExercise, cubicVsRenoExercise, rttUnfairnessExercise, slowStartExercise } from './tcpBasics.js';
import { bbrQueueExercise, bufferbloatExercise, fairQueueingExercise } from './queueing.js';
import { dccpExercise, pacingExercise, tfrcExercise, xcpExercise } from './otherTransports.js';
import { wirelessExercise } from './wireless.js';

export const builtinExercises: readonly ExerciseFile[] = [
  slowStartExercise,
  aimdBufferExercise,
  rttUnfairnessExercise,
  bufferbloatExercise,
  fairQueueingExercise,
  cubicVsRenoExercise,
  bbrQueueExercise,
  tfrcExercise,
  dccpExercise,
  pacingExercise,
  xcpExercise,
  wirelessExercise,
];

export function findBuiltinExercise(id: string): ExerciseFile | undefined {
  return builtinExercises.find((e) => e.id === id);
}
