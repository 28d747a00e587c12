// The command line from one CommonJS bundle (dist/cli/cclab.cjs, scripts/build.mjs) compiled with
// V8's code cache (dist/cli/cclab.cjs.cache): the bytecode of every function a short run executed,
// written at build time, so a `cclab` process neither parses nor compiles that code again
// (≈ 50 ms of CPU at every start, docs/performance.md). Node 20 has no compile cache for ES
// modules (module.enableCompileCache is Node 22), so the bundle is a script compiled through
// node:vm, whose `cachedData` V8 accepts only from the same V8 version, flags and source length;
// a rejected or missing cache costs nothing but the compilation it would have saved. The bytecode
// is the same either way, so are the results.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

/** dist/cli/cclab.cjs under a package root, and its code cache beside it. */
export const cliBundlePath = (root) => root + 'dist/cli/cclab.cjs';
export const cliCachePath = (root) => root + 'dist/cli/cclab.cjs.cache';

/**
 * Compiles and runs the bundle at `file` (using the code cache at `cacheFile` when V8 accepts it)
 * and returns its exports (`main`) and `writeCache()`, which saves the bytecode compiled so far.
 * The bundle sees the URL of dist/cli/main.js as `import.meta.url`: both lie in dist/cli, so the
 * paths the CLI resolves from it (package.json, bin/, reproductions/) are the same.
 */
export function loadCliBundle(file, cacheFile) {
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  const source = readFileSync(file, 'latin1'); // the build writes ASCII (scripts/build.mjs)
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __cclabImportMetaUrl) {${source}\n})`,
    { filename: file, cachedData },
  );
  const module = { exports: {} };
  const metaUrl = pathToFileURL(dirname(file) + '/main.js').href;
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file), metaUrl);
  return {
    main: module.exports.main,
    cacheRejected: cachedData === undefined || script.cachedDataRejected === true,
    writeCache: () => writeFileSync(cacheFile, script.createCachedData()),
  };
}
