/**
 * Every reproduction entry, by study. One file per figure or table under seed-NNN/; this list
 * only names them. See docs/reproductions.md (generated: `npx cclab reproduce --docs`).
 */
import type { ReproductionSpec } from '../src/reproduction/types.js';
import { seed002Table42 } from './seed-002/table-4-2.js';

export { studies } from './studies.js';

export const reproductions: readonly ReproductionSpec[] = [seed002Table42];

export function findReproduction(id: string): ReproductionSpec | undefined {
  return reproductions.find((r) => r.id === id);
}
