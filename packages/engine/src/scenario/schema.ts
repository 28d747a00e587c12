import { z } from 'zod';
import { SCENARIO_VERSION } from './types.js';

/**
 * Structural schema of a scenario file (zod). Quantities are kept as given here (string with unit
 * or number); `validateScenario` parses units, resolves references and checks registry params.
 */

const quantity = z.union([z.string(), z.number()]);
const params = z.record(z.string(), z.unknown());
const id = z
  .string()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may contain only letters, digits and _ . : -');

/**
 * A queue discipline; a scheduler may name the discipline of its sub-queues in `child` (e.g. DRR
 * over CoDel). Nesting is bounded structurally (at most two levels of `child`), so a hostile file
 * cannot nest deeper than the schema.
 */
const leafQueueSpec = z.strictObject({ type: z.string(), params: params.optional() });
const midQueueSpec = z.strictObject({ type: z.string(), params: params.optional(), child: leafQueueSpec.optional() });
export const queueSpecSchema = z.strictObject({
  type: z.string(),
  params: params.optional(),
  child: midQueueSpec.optional(),
});

export const nodeSchema = z.strictObject({
  id,
  kind: z.enum(['host', 'router']),
  x: z.number().finite().optional(),
  y: z.number().finite().optional(),
  label: z.string().max(200).optional(),
  buffer: quantity.optional(),
});

const lossRate = z.number().min(0, 'must be ≥ 0').max(1, 'must be ≤ 1');

export const linkSchema = z.strictObject({
  id: id.optional(),
  a: z.string(),
  b: z.string(),
  rate: quantity,
  delay: quantity,
  buffer: quantity.optional(),
  queue: queueSpecSchema.optional(),
  lossRate: lossRate.optional(),
  metric: z.number().positive('must be > 0').finite().optional(),
  reverse: z
    .strictObject({ buffer: quantity.optional(), queue: queueSpecSchema.optional(), lossRate: lossRate.optional() })
    .optional(),
});

export const flowSchema = z.strictObject({
  id,
  from: z.string(),
  to: z.string(),
  transport: z.strictObject({
    type: z.string(),
    cc: z.string().optional(),
    ccParams: params.optional(),
    params: params.optional(),
  }),
  app: z.strictObject({ type: z.string(), params: params.optional() }),
  start: quantity.optional(),
  stop: quantity.optional(),
  path: z.array(z.string()).min(2, 'needs at least two nodes').optional(),
  class: z.number().int('must be a whole number').min(0, 'must be ≥ 0').max(63, 'must be ≤ 63').optional(),
  weight: z.number().positive('must be > 0').max(1e6, 'must be ≤ 1000000').optional(),
  color: z.string().max(32).optional(),
  label: z.string().max(200).optional(),
});

export const scenarioSchema = z.strictObject({
  version: z.literal(SCENARIO_VERSION, { error: `must be ${SCENARIO_VERSION}` }),
  name: z.string().max(200).optional(),
  description: z.string().max(5000).optional(),
  seed: z.number().int('must be a whole number').min(0).max(0xffffffff).optional(),
  duration: quantity,
  nodes: z.array(nodeSchema).min(1, 'needs at least one node').max(5000),
  links: z.array(linkSchema).max(20000),
  flows: z.array(flowSchema).max(5000),
  probes: z
    .strictObject({
      interval: quantity.optional(),
      ports: z.array(z.string()).optional(),
      maxPoints: z.number().int().min(16).max(1_000_000).optional(),
    })
    .optional(),
  view: z.record(z.string(), z.unknown()).optional(),
});

/** Formats a zod issue path like `links[2].rate`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let s = '';
  for (const k of path) {
    if (typeof k === 'number') s += `[${k}]`;
    else s += s === '' ? String(k) : `.${String(k)}`;
  }
  return s === '' ? '(scenario)' : s;
}
