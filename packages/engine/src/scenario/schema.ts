import { z } from 'zod';
import {
  BUFFER_PACKETS_RANGE,
  DURATION_RANGE,
  FLOW_TIME_RANGE,
  LINK_DELAY_RANGE,
  MAX_QUANTITY_CHARS,
  PROBE_INTERVAL_RANGE,
  RATE_RANGE,
  type Range,
} from '../core/limits.js';
import { SCENARIO_VERSIONS } from './types.js';
import { SCENARIO_LIMITS } from './inputBounds.js';

/**
 * Structural schema of a scenario file (zod). Quantities are kept as given here (string with unit
 * or number); `validateScenario` parses units, checks their physical ranges (core/limits.ts),
 * resolves references and checks registry params. Every bound here has a message a person can
 * read; zod's own wording never reaches the user (scenario/zodIssues.ts).
 */

/**
 * A quantity: a string with a unit or a number in the base unit. Validation parses and
 * range-checks it; the metadata lets the JSON Schema state the range of the plain-number form.
 */
function quantity(base: string, range: Range, positive = false): z.ZodType<string | number> {
  return z.union([z.string(), z.number()]).meta({ cclabQuantity: { base, range, positive } });
}
const rate = quantity('bit/s', RATE_RANGE);
const duration = (range: Range, positive = false) => quantity('s', range, positive);
/** A plain number is packets; a string gives packets ("50 packets") or bytes ("64KB"). */
const buffer = quantity('packets', BUFFER_PACKETS_RANGE);

const params = z.record(z.string(), z.unknown());
const modelId = z.string().max(64, 'must be at most 64 characters');
const id = z
  .string()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may contain only letters, digits and _ . : -');
const nodeRef = z.string().max(64, 'must be at most 64 characters');
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/**
 * A queue discipline; a scheduler may name the discipline of its sub-queues in `child` (e.g. DRR
 * over CoDel). Nesting is bounded structurally (at most two levels of `child`), so a hostile file
 * cannot nest deeper than the schema.
 */
const leafQueueSpec = z.strictObject({ type: modelId, params: params.optional() });
const midQueueSpec = z.strictObject({ type: modelId, params: params.optional(), child: leafQueueSpec.optional() });
export const queueSpecSchema = z.strictObject({
  type: modelId,
  params: params.optional(),
  child: midQueueSpec.optional(),
});

/** A link direction's channel model (registry `channel`). */
export const channelSpecSchema = z.strictObject({ type: modelId, params: params.optional() });

const coordinate = z.number().min(-1e6, 'must be at least -1000000').max(1e6, 'must be at most 1000000');

export const nodeSchema = z.strictObject({
  id,
  kind: z.enum(['host', 'router', 'bs']),
  bs: z
    .strictObject({
      params: params.optional(),
      scheduler: z.strictObject({ type: modelId, params: params.optional() }).optional(),
    })
    .optional(),
  x: coordinate.optional(),
  y: coordinate.optional(),
  label: text(200).optional(),
  /** A router's shared buffer pooled over its egress ports (seed 000 LbLCA, eqs. 6.1–6.2). */
  buffer: buffer.optional(),
});

const lossRate = z.number().min(0, 'must be ≥ 0').max(1, 'must be ≤ 1');
const probability = lossRate;

/** A direction's impairments (scenario/resolveImpairments.ts checks what the types cannot). */
const impairmentsSchema = z.strictObject({
  burstLoss: z
    .strictObject({
      p: probability,
      r: probability,
      lossGood: probability.optional(),
      lossBad: probability.optional(),
    })
    .optional(),
  jitter: duration(LINK_DELAY_RANGE).optional(),
  jitterDistribution: z.enum(['uniform', 'normal', 'pareto']).optional(),
  reorder: z.boolean({ error: 'must be true or false' }).optional(),
  duplicate: probability.optional(),
});

export const linkSchema = z.strictObject({
  id: id.optional(),
  a: nodeRef,
  b: nodeRef,
  rate,
  delay: duration(LINK_DELAY_RANGE),
  buffer: buffer.optional(),
  queue: queueSpecSchema.optional(),
  lossRate: lossRate.optional(),
  impairments: impairmentsSchema.optional(),
  metric: z.number().positive('must be > 0').max(1e9, 'must be at most 1000000000').optional(),
  framingBytes: z.number().int('must be a whole number').min(0, 'must be ≥ 0').max(1000, 'must be ≤ 1000').optional(),
  deviceQueuePackets: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be ≥ 0')
    .max(1000, 'must be ≤ 1000')
    .optional(),
  channel: channelSpecSchema.optional(),
  reverse: z
    .strictObject({
      buffer: buffer.optional(),
      queue: queueSpecSchema.optional(),
      lossRate: lossRate.optional(),
      impairments: impairmentsSchema.optional(),
      channel: channelSpecSchema.optional(),
    })
    .optional(),
});

