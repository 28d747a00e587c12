import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultScenario } from '../presets/presets.js';
import { main } from './main.js';

/** The CLI prints input problems and run errors as errors, with their exit statuses (docs/cli.md). */
describe('cclab run / validate', () => {
  let stderr = '';
  let stdout = '';
  const dir = mkdtempSync(join(tmpdir(), 'cclab-cli-'));
  const file = (name: string, content: unknown) => {
    const f = join(dir, name);
    writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content));
    return f;
  };
  beforeEach(() => {
    stderr = '';
    stdout = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true));
  });
  afterEach(() => vi.restoreAllMocks());

  it('exits 2 and names the field for "duration": "1e999s"', async () => {
    const s = { ...defaultScenario(), duration: '1e999s' };
    const f = file('inf.json', s);
    expect(await main(['validate', f])).toBe(2);
    expect(stderr).toBe(`${f}: invalid scenario\n  duration: "1e999s" is not a finite duration\n`);
    expect(await main(['run', f])).toBe(2);
  });

  it('exits 3 with the engine error when a run reaches the packet cap', async () => {
    const s = defaultScenario();
    s.duration = '30s';
    s.flows = [
      {
        id: 'video',
        from: 's0',
        to: 'd0',
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: '12Mbps', packetSize: '1000B' } },
      },
    ];
    s.links[0]!.buffer = '1000000 packets';
    const f = file('overload.json', s);
    expect(await main(['run', f, '--max-packets', '3000'])).toBe(3);
    expect(stderr).toMatch(
      /^.*overload\.json: the run stopped: more than 3,000 packets alive at once at t = [0-9.]+ s: port r1->r2 holds [0-9,]+ of them, most from flow video; /,
    );
    expect(stdout).toBe('');
  });

  it('refuses a --max-packets that is not a whole number within the engine cap', async () => {
    const f = file('ok.json', defaultScenario());
    expect(await main(['run', f, '--max-packets', '0'])).toBe(2);
    expect(stderr).toMatch(/^--max-packets 0: a whole number from 1 to 2000000/);
  });
});
