/**
 * Summary statistics over repeated runs (seeds): mean, sample standard deviation and the 95 %
 * confidence interval of the mean with Student's t (two-sided), as researchers report them.
 */

/** Two-sided 97.5 % quantiles of Student's t for 1..30 degrees of freedom (standard tables). */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** t_{0.975, df}; beyond 30 degrees of freedom the normal 1.96 is within 2 %. */
export function tQuantile975(df: number): number {
  if (df < 1) return NaN;
  return df <= 30 ? T975[df - 1]! : 1.96;
}

export interface SampleStats {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1), NaN for n < 2. */
  sd: number;
  /** Half-width of the 95 % confidence interval of the mean, NaN for n < 2. */
  ci95: number;
  min: number;
  max: number;
}

/** Statistics of the finite values of `xs` (NaN results are left out and counted as missing). */
export function sampleStats(xs: readonly number[]): SampleStats {
  const v = xs.filter((x) => Number.isFinite(x));
  const n = v.length;
  if (n === 0) return { n: 0, mean: NaN, sd: NaN, ci95: NaN, min: NaN, max: NaN };
  const mean = v.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : NaN;
  return {
    n,
    mean,
    sd,
    ci95: n > 1 ? (tQuantile975(n - 1) * sd) / Math.sqrt(n) : NaN,
    min: Math.min(...v),
    max: Math.max(...v),
  };
}
