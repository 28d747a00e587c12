/**
 * The authoring form's model: an exercise being written over the current scenario, turned into an
 * exercise file. Checkers pick from the result metrics (the Sweep panel's metric choices) and the
 * scenario's fields (its parameter list).
 */
import { withUnit, type ExerciseFile, type ScenarioInput } from '@cclab/engine';
import { parseValuesText, type MetricChoice, type SweepField } from '../sweep/sweepFields';

export type DraftKind = 'predict' | 'choose' | 'make' | 'explain';

export interface DraftTask {
  kind: DraftKind;
  prompt: string;
  /** Metric choice key (predict, choose, make). */
  metric: string;
  /** Predict: tolerance in percent. */
  tolerancePct: number;
  /** Choose: the field the options set, and its values (comma-separated); make: the editable field. */
  field: string;
  values: string;
  best: 'highest' | 'lowest';
  /** Make: the goal. */
  goalOp: 'atLeast' | 'atMost';
  goalValue: string;
  hints: string;
}

export interface ExerciseDraft {
  title: string;
  topic: string;
  goal: string;
  tasks: DraftTask[];
}

export function newDraftTask(
  kind: DraftKind,
  choices: readonly MetricChoice[],
  fields: readonly SweepField[],
): DraftTask {
  return {
    kind,
    prompt: '',
    metric: choices[0]?.key ?? '',
    tolerancePct: 15,
    field: fields[0]?.path ?? '',
    values: fields[0]?.suggested ?? '',
    best: 'highest',
    goalOp: 'atLeast',
    goalValue: '',
    hints: '',
  };
}

function slug(text: string): string {
  const s = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return s || 'exercise';
}

/** The exercise file the draft describes (parseExercise reports what is still wrong with it). */
export function draftToFile(
  d: ExerciseDraft,
  scenario: ScenarioInput,
  choices: readonly MetricChoice[],
  fields: readonly SweepField[],
): ExerciseFile {
  const query = (key: string) => {
    const q = choices.find((c) => c.key === key)?.query;
    return q ? { ...q } : { metric: key };
  };
  const tasks = d.tasks.map((t, i) => {
    const base = {
      id: `task-${i + 1}`,
      prompt: t.prompt,
      ...(t.hints.trim()
        ? {
            hints: t.hints
              .split('\n')
              .map((h) => h.trim())
              .filter(Boolean),
          }
        : {}),
    };
    const field = fields.find((f) => f.path === t.field);
    switch (t.kind) {
      case 'predict':
        return {
          ...base,
          kind: 'predict' as const,
          metric: query(t.metric),
          tolerance: { relative: t.tolerancePct / 100 },
        };
      case 'choose':
        return {
          ...base,
          kind: 'choose' as const,
          metric: query(t.metric),
          best: t.best,
          options: parseValuesText(t.values).map((v, k) => ({
            id: `option-${k + 1}`,
            label: `${field?.label ?? t.field} = ${String(v)}${typeof v === 'number' && field?.unit ? field.unit : ''}`,
            set: { [t.field]: withUnit(v, field?.unit) },
          })),
        };
      case 'make': {
        const goal = Number(t.goalValue);
        return {
          ...base,
          kind: 'make' as const,
          editable: [{ path: t.field, label: field?.label ?? t.field }],
          goals: [{ metric: query(t.metric), [t.goalOp]: goal }],
        };
      }
      case 'explain':
        return { ...base, kind: 'explain' as const };
    }
  });
  return {
    version: 1,
    id: slug(d.title),
    title: d.title,
    topic: d.topic || 'My exercises',
    goal: d.goal,
    scenario: { scenario: scenario as unknown as Record<string, unknown> },
    tasks,
  } as ExerciseFile;
}
