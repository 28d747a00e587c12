/**
 * The lab imports the reproduction layer through `@cclab/engine/reproductions`
 * (reproductions/browser.ts) into its page and a Web Worker: nothing it reaches may import a Node
 * module. Follows every relative import from that entry (static, dynamic and re-exports) and checks
 * each module specifier.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ENTRY = fileURLToPath(new URL('../../reproductions/browser.ts', import.meta.url));
const SPECIFIER =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
const NODE = new Set(builtinModules);

function walk(entry: string): { files: Set<string>; nodeImports: string[] } {
  const files = new Set<string>();
  const nodeImports: string[] = [];
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (spec.startsWith('.')) todo.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else if (spec.startsWith('node:') || NODE.has(spec.split('/')[0]!)) nodeImports.push(`${file}: ${spec}`);
    }
  }
  return { files, nodeImports };
}

describe('the reproduction layer the lab imports', () => {
  it('reaches the entries and the engine, and no Node module', () => {
    const { files, nodeImports } = walk(ENTRY);
    expect(nodeImports).toEqual([]);
    // it does reach the entries and the simulator (the walk follows the graph)
    expect([...files].some((f) => f.endsWith('reproductions/seed-001/table-2.ts'))).toBe(true);
    expect([...files].some((f) => f.endsWith('src/Simulation.ts'))).toBe(true);
  });

  it('would notice a Node import (the CLI module is one)', () => {
    const cli = fileURLToPath(new URL('../cli/reproduce.ts', import.meta.url));
    expect(walk(cli).nodeImports.length).toBeGreaterThan(0);
  });
});
