/**
 * A reproduction: one published figure or table, as data — the study, what it shows, the
 * experiment that reproduces it (scenario, points, seeds, metrics), the paper's numbers verbatim
 * (every contradictory value kept, each with where it was printed), the claims checked (a number
 * with a tolerance, an ordering, a trend, a ratio) and notes on every ambiguity the digest flags
 * (/work/shared/spec). Entries live in packages/engine/reproductions/seed-NNN/, one file each.
 */
import type { ExperimentSpec } from '../experiment/experiment.js';

export type StudyId = '000' | '001' | '002' | '003' | '004';

/** One number the paper prints for a point and metric, and where it is printed. */
export interface PaperNumber {
  value: number;
  /** "Table 3", "text p. 12", "Fig. 4 (read off the plot)". */
  where: string;
}

/** The paper's numbers for one (point, metric); several when the paper contradicts itself. */
export interface PaperValue {
  point: string;
  metric: string;
  numbers: readonly PaperNumber[];
  /** How the paper's quantity maps onto our metric (units, definitions), when not obvious. */
  note?: string;
}

/** Reference to one measured quantity: a metric at a point (mean over seeds). */
export interface QuantityRef {
  point: string;
  metric: string;
}

export type Claim = { id: string; text: string; explanation?: string } & (
  | {
      /** ours within tolerance of `value` (relative and/or absolute; passes if either holds). */
      kind: 'within';
      of: QuantityRef;
      value: number;
      rel?: number;
      abs?: number;
    }
  | {
      /** ours(left) < factor × ours(right). */
      kind: 'less';
      left: QuantityRef;
      right: QuantityRef;
      factor?: number;
    }
  | {
      /** the metric, taken over `points` in order, is monotone (ties within `tolerance`, relative). */
      kind: 'trend';
      metric: string;
      points: readonly string[];
      direction: 'increasing' | 'decreasing';
      tolerance?: number;
    }
  | {
      /** ours within [min, max]. */
      kind: 'range';
      of: QuantityRef;
      min?: number;
      max?: number;
    }
  | {
      /** |ours(a) − ours(b)| ≤ rel × max(|a|, |b|): "insensitive to", "about the same as". */
      kind: 'similar';
      a: QuantityRef;
      b: QuantityRef;
      rel: number;
    }
);

export interface ReproductionSpec extends ExperimentSpec {
  /** "seed-001-table-3": the study first. */
  id: string;
  study: StudyId;
  /** "Table 3", "Fig. 2–5". */
  figure: string;
  title: string;
  /** Full citation with the digest section. */
  source: string;
  /** What the figure shows and what the reproduction does, one paragraph. */
  summary: string;
  paper: readonly PaperValue[];
  claims: readonly Claim[];
  /** Every ambiguity and contradiction the digest flags, and each choice made. */
  notes: readonly string[];
  /** Optional preset id in the lab that opens the first point's scenario. */
  preset?: string;
  /**
   * For entries whose full runs are too long to repeat in the test suite (seed 004: 32 runs of
   * 500 s, hundreds of millions of events each): the test reruns only these points, with the
   * first seed, for `duration`, and compares them with the records `cclab reproduce --docs`
   * stores beside the results under `quickCheck`. Without it every point's first seed is rerun in
   * full.
   */
  quickCheck?: { points: readonly string[]; duration: string };
}
