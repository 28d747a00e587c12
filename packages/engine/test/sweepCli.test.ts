// `cclab sweep` as a user runs it: separate processes, worker threads, output folders on disk.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/cclab.mjs', import.meta.url));
const RESULT_FILES = ['runs.csv', 'runs.json', 'summary.csv', 'summary.json'];

function cclab(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function cclabAsync(args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [BIN, ...args], { stdio: 'ignore' });
    p.on('exit', (code) => resolve(code));
  });
}

const work = () => mkdtempSync(join(tmpdir(), 'cclab-sweep-'));

/** A small sweep on the default dumbbell: 3 buffers × 2 seeds, starts jittered by the seed. */
function sweepFile(dir: string, over: Record<string, unknown> = {}, name = 'sweep.json'): string {
  const file = join(dir, name);
  const sweep = {
    version: 1,
    name: 'buffer',
    base: { file: 'base.json' },
    parameters: [{ path: 'links[r1-r2].buffer', name: 'buffer', values: [5, 20, 50], unit: ' packets' }],
    seeds: 2,
    startJitter: 0.5,
    metrics: [
      { metric: 'aggregateGoodputBps' },
      { metric: 'meanQueuePackets', port: 'r1->r2' },
      { metric: 'meanDelayMs', flow: 'f1' },
    ],
    ...over,
  };
  writeFileSync(file, JSON.stringify(sweep));
  return file;
}

function baseScenario(dir: string, duration = '2s'): void {
  const sc = JSON.parse(readFileSync(new URL('../presets/default.json', import.meta.url), 'utf8'));
  writeFileSync(join(dir, 'base.json'), JSON.stringify({ ...sc, duration }));
}

