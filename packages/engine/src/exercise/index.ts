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
  ExerciseHint,
} from './exerciseSchema.js';
export { parseExercise, parseExerciseText, ExerciseError } from './parseExercise.js';
export type { Exercise, ExerciseIssue } from './parseExercise.js';
export { variantValues, scenarioWith, fillText, allValueCombinations, isVariant, MAX_VARIANT } from './variant.js';
export type { ParameterValues } from './variant.js';
export { checkAnswer, formatValue, goalHolds, makeScenario } from './checkAnswer.js';
export { measure, WINDOWED_PORT_METRICS } from './measure.js';
export { fieldControlOf, fieldValueProblem, paramControl } from './fieldControls.js';
export { draftProblem } from './draftValue.js';
export type { FieldControl, ChoiceOption, QuantityKind as FieldQuantityKind } from './fieldControls.js';
export {
  makeAnswerFrom,
  fieldValue,
  editableEvents,
  liveChangeRefusal,
  liveTargets,
  eventSeconds,
} from './makeAnswer.js';
export type { EditableEvent } from './makeAnswer.js';
export { hintText, hintAnswer, verifyHint, valueKey } from './hints.js';
export type { HintVerification } from './hints.js';
export type { TaskAnswer, TaskCheck, Observation } from './checkAnswer.js';
export { verifyExercise, referenceAnswers, CHOOSE_MARGIN } from './verifyExercise.js';
export type { Verification, VerifyLine } from './verifyExercise.js';
export { builtinExercises, findBuiltinExercise } from './builtins/index.js';
