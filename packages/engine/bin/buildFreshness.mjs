// Whether packages/engine/dist holds a build of the current sources (used by bin/cclab.mjs and
// the package tests). scripts/build.mjs writes dist/.build-stamp with the time the build
// started; the build is fresh when no TypeScript file under src/ or reproductions/ was modified
// after that. An installed package has no sources, so its build is always fresh.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE_DIRS = ['src', 'reproductions'];

/** Newest modification time (ms) of the TypeScript sources under `root`, -Infinity if none. */
export function newestSourceMs(root) {
  let newest = -Infinity;
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const d of SOURCE_DIRS) if (existsSync(join(root, d))) walk(join(root, d));
  return newest;
}

/** When the build in `root`/dist started (ms since the epoch), or NaN when there is none. */
export function builtAtMs(root) {
  try {
    return Number(readFileSync(join(root, 'dist', '.build-stamp'), 'utf8'));
  } catch {
    return NaN;
  }
}

/** True when `root`/dist was built after the last edit of every source file. */
export function isBuildFresh(root) {
  return builtAtMs(root) >= newestSourceMs(root);
}
