/**
 * A sweep file turned into an experiment (src/experiment): points from the parameters' values,
 * seeds, named metrics with units. Every problem is reported with the field it concerns
 * (`parameters[1].range.from: must be > 0 for a log scale`), all at once, as scenarios do.
 */
import { jsonShapeProblems } from '../core/jsonShape.js';
import { groupThousands } from '../core/limits.js';
import { findResultMetric } from '../results/resultMetrics.js';
import { findQueueModel } from '../registry/queueModels.js';
import { presets } from '../presets/presets.js';
import type { ScenarioInput } from '../scenario/types.js';
import { ScenarioError, validateScenario, type ResolvedScenario } from '../scenario/validate.js';
import {
  pointScenario,
  type ExperimentPoint,
  type ExperimentSpec,
  type NamedMetric,
} from '../experiment/experiment.js';
import { ScenarioPathError, setPath } from '../experiment/scenarioPath.js';
import { formatSweepPath, sweepSchemaIssues } from './sweepIssues.js';
import { SWEEP_LIMITS, sweepFileSchema, type SweepFile, type SweepMetricInput } from './sweepSchema.js';
import { RESERVED_COLUMNS } from './sweepResults.js';
import { combinationIndices, combinationSize, rangeValues, valueLabel, withUnit } from './sweepValues.js';

export interface SweepIssue {
  path: string;
  message: string;
}

/** A sweep that cannot run; `issues` names every problem found. */
export class SweepError extends Error {
  constructor(readonly issues: SweepIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
    this.name = 'SweepError';
  }
}

export interface SweepParameter {
  /** Column name in the outputs. */
  name: string;
  path: string;
  /** The values set at the path (units applied). */
  values: unknown[];
}

export interface SweepPoint extends ExperimentPoint {
  index: number;
  /** The value of each parameter at this point, in parameter order. */
  values: unknown[];
}

export interface SweepMetric extends NamedMetric {
  name: string;
  unit: string;
  label: string;
}

export interface SweepPlan {
  /** The sweep file with its base inlined and defaults filled in (what outputs record and hash). */
  definition: SweepFile & { base: { scenario: Record<string, unknown> }; seeds: number[] };
  name: string;
  parameters: SweepParameter[];
  points: SweepPoint[];
  seeds: number[];
  metrics: SweepMetric[];
  experiment: ExperimentSpec;
}

export interface SweepParseOptions {
  /** Reads a base scenario file (`base.file`); the CLI passes one, the lab does not. */
  loadFile?: (file: string) => unknown;
  /** Validate the scenario of every point (default true; workers skip it, the plan was checked). */
  checkPoints?: boolean;
}

const MAX_REPORTED = 30;

/** Checks and expands a sweep file. Throws SweepError listing every problem. */
export function parseSweep(input: unknown, options: SweepParseOptions = {}): SweepPlan {
  // nesting, non-finite numbers and __proto__ keys first: the schema (and JSON.stringify in its
  // value checks) would recurse into a value nested 100,000 deep until the stack overflows
  const shape = jsonShapeProblems(input, SWEEP_LIMITS.depth, MAX_REPORTED);
  if (shape.length > 0) throw new SweepError(shape.map((p) => ({ path: formatSweepPath(p.path), message: p.message })));
  const parsed = sweepFileSchema.safeParse(input);
  if (!parsed.success) throw new SweepError(sweepSchemaIssues(parsed.error.issues, input));
  const file = parsed.data;
  const issues: SweepIssue[] = [];
  const base = resolveBase(file, options, issues);
  if (!base) throw new SweepError(issues);

  const parameters = file.parameters.map((p, i) => expandParameter(p, i, base, issues));
  const names = new Set<string>();
  parameters.forEach((p, i) => {
    if (names.has(p.name)) issues.push({ path: `parameters[${i}].name`, message: `duplicate name ${p.name}` });
    if (RESERVED_COLUMNS.includes(p.name))
      issues.push({ path: `parameters[${i}].name`, message: `"${p.name}" is an output column name; choose another` });
    names.add(p.name);
  });
  const combine = file.combine ?? 'grid';
  const counts = parameters.map((p) => p.values.length);
  if (combine === 'zip')
    counts.forEach((c, i) => {
      if (c !== counts[0])
        issues.push({
          path: `parameters[${i}]`,
          message: `has ${c} values; combine "zip" needs as many as parameters[0] (${counts[0]})`,
        });
    });
  const seeds = typeof file.seeds === 'number' ? range1(file.seeds) : (file.seeds ?? [1]);
  if (new Set(seeds).size !== seeds.length) issues.push({ path: 'seeds', message: 'lists a seed twice' });
  const pointCount = combinationSize(counts, combine);
  if (pointCount > SWEEP_LIMITS.points)
    issues.push({ path: 'parameters', message: `make ${pointCount} points, more than ${SWEEP_LIMITS.points}` });
  else if (pointCount * seeds.length > SWEEP_LIMITS.runs)
    issues.push({
      path: 'seeds',
      message: `${pointCount} points × ${seeds.length} seeds is more than ${SWEEP_LIMITS.runs} runs`,
    });
  const metrics = file.metrics.map((m, i) => namedMetric(m, i, issues));
  if (issues.length) throw new SweepError(issues);

  const points: SweepPoint[] = combinationIndices(counts, combine).map((tuple, index) => {
    const values = tuple.map((k, j) => parameters[j]!.values[k]);
    const set: Record<string, unknown> = {};
    parameters.forEach((p, j) => (set[p.path] = values[j]));
    const label = parameters.map((p, j) => `${p.name}=${valueLabel(values[j])}`).join(', ');
    return { id: `p${index}`, index, label, set, values };
  });
  const experiment: ExperimentSpec = {
    base: () => jsonClone(base),
    points,
    seeds,
    metrics,
    ...(file.startJitter ? { startJitter: file.startJitter } : {}),
  };
  if (options.checkPoints !== false) checkPoints(experiment, points, metrics, issues);
  if (issues.length) throw new SweepError(issues);
  return {
    // fixed key order, so a definition read back from an output folder re-serialises identically
    definition: {
      version: file.version,
      name: file.name,
      description: file.description,
      base: { scenario: base as unknown as Record<string, unknown> },
      parameters: file.parameters,
      combine,
      seeds,
      startJitter: file.startJitter,
      metrics: file.metrics,
    },
    name: file.name ?? 'sweep',
    parameters,
    points,
    seeds,
    metrics,
    experiment,
  };
}

