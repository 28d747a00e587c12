/**
 * The split view's two variants of one scenario: the user picks what differs (a scenario path,
 * as the Sweep panel offers them: a flow's or every flow's congestion control, a link's queue
 * discipline, rate, buffer, …) and a value for A and for B. Everything else, the seed included,
 * is the scenario as it is, so the two runs differ only where the user said.
 */
import {
  getPath,
  ScenarioError,
  ScenarioPathError,
  setPath,
  validateScenario,
  withUnit,
  type Registry,
  type ScenarioInput,
} from '@cclab/engine';
import { parseValuesText, sweepFields, type SweepField } from '../../sweep/sweepFields';

/** What differs between A and B: a scenario path and each side's value as typed. */
export interface SplitChoice {
  path: string;
  a: string;
  b: string;
}

/** A problem with the choice, named by the form field it concerns. */
export interface SplitIssue {
  field: 'path' | 'a' | 'b';
  message: string;
}

export interface SplitVariants {
  a: ScenarioInput;
  b: ScenarioInput;
  /** "congestion control of every flow = newreno" */
  labelA: string;
  labelB: string;
  /** What differs ("congestion control of every flow") and each side's value ("newreno"). */
  what: string;
  valueA: string;
  valueB: string;
}

export type SplitResult = ({ ok: true } & SplitVariants) | { ok: false; issues: SplitIssue[] };

/** Field names as the form shows them (errors start with them). */
export const SPLIT_FIELD_NAMES: Readonly<Record<SplitIssue['field'], string>> = {
  path: 'What differs',
  a: 'A value',
  b: 'B value',
};

/**
 * What the split view offers to vary: the Sweep panel's fields without the duration (the two
 * runs share one clock, so they run for the same time).
 */
export function splitFields(sc: ScenarioInput, registry: Registry): SweepField[] {
  return sweepFields(sc, registry).filter((f) => f.path !== 'duration');
}

/** The value at `path` as the form shows it (the first one for `[*]`), or "". */
export function currentValueText(sc: ScenarioInput, path: string): string {
  try {
    const v = getPath(sc, path)[0];
    return v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  } catch {
    return '';
  }
}

/**
 * The split the view opens with: every flow's congestion control (or the first flow's), A as it
 * is now and B CUBIC (NewReno when A is CUBIC already); else the first field with choices.
 */
export function defaultSplitChoice(sc: ScenarioInput, fields: readonly SweepField[]): SplitChoice | null {
  const cc =
    fields.find((f) => f.path === 'flows[*].transport.cc') ??
    fields.find((f) => /^flows\[.*\]\.transport\.cc$/.test(f.path));
  const field = cc ?? fields.find((f) => (f.options?.length ?? 0) > 1);
  if (!field) return null;
  const options = field.options ?? [];
  const now = currentValueText(sc, field.path);
  const a = now !== '' ? now : (options[0] ?? '');
  const preferred = a === 'cubic' ? 'newreno' : 'cubic';
  const b = options.includes(preferred) ? preferred : (options.find((o) => o !== a) ?? a);
  return { path: field.path, a, b };
}

/** One side's value, parsed as the Sweep panel parses a typed value (the field's unit appended). */
function sideValue(field: SweepField, text: string, side: 'a' | 'b', issues: SplitIssue[]): unknown {
  const name = SPLIT_FIELD_NAMES[side];
  const values = parseValuesText(text);
  if (values.length === 0) {
    issues.push({ field: side, message: `${name}: enter a value for ${field.label}` });
    return undefined;
  }
  if (values.length > 1) {
    issues.push({ field: side, message: `${name}: one value, not ${values.length} (A and B each take one)` });
    return undefined;
  }
  const v = values[0]!;
  if (field.options && !field.options.includes(String(v))) {
    issues.push({
      field: side,
      message: `${name}: "${String(v)}" is not one of ${field.options.join(', ')}`,
    });
    return undefined;
  }
  return withUnit(v, field.unit);
}

/** `base` with the chosen path set to one side's value, checked as a scenario. */
function variant(base: ScenarioInput, field: SweepField, value: unknown, side: 'a' | 'b', issues: SplitIssue[]) {
  const name = SPLIT_FIELD_NAMES[side];
  let sc: ScenarioInput;
  try {
    sc = setPath(base, field.path, value);
  } catch (e) {
    if (!(e instanceof ScenarioPathError)) throw e;
    issues.push({ field: 'path', message: `${SPLIT_FIELD_NAMES.path}: ${e.message}` });
    return null;
  }
  try {
    validateScenario(sc);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    for (const i of e.issues) issues.push({ field: side, message: `${name}: ${i.path}: ${i.message}` });
    return null;
  }
  return sc;
}

/**
 * The two scenarios of a split: `base` (its lab-only `view` left out, so each pane fits its own
 * network view) with the chosen path set to A's value and to B's; or every problem, each named by
 * its field.
 */
export function splitVariants(base: ScenarioInput, choice: SplitChoice, fields: readonly SweepField[]): SplitResult {
  const field = fields.find((f) => f.path === choice.path);
  if (!field)
    return {
      ok: false,
      issues: [
        { field: 'path', message: `${SPLIT_FIELD_NAMES.path}: "${choice.path}" is not a setting of this scenario` },
      ],
    };
  const issues: SplitIssue[] = [];
  const va = sideValue(field, choice.a, 'a', issues);
  const vb = sideValue(field, choice.b, 'b', issues);
  if (issues.length) return { ok: false, issues };
  const { view: _view, ...plain } = base;
  const a = variant(plain, field, va, 'a', issues);
  const b = variant(plain, field, vb, 'b', issues);
  if (!a || !b) return { ok: false, issues };
  return {
    ok: true,
    a,
    b,
    labelA: `${field.label} = ${choice.a.trim()}`,
    labelB: `${field.label} = ${choice.b.trim()}`,
    what: field.label,
    valueA: choice.a.trim(),
    valueB: choice.b.trim(),
  };
}
