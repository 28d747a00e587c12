import { z } from 'zod';
import { scenarioSchema } from '../scenario/schema.js';
import { sweepFileSchema } from '../sweep/sweepSchema.js';

/** JSON Schema (draft 2020-12) of the scenario file's structure, for editors and docs. */
export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(scenarioSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return {
    $id: 'cclab-scenario-v1.json',
    title: 'cclab scenario (version 1)',
    description:
      'Structure of a cclab scenario file. Quantities accept human units ("10Mbps", "20ms", "50 packets", "64KB"); model parameters are checked against the registry (see docs/scenario-format.md).',
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
