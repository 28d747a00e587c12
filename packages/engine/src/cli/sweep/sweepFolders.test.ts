import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultScenario } from '../../presets/presets.js';
import { main } from '../main.js';
import { LOCK } from './folderLock.js';

/**
 * `sweep merge --out` onto one of its input shards is refused (it would overwrite it),
 * and an output folder is held by one process at a time (its sweep.lock), a second one refused
 * naming the folder and the process: two sweeps resuming into one folder at once would both run
 * what its log lacks (27 lines for 24 runs).
 */
describe('sweep output folders', () => {
  let stderr = '';
  beforeEach(() => {
    stderr = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(() => vi.restoreAllMocks());

  const dir = mkdtempSync(join(tmpdir(), 'cclab-sweepfolders-'));
  writeFileSync(join(dir, 'base.json'), JSON.stringify({ ...defaultScenario(), duration: '1s' }));
  const sweep = join(dir, 'sweep.json');
  writeFileSync(
    sweep,
    JSON.stringify({
      version: 1,
      base: { file: 'base.json' },
      parameters: [{ path: 'links[r1-r2].buffer', values: [10, 20] }],
      metrics: [{ metric: 'jain' }],
    }),
  );
  const run = (...args: string[]) => main(['sweep', sweep, '--quiet', '--jobs', '1', ...args]);
  const lines = (d: string) => readFileSync(join(d, 'runs.jsonl'), 'utf8').split('\n').filter(Boolean);

  const s0 = join(dir, 'shard-0');
  const s1 = join(dir, 'shard-1');
  beforeAll(async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await run('--shard', '0/2', '--out', s0)).toBe(0);
    expect(await run('--shard', '1/2', '--out', s1)).toBe(0);
    vi.restoreAllMocks();
  });

  it('merge --out onto one of the folders merged is refused, the folder left as it was', async () => {
    const before = ['sweep.json', 'runs.jsonl'].map((f) => readFileSync(join(s0, f), 'utf8'));
    stderr = '';
    expect(await main(['sweep', 'merge', s0, s1, '--out', `${s0}/`])).toBe(2);
    expect(stderr).toBe(`merge: --out ${s0}/ is ${s0}, one of the folders being merged: give a new folder\n`);
    expect(['sweep.json', 'runs.jsonl'].map((f) => readFileSync(join(s0, f), 'utf8'))).toEqual(before);
    expect(await main(['sweep', 'merge', s0, s1, '--out', join(dir, 'merged')])).toBe(0);
    expect(lines(join(dir, 'merged'))).toHaveLength(2);
  });

  it('a folder another running process holds is refused, naming it and the process; nothing is run', async () => {
    const out = join(dir, 'busy');
    mkdirSync(out);
    // the test runner's parent process: running, and not this one
    const owner = { pid: process.ppid, host: hostname(), started: '2026-01-01T00:00:00.000Z' };
    writeFileSync(join(out, LOCK), JSON.stringify(owner));
    expect(await run('--out', out)).toBe(1);
    expect(stderr).toBe(
      `${out} is in use by another cclab process (pid ${process.ppid} on ${hostname()}, since 2026-01-01T00:00:00.000Z): ` +
        `wait for it to finish, or give another --out; if that process is gone, delete ${join(out, LOCK)}\n`,
    );
    expect(existsSync(join(out, 'runs.jsonl'))).toBe(false);
    stderr = '';
    expect(await main(['sweep', 'merge', s0, s1, '--out', out])).toBe(1);
    expect(stderr).toMatch(/^merge: .*busy is in use by another cclab process/);
    expect(JSON.parse(readFileSync(join(out, LOCK), 'utf8'))).toEqual(owner); // not taken
  });

  it('a lock left by a process that has ended is taken over, and given back at the end', async () => {
    const out = join(dir, 'stale');
    mkdirSync(out);
    const ended = spawnSync('true').pid!;
    writeFileSync(join(out, LOCK), JSON.stringify({ pid: ended, host: hostname(), started: 'then' }));
    expect(await run('--out', out)).toBe(0);
    expect(lines(out)).toHaveLength(2);
    expect(existsSync(join(out, LOCK))).toBe(false);
  });
});
