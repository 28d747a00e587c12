#!/usr/bin/env node
// Builds @cclab/engine to JavaScript in dist/ so that Node runs it without compiling TypeScript:
//   dist/index.js        the library (ESM), one file plus shared chunks
//   dist/cli/main.js     the command line as an ES module (bin/cclab.mjs loads it for `sweep`,
//                        whose worker threads load the pool's module file)
//   dist/cli/cclab.cjs   the same command line in one CommonJS bundle, and cclab.cjs.cache the
//                        V8 code cache of a short run of it (bin/cliCodeCache.mjs; every other verb)
//   dist/reproductions.js  the reproduction entries and report code (`@cclab/engine/reproductions`)
//   dist/chunks/*.js     code shared by the two and the CLI's lazily loaded verbs
//   dist/types/**.d.ts   declarations (tsc --emitDeclarationOnly; types of the package)
// Bundling (esbuild) matters for start-up: Node resolves and compiles one ESM file per module,
// and the ~150 modules of the engine cost ≈ 2× the CPU of the bundle at start-up. zod (the
// package's one dependency, still declared for its types) is bundled too: imported from
// node_modules it is ≈ 95 modules (64 of them locales) and costs ≈ 50 ms of CPU at every `cclab`
// start, bundled ≈ 25 ms (docs/performance.md). The CLI and the chunks sit two folders below the
// package root, like src/cli/*.ts, so the CLI's paths relative to import.meta.url (the test
// fixtures, reproductions/results, docs/) resolve the same from sources and from dist.
//
// The build is written to a temporary folder that replaces dist/ only when both steps succeed,
// so a failed or interrupted build never leaves a half-written dist/. dist/.build-stamp records
// when the build started, dist/.build-inputs the source files bundled: bin/cclab.mjs runs dist/
// only when none of them is newer than that.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const startedMs = Date.now();
const tmp = join(pkg, `dist.tmp-${process.pid}`);
const fail = (what) => {
  rmSync(tmp, { recursive: true, force: true });
  process.stderr.write(`@cclab/engine: ${what} failed\n`);
  process.exit(1);
};

// the package's own source files bundled by either build (dist/.build-inputs, bin/buildFreshness.mjs)
const inputs = new Set();
const collect = (result) => {
  for (const file of Object.keys(result.metafile.inputs)) if (!file.includes('node_modules/')) inputs.add(file);
};
try {
  const esm = await build({
    absWorkingDir: pkg,
    entryPoints: { index: 'src/index.ts', 'cli/main': 'src/cli/main.ts', reproductions: 'reproductions/browser.ts' },
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  collect(esm);
  // import.meta.url of the bundle: the URL of dist/cli/main.js, passed in by bin/cliCodeCache.mjs
  const cjs = await build({
    absWorkingDir: pkg,
    entryPoints: ['src/cli/main.ts'],
    outfile: join(tmp, 'cli', 'cclab.cjs'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: { 'import.meta.url': '__cclabImportMetaUrl', 'import.meta.resolve': 'undefined' },
    // no comments, no indentation, ASCII only (non-ASCII characters escaped): 1.4 MB instead of
    // 2 MB, which bin/cliCodeCache.mjs reads as latin1 (≈ 5 ms less at every start than UTF-8)
    minifyWhitespace: true,
    charset: 'ascii',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  collect(cjs);
} catch {
  fail('esbuild');
}
// The code cache: a child process with no extra V8 flags (V8 rejects a cache made under other
// flags) runs two short scenarios through the bundle and saves the bytecode it compiled.
const cache = spawnSync(process.execPath, [join(pkg, 'scripts', 'writeCodeCache.mjs'), tmp], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NODE_OPTIONS: '' },
});
if (cache.status !== 0) fail('the code cache of dist/cli/cclab.cjs');
// eslint-disable-next-line no-control-regex
if (/[^\x00-\x7f]/.test(readFileSync(join(tmp, 'cli', 'cclab.cjs'), 'latin1'))) fail('dist/cli/cclab.cjs (not ASCII)');

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(
  process.execPath,
  [tsc, '-p', join(pkg, 'tsconfig.build.json'), '--emitDeclarationOnly', '--outDir', join(tmp, 'types')],
  { stdio: 'inherit' },
);
if (r.status !== 0) fail('tsc (declarations)');

writeFileSync(join(tmp, '.build-stamp'), `${startedMs}\n`);
writeFileSync(join(tmp, '.build-inputs'), [...inputs].sort().join('\n') + '\n');
const dist = join(pkg, 'dist');
rmSync(dist, { recursive: true, force: true });
renameSync(tmp, dist);
if (!existsSync(join(dist, 'index.js'))) fail('moving the build into dist/');
