import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sweepJsonSchema } from '../src/cli/schema.js';
import { loadSweepFile } from '../src/cli/sweep/sweepCommand.js';

const dir = new URL('../sweeps/', import.meta.url);

describe('shipped sweep files', () => {
  it('all parse, with every point’s scenario valid', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(() => loadSweepFile(new URL(f, dir).pathname), f).not.toThrow();
  });

  it('docs/sweep.schema.json is the current JSON Schema (npm run schema)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../../docs/sweep.schema.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(sweepJsonSchema());
  });
});
