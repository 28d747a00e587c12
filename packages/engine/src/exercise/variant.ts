/**
 * Per-student random parameters. A variant is a 32-bit number carried in the exercise link; each
 * parameter's value is drawn from its list with a stream of its own, so the same link always gives
 * the same numbers and two links (almost always) different ones.
 */
import { Random } from '../core/Random.js';
import { setPath } from '../experiment/scenarioPath.js';
import type { ScenarioInput } from '../scenario/types.js';
import type { Exercise } from './parseExercise.js';

/** Parameter name → the value it takes. */
export type ParameterValues = Record<string, unknown>;

export const MAX_VARIANT = 0xffffffff;

export function isVariant(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_VARIANT;
}

/** The value of each parameter for a variant. */
export function variantValues(ex: Exercise, variant: number): ParameterValues {
  const out: ParameterValues = {};
  for (const p of ex.file.parameters ?? []) {
    const rng = new Random(variant >>> 0, `exercise:${ex.file.id}:${p.name}`);
    out[p.name] = p.values[Math.floor(rng.next() * p.values.length)];
  }
  return out;
}

/** The exercise's scenario with the parameters set. */
export function scenarioWith(ex: Exercise, values: ParameterValues): ScenarioInput {
  let sc = ex.scenario;
  for (const p of ex.file.parameters ?? []) if (p.name in values) sc = setPath(sc, p.path, values[p.name]);
  return sc;
}

/** Every combination of parameter values (the first parameter varies slowest), at most `limit`. */
export function allValueCombinations(ex: Exercise, limit: number): ParameterValues[] {
  let combos: ParameterValues[] = [{}];
  for (const p of ex.file.parameters ?? [])
    combos = combos.flatMap((c) => p.values.map((v) => ({ ...c, [p.name]: v })));
  return combos.slice(0, limit);
}

/** A prompt with `{name}` replaced by the parameter's value. */
export function fillText(text: string, values: ParameterValues): string {
  return text.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, name: string) =>
    name in values ? valueText(values[name]) : whole,
  );
}

function valueText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}
