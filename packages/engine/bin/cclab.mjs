#!/usr/bin/env node
// cclab command-line entry. Runs the built CLI when no source file is newer than the build: the
// CommonJS bundle dist/cli/cclab.cjs with its V8 code cache (bin/cliCodeCache.mjs), or for `sweep`
// (whose worker threads load the pool's ES module) and a build without the bundle, the ES module
// dist/cli/main.js (see scripts/build.mjs); otherwise — sources edited since the last build, or never
// built — it runs the TypeScript sources through tsx, so the repository's own `npx cclab` never
// runs stale JavaScript. `npm ci` builds dist/ (the root "prepare" script) and
// `npm run build -w @cclab/engine` rebuilds it. CCLAB_FROM_SOURCE=1 forces the sources.
// An installed package has no src/ folder and always runs dist/.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { builtAtMs, isBuildFresh } from './buildFreshness.mjs';
import { cliBundlePath, cliCachePath, loadCliBundle } from './cliCodeCache.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const forceSource = process.env.CCLAB_FROM_SOURCE === '1';
let main;
if (!forceSource && isBuildFresh(root)) {
  if (process.argv[2] !== 'sweep' && existsSync(cliBundlePath(root)))
    ({ main } = loadCliBundle(cliBundlePath(root), cliCachePath(root)));
  else ({ main } = await import('../dist/cli/main.js'));
} else {
  if (!existsSync(root + 'src')) {
    process.stderr.write('cclab: dist/ is missing from the installed package\n');
    process.exit(2);
  }
  if (process.stderr.isTTY && !forceSource)
    process.stderr.write(
      `cclab: ${Number.isNaN(builtAtMs(root)) ? 'no build in dist/' : 'sources changed since the last build'}; running them through tsx (npm run build:engine for a faster start)\n`,
    );
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
// A write to standard output that fails (a full disk, /dev/full) is one line and exit status 1,
// not silence with status 0; a reader that stops early (`| head`) is not an error (EPIPE).
let stdoutError = null;
process.stdout.on('error', (e) => (stdoutError ??= e));
const code = await main(process.argv.slice(2));
// main() resolves when its work is done (every verb awaits what it started). Exit as soon as what
// was written has been flushed (the callbacks run in order after it), not after Node has torn the
// heap down and waited for the optimizing compiler's unfinished jobs: ≈ 11 ms of CPU less for a
// short `cclab run` (docs/performance.md).
process.stdout.write('', (e) => {
  const failed = e ?? stdoutError;
  if (failed && failed.code !== 'EPIPE') {
    process.stderr.write(`cclab: cannot write to standard output: ${failed.code ?? failed.message}\n`);
    process.stderr.write('', () => process.exit(code === 0 ? 1 : code));
    return;
  }
  process.stderr.write('', () => process.exit(code));
});
