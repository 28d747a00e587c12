import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scenarioJsonSchema } from '../src/cli/schema.js';
import { presets } from '../src/presets/presets.js';
import { validateScenario } from '../src/scenario/validate.js';

const dir = new URL('../presets/', import.meta.url);

describe('built-in presets', () => {
  it('are committed as scenario files identical to the built-in definitions (npm run presets)', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(files).toEqual(presets.map((p) => `${p.id}.json`).sort());
    for (const p of presets) {
      const onDisk = JSON.parse(readFileSync(new URL(`${p.id}.json`, dir), 'utf8'));
      expect(onDisk, p.id).toEqual(p.scenario());
    }
  });

  it('all validate', () => {
    for (const p of presets) expect(() => validateScenario(p.scenario()), p.id).not.toThrow();
  });

  it('docs/scenario.schema.json is the current JSON Schema (npm run schema)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../../docs/scenario.schema.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(scenarioJsonSchema());
  });
});
