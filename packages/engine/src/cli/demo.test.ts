import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claim, demos, findDemo } from '../demos/index.js';
import { main } from './main.js';

/** `cclab demo list|check` (docs/cli.md "demo"). */
describe('cclab demo', () => {
  let stdout = '';
  let stderr = '';
  beforeEach(() => {
    stdout = '';
    stderr = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists every demo, one a line, by id', async () => {
    expect(await main(['demo', 'list'])).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(demos.map((d) => d.id));
  });

  it('checks a demo: every claim printed, exit 0 when all hold', async () => {
    expect(await main(['demo', 'check', 'incast'])).toBe(0);
    expect(stdout).toMatch(/^ok {3}incast: /);
    expect(stdout).toMatch(/\n {2}ok {3}\d+ ≥ 1 {2}retransmission timeouts/);
  });

  it('exits 1 and says FAIL when a claim does not hold', async () => {
    vi.spyOn(findDemo('incast')!, 'verify').mockReturnValue([claim('a claim', 1, '>=', 2, 'x')]);
    expect(await main(['demo', 'check', 'incast'])).toBe(1);
    expect(stdout).toContain('FAIL incast:');
    expect(stdout).toContain('  FAIL 1 x ≥ 2 x  a claim');
  });

  it('names an unknown demo and exits 2; no id prints the usage', async () => {
    expect(await main(['demo', 'check', 'nope'])).toBe(2);
    expect(stderr).toBe('unknown demo nope (see: cclab demo list)\n');
    stderr = '';
    expect(await main(['demo', 'check'])).toBe(2);
    expect(stderr).toContain('cclab demo check ID... | --all');
  });
});
