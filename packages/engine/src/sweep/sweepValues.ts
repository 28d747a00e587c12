/**
 * Expanding a sweep parameter's values (lists, linear and logarithmic ranges) and combining
 * parameters into points (a grid or a zip).
 */
import type { SweepRange } from './sweepSchema.js';

/** Twelve significant digits: 0.1 + 0.2 steps print as 0.3, not 0.30000000000000004. */
const tidy = (x: number) => Number(x.toPrecision(12));

/**
 * The values of a range, both ends included: `steps` values evenly spaced (linear) or with a
 * constant ratio (log, from and to > 0). With `integer`, each is rounded and repeats are dropped.
 */
export function rangeValues(r: SweepRange): number[] {
  const n = r.steps;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    let v: number;
    if (i === 0) v = r.from;
    else if (i === n - 1) v = r.to;
    else if (r.scale === 'log') v = tidy(r.from * Math.pow(r.to / r.from, i / (n - 1)));
    else v = tidy(r.from + ((r.to - r.from) * i) / (n - 1));
    out.push(r.integer ? Math.round(v) : v);
  }
  return r.integer ? [...new Set(out)] : out;
}

/** A value with the parameter's unit appended when it is a number ("10" + "Mbps" → "10Mbps"). */
export function withUnit(value: unknown, unit: string | undefined): unknown {
  return unit !== undefined && typeof value === 'number' ? `${value}${unit}` : value;
}

/** How a value reads in labels and CSV cells: strings as they are, anything else as JSON. */
export function valueLabel(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Number of points a combination gives (without building them). */
export function combinationSize(counts: readonly number[], combine: 'grid' | 'zip'): number {
  if (combine === 'zip') return counts[0] ?? 0;
  return counts.reduce((a, b) => a * b, 1);
}

/**
 * Index tuples of the combination: grid in row-major order (the first parameter varies slowest,
 * like nested loops in the order written), zip the i-th value of every parameter together.
 */
export function combinationIndices(counts: readonly number[], combine: 'grid' | 'zip'): number[][] {
  const total = combinationSize(counts, combine);
  const out: number[][] = [];
  for (let k = 0; k < total; k++) {
    if (combine === 'zip') {
      out.push(counts.map(() => k));
      continue;
    }
    const tuple = new Array<number>(counts.length);
    let rest = k;
    for (let j = counts.length - 1; j >= 0; j--) {
      tuple[j] = rest % counts[j]!;
      rest = Math.floor(rest / counts[j]!);
    }
    out.push(tuple);
  }
  return out;
}
