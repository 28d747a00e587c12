import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validationDir } from '../src/cli/ns2.js';

/**
 * The committed ns-2 fixtures are what ns-2.35 really prints: rerun one reference live (ns-2 is
 * deterministic for these scripts) and compare it with its fixture. ns-2 is a test prerequisite
 * (.ci/run installs Debian's ns2 package).
 */
describe('ns-2.35 fixtures', () => {
  it('match a live ns-2 run of the same reference', () => {
    const which = spawnSync('sh', ['-c', 'command -v ns'], { encoding: 'utf8' });
    expect(which.status, 'ns-2 is not installed: apt-get install -y ns2 (see .ci/run)').toBe(0);
    const dir = validationDir();
    expect(dir, 'no copy of validation/ns2/dumbbell.tcl found').not.toBeNull();
    const out = execFileSync('ns', [`${dir}/ns2/dumbbell.tcl`, 'n=1', 'T=60'], { encoding: 'utf8' });
    const live = JSON.parse(out.split('\n').find((l) => l.startsWith('{'))!);
    const fixture = JSON.parse(readFileSync(new URL('./fixtures/ns2/newreno-1flow.json', import.meta.url), 'utf8'));
    expect(live.bottleneck).toEqual(fixture.bottleneck);
    expect(live.aggregateThroughputBps).toBe(fixture.aggregateThroughputBps);
  });
});
