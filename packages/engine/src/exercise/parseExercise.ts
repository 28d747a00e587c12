/**
 * An exercise file checked and resolved: its scenario (a preset or inline), parameters whose paths
 * exist and whose every value gives a valid scenario, metrics that name real flows and ports, and
 * tasks whose editable fields and options address the scenario. Every problem is reported with the
 * field it concerns (`tasks[1].goals[0].metric.port: "r2->r3" is not a link direction`), all at once.
 */
import type { z } from 'zod';
import { findResultMetric } from '../results/resultMetrics.js';
import { presets } from '../presets/presets.js';
import { formatPath } from '../scenario/paths.js';
import type { ScenarioInput } from '../scenario/types.js';
import { ScenarioError, validateScenario, type ResolvedScenario } from '../scenario/validate.js';
import { wordZodIssue } from '../scenario/zodIssues.js';
import { ScenarioPathError, setPath } from '../experiment/scenarioPath.js';
import { checkAssignment, checkEditable, checkHints, checkWindow } from './parseChecks.js';
import {
  EXERCISE_LIMITS,
  exerciseFileSchema,
  type ExerciseFile,
  type ExerciseMetric,
  type ExerciseTask,
} from './exerciseSchema.js';

export interface ExerciseIssue {
  path: string;
  message: string;
}

/** An exercise that cannot be used; `issues` names every problem found. */
export class ExerciseError extends Error {
  constructor(readonly issues: ExerciseIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
    this.name = 'ExerciseError';
  }
}

/** A checked exercise: the file plus its scenario (before per-student parameters). */
export interface Exercise {
  file: ExerciseFile;
  scenario: ScenarioInput;
}

const MAX_REPORTED = 30;

/** Checks an exercise file. Throws ExerciseError listing every problem. */
export function parseExercise(input: unknown): Exercise {
  const parsed = exerciseFileSchema.safeParse(input);
  if (!parsed.success)
    throw new ExerciseError(
      parsed.error.issues
        .flatMap(unionBranch)
        .slice(0, MAX_REPORTED)
        .map((i) => ({
          path: formatExercisePath(i.path),
          message: i.code === 'invalid_union' ? unionMessage(i.path) : wordZodIssue(i, input),
        })),
    );
  const file = parsed.data;
  const issues: ExerciseIssue[] = [];
  const scenario = resolveScenario(file, issues);
  if (!scenario) throw new ExerciseError(issues);
  const resolved = validateScenario(scenario);
  const names = new Set<string>();
  (file.parameters ?? []).forEach((p, i) => {
    if (names.has(p.name)) issues.push({ path: `parameters[${i}].name`, message: `duplicate name ${p.name}` });
    names.add(p.name);
    p.values.forEach((v, k) => checkAssignment(scenario, p.path, v, `parameters[${i}]`, `values[${k}]`, issues));
  });
  const taskIds = new Set<string>();
  file.tasks.forEach((t, i) => {
    if (taskIds.has(t.id)) issues.push({ path: `tasks[${i}].id`, message: `duplicate task id ${t.id}` });
    taskIds.add(t.id);
    checkTask(t, `tasks[${i}]`, scenario, resolved, issues);
    checkPlaceholders(t.prompt, names, `tasks[${i}].prompt`, issues);
    checkHints(t, `tasks[${i}]`, file.parameters ?? [], scenario, issues);
  });
  if (issues.length) throw new ExerciseError(issues.slice(0, MAX_REPORTED));
  return { file, scenario };
}

/**
 * A value that matches no form of a field with several (a hint: text or `{ text, answer }`) is
 * reported by what is wrong with it in the one form whose type it has (`hints[0].answer: "abc" is
 * not a number`), when exactly one form got past the value's type.
 */
function unionBranch(i: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (i.code !== 'invalid_union' || i.errors.length === 0) return [i];
  const typed = i.errors.filter((b) => !(b.length === 1 && b[0]!.code === 'invalid_type' && b[0]!.path.length === 0));
  if (typed.length !== 1) return [i];
  return typed[0]!.map((b) => ({ ...b, path: [...i.path, ...b.path] }));
}

function unionMessage(path: readonly PropertyKey[]): string {
  if (path.includes('hints')) return 'must be the hint’s text, or { "text", "answer" }';
  if (path.length === 1 && path[0] === 'scenario') return 'must be { "preset": id } or { "scenario": { … } }';
  return 'is not in any of the forms this field takes';
}

/** Parses exercise JSON text; a syntax error is reported like any other problem. */
export function parseExerciseText(text: string): Exercise {
  if (text.length > EXERCISE_LIMITS.fileChars)
    throw new ExerciseError([
      { path: '(file)', message: `is ${text.length} characters long; at most ${EXERCISE_LIMITS.fileChars}` },
    ]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ExerciseError([{ path: '(file)', message: `not valid JSON: ${(e as Error).message}` }]);
  }
  return parseExercise(json);
}

function formatExercisePath(path: readonly PropertyKey[]): string {
  const s = formatPath(path);
  return s === '(scenario)' ? '(exercise)' : s;
}

