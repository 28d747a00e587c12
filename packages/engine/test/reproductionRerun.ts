/**
 * The rerun check of the reproduction entries, shared by reproductionRerun.*.test.ts (a file per
 * study, so the suite's workers run them side by side): the engine is deterministic, so rerunning
 * an entry gives exactly its recorded results and docs/reproductions.md shows what the code does
 * today. Every point is rerun with the entry's first seed (all seeds would multiply the cost; a
 * model change shows in the first seed's numbers too). Entries with a `quickCheck` (seed 004's
 * 500 s runs) rerun only its points, for its shorter duration, against the quick-check records
 * stored beside the results.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { reproductions } from '../reproductions/index.js';
import { aggregate, runPoint } from '../src/experiment/experiment.js';
import { runQuickCheck, type RecordedResult } from '../src/reproduction/quickCheck.js';
import type { StudyId } from '../src/reproduction/types.js';

const RESULTS = new URL('../reproductions/results/', import.meta.url);

/** An entry's recorded result, or null when it has none. */
export function recordedResult(id: string): RecordedResult | null {
  try {
    return JSON.parse(readFileSync(new URL(`${id}.json`, RESULTS), 'utf8')) as RecordedResult;
  } catch {
    return null;
  }
}

/** One test per entry of `study`: its rerun equals its recorded results. */
export function rerunsMatchTheirRecords(study: StudyId): void {
  const entries = reproductions.filter((r) => r.study === study);
  it('the study has entries', () => expect(entries.length).toBeGreaterThan(0));
  it.each(entries.map((r) => [r.id, r] as const))('%s reproduces its recorded results', (_id, spec) => {
    const rec = recordedResult(spec.id)!;
    const seed = spec.seeds[0]!;
    // recorded results are JSON, where NaN (a metric that does not apply) is null
    const json = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;
    if (spec.quickCheck) {
      expect(
        rec.quickCheck,
        `${spec.id} has quick-check records (npx cclab reproduce --docs ${spec.id})`,
      ).toBeDefined();
      expect(json(runQuickCheck(spec))).toEqual(rec.quickCheck);
    } else
      for (const p of spec.points) {
        const again = json(runPoint(spec, p, seed));
        expect(again).toEqual(rec.records.find((r) => r.point === p.id && r.seed === seed));
      }
    expect(rec.records.length).toBe(spec.points.length * spec.seeds.length);
    expect(JSON.parse(JSON.stringify(aggregate(spec, rec.records).stats))).toEqual(rec.stats);
  });
}
