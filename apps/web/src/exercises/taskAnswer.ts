/**
 * The answer a Check sends to the worker, or the reason it is not sent. A refusal is not an
 * attempt: a prediction that is not a number, no option picked, a field whose last entry was not
 * taken (its problem is shown under it), a live change a task wants from the start, a scenario
 * that is not the exercise's any more or whose editable values do not make a valid scenario.
 * Pure, so the rules are unit-tested in Node (exercises.test.ts).
 */
import {
  makeAnswerFrom,
  makeScenario,
  ScenarioError,
  validateScenario,
  type ExerciseTask,
  type ScenarioInput,
  type TaskAnswer,
} from '@cclab/engine';

export interface AnswerInput {
  task: ExerciseTask;
  /** What the student entered: a number as typed, an option id, text (make tasks read the scenario). */
  entered: string;
  /** The exercise's scenario with this student's parameters. */
  exerciseScenario: ScenarioInput;
  /** The lab's scenario as the student left it. */
  lab: ScenarioInput;
  /** Editable path → why the value last entered in its field was not taken. */
  problems: Readonly<Record<string, string>>;
}

/** A number as a student types it ("0.25", "0,25", " 12 "), or NaN. */
export function typedNumber(text: string): number {
  const t = text.trim().replace(',', '.');
  return t === '' ? NaN : Number(t);
}

export function answerOf({
  task,
  entered,
  exerciseScenario,
  lab,
  problems,
}: AnswerInput): TaskAnswer | { refused: string } {
  switch (task.kind) {
    case 'predict': {
      const v = typedNumber(entered);
      if (Number.isFinite(v)) return { kind: 'predict', value: v };
      return { refused: `Enter your prediction as a number${task.unit ? ` in ${task.unit}` : ''}, such as 12.5.` };
    }
    case 'choose':
      return entered ? { kind: 'choose', option: entered } : { refused: 'Pick one of the options first.' };
    case 'explain':
      return { kind: 'explain', text: entered };
    case 'make': {
      for (const e of task.editable) {
        const p = problems[e.path];
        if (p) return { refused: `${e.label}: ${p} Your last entry was not taken, so there is nothing new to check.` };
      }
      const r = makeAnswerFrom(task, exerciseScenario, lab);
      if ('refused' in r) return r;
      const sc = makeScenario(task, exerciseScenario, r.answer.set, r.answer.events);
      if (typeof sc === 'string') return { refused: sc };
      try {
        validateScenario(sc);
      } catch (e) {
        if (!(e instanceof ScenarioError)) throw e;
        const first = e.issues[0]!;
        return {
          refused: `Your values do not make a valid scenario yet (${first.path}: ${first.message}); fix the field.`,
        };
      }
      return r.answer;
    }
  }
}

/** The answer as the progress and the summary keep it. */
export function savedAnswer(answer: TaskAnswer, entered: string): string {
  if (answer.kind !== 'make') return entered;
  return JSON.stringify(answer.events ? { ...answer.set, 'changed during the run': answer.events } : answer.set);
}