/** Parses sweep JSON text; a syntax error is reported like any other problem. */
export function parseSweepText(text: string, options: SweepParseOptions = {}): SweepPlan {
  if (text.length > SWEEP_LIMITS.fileChars)
    throw new SweepError([
      {
        path: '(file)',
        message: `is ${groupThousands(text.length)} characters long; a sweep file may be at most ${groupThousands(SWEEP_LIMITS.fileChars)}`,
      },
    ]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new SweepError([{ path: '(file)', message: `not valid JSON: ${(e as Error).message}` }]);
  }
  return parseSweep(json, options);
}

function resolveBase(file: SweepFile, options: SweepParseOptions, issues: SweepIssue[]): ScenarioInput | null {
  const b = file.base;
  let scenario: unknown;
  let where: string;
  if ('preset' in b) {
    const p = presets.find((x) => x.id === b.preset);
    if (!p) {
      issues.push({ path: 'base.preset', message: `${JSON.stringify(b.preset)} is not a preset (see: cclab presets)` });
      return null;
    }
    scenario = p.scenario();
    where = 'base.preset';
  } else if ('file' in b) {
    if (!options.loadFile) {
      issues.push({ path: 'base.file', message: 'scenario files are read only by the command line' });
      return null;
    }
    try {
      scenario = options.loadFile(b.file);
    } catch (e) {
      issues.push({ path: 'base.file', message: (e as Error).message });
      return null;
    }
    where = 'base.file';
  } else {
    scenario = b.scenario;
    where = 'base.scenario';
  }
  try {
    validateScenario(scenario);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    for (const i of e.issues) issues.push({ path: `${where} → ${i.path}`, message: i.message });
    return null;
  }
  return scenario as ScenarioInput;
}

function expandParameter(
  p: SweepFile['parameters'][number],
  i: number,
  base: ScenarioInput,
  issues: SweepIssue[],
): SweepParameter {
  const at = `parameters[${i}]`;
  let raw: unknown[] = [];
  if ((p.values === undefined) === (p.range === undefined))
    issues.push({ path: at, message: 'needs either "values" or "range" (one of them)' });
  else if (p.values) raw = p.values;
  else if (p.range) {
    const r = p.range;
    if (r.scale === 'log' && !(r.from > 0 && r.to > 0))
      issues.push({ path: `${at}.range.${r.from > 0 ? 'to' : 'from'}`, message: 'must be > 0 for a log scale' });
    else raw = rangeValues(r);
  }
  const values = raw.map((v) => withUnit(v, p.unit));
  try {
    setPath(base, p.path, values[0] ?? null);
  } catch (e) {
    if (!(e instanceof ScenarioPathError)) throw e;
    issues.push({ path: `${at}.path`, message: e.message });
  }
  return { name: p.name ?? p.path, path: p.path, values };
}

