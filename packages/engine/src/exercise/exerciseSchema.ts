import { z } from 'zod';
import { sweepMetricSchema } from '../sweep/sweepSchema.js';

/**
 * The exercise file, version 1 (docs/exercises.md): a scenario, a learning goal, optional
 * per-student random parameters and tasks (predict, choose, make it happen, explain). Structure
 * only, every free-form field bounded; `parseExercise` checks paths, metrics and scenarios.
 */
export const EXERCISE_VERSION = 1;

/** Bounds an exercise file may not exceed (a hostile or mistyped file must not exhaust memory). */
export const EXERCISE_LIMITS = {
  titleChars: 120,
  topicChars: 60,
  textChars: 4000,
  hintChars: 1000,
  hints: 8,
  tasks: 12,
  parameters: 6,
  valuesPerParameter: 32,
  options: 8,
  editable: 8,
  goals: 6,
  /** Characters of one value written as JSON. */
  valueChars: 2000,
  /** Characters of the file as text. */
  fileChars: 600_000,
} as const;

const L = EXERCISE_LIMITS;
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const nonEmpty = (max: number) => text(max).min(1, 'must not be empty');
const slug = z
  .string()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'may contain only lower-case letters, digits and -, starting with a letter or digit');
const scenarioPath = z.string().min(1, 'must not be empty').max(300, 'must be at most 300 characters');
const jsonValue = z.unknown().refine((v) => v !== undefined && JSON.stringify(v).length <= L.valueChars, {
  error: `must be a JSON value of at most ${L.valueChars} characters`,
});
const assignments = z
  .record(scenarioPath, jsonValue)
  .refine((r) => Object.keys(r).length <= L.editable, { error: `must set at most ${L.editable} fields` });

/** A result metric (src/results/resultMetrics.ts) of the run, as sweeps name them. */
export const exerciseMetricSchema = sweepMetricSchema.omit({ name: true });

const parameterName = z
  .string()
  .min(1, 'must not be empty')
  .max(32, 'must be at most 32 characters')
  .regex(/^[A-Za-z][A-Za-z0-9]*$/, 'may contain only letters and digits, starting with a letter');

export const exerciseParameterSchema = z.strictObject({
  /** Referred to as {name} in prompts. */
  name: parameterName,
  /** The scenario field it sets (docs/sweeps.md paths: `links[r1-r2].delay`). */
  path: scenarioPath,
  /** One is drawn per student from the exercise link's variant number. */
  values: z
    .array(jsonValue)
    .min(1, 'needs at least one value')
    .max(L.valuesPerParameter, `must have at most ${L.valuesPerParameter} values`),
});

/**
 * A hint: its text, and what a student who follows it would answer (a number for predict, an
 * option id for choose, field values for make), which `cclab exercise check` runs and must see
 * accepted. Where the answer depends on a random parameter, `answerPer` gives it for each of the
 * parameter's values (keyed by the value as the prompt shows it: "5ms"). A plain string is a hint
 * without an answer (older files): shown, not verified.
 */
function hintSchema<T extends z.ZodType>(answer: T) {
  const withAnswer = z
    .strictObject({
      text: nonEmpty(L.hintChars),
      answer: answer.optional(),
      answerPer: z
        .strictObject({
          parameter: parameterName,
          answers: z
            .record(z.string().max(L.valueChars), answer)
            .refine((r) => Object.keys(r).length <= L.valuesPerParameter, {
              error: `must give at most ${L.valuesPerParameter} answers`,
            }),
        })
        .optional(),
    })
    .refine((h) => (h.answer === undefined) !== (h.answerPer === undefined), {
      error: 'needs "answer" or "answerPer" (one of them)',
    });
  return z.union([nonEmpty(L.hintChars), withAnswer]);
}
const hints = <T extends z.ZodType>(answer: T) =>
  z.array(hintSchema(answer)).max(L.hints, `must have at most ${L.hints} hints`).optional();

const taskBase = {
  id: slug,
  prompt: nonEmpty(L.textChars),
  /** Shown once the task is answered correctly: why it comes out that way. */
  explanation: text(L.textChars).optional(),
};

export const predictTaskSchema = z.strictObject({
  ...taskBase,
  kind: z.literal('predict'),
  hints: hints(z.number().finite('must be a finite number')),
  metric: exerciseMetricSchema,
  /** The answer is right when within `relative` (a fraction) or `absolute` (metric units) of the simulated value. */
  tolerance: z
    .strictObject({
      relative: z.number().gt(0, 'must be > 0').max(1, 'must be ≤ 1').optional(),
      absolute: z.number().min(0, 'must be ≥ 0').finite('must be a finite number').optional(),
    })
    .refine((t) => t.relative !== undefined || t.absolute !== undefined, { error: 'needs relative or absolute' }),
  /** The unit the student answers in, and how many metric units one of it is (Mb/s: scale 1e6 on bit/s). */
  unit: text(24).optional(),
  scale: z.number().gt(0, 'must be > 0').finite('must be a finite number').optional(),
});

