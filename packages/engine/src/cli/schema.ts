import { z } from 'zod';
import { CSS_COLOR_NAMES, HEX_COLOR } from '../scenario/colors.js';
import { SCENARIO_LIMITS } from '../scenario/inputBounds.js';
import { QUANTITY_MAX_CHARS, scenarioSchema, type SchemaMeta } from '../scenario/schema.js';
import { sweepFileSchema } from '../sweep/sweepSchema.js';

/**
 * JSON Schema (draft 2020-12) of the scenario file's structure, for editors and docs. Where the
 * zod schema leaves a check to validation, the metadata it carries states what JSON Schema can:
 * the range of a quantity written as a plain number and the length of one written with a unit,
 * the colour forms, the size of `view`.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(scenarioSchema, {
    target: 'draft-2020-12',
    override: (ctx) => {
      const meta = z.globalRegistry.get(ctx.zodSchema as unknown as z.ZodType) as SchemaMeta | undefined;
      if (!meta) return;
      const js = ctx.jsonSchema as Record<string, unknown>;
      delete js.cclabQuantity;
      delete js.cclabColor;
      delete js.cclabView;
      if (meta.cclabQuantity) {
        const { base, range, positive } = meta.cclabQuantity;
        delete js.type;
        const min = positive && range.min === 0 ? { exclusiveMinimum: 0 } : { minimum: range.min };
        js.anyOf = [
          { type: 'string', maxLength: QUANTITY_MAX_CHARS, description: 'a number with a unit, e.g. "10Mbps", "20ms"' },
          { type: 'number', ...min, maximum: range.max, description: `in ${base}` },
        ];
      }
      if (meta.cclabColor) {
        delete js.type;
        delete js.maxLength;
        js.anyOf = [
          { type: 'string', pattern: HEX_COLOR.source },
          { type: 'string', enum: [...CSS_COLOR_NAMES] },
        ];
      }
      if (meta.cclabView) {
        js.maxProperties = SCENARIO_LIMITS.view.values;
        js.description = `Free-form state of the lab's view: at most ${SCENARIO_LIMITS.view.depth} levels deep, ${SCENARIO_LIMITS.view.values} entries and ${SCENARIO_LIMITS.view.chars / 1024} KiB as JSON.`;
      }
    },
  }) as Record<string, unknown>;
  return {
    $id: 'cclab-scenario-v1.json',
    title: 'cclab scenario (version 1)',
    description:
      'Structure of a cclab scenario file. Quantities accept human units ("10Mbps", "20ms", "50 packets", "64KB"); their ranges, model parameters and references are checked by validation (see docs/scenario-format.md, "Limits").',
    ...schema,
  };
}

/** JSON Schema (draft 2020-12) of the sweep file's structure (docs/sweep.schema.json). */
export function sweepJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(sweepFileSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return {
    $id: 'cclab-sweep-v1.json',
    title: 'cclab sweep (version 1)',
    description:
      'Structure of a cclab sweep file: a base scenario, parameters (scenario paths) with value lists or ranges, seeds and result metrics. Paths, scenarios and metric queries are checked beyond this schema (see docs/sweeps.md).',
    ...schema,
  };
}
