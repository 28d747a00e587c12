import { SCENARIO_VERSION } from './types.js';
import type { ScenarioIssue } from './ScenarioError.js';

/**
 * Brings a scenario document of an earlier format version up to the current one
 * (SCENARIO_VERSION), so that every file, preset and shared link written before still loads.
 *
 * - 1 → 2: version 2 added `events` (timed changes). A version-1 document is a version-2
 *   document without events; only `version` changes. A version-1 file that has `events` anyway
 *   is refused (`problems`), since no program that wrote version 1 could have meant them.
 *
 * Anything that is not an object with a known older version is returned unchanged (validation
 * then reports what is wrong with it). The input is never modified.
 */
export function migrateScenario(doc: unknown): { doc: unknown; problems: ScenarioIssue[] } {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return { doc, problems: [] };
  const o = doc as Record<string, unknown>;
  if (o.version !== 1) return { doc, problems: [] };
  const problems: ScenarioIssue[] =
    o.events !== undefined
      ? [{ path: 'events', message: 'timed events need version 2 (this file says version 1): set "version": 2' }]
      : [];
  return { doc: { ...o, version: SCENARIO_VERSION }, problems };
}
