import { z } from 'zod';
import { scenarioSchema } from '../scenario/schema.js';

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
