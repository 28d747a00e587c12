/**
 * Checks of an exercise file beyond its structure (called by parseExercise): an editable field the
 * lab can offer a control for (and, in a live task, one a running simulation can change), hints
 * whose answers are answers of their task, a measurement window the metric supports.
 */
import { setPath, ScenarioPathError } from '../experiment/scenarioPath.js';
import type { MetricScope } from '../results/resultMetrics.js';
import type { ScenarioInput } from '../scenario/types.js';
import { ScenarioError, validateScenario } from '../scenario/validate.js';
import type { ExerciseHint, ExerciseMetric, ExerciseParameter, ExerciseTask } from './exerciseSchema.js';
import { fieldControlOf } from './fieldControls.js';
import { valueKey } from './hints.js';
import { liveTargets } from './makeAnswer.js';
import { WINDOWED_PORT_METRICS } from './measure.js';

interface Issue {
  path: string;
  message: string;
}

/** Setting `path` to `value` must address the scenario and leave it valid. */
export function checkAssignment(
  scenario: ScenarioInput,
  path: string,
  value: unknown,
  at: string,
  valueAt: string,
  issues: Issue[],
): void {
  let changed: ScenarioInput;
  try {
    changed = setPath(scenario, path, value);
  } catch (e) {
    if (!(e instanceof ScenarioPathError)) throw e;
    issues.push({ path: `${at}.path`, message: e.message });
    return;
  }
  try {
    validateScenario(changed);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    const first = e.issues[0]!;
    issues.push({ path: `${at}.${valueAt}`, message: `gives an invalid scenario: ${first.path}: ${first.message}` });
  }
}

/** The lab must know what an editable field holds to offer its control; a live field must be one a run can change. */
export function checkEditable(path: string, live: boolean, at: string, scenario: ScenarioInput, issues: Issue[]): void {
  if (fieldControlOf(scenario, path) === null)
    issues.push({
      path: at,
      message: `the lab cannot tell what kind of value ${path} holds, so it cannot offer a control for it: name a setting (a link's rate, delay, buffer, queue or lossRate, a flow's transport.cc, a model parameter such as links[0].queue.params.target, the duration…)`,
    });
  else if (live && liveTargets(scenario, path) === null)
    issues.push({
      path: at,
      message: `${path} cannot change while the run plays (a running simulation changes a link's rate, delay, buffer, queue and lossRate and a flow's transport.cc): drop "live" or this field`,
    });
}

/** Each hint's answer (or per-parameter answers) is an answer of its task. */
export function checkHints(
  t: ExerciseTask,
  at: string,
  parameters: readonly ExerciseParameter[],
  scenario: ScenarioInput,
  issues: Issue[],
): void {
  (t.hints ?? []).forEach((raw, k) => {
    const h = raw as ExerciseHint;
    if (typeof h === 'string') return;
    const hp = `${at}.hints[${k}]`;
    const answers: [string, unknown][] = [];
    if (h.answer !== undefined) answers.push([`${hp}.answer`, h.answer]);
    if (h.answerPer) {
      const p = parameters.find((x) => x.name === h.answerPer!.parameter);
      if (!p) {
        issues.push({
          path: `${hp}.answerPer.parameter`,
          message: `${JSON.stringify(h.answerPer.parameter)} is not a parameter`,
        });
        return;
      }
      const keys = p.values.map(valueKey);
      for (const key of keys)
        if (!(key in h.answerPer.answers))
          issues.push({ path: `${hp}.answerPer.answers`, message: `gives no answer for ${p.name}=${key}` });
      for (const [key, a] of Object.entries(h.answerPer.answers)) {
        if (!keys.includes(key))
          issues.push({
            path: `${hp}.answerPer.answers`,
            message: `${JSON.stringify(key)} is not a value of ${p.name}`,
          });
        else answers.push([`${hp}.answerPer.answers[${JSON.stringify(key)}]`, a]);
      }
    }
    for (const [ap, a] of answers) {
      if (t.kind === 'choose' && !t.options.some((o) => o.id === a))
        issues.push({
          path: ap,
          message: `${JSON.stringify(a)} is not an option (${t.options.map((o) => o.id).join(', ')})`,
        });
      if (t.kind === 'make') {
        const editable = new Set(t.editable.map((e) => e.path));
        for (const [path, v] of Object.entries(a as Record<string, unknown>)) {
          if (!editable.has(path)) issues.push({ path: ap, message: `sets ${path}, which is not an editable field` });
          else checkAssignment(scenario, path, v, ap, JSON.stringify(path), issues);
        }
      }
    }
  });
}

/** `from` on a port metric: only the ones measure.ts windows, and before the end of the run. */
export function checkWindow(
  m: ExerciseMetric,
  scope: MetricScope,
  at: string,
  durationNs: number,
  issues: Issue[],
): void {
  if (m.from === undefined) return;
  if (scope === 'port' && m.metric !== 'queueProbe' && !WINDOWED_PORT_METRICS.includes(m.metric))
    issues.push({
      path: `${at}.from`,
      message: `${m.metric} is measured over the whole run; of the port metrics ${WINDOWED_PORT_METRICS.join(', ')} take "from"`,
    });
  else if (m.from * 1e9 >= durationNs)
    issues.push({
      path: `${at}.from`,
      message: `${m.from} s is not before the end of the run (${durationNs / 1e9} s)`,
    });
}
