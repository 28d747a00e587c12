import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultScenario } from '../presets/presets.js';
import { main } from './main.js';
import { SCENARIO_FILE_BYTES } from './scenarioFile.js';
import { readUserFile, UserFileError } from './userFiles.js';

/**
 * Only a regular file is read, its size checked first: `validate /dev/zero` would read 4.4 GB in
 * 20 s, and a FIFO (or a sweep's base.file that is one) would wait for ever.
 */
describe('reading the files a user names', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cclab-userfiles-'));
  const fifo = join(dir, 'fifo.json');
  // Node has no mkfifo; one short process makes the FIFO
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  const reason = (file: string, max = 1000) => {
    try {
      readUserFile(file, max);
    } catch (e) {
      expect(e).toBeInstanceOf(UserFileError);
      return (e as UserFileError).reason;
    }
    return 'read';
  };

  it('refuses a FIFO, a device and a folder without reading or waiting', () => {
    expect(reason(fifo)).toBe('it is a FIFO (named pipe), not a regular file');
    expect(reason('/dev/zero')).toBe('it is a character device, not a regular file');
    expect(reason(dir)).toBe('it is a folder, not a regular file');
    expect(reason(join(dir, 'missing.json'))).toBe('ENOENT (no such file or directory)');
  });

  it('refuses a file over the limit before reading it, and reads one at the limit', () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, SCENARIO_FILE_BYTES + 1); // sparse: no disk used
    expect(reason(big, SCENARIO_FILE_BYTES)).toBe('it is 67,108,865 bytes; at most 67,108,864');
    const exact = join(dir, 'exact.txt');
    writeFileSync(exact, 'é'.repeat(500)); // 1000 bytes of UTF-8
    expect(readUserFile(exact, 1000)).toBe('é'.repeat(500));
    expect(reason(exact, 999)).toBe('it is 1,000 bytes; at most 999');
  });

  describe('through the commands', () => {
    let stderr = '';
    beforeEach(() => {
      stderr = '';
      vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
      vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    });
    afterEach(() => vi.restoreAllMocks());

    it('validate and run name the file and the problem (exit 2)', async () => {
      expect(await main(['validate', fifo])).toBe(2);
      expect(stderr).toBe(
        `${fifo}: invalid scenario\n  (file): cannot read ${fifo}: it is a FIFO (named pipe), not a regular file\n`,
      );
      stderr = '';
      expect(await main(['run', '/dev/zero'])).toBe(2);
      expect(stderr).toMatch(/cannot read \/dev\/zero: it is a character device, not a regular file\n$/);
    });

    it("a sweep's base.file, an exercise and a sweep output folder's log are read the same way", async () => {
      const sweep = join(dir, 'sweep.json');
      writeFileSync(
        sweep,
        JSON.stringify({
          version: 1,
          base: { file: 'fifo.json' },
          parameters: [{ path: 'duration', values: ['1s'] }],
          metrics: [{ metric: 'jain' }],
        }),
      );
      expect(await main(['sweep', sweep, '--dry-run'])).toBe(2);
      expect(stderr).toBe(
        `${sweep}: invalid sweep\n  base.file: cannot read ${fifo}: it is a FIFO (named pipe), not a regular file\n`,
      );
      const huge = join(dir, 'huge-sweep.json');
      writeFileSync(huge, '');
      truncateSync(huge, 64 * 1024 * 1024 + 1); // sparse
      stderr = '';
      expect(await main(['sweep', huge, '--dry-run'])).toBe(2);
      expect(stderr).toBe(
        `${huge}: invalid sweep\n  (file): cannot read ${huge}: it is 67,108,865 bytes; at most 67,108,864\n`,
      );
      stderr = '';
      expect(await main(['exercise', 'check', fifo])).toBe(1);
      expect(stderr).toMatch(/nor a readable file: it is a FIFO \(named pipe\), not a regular file$/m);
      // a sweep resumed into a folder whose log is a FIFO
      const out = join(dir, 'out');
      const scenario = join(dir, 'scenario.json');
      writeFileSync(scenario, JSON.stringify({ ...defaultScenario(), duration: '1s' }));
      writeFileSync(
        sweep,
        JSON.stringify({
          version: 1,
          base: { file: 'scenario.json' },
          parameters: [{ path: 'duration', values: ['1s'] }],
          metrics: [{ metric: 'jain' }],
        }),
      );
      mkdirSync(out);
      expect(spawnSync('mkfifo', [join(out, 'runs.jsonl')]).status).toBe(0);
      stderr = '';
      expect(await main(['sweep', sweep, '--out', out, '--quiet', '--jobs', '1'])).toBe(2);
      expect(stderr).toBe(`cannot read ${join(out, 'runs.jsonl')}: it is a FIFO (named pipe), not a regular file\n`);
      expect(existsSync(join(out, 'sweep.lock'))).toBe(false); // given back
    });
  });
});
