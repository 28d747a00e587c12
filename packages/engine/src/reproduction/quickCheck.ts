/**
 * The test suite's cheaper rerun of a long reproduction entry (`ReproductionSpec.quickCheck`):
 * the named points, the first seed, a shorter duration. Deterministic like every run, so a model
 * change shows in these records as it would in the full ones.
 */
import { runPoint, type ExperimentResult, type ExperimentSpec, type RunRecord } from '../experiment/experiment.js';
import type { ReproductionSpec } from './types.js';

/** What `cclab reproduce --docs` stores for an entry: its results and, for long ones, the quick check. */
export interface RecordedResult extends ExperimentResult {
  quickCheck?: RunRecord[];
}

/** The experiment the quick check runs (null when the entry has none). */
export function quickCheckSpec(spec: ReproductionSpec): ExperimentSpec | null {
  const q = spec.quickCheck;
  if (!q) return null;
  return {
    ...spec,
    base: () => ({ ...spec.base(), duration: q.duration }),
    // a point with its own scenario is shortened too (not only those built from the base)
    points: spec.points
      .filter((p) => q.points.includes(p.id))
      .map((p) => {
        const own = p.scenario;
        return own ? { ...p, scenario: () => ({ ...own(), duration: q.duration }) } : p;
      }),
    seeds: [spec.seeds[0]!],
  };
}

/** Runs the quick check: one record per point, with the first seed. */
export function runQuickCheck(spec: ReproductionSpec): RunRecord[] {
  const qs = quickCheckSpec(spec);
  if (!qs) return [];
  return qs.points.map((p) => runPoint(qs, p, qs.seeds[0]!));
}
