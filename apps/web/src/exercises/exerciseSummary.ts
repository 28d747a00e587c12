/** The end-of-exercise summary a student hands in: every task with the answer, result, attempts and hints. */
import { fillText, variantValues, type ExerciseFile } from '@cclab/engine';
import { parsedExercise, type ExerciseProgress } from './exerciseStore';

export interface SummaryRow {
  task: string;
  kind: string;
  prompt: string;
  answer: string;
  correct: boolean;
  attempts: number;
  hintsUsed: number;
  feedback: string;
}

export interface ExerciseSummaryData {
  exercise: string;
  title: string;
  variant: number;
  parameters: Record<string, unknown>;
  tasksDone: number;
  tasks: SummaryRow[];
}

export function summaryOf(file: ExerciseFile, p: ExerciseProgress): ExerciseSummaryData {
  const values = variantValues(parsedExercise(file), p.variant);
  const tasks = file.tasks.map((t, i): SummaryRow => {
    const tp = p.tasks[i];
    let answer = tp?.answer ?? '';
    if (t.kind === 'choose') answer = t.options.find((o) => o.id === answer)?.label ?? answer;
    return {
      task: t.id,
      kind: t.kind,
      prompt: fillText(t.prompt, values),
      answer,
      correct: tp?.correct ?? false,
      attempts: tp?.attempts ?? 0,
      hintsUsed: tp?.hints ?? 0,
      feedback: tp?.feedback ?? '',
    };
  });
  return {
    exercise: file.id,
    title: file.title,
    variant: p.variant,
    parameters: values,
    tasksDone: tasks.filter((t) => t.correct).length,
    tasks,
  };
}
