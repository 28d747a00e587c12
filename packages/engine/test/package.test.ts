import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario } from '../src/index.js';
import { isBuildFresh } from '../bin/buildFreshness.mjs';

const engineDir = fileURLToPath(new URL('..', import.meta.url));
const repoModules = fileURLToPath(new URL('../../../node_modules/', import.meta.url));

/** A small scenario: two NewReno flows over a 10 Mb/s DropTail bottleneck for 3 s. */
const scenario = {
  version: 1,
  name: 'packaged',
  seed: 7,
  duration: '3s',
  nodes: [
    { id: 'a', kind: 'host' },
    { id: 'b', kind: 'host' },
    { id: 'r1', kind: 'router' },
    { id: 'r2', kind: 'router' },
    { id: 'c', kind: 'host' },
  ],
  links: [
    { a: 'a', b: 'r1', rate: '100Mbps', delay: '2ms', buffer: '1000 packets' },
    { a: 'b', b: 'r1', rate: '100Mbps', delay: '7ms', buffer: '1000 packets' },
    { a: 'r1', b: 'r2', rate: '10Mbps', delay: '10ms', buffer: '40 packets' },
    { a: 'r2', b: 'c', rate: '100Mbps', delay: '2ms', buffer: '1000 packets' },
  ],
  flows: [
    { id: 'f1', from: 'a', to: 'c', transport: { type: 'tcp', cc: 'newreno' }, app: { type: 'bulk' }, start: '0s' },
    { id: 'f2', from: 'b', to: 'c', transport: { type: 'tcp', cc: 'newreno' }, app: { type: 'bulk' }, start: '0.5s' },
  ],
};

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): SpawnSyncReturns<string> {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    // no loader or inspector inherited from the test runner: plain Node
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    timeout: 180_000,
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stderr}\n${r.stdout}`);
  return r;
}

// npm pack of packages/engine, installed into an empty folder with npm --offline (zod packed from
// the repository's node_modules, an unreachable registry so nothing can be fetched), then used
// from plain Node: no tsx, no TypeScript.
describe('the packed @cclab/engine', () => {
  let dir = '';
  let app = '';
  beforeAll(() => {
    if (!isBuildFresh(engineDir)) run(process.execPath, ['scripts/build.mjs'], engineDir);
    dir = mkdtempSync(join(tmpdir(), 'cclab-pack-'));
    app = join(dir, 'app');
    mkdirSync(app);
    run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], engineDir);
    run('npm', ['pack', join(repoModules, 'zod'), '--pack-destination', dir], dir);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    const tarballs = readdirSync(dir).filter((f) => f.endsWith('.tgz'));
    run(
      'npm',
      [
        'install',
        '--offline',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--registry=http://127.0.0.1:9/',
        ...tarballs.map((t) => join('..', t)),
      ],
      app,
    );
  }, 240_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('holds JavaScript and declarations but no TypeScript sources', () => {
    const pkg = join(app, 'node_modules', '@cclab', 'engine');
    const files: string[] = readdirSync(pkg, { recursive: true }) as string[];
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(existsSync(join(pkg, 'dist', 'index.js'))).toBe(true);
    const dts = readFileSync(join(pkg, 'dist', 'types', 'src', 'index.d.ts'), 'utf8');
    expect(dts).toContain('runScenario');
    const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies)).toEqual(['zod']);
  });

  it('runs a scenario from plain Node with the same result as the sources', () => {
    writeFileSync(
      join(app, 'run.mjs'),
      `import { runScenario } from '@cclab/engine';\n` +
        `const scenario = JSON.parse(process.argv[2]);\n` +
        `process.stdout.write(JSON.stringify(runScenario(scenario)));\n`,
    );
    const r = run(process.execPath, ['run.mjs', JSON.stringify(scenario)], app);
    const packaged = JSON.parse(r.stdout) as ReturnType<typeof runScenario>;
    // the same program built two ways: deterministic runs agree field for field
    expect(packaged).toEqual(runScenario(scenario));
    expect(packaged.flows.map((f) => f.id)).toEqual(['f1', 'f2']);
    expect(packaged.flows[0]!.goodputBps).toBeGreaterThan(0);
  });

  it('reports an invalid scenario with the field and the problem', () => {
    writeFileSync(
      join(app, 'bad.mjs'),
      `import { runScenario, ScenarioError } from '@cclab/engine';\n` +
        `try { runScenario({ ...JSON.parse(process.argv[2]), duration: '-1s' }); } catch (e) {\n` +
        `  if (!(e instanceof ScenarioError)) throw e;\n` +
        `  process.stdout.write(JSON.stringify(e.issues));\n}\n`,
    );
    const issues = JSON.parse(run(process.execPath, ['bad.mjs', JSON.stringify(scenario)], app).stdout) as {
      path: string;
    }[];
    expect(issues.map((i) => i.path)).toContain('duration');
  });

  it('installs the cclab command, which runs without tsx', () => {
    const bin = join(app, 'node_modules', '.bin', 'cclab');
    const version = JSON.parse(readFileSync(join(engineDir, 'package.json'), 'utf8')) as { version: string };
    expect(run(bin, ['--version'], app).stdout.trim()).toBe(`cclab ${version.version}`);
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false);
    writeFileSync(join(app, 'scenario.json'), JSON.stringify(scenario));
    const summary = JSON.parse(run(bin, ['run', 'scenario.json', '--json'], app).stdout) as ReturnType<
      typeof runScenario
    >;
    expect(summary).toEqual(runScenario(scenario));
  });

  it('starts that command from the code cache the build wrote (V8 accepts it: no recompilation)', () => {
    const pkg = join(app, 'node_modules', '@cclab', 'engine');
    writeFileSync(
      join(app, 'cache.mjs'),
      `const root = process.argv[2];\n` +
        `const { cliBundlePath, cliCachePath, loadCliBundle } = await import(new URL('bin/cliCodeCache.mjs', 'file://' + root).href);\n` +
        `const cli = loadCliBundle(cliBundlePath(root), cliCachePath(root));\n` +
        `process.stdout.write(JSON.stringify({ rejected: cli.cacheRejected, main: typeof cli.main }));\n`,
    );
    const r = run(process.execPath, ['cache.mjs', pkg + '/'], app);
    expect(JSON.parse(r.stdout)).toEqual({ rejected: false, main: 'function' });
  });
});