export const chooseOptionSchema = z.strictObject({
  id: slug,
  label: nonEmpty(200),
  /** Scenario fields this option changes (none: the exercise's scenario as it is). */
  set: assignments.optional(),
  /** Shown after checking, when this option was picked. */
  why: text(L.hintChars).optional(),
});

export const chooseTaskSchema = z.strictObject({
  ...taskBase,
  kind: z.literal('choose'),
  hints: hints(slug),
  options: z
    .array(chooseOptionSchema)
    .min(2, 'needs at least two options')
    .max(L.options, `must have at most ${L.options} options`),
  /** The option whose scenario gives the highest (or lowest) value of this metric is the right one. */
  metric: exerciseMetricSchema,
  best: z.enum(['highest', 'lowest']),
  unit: text(24).optional(),
  scale: z.number().gt(0, 'must be > 0').finite('must be a finite number').optional(),
});

export const goalSchema = z
  .strictObject({
    metric: exerciseMetricSchema,
    atLeast: z.number().finite('must be a finite number').optional(),
    atMost: z.number().finite('must be a finite number').optional(),
    /** How the goal reads ("Jain's index of the two TCP flows"). */
    label: text(200).optional(),
    unit: text(24).optional(),
    scale: z.number().gt(0, 'must be > 0').finite('must be a finite number').optional(),
  })
  .refine((g) => g.atLeast !== undefined || g.atMost !== undefined, { error: 'needs atLeast or atMost' });

export const makeTaskSchema = z.strictObject({
  ...taskBase,
  kind: z.literal('make'),
  hints: hints(assignments),
  /**
   * The change may be made while the run plays (default false): the check then runs the
   * student's scenario with the changes of the editable fields the lab recorded during the run
   * (timed events); without it such a change is refused (the task asks for it from the start).
   */
  live: z.boolean().optional(),
  /** The only fields the student may change (the lab offers each the control its path calls for). */
  editable: z
    .array(z.strictObject({ path: scenarioPath, label: nonEmpty(200) }))
    .min(1, 'needs at least one field')
    .max(L.editable, `must have at most ${L.editable} fields`),
  /** Every goal must hold on the student's scenario. */
  goals: z.array(goalSchema).min(1, 'needs at least one goal').max(L.goals, `must have at most ${L.goals} goals`),
  /** A reference solution (editable path → value), checked by `cclab exercise check`. */
  solution: assignments.optional(),
});

export const explainTaskSchema = z.strictObject({
  ...taskBase,
  kind: z.literal('explain'),
  hints: z
    .array(z.union([nonEmpty(L.hintChars), z.strictObject({ text: nonEmpty(L.hintChars) })]))
    .max(L.hints, `must have at most ${L.hints} hints`)
    .optional(),
  /** Words the answer needs before it is kept (default 1). */
  minWords: z.number().int('must be a whole number').min(0, 'must be ≥ 0').max(500, 'must be ≤ 500').optional(),
});

export const exerciseTaskSchema = z.discriminatedUnion('kind', [
  predictTaskSchema,
  chooseTaskSchema,
  makeTaskSchema,
  explainTaskSchema,
]);

export const exerciseScenarioSchema = z.union([
  /** A built-in preset, with some fields changed (scenario path → value). */
  z.strictObject({ preset: z.string().min(1, 'must name a preset').max(100), set: assignments.optional() }),
  z.strictObject({ scenario: z.record(z.string(), z.unknown()) }),
]);

export const exerciseFileSchema = z.strictObject({
  version: z.literal(EXERCISE_VERSION, { error: `must be ${EXERCISE_VERSION}` }),
  id: slug,
  title: nonEmpty(L.titleChars),
  topic: nonEmpty(L.topicChars),
  /** What the student should understand afterwards. */
  goal: nonEmpty(L.textChars),
  /** "coming": written against a model that has not landed; listed, not offered. */
  status: z.enum(['ready', 'coming']).optional(),
  /** What a "coming" exercise waits for. */
  waitsFor: text(200).optional(),
  introduction: text(L.textChars).optional(),
  scenario: exerciseScenarioSchema,
  parameters: z
    .array(exerciseParameterSchema)
    .max(L.parameters, `must have at most ${L.parameters} parameters`)
    .optional(),
  tasks: z
    .array(exerciseTaskSchema)
    .min(1, 'needs at least one task')
    .max(L.tasks, `must have at most ${L.tasks} tasks`),
});

export type ExerciseFile = z.infer<typeof exerciseFileSchema>;
export type ExerciseTask = z.infer<typeof exerciseTaskSchema>;
export type PredictTask = z.infer<typeof predictTaskSchema>;
export type ChooseTask = z.infer<typeof chooseTaskSchema>;
export type MakeTask = z.infer<typeof makeTaskSchema>;
export type ExplainTask = z.infer<typeof explainTaskSchema>;
export type ExerciseGoal = z.infer<typeof goalSchema>;
export type ExerciseMetric = z.infer<typeof exerciseMetricSchema>;
export type ExerciseParameter = z.infer<typeof exerciseParameterSchema>;
/** A hint of any task: plain text, or text with the answer following it leads to. */
export type ExerciseHint =
  string | { text: string; answer?: unknown; answerPer?: { parameter: string; answers: Record<string, unknown> } };
