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

/**
 * The first `limit` combinations of parameter values, in order: the first parameter varies
 * slowest, the last fastest. Six parameters of 32 values make 32⁶ ≈ 10⁹ combinations, so only the
 * chosen ones are built: combination k is k written in mixed radix (the last digit counting the
 * last parameter's values).
 */
export function allValueCombinations(ex: Exercise, limit: number): ParameterValues[] {
  const params = ex.file.parameters ?? [];
  const total = params.reduce((n, p) => n * p.values.length, 1);
  const out: ParameterValues[] = [];
  for (let k = 0; k < Math.min(total, limit); k++) {
    const digits: number[] = [];
    let rest = k;
    for (let j = params.length - 1; j >= 0; j--) {
      const n = params[j]!.values.length;
      digits[j] = rest % n;
      rest = Math.floor(rest / n);
    }
    const combo: ParameterValues = {};
    params.forEach((p, j) => (combo[p.name] = p.values[digits[j]!]));
    out.push(combo);
  }
  return out;
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
