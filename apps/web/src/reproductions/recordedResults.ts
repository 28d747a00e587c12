/**
 * The recorded results of the entries (packages/engine/reproductions/results/<id>.json, written by
 * `cclab reproduce --docs`), each loaded on demand as its own small chunk. An entry without a
 * recorded result (a new one not yet recorded) gets null.
 */
import type { ExperimentResult } from '@cclab/engine';

const files = import.meta.glob<ExperimentResult>('../../../../packages/engine/reproductions/results/*.json', {
  import: 'default',
});

const byId = new Map(
  Object.entries(files).map(([path, load]) => [path.replace(/^.*\//, '').replace(/\.json$/, ''), load]),
);

export function hasRecordedResult(id: string): boolean {
  return byId.has(id);
}

export async function loadRecordedResult(id: string): Promise<ExperimentResult | null> {
  const load = byId.get(id);
  return load ? await load() : null;
}
