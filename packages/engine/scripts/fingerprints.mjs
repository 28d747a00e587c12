#!/usr/bin/env node
// Output fingerprints for speed work: a change that only makes the engine faster must leave every
// output byte for byte the same. Prints one line per run — `NAME SHA-256` of the summary JSON and
// every CSV that `cclab run --json --csv DIR` writes — for bench-16flows-100mb (8 s) with each
// registered queue discipline on the bottleneck, and for every built-in preset cut to 6 s (the
// 300-s variants skipped: the 30-s ones cover them). Run it before and after a change and diff:
//
//   node packages/engine/scripts/fingerprints.mjs > /tmp/before.txt
//   (change, npm run build:engine)
//   node packages/engine/scripts/fingerprints.mjs > /tmp/after.txt && diff /tmp/before.txt /tmp/after.txt
//
// It runs the CLI as a user would (bin/cclab.mjs: dist/ when fresh, else the sources); the list of
// disciplines comes from dist/.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const engine = fileURLToPath(new URL('..', import.meta.url));
const bin = join(engine, 'bin', 'cclab.mjs');
const cclab = (args) => execFileSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 256 << 20 });
const dir = mkdtempSync(join(tmpdir(), 'cclab-fingerprints-'));

function fingerprint(name, scenario) {
  const file = join(dir, 'scenario.json');
  const csv = join(dir, 'csv');
  rmSync(csv, { recursive: true, force: true });
  writeFileSync(file, JSON.stringify(scenario));
  const h = createHash('sha256').update(cclab(['run', file, '--json', '--csv', csv]));
  for (const f of readdirSync(csv).sort()) h.update(f).update(readFileSync(join(csv, f)));
  process.stdout.write(`${name} ${h.digest('hex').slice(0, 16)}\n`);
}

try {
  // the registry of the build in dist/ (npm run build:engine after editing the sources)
  const { getRegistry } = await import(new URL('../dist/index.js', import.meta.url).href);
  const ids = getRegistry().queue.map((q) => q.id);
  for (const id of ids) {
    const sc = JSON.parse(
      cclab(['translate', 'ns2', 'n=16', 'bw=100Mb', 'qlim=500', 'accbw=1Gb', 'T=8', 'sample=1', `qtype=${id}`]),
    );
    fingerprint(`bench-${id}`, sc);
  }
  const presets = join(engine, 'presets');
  for (const f of readdirSync(presets).sort()) {
    if (!f.endsWith('.json') || f.endsWith('-300s.json')) continue;
    const sc = JSON.parse(readFileSync(join(presets, f), 'utf8'));
    sc.duration = '6s';
    fingerprint(f.slice(0, -5), sc);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
