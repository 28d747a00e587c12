/**
 * Reading scenarios from untrusted text (files, links, local storage) into a checked result:
 * either a scenario ready for the editor or a list of issues naming each field and problem.
 */
import { ScenarioError, validateScenario, type ScenarioInput, type ScenarioIssue } from '@cclab/engine';
import { autoLayout } from '../layout/autoLayout';

export type ScenarioLoad = { ok: true; scenario: ScenarioInput } | { ok: false; issues: ScenarioIssue[] };

/** Validates a parsed value; on success returns the input (with a layout if it had none). */
export function checkScenario(value: unknown): ScenarioLoad {
  try {
    validateScenario(value);
  } catch (e) {
    if (e instanceof ScenarioError) return { ok: false, issues: e.issues };
    return { ok: false, issues: [{ path: '(scenario)', message: (e as Error).message }] };
  }
  return { ok: true, scenario: autoLayout(value as ScenarioInput) };
}

export function parseScenarioJson(text: string, source = 'file'): ScenarioLoad {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, issues: [{ path: `(${source})`, message: `not valid JSON: ${(e as Error).message}` }] };
  }
  return checkScenario(value);
}

export function scenarioToJson(s: ScenarioInput): string {
  return JSON.stringify(s, null, 2) + '\n';
}

/** A file name for downloading a scenario. */
export function scenarioFileName(s: ScenarioInput): string {
  const base =
    (s.name ?? 'scenario')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'scenario';
  return `${base}.cclab.json`;
}
