// Exercises: the file format, per-student variants, answer checking and the built-in set.
export { EXERCISE_VERSION, EXERCISE_LIMITS, exerciseFileSchema } from './exerciseSchema.js';
export type {
  ExerciseFile,
  ExerciseTask,
  PredictTask,
  ChooseTask,
  MakeTask,
  ExplainTask,
  ExerciseGoal,
  ExerciseMetric,
  ExerciseParameter,
} from './exerciseSchema.js';
export { parseExercise, parseExerciseText, ExerciseError } from './parseExercise.js';
export type { Exercise, ExerciseIssue } from './parseExercise.js';
export { variantValues, scenarioWith, fillText, allValueCombinations, isVariant, MAX_VARIANT } from './variant.js';
export type { ParameterValues } from './variant.js';
export { checkAnswer, formatValue, goalHolds, makeScenario } from './checkAnswer.js';
export type { TaskAnswer, TaskCheck, Observation } from './checkAnswer.js';
export { verifyExercise, referenceAnswers, CHOOSE_MARGIN } from './verifyExercise.js';
export type { Verification, VerifyLine } from './verifyExercise.js';
export { builtinExercises, findBuiltinExercise } from './builtins/index.js';
