import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aimdBufferExercise } from '../exercise/builtins/tcpBasics.js';
import { main } from './main.js';

describe('cclab exercise', () => {
  let stderr = '';
  let stdout = '';
  const dir = mkdtempSync(join(tmpdir(), 'cclab-exercise-'));
  const file = (name: string, content: unknown) => {
    const f = join(dir, name);
    writeFileSync(f, JSON.stringify(content));
    return f;
  };
  beforeEach(() => {
    stderr = '';
    stdout = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true));
  });
  afterEach(() => vi.restoreAllMocks());

  it('list prints the twelve built-ins, one a line, with their status', async () => {
    expect(await main(['exercise', 'list'])).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(12);
    expect(lines[0]).toMatch(/^slow-start-first-loss\s+ready\s+TCP basics\s+Slow start and the first loss$/);
    expect(lines.filter((l) => /\scoming\s/.test(l))).toHaveLength(0);
    expect(lines[11]).toMatch(/^wireless-scheduling-fairness\s+ready\s+Wireless\s/);
  });

  it('check passes a built-in by id and a file with the same exercise', async () => {
    expect(await main(['exercise', 'check', 'aimd-sawtooth-buffer'])).toBe(0);
    expect(stdout).toMatch(/^ok {3}aimd-sawtooth-buffer\n/);
    expect(await main(['exercise', 'check', file('aimd.json', aimdBufferExercise)])).toBe(0);
  });

  it('check fails an exercise whose reference solution misses the goal, saying why', async () => {
    const bad = structuredClone(aimdBufferExercise) as unknown as { tasks: { solution?: unknown }[] };
    // 10 packets is far below the 75-packet BDP: utilisation stays near 0.72 (see the exercise's hints)
    bad.tasks[0]!.solution = { 'links[r1-r2].buffer': '10 packets' };
    expect(await main(['exercise', 'check', file('bad.json', bad)])).toBe(1);
    expect(stdout).toMatch(
      /FAIL tasks\[0\] \(fill-the-link\): the reference answer is rejected: Not yet: Bottleneck utilisation is 0\.\d+; the goal is ≥ 0\.93/,
    );
  });

  it('check names a value nested 100,000 deep instead of overflowing the stack', async () => {
    const f = join(dir, 'deep.json');
    const text = JSON.stringify({
      ...aimdBufferExercise,
      parameters: [{ name: 'x', path: 'links[r1-r2].buffer', values: ['@'] }],
    }).replace('"@"', '['.repeat(100_000) + '1' + ']'.repeat(100_000));
    writeFileSync(f, text);
    expect(await main(['exercise', 'check', f])).toBe(1);
    expect(stderr).toBe(
      `${f}: invalid exercise\n  parameters[0].values[0]${'[0]'.repeat(37)}: is nested more than 40 levels deep\n` +
        '1 of 1 exercise failed\n',
    );
  });

  it('check reports an invalid file field by field, and an unknown id', async () => {
    const f = file('broken.json', { ...aimdBufferExercise, version: 3, tasks: [] });
    expect(await main(['exercise', 'check', f])).toBe(1);
    expect(stderr).toContain(`${f}: invalid exercise\n  version: must be 1\n  tasks: needs at least one task\n`);
    expect(await main(['exercise', 'check', 'no-such-exercise'])).toBe(1);
    expect(stderr).toMatch(
      /no-such-exercise is neither a built-in exercise .* nor a readable file: ENOENT \(no such file or directory\)$/m,
    );
  });
});