const results = (dir: string) => RESULT_FILES.map((f) => readFileSync(join(dir, f), 'utf8'));
const logLines = (dir: string) =>
  readFileSync(join(dir, 'runs.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');

describe('cclab sweep', () => {
  it('writes the same files with one worker and with two', () => {
    const dir = work();
    baseScenario(dir);
    const file = sweepFile(dir);
    expect(cclab(['sweep', file, '--jobs', '1', '--out', join(dir, 'one'), '--quiet']).status).toBe(0);
    expect(cclab(['sweep', file, '--jobs', '2', '--out', join(dir, 'two'), '--quiet']).status).toBe(0);
    const one = results(join(dir, 'one'));
    expect(results(join(dir, 'two'))).toEqual(one);
    // one row per point × seed × metric, after the header
    expect(one[0]!.trim().split('\n')).toHaveLength(1 + 3 * 2 * 3);
    // seeds differ (start jitter): the two seeds of a point do not give the same queue
    const rows = JSON.parse(one[1]!) as { point: string; seed: number; metric: string; value: number }[];
    const q = rows.filter((r) => r.point === 'p2' && r.metric === 'meanQueuePackets[r1->r2]').map((r) => r.value);
    expect(q[0]).not.toBe(q[1]);
  });

  it('three shards in parallel processes, merged, equal the unsharded run', async () => {
    const dir = work();
    baseScenario(dir);
    const file = sweepFile(dir);
    expect(cclab(['sweep', file, '--out', join(dir, 'whole'), '--quiet']).status).toBe(0);
    const shardDirs = [0, 1, 2].map((i) => join(dir, `shard-${i}`));
    const codes = await Promise.all(
      shardDirs.map((d, i) => cclabAsync(['sweep', file, '--shard', `${i}/3`, '--out', d, '--jobs', '1', '--quiet'])),
    );
    expect(codes).toEqual([0, 0, 0]);
    // each shard holds only its share: 6 runs dealt 2, 2, 2
    expect(shardDirs.map((d) => logLines(d).length)).toEqual([2, 2, 2]);
    // an incomplete set is refused
    const partial = cclab(['sweep', 'merge', shardDirs[0]!, shardDirs[2]!, '--out', join(dir, 'partial')]);
    expect(partial.status).toBe(1);
    expect(partial.stderr).toMatch(/2 of 6 runs are in none of the folders/);
    expect(cclab(['sweep', 'merge', ...shardDirs, '--out', join(dir, 'merged')]).status).toBe(0);
    expect(results(join(dir, 'merged'))).toEqual(results(join(dir, 'whole')));
    expect(readFileSync(join(dir, 'merged', 'sweep.json'), 'utf8')).toBe(
      readFileSync(join(dir, 'whole', 'sweep.json'), 'utf8'),
    );
  });

  it('deploy/cclab-shard.sh takes the shard from Slurm array and Kubernetes Indexed Job variables', async () => {
    const dir = work();
    baseScenario(dir);
    const file = sweepFile(dir);
    const script = fileURLToPath(new URL('../../../deploy/cclab-shard.sh', import.meta.url));
    const env = { PATH: process.env.PATH ?? '', CCLAB: `${process.execPath} ${BIN}`, CCLAB_JOBS: '1' };
    const run = (vars: Record<string, string>) =>
      new Promise<number | null>((resolve) => {
        const p = spawn('sh', [script, file, join(dir, 'out'), '--quiet'], {
          env: { ...env, ...vars },
          stdio: 'ignore',
        });
        p.on('exit', resolve);
      });
    // Slurm numbers array tasks from --array's first index (here 5-6); Kubernetes from 0
    const codes = await Promise.all([
      run({ SLURM_ARRAY_TASK_ID: '5', SLURM_ARRAY_TASK_MIN: '5', SLURM_ARRAY_TASK_COUNT: '2' }),
      run({ JOB_COMPLETION_INDEX: '1', SHARDS: '2' }),
    ]);
    expect(codes).toEqual([0, 0]);
    const shard0 = JSON.parse(readFileSync(join(dir, 'out', 'shard-0', 'sweep.json'), 'utf8'));
    expect(shard0.shard).toEqual({ index: 0, count: 2 });
    const m = cclab([
      'sweep',
      'merge',
      join(dir, 'out', 'shard-0'),
      join(dir, 'out', 'shard-1'),
      '--out',
      join(dir, 'm'),
    ]);
    expect(m.status).toBe(0);
    expect(cclab(['sweep', file, '--out', join(dir, 'whole'), '--quiet']).status).toBe(0);
    expect(results(join(dir, 'm'))).toEqual(results(join(dir, 'whole')));
  });

  it('merge refuses folders of different sweeps', () => {
    const dir = work();
    baseScenario(dir);
    const a = sweepFile(dir, {}, 'a.json');
    const b = sweepFile(dir, { seeds: 3 }, 'b.json');
    expect(cclab(['sweep', a, '--shard', '0/2', '--out', join(dir, 'a0'), '--quiet']).status).toBe(0);
    expect(cclab(['sweep', b, '--shard', '1/2', '--out', join(dir, 'b1'), '--quiet']).status).toBe(0);
    const r = cclab(['sweep', 'merge', join(dir, 'a0'), join(dir, 'b1'), '--out', join(dir, 'm')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/holds a different sweep .* refusing to mix them/);
    expect(existsSync(join(dir, 'm'))).toBe(false);
  });

  it('killed half-way, a rerun runs only what was not done and gives the same result', async () => {
    const dir = work();
    baseScenario(dir, '30s');
    const file = sweepFile(dir, { parameters: [{ path: 'links[r1-r2].buffer', values: [5, 10, 20, 30, 40, 50] }] });
    const out = join(dir, 'out');
    const child = spawn(process.execPath, [BIN, 'sweep', file, '--jobs', '1', '--out', out, '--quiet'], {
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // wait for the first finished run in the log, then kill the process without warning
    while (!existsSync(join(out, 'runs.jsonl')) || logLines(out).length < 1)
      await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    const before = logLines(out);
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(before.length).toBeLessThan(12);
    expect(existsSync(join(out, 'summary.csv'))).toBe(false);

    const rerun = cclab(['sweep', file, '--jobs', '2', '--out', out]);
    expect(rerun.status).toBe(0);
    expect(rerun.stderr).toContain(`${before.length} runs already done`);
    const after = logLines(out);
    // the log only grew, by the runs that were missing: no run appears twice
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(12);
    expect(new Set(after.map((l) => (JSON.parse(l) as { key: string }).key)).size).toBe(12);
    // and the result is what an uninterrupted run writes
    expect(cclab(['sweep', file, '--jobs', '2', '--out', join(dir, 'clean'), '--quiet']).status).toBe(0);
    expect(results(out)).toEqual(results(join(dir, 'clean')));
  });

  it('an edited sweep file reuses only the runs whose scenario, seed and metrics are unchanged', () => {
    const dir = work();
    baseScenario(dir);
    const out = join(dir, 'out');
    expect(cclab(['sweep', sweepFile(dir), '--out', out, '--quiet']).status).toBe(0);
    // 20 packets becomes 30: points 5 and 50 are kept (4 runs), the new point runs
    const edited = sweepFile(dir, {
      parameters: [{ path: 'links[r1-r2].buffer', name: 'buffer', values: [5, 30, 50], unit: ' packets' }],
    });
    const r = cclab(['sweep', edited, '--out', out]);
    expect(r.stderr).toContain('4 runs already done (2 logged runs belong to no run of this sweep: ignored), 2 to run');
    expect(cclab(['sweep', edited, '--out', join(dir, 'fresh'), '--quiet']).status).toBe(0);
    expect(results(out)).toEqual(results(join(dir, 'fresh')));
    // a different start jitter changes every run's scenario: nothing is reused
    const jitter = sweepFile(dir, { startJitter: 0.25 });
    expect(cclab(['sweep', jitter, '--out', out]).stderr).toContain(' 0 runs already done');
    // as does a different metric list
    const metrics = sweepFile(dir, { metrics: [{ metric: 'jain' }] });
    expect(cclab(['sweep', metrics, '--out', out]).stderr).toContain(' 0 runs already done');
  });

  it('rejects a bad sweep file naming each field, with exit status 2', () => {
    const dir = work();
    baseScenario(dir);
    const file = sweepFile(dir, {
      parameters: [{ path: 'links[r1-r2].bufer', values: [5] }],
      metrics: [{ metric: 'goodputBps', flow: 'f7' }],
    });
    const r = cclab(['sweep', file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('invalid sweep');
    expect(r.stderr).toContain('metrics[0].flow: "f7" is not a flow');
    expect(r.stderr).toContain('point p0 (links[r1-r2].bufer=5) → links[0]: unknown field "bufer"');
    const missing = cclab(['sweep', sweepFile(dir, { base: { file: 'nothere.json' } })]);
    expect(missing.stderr).toMatch(/base\.file: cannot read .*nothere\.json: ENOENT/);
  });
});
