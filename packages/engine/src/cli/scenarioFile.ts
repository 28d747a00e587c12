import { readFileSync } from 'node:fs';
import { SimulationError } from '../core/SimulationError.js';
import { parseScenarioText, ScenarioError } from '../scenario/validate.js';
import type { ResolvedScenario } from '../scenario/validate.js';

/**
 * Reads and validates the scenario in `file` (migrating older versions), as `cclab run` and
 * `cclab validate` do; an unreadable file is a ScenarioError on `(file)`.
 */
export function loadScenario(file: string): ResolvedScenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ScenarioError([
      { path: '(file)', message: `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` },
    ]);
  }
  return parseScenarioText(text);
}

/** The CLI's message for a scenario problem or a stopped run, naming `source` (docs/cli.md). */
export function describeError(e: unknown, source: string): string {
  if (e instanceof ScenarioError)
    return `${source}: invalid scenario\n${e.issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`;
  if (e instanceof SimulationError) return `${source}: the run stopped: ${e.message}`;
  return `${source}: ${(e as Error).message}`;
}
