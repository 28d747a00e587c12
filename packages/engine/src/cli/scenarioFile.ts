import { SimulationError } from '../core/SimulationError.js';
import { SCENARIO_LIMITS } from '../scenario/inputBounds.js';
import { parseScenarioText, ScenarioError } from '../scenario/validate.js';
import { readUserFile, UserFileError } from './userFiles.js';
import type { ResolvedScenario } from '../scenario/validate.js';

/**
 * Largest scenario file read, in bytes: the text limit (SCENARIO_LIMITS.textChars characters; a
 * file of ASCII holds as many bytes as characters).
 */
export const SCENARIO_FILE_BYTES = SCENARIO_LIMITS.textChars;

/**
 * Reads and validates the scenario in `file` (migrating older versions), as `cclab run` and
 * `cclab validate` do; a file that cannot be read (missing, not a regular file, too large) is a
 * ScenarioError on `(file)`.
 */
export function loadScenario(file: string): ResolvedScenario {
  return parseScenarioText(readScenarioText(file));
}

/** The text of a scenario file (cli/userFiles.ts); a ScenarioError on `(file)` when it cannot be read. */
export function readScenarioText(file: string): string {
  try {
    return readUserFile(file, SCENARIO_FILE_BYTES);
  } catch (e) {
    if (!(e instanceof UserFileError)) throw e;
    throw new ScenarioError([{ path: '(file)', message: e.message }]);
  }
}

/** The CLI's message for a scenario problem or a stopped run, naming `source` (docs/cli.md). */
export function describeError(e: unknown, source: string): string {
  if (e instanceof ScenarioError)
    return `${source}: invalid scenario\n${e.issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`;
  if (e instanceof SimulationError) return `${source}: the run stopped: ${e.message}`;
  return `${source}: ${(e as Error).message}`;
}
