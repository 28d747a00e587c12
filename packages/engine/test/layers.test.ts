// The engine's folders against the layer order eslint.config.js enforces: every folder of src/ has
// a layer (a folder missing from the list would be checked by nothing), and no source file
// imports a folder of its own layer or above. ESLint refuses such an import where it is written;
// this reads every import of the tree, so a new folder or a disabled rule cannot hide one.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error eslint.config.js is plain JavaScript without declarations
import { engineLayers, runModules } from '../../../eslint.config.js';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const layers = engineLayers as Record<string, string>[];
const layerOf = new Map<string, number>(layers.flatMap((layer, i) => Object.keys(layer).map((f) => [f, i] as const)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('TestKit.ts') ? [p] : [];
  });
}

/** The layer folder a file of src/ belongs to: its top folder, or `run` for the files directly in src/. */
function folderOf(file: string): string {
  const parts = relative(src, file).split('/');
  return parts.length === 1 ? 'run' : parts[0]!;
}

describe('engine layers', () => {
  it('every folder of src/ but cli/ has a layer, and the run layer names the files directly in src/', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'cli')
      .map((e) => e.name);
    expect(folders.filter((f) => !layerOf.has(f))).toEqual([]);
    const runFiles = readdirSync(src)
      .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts') && n !== 'index.ts')
      .map((n) => n.slice(0, -3));
    expect([...runFiles].sort()).toEqual([...runModules].sort());
  });

  it('no source file imports a folder of its own layer or above', () => {
    const upward: string[] = [];
    for (const file of sourceFiles(src)) {
      if (file === join(src, 'index.ts')) continue;
      const from = folderOf(file);
      if (from === 'cli') continue;
      for (const m of readFileSync(file, 'utf8').matchAll(
        /(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*'(\.[^']+)'/g,
      )) {
        const target = resolve(dirname(file), m[1]!);
        if (!target.startsWith(src + '/')) continue;
        const to = folderOf(target.endsWith('.js') ? target : join(target, 'index.js'));
        if (to === from) continue;
        if (!(layerOf.get(to)! < layerOf.get(from)!)) upward.push(`${relative(src, file)} → ${m[1]} (${from} → ${to})`);
      }
    }
    expect(upward).toEqual([]);
  });
});
