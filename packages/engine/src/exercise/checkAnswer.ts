/**
 * Checking a student's answer by running the simulation: predict tasks compare with the simulated
 * value (computed here, never stored in the exercise), choose tasks run every option, make-it-happen
 * tasks run the student's scenario (only the editable fields taken from it) and test each goal.
 * Feedback says what was wrong: too high or too low and by how much, which goal failed and by what
 * value, what the picked option gave.
 */
import { findResultMetric } from '../results/resultMetrics.js';
import { setPath } from '../experiment/scenarioPath.js';
import type { ScenarioEvent, ScenarioInput } from '../scenario/types.js';
import { ScenarioError } from '../scenario/validate.js';
import { SimulationError } from '../core/SimulationError.js';
import type { ChooseTask, ExerciseGoal, ExerciseMetric, MakeTask, PredictTask } from './exerciseSchema.js';
import type { Exercise } from './parseExercise.js';
import { scenarioWith, type ParameterValues } from './variant.js';
import { measure } from './measure.js';
import { editableEvents, liveChangeRefusal } from './makeAnswer.js';

export { measure };

/**
 * A student's answer: a number (predict), an option id (choose), field values (make) — with, for
 * a task that allows changes during the run, the changes of the editable fields the lab recorded
 * then (makeAnswer.ts) — or text (explain).
 */
export type TaskAnswer =
  | { kind: 'predict'; value: number }
  | { kind: 'choose'; option: string }
  | { kind: 'make'; set: Record<string, unknown>; events?: ScenarioEvent[] }
  | { kind: 'explain'; text: string };

/** A number the check measured, for the student to see. */
export interface Observation {
  label: string;
  value: number;
  unit: string;
}

export interface TaskCheck {
  correct: boolean;
  /** What was right or wrong, in words. */
  feedback: string;
  /** Values measured (shown after checking; a predict task's only when the answer was right). */
  observed: Observation[];
}

/** Checks the answer to task `taskIndex` for the given parameter values. */
export function checkAnswer(ex: Exercise, values: ParameterValues, taskIndex: number, answer: TaskAnswer): TaskCheck {
  const task = ex.file.tasks[taskIndex];
  if (!task) throw new Error(`the exercise has no task ${taskIndex}`);
  if (answer.kind !== task.kind) return wrong(`this task needs a ${task.kind} answer, not ${answer.kind}`);
  const sc = scenarioWith(ex, values);
  switch (task.kind) {
    case 'predict':
      return checkPredict(task, sc, (answer as { value: number }).value);
    case 'choose':
      return checkChoose(task, sc, (answer as { option: string }).option);
    case 'make':
      return checkMake(task, sc, answer as { set: Record<string, unknown>; events?: ScenarioEvent[] });
    case 'explain': {
      const text = (answer as { text: string }).text.trim();
      const words = text === '' ? 0 : text.split(/\s+/).length;
      const need = task.minWords ?? 1;
      if (words < need) return wrong(`write at least ${need} word${need === 1 ? '' : 's'} (you wrote ${words})`);
      return { correct: true, feedback: 'Kept with your work; it appears in the summary.', observed: [] };
    }
  }
}

function wrong(feedback: string, observed: Observation[] = []): TaskCheck {
  return { correct: false, feedback, observed };
}

/** A number with three significant figures in the task's unit. */
export function formatValue(v: number, unit = '', scale = 1): string {
  if (!Number.isFinite(v)) return String(v);
  let x = v / scale;
  let u = unit;
  if ((unit === 'bit/s' || unit === 'bit') && scale === 1 && Math.abs(x) >= 1e3) {
    const [div, prefix] = Math.abs(x) >= 1e9 ? [1e9, 'G'] : Math.abs(x) >= 1e6 ? [1e6, 'M'] : [1e3, 'k'];
    x /= div;
    u = `${prefix}${unit}`;
  }
  const s = Math.abs(x) >= 1000 ? Math.round(x).toString() : Number(x.toPrecision(3)).toString();
  return u ? `${s} ${u}` : s;
}

function metricLabel(m: ExerciseMetric): string {
  const spec = findResultMetric(m.metric);
  const of = m.flow ?? m.port ?? (m.flows ? m.flows.join(', ') : undefined);
  return `${spec?.label ?? m.metric}${of ? ` (${of})` : ''}${m.from ? ` from ${m.from} s on` : ''}`;
}

/** The allowed distance from the simulated value `v`, in metric units. */
export function toleranceOf(t: PredictTask['tolerance'], v: number): number {
  return Math.max(t.absolute ?? 0, (t.relative ?? 0) * Math.abs(v));
}

function checkPredict(task: PredictTask, sc: ScenarioInput, answer: number): TaskCheck {
  if (!Number.isFinite(answer)) return wrong('enter a number');
  const scale = task.scale ?? 1;
  const unit = task.unit ?? findResultMetric(task.metric.metric)?.unit ?? '';
  const v = measure(sc, [task.metric])[0]!;
  if (!Number.isFinite(v)) return wrong('the simulation gives no value for this task (the exercise needs fixing)');
  const given = answer * scale;
  const tol = toleranceOf(task.tolerance, v);
  const shown = { label: metricLabel(task.metric), value: v / scale, unit };
  const band =
    task.tolerance.relative !== undefined
      ? `±${Math.round(task.tolerance.relative * 100)} %`
      : `±${formatValue(tol, unit, scale)}`;
  if (Math.abs(given - v) <= tol)
    return {
      correct: true,
      feedback: `Right: the simulation gives ${formatValue(v, unit, scale)}; your ${formatValue(given, unit, scale)} is within ${band}.`,
      observed: [shown],
    };
  const high = given > v;
  const ratio = v !== 0 ? given / v : Infinity;
  let size = 'by more than the tolerance';
  if (ratio > 2 || (ratio >= 0 && ratio < 0.5)) size = 'by more than a factor of two';
  else if (Math.abs(given - v) > 3 * tol) size = `by well over the tolerance (${band})`;
  else size = `but not by much: within three times the tolerance (${band})`;
  if (ratio < 0) size = 'and of the wrong sign';
  return wrong(`Too ${high ? 'high' : 'low'} ${size}. Check your reasoning, or try a hint.`);
}

