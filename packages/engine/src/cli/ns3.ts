import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from './ns2.js';
import type { Ns3Reference } from '../validation/compareNs3.js';

/** ns-3 modules the harness links against (validation/ns3/build.sh). */
const NS3_MODULES = ['core', 'network', 'internet', 'point-to-point', 'applications', 'traffic-control'];

/** Where `cclab validate-ns3` builds the harness: `.ns3/dumbbell` at the repository root (git-ignored). */
export const ns3Binary = resolve(repoRoot, '.ns3', 'dumbbell');

/**
 * The harness source ns3/dumbbell.cc: $CCLAB_VALIDATION_DIR/ns3, else the copy committed with the
 * fixtures (the shared validation folder's harness with the flow kinds added since: Scalable,
 * HighSpeed, Bic), else the shared validation folder next to the repository.
 */
export function ns3HarnessSource(): string | null {
  const dirs = [
    process.env.CCLAB_VALIDATION_DIR,
    resolve(repoRoot, 'packages/engine/test/fixtures'),
    resolve(repoRoot, '../shared/validation'),
  ].filter(Boolean) as string[];
  for (const d of dirs) {
    const f = join(d, 'ns3', 'dumbbell.cc');
    if (existsSync(f)) return f;
  }
  return null;
}

/**
 * Builds the harness into `.ns3/dumbbell` unless an up-to-date binary is there (as
 * validation/ns3/build.sh does: Debian's libns3-dev headers on the default include path, one
 * library per module). `say` receives what is done. Returns the binary, or null with the reason.
 */
export function buildNs3Harness(say: (s: string) => void): { binary: string | null; reason: string } {
  const src = ns3HarnessSource();
  if (src === null) return { binary: null, reason: 'ns3/dumbbell.cc not found' };
  if (existsSync(ns3Binary) && statSync(ns3Binary).mtimeMs >= statSync(src).mtimeMs) {
    say(`ns-3 harness: ${ns3Binary} (up to date with ${src})`);
    return { binary: ns3Binary, reason: '' };
  }
  const probe = spawnSync('g++', ['-std=c++17', '-fsyntax-only', '-x', 'c++', '-'], {
    input: '#include <ns3/core-module.h>\n',
    encoding: 'utf8',
  });
  if (probe.error || probe.status !== 0)
    return { binary: null, reason: 'g++ or the ns-3.37 headers are missing (apt-get install -y g++ libns3-dev)' };
  mkdirSync(resolve(repoRoot, '.ns3'), { recursive: true });
  const args = ['-O2', '-std=c++17', '-o', ns3Binary, src, ...NS3_MODULES.map((m) => `-lns3-${m}`)];
  say(`building the ns-3 harness: g++ ${args.join(' ')}`);
  const r = spawnSync('g++', args, { encoding: 'utf8' });
  if (r.status !== 0) return { binary: null, reason: `g++ failed:\n${r.stderr}` };
  return { binary: ns3Binary, reason: '' };
}

/** Runs the harness with key=value arguments; resolves to its JSON output and wall time. */
export function runNs3Harness(
  binary: string,
  args: Record<string, string>,
): Promise<{ result: Ns3Reference; wallS: number }> {
  const t0 = performance.now();
  return new Promise((ok, fail) => {
    execFile(
      binary,
      Object.entries(args).map(([k, v]) => `${k}=${v}`),
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return fail(new Error(`${binary} failed: ${stderr || err.message}`));
        const line = stdout.split('\n').find((l) => l.startsWith('{'));
        if (!line) return fail(new Error(`${binary} printed no JSON`));
        ok({ result: JSON.parse(line) as Ns3Reference, wallS: (performance.now() - t0) / 1000 });
      },
    );
  });
}
