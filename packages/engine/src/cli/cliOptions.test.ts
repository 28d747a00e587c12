import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkArgs, COMMAND_SPECS, editDistance, UsageError } from './cliOptions.js';
import { main } from './main.js';

/**
 * Unknown or incomplete options (`run --jsno`, `--trace-pcap` without a file) are refused by every
 * command with exit 2 before it does anything, suggesting the closest valid option; ignored, they
 * would print the text summary or trace nothing, with exit 0.
 */
describe('command-line options', () => {
  let stderr = '';
  let stdout = '';
  beforeEach(() => {
    stderr = '';
    stdout = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true));
  });
  afterEach(() => vi.restoreAllMocks());

  it('edit distance counts a swap of neighbours as one edit (jsno → json)', () => {
    expect(editDistance('jsno', 'json')).toBe(1);
    expect(editDistance('dryrun', 'dry-run')).toBe(1);
    expect(editDistance('bogus', 'json')).toBe(5); // four letters replaced, one removed
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('run --jsno is refused with the closest option, before the run', async () => {
    expect(await main(['run', '--preset', 'default', '--jsno'])).toBe(2);
    expect(stderr).toBe('unknown option --jsno; did you mean --json?\n');
    expect(stdout).toBe('');
  });

  it('an option nothing resembles is refused with the list of the valid ones', async () => {
    expect(await main(['run', '--preset', 'default', '--bogus'])).toBe(2);
    expect(stderr).toBe(
      'unknown option --bogus (cclab run takes --json, --csv, --preset, --max-packets, --trace-ns2, --trace-pcap, --trace-ports, --trace-limit)\n',
    );
    expect(await main(['sweep', 'some.json', '--dryrun'])).toBe(2);
    expect(stderr).toMatch(/unknown option --dryrun; did you mean --dry-run\?\n$/);
  });

  it('an option missing its value, given twice, or a stray argument is refused', async () => {
    expect(await main(['run', '--preset', 'default', '--trace-pcap'])).toBe(2);
    expect(stderr).toBe('--trace-pcap needs a value\n');
    stderr = '';
    expect(await main(['run', '--preset', 'default', '--trace-pcap', '--json'])).toBe(2);
    expect(stderr).toBe('--trace-pcap needs a value\n');
    stderr = '';
    expect(await main(['run', '--preset', 'default', '--json', '--json'])).toBe(2);
    expect(stderr).toBe('--json is given twice\n');
    stderr = '';
    expect(await main(['validate', 'a.json', 'b.json'])).toBe(2);
    expect(stderr).toBe('unexpected argument "b.json" (cclab validate takes at most 1)\n');
  });

  it('every command refuses an unknown option with exit 2 and prints nothing else', async () => {
    for (const name of Object.keys(COMMAND_SPECS)) {
      stderr = '';
      stdout = '';
      const argv = [...name.split(' '), '--bogus-option'];
      expect(await main(argv), name).toBe(2);
      expect(stderr, name).toMatch(/^unknown option --bogus-option/);
      expect(stdout, name).toBe('');
    }
    stderr = '';
    expect(await main(['buffer-size', '--topology', 'linear', '--lambda', '1Mbps', '--jsno'])).toBe(2);
    expect(stderr).toMatch(/^unknown option --jsno; did you mean --json\?\n/);
  });

  it('reads --name=value as --name value, and lists after --compare', () => {
    const spec = { flags: ['--json'], values: ['--csv'], lists: ['--compare'], maxPositional: 1 };
    expect(checkArgs(['x.json', '--csv=out', '--compare', 'a', 'b', '--json'], spec, 't')).toEqual([
      'x.json',
      '--csv',
      'out',
      '--compare',
      'a',
      'b',
      '--json',
    ]);
    expect(() => checkArgs(['--json=1'], spec, 't')).toThrow(new UsageError('--json takes no value (got --json=1)'));
    expect(() => checkArgs(['--compare'], spec, 't')).toThrow(new UsageError('--compare needs a value (one or more)'));
  });

  it('--help after a command prints the summary (exit 0) instead of refusing it', async () => {
    expect(await main(['sweep', '--help'])).toBe(0);
    expect(stdout).toMatch(/^usage:\n {2}cclab --version/);
    expect(stderr).toBe('');
  });

  it('an unknown command is named with the closest one', async () => {
    expect(await main(['rnu'])).toBe(2);
    expect(stderr).toMatch(/^unknown command "rnu"; did you mean run\?\nusage:/);
  });
});
