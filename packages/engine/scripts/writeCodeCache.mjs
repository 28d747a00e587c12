#!/usr/bin/env node
// Writes DIST/cli/cclab.cjs.cache (scripts/build.mjs runs this on the build in DIST): runs the
// bundled command line on short versions of two presets — the ns-2 benchmark (NewReno, DropTail)
// and the default scenario — so that the bytecode of start-up, validation, building the network
// and the per-packet path is compiled, then saves it as V8's code cache (bin/cliCodeCache.mjs).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCliBundle } from '../bin/cliCodeCache.mjs';

const dist = process.argv[2];
if (!dist) {
  process.stderr.write('usage: writeCodeCache.mjs DIST\n');
  process.exit(2);
}
const presets = join(dirname(fileURLToPath(import.meta.url)), '..', 'presets');
const cli = loadCliBundle(join(dist, 'cli', 'cclab.cjs'), join(dist, 'cli', 'cclab.cjs.cache'));
const work = mkdtempSync(join(tmpdir(), 'cclab-code-cache-'));
try {
  for (const id of ['ns2-bench-16flows-100mb', 'default']) {
    const scenario = JSON.parse(readFileSync(join(presets, `${id}.json`), 'utf8'));
    const file = join(work, `${id}.json`);
    writeFileSync(file, JSON.stringify({ ...scenario, duration: '2s' }));
    const code = await cli.main(['run', file, '--json']);
    if (code !== 0) throw new Error(`cclab run ${id} exited with ${code}`);
  }
  cli.writeCache();
} finally {
  rmSync(work, { recursive: true, force: true });
}
