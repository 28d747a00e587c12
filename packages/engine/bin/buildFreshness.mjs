// Whether packages/engine/dist holds a build of the current sources (used by bin/cclab.mjs and
// the package tests). scripts/build.mjs writes dist/.build-stamp with the time the build
// started and dist/.build-inputs with the source files it bundled (one path a line, relative to
// the package root); the build is fresh when none of them was modified after that (a file the
// build did not include cannot make it stale: a new module counts once an included file imports
// it, and that file was edited). Stat-ing the listed inputs costs ≈ 2 ms of CPU at every `cclab`
// start; walking src/ and reproductions/ for every TypeScript file (tests included), ≈ 8 ms and
// up to tens of ms of wall time on a busy disk — that walk remains for a build without the list.
// An installed package has no sources, so its build is always fresh.
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

/**
 * Newest modification time (ms) of the sources listed in dist/.build-inputs (Infinity when one
 * of them is missing), or NaN when the build has no such list.
 */
export function newestInputMs(root) {
  let list;
  try {
    list = readFileSync(join(root, 'dist', '.build-inputs'), 'utf8');
  } catch {
    return NaN;
  }
  let newest = -Infinity;
  for (const file of list.split('\n')) {
    if (file === '') continue;
    const st = statSync(join(root, file), { throwIfNoEntry: false });
    if (st === undefined) return Infinity;
    if (st.mtimeMs > newest) newest = st.mtimeMs;
  }
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

/** True when `root`/dist was built after the last edit of every source file it was built from. */
export function isBuildFresh(root) {
  const built = builtAtMs(root);
  if (!(built === built)) return false;
  if (!SOURCE_DIRS.some((d) => existsSync(join(root, d)))) return true; // an installed package
  const inputs = newestInputMs(root);
  return built >= (inputs === inputs ? inputs : newestSourceMs(root));
}