function resolveScenario(file: ExerciseFile, issues: ExerciseIssue[]): ScenarioInput | null {
  const s = file.scenario;
  let scenario: unknown;
  let where: string;
  if ('preset' in s) {
    const p = presets.find((x) => x.id === s.preset);
    if (!p) {
      issues.push({
        path: 'scenario.preset',
        message: `${JSON.stringify(s.preset)} is not a preset (see: cclab presets)`,
      });
      return null;
    }
    scenario = p.scenario();
    where = 'scenario.preset';
    for (const [path, value] of Object.entries(s.set ?? {})) {
      try {
        scenario = setPath(scenario as ScenarioInput, path, value);
      } catch (e) {
        if (!(e instanceof ScenarioPathError)) throw e;
        issues.push({ path: `scenario.set.${path}`, message: e.message });
        return null;
      }
    }
  } else {
    scenario = s.scenario;
    where = 'scenario.scenario';
  }
  try {
    validateScenario(scenario);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    for (const i of e.issues.slice(0, MAX_REPORTED)) issues.push({ path: `${where} → ${i.path}`, message: i.message });
    return null;
  }
  return scenario as ScenarioInput;
}

function checkTask(
  t: ExerciseTask,
  at: string,
  scenario: ScenarioInput,
  resolved: ResolvedScenario,
  issues: ExerciseIssue[],
): void {
  switch (t.kind) {
    case 'predict':
      checkMetric(t.metric, `${at}.metric`, resolved, issues);
      return;
    case 'choose': {
      checkMetric(t.metric, `${at}.metric`, resolved, issues);
      const ids = new Set<string>();
      t.options.forEach((o, k) => {
        if (ids.has(o.id)) issues.push({ path: `${at}.options[${k}].id`, message: `duplicate option id ${o.id}` });
        ids.add(o.id);
        for (const [path, v] of Object.entries(o.set ?? {}))
          checkAssignment(scenario, path, v, `${at}.options[${k}].set`, JSON.stringify(path), issues);
      });
      return;
    }
    case 'make': {
      t.goals.forEach((g, k) => checkMetric(g.metric, `${at}.goals[${k}].metric`, resolved, issues));
      const editable = new Set(t.editable.map((e) => e.path));
      t.editable.forEach((e, k) => {
        try {
          setPath(scenario, e.path, null);
        } catch (err) {
          if (!(err instanceof ScenarioPathError)) throw err;
          issues.push({ path: `${at}.editable[${k}].path`, message: err.message });
          return;
        }
        checkEditable(e.path, t.live === true, `${at}.editable[${k}].path`, scenario, issues);
      });
      for (const [path, v] of Object.entries(t.solution ?? {})) {
        if (!editable.has(path))
          issues.push({ path: `${at}.solution`, message: `sets ${path}, which is not an editable field` });
        else checkAssignment(scenario, path, v, `${at}.solution`, JSON.stringify(path), issues);
      }
      return;
    }
    case 'explain':
      return;
  }
}

/** The metric exists, and the flows and ports it names are in the scenario. */
function checkMetric(m: ExerciseMetric, at: string, resolved: ResolvedScenario, issues: ExerciseIssue[]): void {
  const spec = findResultMetric(m.metric);
  if (!spec) {
    issues.push({ path: `${at}.metric`, message: `${JSON.stringify(m.metric)} is not a result metric` });
    return;
  }
  if (spec.scope === 'flow' && m.flow === undefined)
    issues.push({ path: `${at}.flow`, message: `${m.metric} is a flow metric: name the flow` });
  if (spec.scope === 'port' && m.port === undefined)
    issues.push({ path: `${at}.port`, message: `${m.metric} is a port metric: name the port` });
  if (m.metric === 'queueProbe' && m.key === undefined)
    issues.push({ path: `${at}.key`, message: 'queueProbe needs the probe key of the port’s discipline' });
  const flowIds = new Set(resolved.flows.map((f) => f.id));
  const ids = resolved.nodes.map((n) => n.id);
  const ports = new Set(resolved.links.flatMap((l) => [`${ids[l.a]}->${ids[l.b]}`, `${ids[l.b]}->${ids[l.a]}`]));
  const flowRef = (id: string, field: string) => {
    if (!flowIds.has(id)) issues.push({ path: `${at}.${field}`, message: `${JSON.stringify(id)} is not a flow` });
  };
  if (m.flow !== undefined) flowRef(m.flow, 'flow');
  m.flows?.forEach((id, k) => flowRef(id, `flows[${k}]`));
  m.versus?.forEach((id, k) => flowRef(id, `versus[${k}]`));
  if (m.port !== undefined && !ports.has(m.port))
    issues.push({ path: `${at}.port`, message: `${JSON.stringify(m.port)} is not a link direction "a->b"` });
  checkWindow(m, spec.scope, at, resolved.durationNs, issues);
}

/** `{name}` in a prompt must name a parameter. */
function checkPlaceholders(text: string, names: ReadonlySet<string>, at: string, issues: ExerciseIssue[]): void {
  for (const m of text.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g))
    if (!names.has(m[1]!)) issues.push({ path: at, message: `{${m[1]}} names no parameter` });
}
