import { existsSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultScenario } from '../presets/presets.js';
import { main } from './main.js';

/**
 * `--csv` onto a file or /dev/full, `--trace-pcap /dev/full`, `--csv /proc/x`, one file for both
 * --trace-pcap and --trace-ns2: every output error is one line naming the path and the problem
 * (exit 1), and two outputs naming one file are refused before the run (exit 2) — never a Node
 * stack trace, a hang or a file written twice over.
 */
describe('output files', () => {
  let stderr = '';
  let stdout = '';
  const dir = mkdtempSync(join(tmpdir(), 'cclab-outputs-'));
  const scenario = join(dir, 'short.json');
  writeFileSync(scenario, JSON.stringify({ ...defaultScenario(), duration: '1s' }));
  const aFile = join(dir, 'a-file');
  writeFileSync(aFile, 'not a folder');
  beforeEach(() => {
    stderr = '';
    stdout = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true));
  });
  afterEach(() => vi.restoreAllMocks());

  it('--csv onto a file, /dev/full or a folder under /proc: one line, exit 1, before the run', async () => {
    expect(await main(['run', scenario, '--csv', aFile])).toBe(1);
    expect(stderr).toBe(`--csv ${aFile}: it exists and is not a folder\n`);
    stderr = '';
    expect(await main(['run', scenario, '--csv', '/dev/full'])).toBe(1);
    expect(stderr).toBe('--csv /dev/full: it exists and is not a folder\n');
    stderr = '';
    // Node's recursive mkdir loops for ever here
    expect(await main(['run', scenario, '--csv', '/proc/cclab-no-such-folder'])).toBe(1);
    expect(stderr).toBe(
      '--csv /proc/cclab-no-such-folder: cannot create the folder /proc/cclab-no-such-folder: ENOENT (no such file or directory)\n',
    );
    expect(stdout).toBe('');
  });

  it('a trace that cannot be written (/dev/full) ends the run with one line, exit 1, no summary', async () => {
    expect(await main(['run', scenario, '--trace-pcap', '/dev/full'])).toBe(1);
    expect(stderr).toBe('--trace-pcap /dev/full: cannot write: ENOSPC (no space left on device)\n');
    expect(stdout).toBe('');
  });

  it('two outputs naming one file are refused before the run (exit 2), through a link too', async () => {
    const same = join(dir, 'same.out');
    expect(await main(['run', scenario, '--trace-pcap', same, '--trace-ns2', same])).toBe(2);
    expect(stderr).toBe(`--trace-ns2 and --trace-pcap name the same file (${same}): give each output its own file\n`);
    expect(existsSync(same)).toBe(false); // nothing ran, nothing was written
    writeFileSync(same, '');
    const link = join(dir, 'link.out');
    symlinkSync(same, link);
    stderr = '';
    expect(await main(['run', scenario, '--trace-pcap', link, '--trace-ns2', same])).toBe(2);
    expect(stderr).toBe(
      `--trace-ns2 and --trace-pcap name the same file (${same}, ${link}): give each output its own file\n`,
    );
    expect(statSync(same).size).toBe(0);
    const csv = join(dir, 'csv');
    stderr = '';
    expect(await main(['run', scenario, '--csv', csv, '--trace-ns2', join(csv, 'events.csv')])).toBe(2);
    expect(stderr).toMatch(/^--trace-ns2 and --csv .* name the same file/);
    expect(existsSync(csv)).toBe(false);
  });

  it('writes the CSV folder and the traces of a run that can', async () => {
    const csv = join(dir, 'ok', 'nested', 'csv');
    const ns2 = join(dir, 'trace.tr');
    expect(await main(['run', scenario, '--csv', csv, '--trace-ns2', ns2])).toBe(0);
    expect(readdirSync(csv).sort()).toEqual(['events.csv', 'flow-f0.csv', 'flow-f1.csv', 'port-r1_to_r2.csv']);
    expect(statSync(ns2).size).toBeGreaterThan(0);
    expect(stderr).toMatch(/^ns-2 trace .*trace\.tr: \d+ records, \d+ bytes \(ports r1->r2\)\n$/);
    expect(stdout).toMatch(/goodput/i);
  });

  it('presets --write and sweep --out onto a file: one line each, exit 1', async () => {
    expect(await main(['presets', '--write', aFile])).toBe(1);
    expect(stderr).toBe(`--write ${aFile}: it exists and is not a folder\n`);
    stderr = '';
    const sweep = join(dir, 'sweep.json');
    writeFileSync(
      sweep,
      JSON.stringify({
        version: 1,
        base: { file: 'short.json' },
        parameters: [{ path: 'duration', values: ['1s'] }],
        metrics: [{ metric: 'jain' }],
      }),
    );
    expect(await main(['sweep', sweep, '--out', aFile, '--quiet'])).toBe(1);
    expect(stderr).toBe(`--out ${aFile}: it exists and is not a folder\n`);
    stderr = '';
    const nested = join(aFile, 'sub');
    expect(await main(['sweep', sweep, '--out', nested, '--quiet'])).toBe(1);
    expect(stderr).toBe(`--out ${nested}: cannot create the folder ${nested}: ENOTDIR (not a directory)\n`);
  });
});
