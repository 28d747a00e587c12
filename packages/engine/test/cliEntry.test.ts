import { spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const engineDir = fileURLToPath(new URL('..', import.meta.url));
const repoModules = fileURLToPath(new URL('../../../node_modules/', import.meta.url));

/**
 * A stand-in package folder with the real bin/cclab.mjs and bin/buildFreshness.mjs, a dist/
 * whose CLI prints "dist" and sources whose CLI prints "src" (through tsx), so the test sees
 * which one the entry point chose.
 */
function makePackage(root: string): void {
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'stand-in', type: 'module' }));
  mkdirSync(join(root, 'bin'));
  for (const f of ['cclab.mjs', 'buildFreshness.mjs', 'cliCodeCache.mjs'])
    copyFileSync(join(engineDir, 'bin', f), join(root, 'bin', f));
  mkdirSync(join(root, 'dist', 'cli'), { recursive: true });
  writeFileSync(
    join(root, 'dist', 'cli', 'main.js'),
    `export async function main() { process.stdout.write('dist'); return 0; }\n`,
  );
  mkdirSync(join(root, 'src', 'cli'), { recursive: true });
  writeFileSync(
    join(root, 'src', 'cli', 'main.ts'),
    `export async function main(): Promise<number> { process.stdout.write('src'); return 0; }\n`,
  );
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(join(repoModules, 'tsx'), join(root, 'node_modules', 'tsx'));
}

function setMtime(file: string, ms: number): void {
  utimesSync(file, ms / 1000, ms / 1000);
}

describe('bin/cclab.mjs never runs a stale build', () => {
  let root = '';
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  const cclab = (env: Record<string, string> = {}, verb = '--version') =>
    spawnSync(process.execPath, [join(root, 'bin', 'cclab.mjs'), verb], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', CCLAB_FROM_SOURCE: '', ...env },
    }).stdout;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cclab-bin-'));
    makePackage(root);
    setMtime(join(root, 'src', 'cli', 'main.ts'), t0);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('runs dist/ when it was built after the last source edit', () => {
    writeFileSync(join(root, 'dist', '.build-stamp'), `${t0 + 1000}\n`);
    expect(cclab()).toBe('dist');
  });

  it('runs the code-cached bundle when the build has one, and the ES module for sweep', () => {
    writeFileSync(join(root, 'dist', '.build-stamp'), `${t0 + 1000}\n`);
    const bundle = join(root, 'dist', 'cli', 'cclab.cjs');
    writeFileSync(
      bundle,
      `exports.main = async () => { process.stdout.write('bundle ' + __cclabImportMetaUrl); return 0; };\n`,
    );
    const mainUrl = pathToFileURL(join(root, 'dist', 'cli', 'main.js')).href;
    expect(cclab()).toBe(`bundle ${mainUrl}`); // no code cache yet: compiled from the source
    writeFileSync(`${bundle}.cache`, 'not a code cache'); // rejected by V8: compiled from the source
    expect(cclab()).toBe(`bundle ${mainUrl}`);
    expect(cclab({}, 'sweep')).toBe('dist');
  });

  it('runs the sources when one was edited after the build started', () => {
    writeFileSync(join(root, 'dist', '.build-stamp'), `${t0 + 1000}\n`);
    mkdirSync(join(root, 'src', 'net'));
    writeFileSync(join(root, 'src', 'net', 'Port.ts'), '// edited\n');
    setMtime(join(root, 'src', 'net', 'Port.ts'), t0 + 2000);
    expect(cclab()).toBe('src');
  });

  it("with the build's list of inputs, only an edit of a listed file makes dist/ stale", () => {
    writeFileSync(join(root, 'dist', '.build-stamp'), `${t0 + 1000}\n`);
    writeFileSync(join(root, 'dist', '.build-inputs'), 'src/cli/main.ts\n');
    mkdirSync(join(root, 'src', 'net'));
    writeFileSync(join(root, 'src', 'net', 'Port.test.ts'), '// not part of the build\n');
    setMtime(join(root, 'src', 'net', 'Port.test.ts'), t0 + 2000);
    expect(cclab()).toBe('dist');
    setMtime(join(root, 'src', 'cli', 'main.ts'), t0 + 2000);
    expect(cclab()).toBe('src');
    setMtime(join(root, 'src', 'cli', 'main.ts'), t0);
    writeFileSync(join(root, 'dist', '.build-inputs'), 'src/cli/main.ts\nsrc/net/Gone.ts\n');
    expect(cclab()).toBe('src'); // a bundled file is missing: the build no longer matches
  });

  it('runs the sources when dist/ was never built, or when asked to', () => {
    expect(cclab()).toBe('src');
    writeFileSync(join(root, 'dist', '.build-stamp'), `${t0 + 1000}\n`);
    expect(cclab({ CCLAB_FROM_SOURCE: '1' })).toBe('src');
  });

  it('runs dist/ in an installed package, which has no sources', () => {
    writeFileSync(join(root, 'dist', '.build-stamp'), `${t0}\n`);
    rmSync(join(root, 'src'), { recursive: true });
    expect(cclab()).toBe('dist');
  });

  it('a failed write to standard output (/dev/full) is one line and exit 1, not silence and 0', () => {
    writeFileSync(join(root, 'dist', '.build-stamp'), `${t0 + 1000}\n`);
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [join(root, 'bin', 'cclab.mjs'), '--version'], {
        encoding: 'utf8',
        stdio: ['ignore', full, 'pipe'],
        env: { ...process.env, NODE_OPTIONS: '', CCLAB_FROM_SOURCE: '' },
      });
      expect(r.stderr).toBe('cclab: cannot write to standard output: ENOSPC\n');
      expect(r.status).toBe(1);
    } finally {
      closeSync(full);
    }
  });
});
