import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.js';

describe('cclab run --trace-ns2 / --trace-pcap', () => {
  let dir = '';
  let stderr = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cclab-trace-'));
    stderr = '';
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
      stderr += String(s);
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes both files for the chosen ports and reports them', async () => {
    const tr = join(dir, 'out.tr');
    const pcap = join(dir, 'out.pcap');
    const code = await main([
      'run',
      '--preset',
      'ns2-newreno-1flow',
      '--trace-ns2',
      tr,
      '--trace-pcap',
      pcap,
      '--trace-ports',
      'r1->r2,r2->r1',
    ]);
    expect(code).toBe(0);
    const lines = readFileSync(tr, 'latin1').trim().split('\n');
    expect(new Set(lines.map((l) => `${l.split(' ')[2]}->${l.split(' ')[3]}`))).toEqual(new Set(['0->1', '1->0']));
    expect(readFileSync(pcap).readUInt32LE(0)).toBe(0xa1b23c4d);
    expect(stderr).toMatch(
      new RegExp(`ns-2 trace ${tr}: ${lines.length} records, \\d+ bytes \\(ports r1->r2, r2->r1\\)`),
    );
    expect(stderr).toMatch(/pcap .*out\.pcap: \d+ records/);
  });

  it('keeps each file under --trace-limit and says what was left out', async () => {
    const tr = join(dir, 'cut.tr');
    expect(await main(['run', '--preset', 'ns2-newreno-1flow', '--trace-ns2', tr, '--trace-limit', '20KB'])).toBe(0);
    expect(readFileSync(tr).length).toBeLessThanOrEqual(20_000);
    expect(stderr).toMatch(/truncated at --trace-limit 20KB: \d+ more records not written/);
  });

  it('names the option and the problem for a bad port or limit', async () => {
    const tr = join(dir, 'x.tr');
    expect(await main(['run', '--preset', 'ns2-newreno-1flow', '--trace-ns2', tr, '--trace-ports', 'r9->r1'])).toBe(2);
    expect(stderr).toMatch(/--trace-ports: unknown port r9->r1 \(ports: r1->r2/);
    stderr = '';
    expect(await main(['run', '--preset', 'ns2-newreno-1flow', '--trace-ns2', tr, '--trace-limit', 'lots'])).toBe(2);
    expect(stderr).toMatch(/--trace-limit lots: /);
    stderr = '';
    expect(await main(['run', '--preset', 'ns2-newreno-1flow', '--trace-ports', 'r1->r2'])).toBe(2);
    expect(stderr).toMatch(/--trace-ports and --trace-limit need --trace-ns2 FILE or --trace-pcap FILE/);
  });
});