/** The value of the task's metric for each option, in option order. */
export function optionValues(task: ChooseTask, sc: ScenarioInput): number[] {
  return task.options.map((o) => {
    let s = sc;
    for (const [path, value] of Object.entries(o.set ?? {})) s = setPath(s, path, value);
    return measure(s, [task.metric])[0]!;
  });
}

/** Index of the best option (highest or lowest; NaN never wins). */
export function bestOption(task: ChooseTask, values: readonly number[]): number {
  let best = -1;
  values.forEach((v, i) => {
    if (!Number.isFinite(v)) return;
    if (best < 0 || (task.best === 'highest' ? v > values[best]! : v < values[best]!)) best = i;
  });
  return best;
}

function checkChoose(task: ChooseTask, sc: ScenarioInput, option: string): TaskCheck {
  const picked = task.options.findIndex((o) => o.id === option);
  if (picked < 0) return wrong('pick one of the options');
  const values = optionValues(task, sc);
  const best = bestOption(task, values);
  const unit = task.unit ?? findResultMetric(task.metric.metric)?.unit ?? '';
  const scale = task.scale ?? 1;
  const label = metricLabel(task.metric);
  const why = task.options[picked]!.why;
  const pickedText = `With “${task.options[picked]!.label}” the ${label} is ${formatValue(values[picked]!, unit, scale)}`;
  if (picked === best) {
    const observed = task.options.map((o, i) => ({ label: o.label, value: values[i]! / scale, unit }));
    return {
      correct: true,
      feedback: `Right. ${pickedText}, the ${task.best} of the options.${why ? ' ' + why : ''}`,
      observed,
    };
  }
  return wrong(
    `${pickedText}; another option gives a ${task.best === 'highest' ? 'higher' : 'lower'} one.${why ? ' ' + why : ''}`,
  );
}

function goalText(g: ExerciseGoal): string {
  const unit = g.unit ?? findResultMetric(g.metric.metric)?.unit ?? '';
  const scale = g.scale ?? 1;
  const parts: string[] = [];
  if (g.atLeast !== undefined) parts.push(`≥ ${formatValue(g.atLeast, unit, scale)}`);
  if (g.atMost !== undefined) parts.push(`≤ ${formatValue(g.atMost, unit, scale)}`);
  return `${g.label ?? metricLabel(g.metric)} ${parts.join(' and ')}`;
}

/** Whether a goal holds for a measured value. */
export function goalHolds(g: ExerciseGoal, v: number): boolean {
  return Number.isFinite(v) && (g.atLeast === undefined || v >= g.atLeast) && (g.atMost === undefined || v <= g.atMost);
}

/**
 * The exercise scenario with the student's values for the editable fields and, for a live task,
 * the recorded changes of those fields (reduced to them: nothing else the student recorded).
 */
export function makeScenario(
  task: MakeTask,
  sc: ScenarioInput,
  set: Record<string, unknown>,
  events: readonly ScenarioEvent[] = [],
): ScenarioInput | string {
  const editable = new Set(task.editable.map((e) => e.path));
  let s = sc;
  for (const [path, value] of Object.entries(set)) {
    if (!editable.has(path)) return `${path} may not be changed in this task (only ${[...editable].join(', ')})`;
    s = setPath(s, path, value);
  }
  const live = editableEvents(task, sc, events);
  if (live.length === 0) return s;
  if (!task.live) return liveChangeRefusal(live[0]!);
  return { ...s, version: 2, events: [...(s.events ?? []), ...live.map((e) => e.event)] };
}

function checkMake(
  task: MakeTask,
  sc: ScenarioInput,
  answer: { set: Record<string, unknown>; events?: ScenarioEvent[] },
): TaskCheck {
  const s = makeScenario(task, sc, answer.set, answer.events);
  if (typeof s === 'string') return wrong(s);
  let values: number[];
  try {
    values = measure(
      s,
      task.goals.map((g) => g.metric),
    );
  } catch (e) {
    if (e instanceof ScenarioError)
      return wrong(`your scenario is not valid: ${e.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    if (e instanceof SimulationError) return wrong(`your scenario stopped: ${e.message}`);
    throw e;
  }
  const observed = task.goals.map((g, i) => ({
    label: g.label ?? metricLabel(g.metric),
    value: values[i]! / (g.scale ?? 1),
    unit: g.unit ?? findResultMetric(g.metric.metric)?.unit ?? '',
  }));
  const failed = task.goals
    .map((g, i) => ({ g, v: values[i]! }))
    .filter(({ g, v }) => !goalHolds(g, v))
    .map(({ g, v }) => {
      const unit = g.unit ?? findResultMetric(g.metric.metric)?.unit ?? '';
      return `${g.label ?? metricLabel(g.metric)} is ${formatValue(v, unit, g.scale ?? 1)}; the goal is ${goalText(g).slice((g.label ?? metricLabel(g.metric)).length + 1)}`;
    });
  if (failed.length === 0)
    return { correct: true, feedback: `Goal reached: ${task.goals.map(goalText).join('; ')}.`, observed };
  return wrong(`Not yet: ${failed.join('; ')}.`, observed);
}
