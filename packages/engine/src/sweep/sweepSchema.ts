import { z } from 'zod';

/**
 * The sweep file, version 1 (docs/sweeps.md): a base scenario, parameters to vary (scenario paths
 * with value lists or ranges), how they combine, seeds, start jitter and the metrics to collect.
 * Structure only; `parseSweep` expands values, checks paths, scenarios and metric queries.
 */
export const SWEEP_VERSION = 1;

/** Bounds a sweep file may not exceed (a hostile or mistyped file must not exhaust memory). */
export const SWEEP_LIMITS = {
  parameters: 8,
  valuesPerParameter: 1000,
  points: 10_000,
  seeds: 1000,
  runs: 200_000,
  metrics: 64,
  /** Characters of one parameter value written as JSON. */
  valueChars: 10_000,
  /**
   * Nesting of the whole file: its own fields take 3 levels (`parameters[0].values`), an inline
   * base scenario 2 plus its own (at most 32, docs/scenario-format.md).
   */
  depth: 40,
  /** Characters of a sweep file (an inline base scenario may take a scenario's 64 Mi). */
  fileChars: 64 * 1024 * 1024,
} as const;

const jsonValue = z.unknown().refine((v) => v !== undefined && JSON.stringify(v).length <= SWEEP_LIMITS.valueChars, {
  error: `must be a JSON value of at most ${SWEEP_LIMITS.valueChars} characters`,
});

const finite = z.number().finite('must be a finite number');

export const sweepRangeSchema = z.strictObject({
  from: finite,
  to: finite,
  steps: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be ≥ 1')
    .max(SWEEP_LIMITS.valuesPerParameter, `must be ≤ ${SWEEP_LIMITS.valuesPerParameter}`),
  scale: z.enum(['linear', 'log']).optional(),
  /** Round each value to a whole number (buffer sizes, packet counts); repeats are dropped. */
  integer: z.boolean().optional(),
});

export const sweepParameterSchema = z.strictObject({
  /** A scenario path: `links[r1-r2].buffer`, `flows[*].transport.cc`, `duration`. */
  path: z.string().min(1, 'must not be empty').max(300, 'must be at most 300 characters'),
  /** Column name in the outputs (default: the path). */
  name: z
    .string()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters')
    .regex(/^[A-Za-z0-9_.:[\]*>-]+$/, 'may contain only letters, digits and _ . : [ ] * > -')
    .optional(),
  values: z.array(jsonValue).min(1, 'needs at least one value').max(SWEEP_LIMITS.valuesPerParameter).optional(),
  range: sweepRangeSchema.optional(),
  /** Appended to each numeric value ("Mbps" turns 10 into "10Mbps"; " packets" into "10 packets"). */
  unit: z.string().max(16, 'must be at most 16 characters').optional(),
});

export const sweepMetricSchema = z.strictObject({
  /** Name in the outputs (default: the metric id with its flow, flows or port, e.g. "goodputBps[f1]"). */
  name: z.string().min(1, 'must not be empty').max(80, 'must be at most 80 characters').optional(),
  metric: z.string().min(1, 'must name a result metric'),
  flow: z.string().optional(),
  flows: z.array(z.string()).min(1, 'needs at least one flow').max(5000).optional(),
  versus: z.array(z.string()).min(1, 'needs at least one flow').max(5000).optional(),
  /** Flow-set metrics: only the wired flows, or only those crossing a time-varying link (seed 004 §5). */
  subset: z.enum(['wired', 'wireless']).optional(),
  port: z.string().optional(),
  from: z.number().min(0, 'must be ≥ 0').finite().optional(),
  at: z.number().min(0, 'must be ≥ 0').finite().optional(),
  p: finite.optional(),
  dOptMs: z.number().positive('must be > 0').finite().optional(),
  /** Probe key of the port's queue discipline, for `queueProbe` (e.g. RED's "avgQueue"). */
  key: z.string().min(1, 'must not be empty').max(64).optional(),
  bits: z.number().positive('must be > 0').finite().optional(),
  fraction: z.number().gt(0, 'must be > 0').max(1, 'must be ≤ 1').optional(),
  afterConvergence: z.boolean().optional(),
});

const seed = z.number().int('must be a whole number').min(0, 'must be ≥ 0').max(0xffffffff, 'must be ≤ 4294967295');

export const sweepBaseSchema = z.union([
  z.strictObject({ preset: z.string().min(1, 'must name a preset') }),
  z.strictObject({ file: z.string().min(1, 'must name a file').max(1000) }),
  z.strictObject({ scenario: z.record(z.string(), z.unknown()) }),
]);

export const sweepFileSchema = z.strictObject({
  version: z.literal(SWEEP_VERSION, { error: `must be ${SWEEP_VERSION}` }),
  name: z.string().max(200, 'must be at most 200 characters').optional(),
  description: z.string().max(5000, 'must be at most 5000 characters').optional(),
  /** The scenario every point starts from: a built-in preset, a scenario file (relative to the sweep file) or inline. */
  base: sweepBaseSchema,
  parameters: z
    .array(sweepParameterSchema)
    .min(1, 'needs at least one parameter')
    .max(SWEEP_LIMITS.parameters, `must have at most ${SWEEP_LIMITS.parameters} parameters`),
  /** grid: every combination (the first parameter varies slowest); zip: the i-th values together. */
  combine: z.enum(['grid', 'zip']).optional(),
  /** A count n (seeds 1..n) or the seeds themselves. */
  seeds: z
    .union([
      z.number().int('must be a whole number').min(1, 'must be ≥ 1').max(SWEEP_LIMITS.seeds),
      z.array(seed).min(1, 'needs at least one seed').max(SWEEP_LIMITS.seeds),
    ])
    .optional(),
  /** Seconds: each flow's start is delayed by a seed-determined amount in [0, startJitter). */
  startJitter: z.number().min(0, 'must be ≥ 0').max(3600, 'must be ≤ 3600').optional(),
  metrics: z
    .array(sweepMetricSchema)
    .min(1, 'needs at least one metric')
    .max(SWEEP_LIMITS.metrics, `must have at most ${SWEEP_LIMITS.metrics} metrics`),
});

export type SweepFile = z.infer<typeof sweepFileSchema>;
export type SweepParameterInput = z.infer<typeof sweepParameterSchema>;
export type SweepMetricInput = z.infer<typeof sweepMetricSchema>;
export type SweepRange = z.infer<typeof sweepRangeSchema>;
