/**
 * The authoring form's model: an exercise being written over the current scenario, turned into an
 * exercise file. Checkers pick from the result metrics (the Sweep panel's metric choices) and the
 * scenario's settings; option values and a make task's reference solution are set with the same
 * controls the student gets (FieldControl), never typed as JSON.
 */
import {
  fieldControlOf,
  fieldValue,
  getRegistry,
  type ExerciseFile,
  type FieldControl,
  type Registry,
  type ScenarioInput,
} from '@cclab/engine';
import { sweepFields, type MetricChoice } from '../sweep/sweepFields';

export type DraftKind = 'predict' | 'choose' | 'make' | 'explain';

export interface DraftTask {
  kind: DraftKind;
  prompt: string;
  /** Metric choice key (predict, choose, make). */
  metric: string;
  /** Predict: tolerance in percent. */
  tolerancePct: number;
  /** Choose: the field the options set; make: the editable field. */
  field: string;
  /** Choose: each option's value of the field. */
  options: unknown[];
  best: 'highest' | 'lowest';
  /** Make: the goal. */
  goalOp: 'atLeast' | 'atMost';
  goalValue: string;
  /** Make: the reference solution's value of the field (left out when it is the scenario's own). */
  solution: unknown;
  /** Make: the student may make the change while the run plays. */
  live: boolean;
  hints: string;
}

export interface ExerciseDraft {
  title: string;
  topic: string;
  goal: string;
  tasks: DraftTask[];
}

/** A setting an exercise can vary or let the student change. */
export interface AuthorField {
  path: string;
  label: string;
}

/**
 * The scenario's settings an exercise can use: the Sweep panel's fields with a link's whole queue
 * discipline (with its parameters) instead of its type alone, each base station's scheduler, and
 * only those the lab has a control for.
 */
export function authorFields(sc: ScenarioInput, registry: Registry = getRegistry()): AuthorField[] {
  const fields: AuthorField[] = sweepFields(sc, registry).map((f) =>
    f.path.endsWith('.queue.type') ? { path: f.path.slice(0, -'.type'.length), label: f.label } : f,
  );
  for (const n of sc.nodes)
    if (n.kind === 'bs') fields.push({ path: `nodes[${n.id}].bs.scheduler`, label: `${n.id} scheduler` });
  return fields.filter((f) => fieldControlOf(sc, f.path) !== null).map((f) => ({ path: f.path, label: f.label }));
}

/** A value to start a control with: the scenario's own, or the engine's default for a model. */
export function startingValue(sc: ScenarioInput, path: string): unknown {
  const v = fieldValue(sc, path);
  if (v.found && v.value !== undefined) return v.value;
  const c = fieldControlOf(sc, path);
  if (c?.kind === 'queue') return { type: 'droptail' };
  if (c?.kind === 'scheduler') return { type: 'rr' };
  if (c?.kind === 'choice') return c.options[0]?.value;
  if (c?.kind === 'boolean') return false;
  return undefined;
}

/** How an option's value reads in its label ("CoDel", "80 packets", "cubic"). */
export function valueLabel(c: FieldControl | null, v: unknown): string {
  const reg = getRegistry();
  const type = (v as { type?: unknown } | undefined)?.type;
  if (c?.kind === 'queue') return reg.queue.find((q) => q.id === type)?.name ?? String(type);
  if (c?.kind === 'scheduler') return reg.bsScheduler.find((q) => q.id === type)?.name ?? String(type);
  if (c?.kind === 'choice') return c.options.find((o) => o.value === v)?.label ?? String(v);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function newDraftTask(
  kind: DraftKind,
  choices: readonly MetricChoice[],
  fields: readonly AuthorField[],
  sc: ScenarioInput,
): DraftTask {
  const field = fields[0]?.path ?? '';
  const start = field ? startingValue(sc, field) : undefined;
  return {
    kind,
    prompt: '',
    metric: choices[0]?.key ?? '',
    tolerancePct: 15,
    field,
    options: [start, start],
    best: 'highest',
    goalOp: 'atLeast',
    goalValue: '',
    solution: start,
    live: false,
    hints: '',
  };
}

/** The task with another field: its options and solution start from the scenario's value of it. */
export function withField(t: DraftTask, field: string, sc: ScenarioInput): DraftTask {
  const start = startingValue(sc, field);
  return { ...t, field, options: t.options.map(() => start), solution: start };
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
  fields: readonly AuthorField[],
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
    const label = fields.find((f) => f.path === t.field)?.label ?? t.field;
    switch (t.kind) {
      case 'predict':
        return {
          ...base,
          kind: 'predict' as const,
          metric: query(t.metric),
          tolerance: { relative: t.tolerancePct / 100 },
        };
      case 'choose': {
        const control = fieldControlOf(scenario, t.field);
        return {
          ...base,
          kind: 'choose' as const,
          metric: query(t.metric),
          best: t.best,
          options: t.options.map((v, k) => ({
            id: `option-${k + 1}`,
            label: `${label} = ${valueLabel(control, v)}`,
            set: { [t.field]: v },
          })),
        };
      }
      case 'make': {
        const goal = Number(t.goalValue);
        const own = fieldValue(scenario, t.field);
        const changed =
          t.solution !== undefined && JSON.stringify(t.solution) !== JSON.stringify(own.found ? own.value : undefined);
        return {
          ...base,
          kind: 'make' as const,
          ...(t.live ? { live: true } : {}),
          editable: [{ path: t.field, label }],
          goals: [{ metric: query(t.metric), [t.goalOp]: goal }],
          ...(changed ? { solution: { [t.field]: t.solution } } : {}),
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
