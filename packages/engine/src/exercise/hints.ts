/**
 * Hints with answers: what a student who follows a hint would submit (docs/exercises.md "Hints").
 * `cclab exercise check` submits each hint's answer, for every combination of the random
 * parameters, and needs it accepted: a hint that leads somewhere the checker rejects misleads.
 */
import type { ExerciseHint, ExerciseTask } from './exerciseSchema.js';
import type { Exercise } from './parseExercise.js';
import { checkAnswer, type TaskAnswer } from './checkAnswer.js';
import type { ParameterValues } from './variant.js';

/** The text a hint shows. */
export function hintText(h: ExerciseHint): string {
  return typeof h === 'string' ? h : h.text;
}

/** A parameter value as prompts show it and `answerPer` keys it ("5ms", "3"). */
export function valueKey(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * The answer following hint `h` gives for these parameter values: null when the hint has none
 * (plain text), a string naming the problem when `answerPer` lacks this parameter value.
 */
export function hintAnswer(task: ExerciseTask, h: ExerciseHint, values: ParameterValues): TaskAnswer | null | string {
  if (typeof h === 'string' || !('answer' in h || 'answerPer' in h)) return null;
  let a = h.answer;
  if (h.answerPer) {
    const { parameter, answers } = h.answerPer;
    if (!(parameter in values)) return `answerPer names ${parameter}, which is not a parameter`;
    const key = valueKey(values[parameter]);
    if (!(key in answers)) return `answerPer gives no answer for ${parameter}=${key}`;
    a = answers[key];
  }
  switch (task.kind) {
    case 'predict':
      return { kind: 'predict', value: a as number };
    case 'choose':
      return { kind: 'choose', option: a as string };
    case 'make':
      return { kind: 'make', set: a as Record<string, unknown> };
    case 'explain':
      return null;
  }
}

export interface HintVerification {
  /** False when the hint has no answer to run (plain text). */
  verified: boolean;
  ok: boolean;
  message: string;
}

/** Submits hint `hintIndex` of task `taskIndex`'s answer for these parameter values. */
export function verifyHint(
  ex: Exercise,
  values: ParameterValues,
  taskIndex: number,
  hintIndex: number,
): HintVerification {
  const task = ex.file.tasks[taskIndex]!;
  const h = (task.hints ?? [])[hintIndex] as ExerciseHint | undefined;
  if (h === undefined) return { verified: false, ok: false, message: `task ${task.id} has no hint ${hintIndex + 1}` };
  const answer = hintAnswer(task, h, values);
  if (answer === null)
    return {
      verified: false,
      ok: true,
      message: 'gives no answer: not verified (write it as { "text", "answer" } to have it checked)',
    };
  if (typeof answer === 'string') return { verified: true, ok: false, message: answer };
  const shown =
    answer.kind === 'predict'
      ? answer.value
      : answer.kind === 'choose'
        ? answer.option
        : JSON.stringify(answer.kind === 'make' ? answer.set : '');
  const r = checkAnswer(ex, values, taskIndex, answer);
  return {
    verified: true,
    ok: r.correct,
    message: r.correct ? `following it (${shown}) is accepted` : `following it (${shown}) is rejected: ${r.feedback}`,
  };
}