/** The default output name of a metric: its id with what it measures ("goodputBps[f1]"). */
export function defaultMetricName(m: SweepMetricInput): string {
  const of = m.flow ?? m.port ?? (m.flows ? m.flows.join(',') : undefined) ?? m.subset;
  const what = m.key === undefined ? m.metric : `${m.metric}:${m.key}`;
  return of === undefined ? what : `${what}[${of}]`;
}

function namedMetric(m: SweepMetricInput, i: number, issues: SweepIssue[]): SweepMetric {
  const at = `metrics[${i}]`;
  const name = m.name ?? defaultMetricName(m);
  const spec = findResultMetric(m.metric);
  if (!spec) issues.push({ path: `${at}.metric`, message: `${JSON.stringify(m.metric)} is not a result metric` });
  else {
    const needs = (field: 'flow' | 'port', scope: string) => {
      if (spec.scope === scope && m[field] === undefined)
        issues.push({ path: `${at}.${field}`, message: `${m.metric} is a ${scope} metric: name the ${field}` });
      if (spec.scope !== scope && m[field] !== undefined)
        issues.push({ path: `${at}.${field}`, message: `does not apply to ${m.metric} (a ${spec.scope} metric)` });
    };
    needs('flow', 'flow');
    needs('port', 'port');
    if (m.metric === 'queueProbe' && m.key === undefined)
      issues.push({ path: `${at}.key`, message: 'queueProbe needs the probe key of the port’s discipline' });
    if (m.metric !== 'queueProbe' && m.key !== undefined)
      issues.push({ path: `${at}.key`, message: `does not apply to ${m.metric}` });
    for (const field of ['flows', 'versus', 'subset'] as const)
      if (spec.scope !== 'flows' && m[field] !== undefined)
        issues.push({ path: `${at}.${field}`, message: `does not apply to ${m.metric} (a ${spec.scope} metric)` });
  }
  const { name: _n, ...query } = m;
  return { ...query, name, unit: spec?.unit ?? '', label: spec?.label ?? m.metric };
}

/** Each point's scenario must validate and contain the flows and ports the metrics name. */
function checkPoints(spec: ExperimentSpec, points: SweepPoint[], metrics: SweepMetric[], issues: SweepIssue[]): void {
  const seen = new Set<string>();
  const add = (issue: SweepIssue) => {
    const k = `${issue.path}: ${issue.message}`;
    if (!seen.has(k) && issues.length < MAX_REPORTED) issues.push(issue);
    seen.add(k);
  };
  const checkRefs = (resolved: ResolvedScenario, probeKeys: boolean) => {
    const flowIds = new Set(resolved.flows.map((f) => f.id));
    const ids = resolved.nodes.map((n) => n.id);
    // port name → its queue discipline
    const ports = new Map(
      resolved.links.flatMap((l) => [
        [`${ids[l.a]}->${ids[l.b]}`, l.dirs[0].queue.type],
        [`${ids[l.b]}->${ids[l.a]}`, l.dirs[1].queue.type],
      ]),
    );
    metrics.forEach((m, i) => {
      const flowRef = (id: string, field: string) => {
        if (!flowIds.has(id)) add({ path: `metrics[${i}].${field}`, message: `${JSON.stringify(id)} is not a flow` });
      };
      if (m.flow !== undefined) flowRef(m.flow, 'flow');
      m.flows?.forEach((id, k) => flowRef(id, `flows[${k}]`));
      m.versus?.forEach((id, k) => flowRef(id, `versus[${k}]`));
      if (m.port !== undefined && !ports.has(m.port))
        add({ path: `metrics[${i}].port`, message: `${JSON.stringify(m.port)} is not a link direction "a->b"` });
      else if (probeKeys && m.port !== undefined && m.key !== undefined) {
        const type = ports.get(m.port)!;
        const probes = findQueueModel(type)?.info.probes?.map((p) => p.key) ?? [];
        if (!probes.includes(m.key))
          add({
            path: `metrics[${i}].key`,
            message: `${JSON.stringify(m.key)} is not a probe of ${type} at ${m.port} (${probes.join(', ') || 'it has none'})`,
          });
      }
    });
  };
  // the base alone: flows and ports (points may change a port's discipline, so probe keys are checked per point)
  checkRefs(validateScenario(spec.base()), false);
  for (const point of points) {
    if (issues.length >= MAX_REPORTED) return;
    try {
      checkRefs(validateScenario(pointScenario(spec, point, spec.seeds[0]!)), true);
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      for (const i of e.issues) add({ path: `point ${point.id} (${point.label}) → ${i.path}`, message: i.message });
    }
  }
}

function range1(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

function jsonClone<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}
