/**
 * Whether a value entered in an exercise's field may go into the lab's scenario: of the field's
 * kind (fieldControls.ts, in the field's own words), and leaving the scenario without a problem it
 * did not have (the engine's validateScenario: a value can be of the right kind and still not fit,
 * such as a buffer of 0 packets). The lab keeps what was entered in the field until it does, so a
 * mistyped answer never reaches the scenario or its autosave.
 */
import { setPath, ScenarioPathError } from '../experiment/scenarioPath.js';
import type { ScenarioInput } from '../scenario/types.js';
import { ScenarioError, validateScenario } from '../scenario/validate.js';
import { fieldControlOf, fieldValueProblem } from './fieldControls.js';

function problems(sc: ScenarioInput): { path: string; message: string }[] {
  try {
    validateScenario(sc);
    return [];
  } catch (e) {
    if (e instanceof ScenarioError) return e.issues;
    throw e;
  }
}

/** Why `value` at `path` of `sc` is refused (naming the field by `label`), or null when it may go in. */
export function draftProblem(sc: ScenarioInput, path: string, value: unknown, label: string): string | null {
  const control = fieldControlOf(sc, path);
  if (control) {
    const p = fieldValueProblem(control, value);
    if (p) return p;
  }
  let next: ScenarioInput;
  try {
    next = setPath(sc, path, value);
  } catch (e) {
    if (e instanceof ScenarioPathError) return `${label}: ${e.message}`;
    throw e;
  }
  const before = new Set(problems(sc).map((i) => `${i.path}: ${i.message}`));
  const fresh = problems(next).find((i) => !before.has(`${i.path}: ${i.message}`));
  return fresh ? `${label}: ${fresh.message}` : null;
}