export const flowSchema = z.strictObject({
  id,
  from: nodeRef,
  to: nodeRef,
  transport: z.strictObject({
    type: modelId,
    cc: modelId.optional(),
    ccParams: params.optional(),
    params: params.optional(),
  }),
  app: z.strictObject({ type: modelId, params: params.optional() }),
  start: duration(FLOW_TIME_RANGE).optional(),
  stop: duration(FLOW_TIME_RANGE).optional(),
  path: z
    .array(nodeRef)
    .min(2, 'needs at least two nodes')
    .max(SCENARIO_LIMITS.nodes, `has more nodes than a scenario may hold (${SCENARIO_LIMITS.nodes})`)
    .optional(),
  class: z.number().int('must be a whole number').min(0, 'must be ≥ 0').max(63, 'must be ≤ 63').optional(),
  weight: z.number().positive('must be > 0').max(1e6, 'must be ≤ 1000000').optional(),
  /** #rgb, #rrggbb, #rrggbbaa or a CSS colour name (checked by scenario/colors.ts). */
  color: z.string().max(32, 'must be at most 32 characters').meta({ cclabColor: true }).optional(),
  label: text(200).optional(),
});

/** A timed change (scenario/resolveEvents.ts checks targets, values and combinations). */
export const eventSchema = z.strictObject({
  at: duration(DURATION_RANGE),
  link: nodeRef.optional(),
  direction: z.string().max(200, 'must be at most 200 characters').optional(),
  rate: rate.optional(),
  delay: duration(LINK_DELAY_RANGE).optional(),
  buffer: buffer.optional(),
  queue: queueSpecSchema.optional(),
  lossRate: lossRate.optional(),
  flow: nodeRef.optional(),
  cc: modelId.optional(),
  ccParams: params.optional(),
  action: z.enum(['start', 'stop'], { error: 'must be "start" or "stop"' }).optional(),
  label: text(200).optional(),
});

export const scenarioSchema = z.strictObject({
  version: z.literal(SCENARIO_VERSIONS),
  name: text(200).optional(),
  description: text(5000).optional(),
  seed: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be ≥ 0')
    .max(0xffffffff, 'must be ≤ 4294967295')
    .optional(),
  duration: duration(DURATION_RANGE, true),
  nodes: z
    .array(nodeSchema)
    .min(1, 'needs at least one node')
    .max(SCENARIO_LIMITS.nodes, `may hold at most ${SCENARIO_LIMITS.nodes} nodes`),
  links: z.array(linkSchema).max(SCENARIO_LIMITS.links, `may hold at most ${SCENARIO_LIMITS.links} links`),
  flows: z.array(flowSchema).max(SCENARIO_LIMITS.flows, `may hold at most ${SCENARIO_LIMITS.flows} flows`),
  probes: z
    .strictObject({
      interval: duration(PROBE_INTERVAL_RANGE, true).optional(),
      ports: z
        .array(z.string().max(200, 'must be at most 200 characters'))
        .max(2 * SCENARIO_LIMITS.links, `may name at most ${2 * SCENARIO_LIMITS.links} ports`)
        .optional(),
      maxPoints: z
        .number()
        .int('must be a whole number')
        .min(16, 'must be at least 16')
        .max(1_000_000, 'must be at most 1000000')
        .optional(),
    })
    .optional(),
  events: z
    .array(eventSchema)
    .max(SCENARIO_LIMITS.events, `may hold at most ${SCENARIO_LIMITS.events} events`)
    .optional(),
  /** Free-form view state of the lab, bounded by scenario/inputBounds.ts (depth, entries, size). */
  view: z.record(z.string(), z.unknown()).meta({ cclabView: true }).optional(),
});

/** Meta keys above, for the JSON Schema generator (cli/schema.ts). */
export interface SchemaMeta {
  cclabQuantity?: { base: string; range: Range; positive: boolean };
  cclabColor?: true;
  cclabView?: true;
}

/** The longest string a quantity may be, for the JSON Schema. */
export const QUANTITY_MAX_CHARS = MAX_QUANTITY_CHARS;
