import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { randomNs2Cases } from '../src/cli/validateNs2Random.js';
import { ns2DumbbellScenario } from '../src/scenario/ns2Dumbbell.js';
import { validateScenario } from '../src/scenario/validate.js';

const CCLAB = fileURLToPath(new URL('../bin/cclab.mjs', import.meta.url));

/**
 * `cclab validate-ns2 --random`: random cases of the reference dumbbell against ns-2.35, run now.
 * What it found is in docs/validation.md ("Random cases"); these tests check the generator and
 * the command, not agreement (random multi-flow cases are chaotic in ns-2 itself).
 */
describe('random ns-2 cases', () => {
  it('are the same for the same seed and differ between seeds', () => {
    expect(randomNs2Cases(3, 20)).toEqual(randomNs2Cases(3, 20));
    const a = randomNs2Cases(3, 20).map((c) => JSON.stringify(c.args));
    const b = randomNs2Cases(4, 20).map((c) => JSON.stringify(c.args));
    expect(a.filter((x, i) => x === b[i]).length).toBeLessThan(3);
  });

  it('translate to valid scenarios, cover every queue type and keep to --max-flows', () => {
    const cases = randomNs2Cases(1, 300);
    const qtypes = new Set(cases.map((c) => c.args.qtype));
    expect([...qtypes].sort()).toEqual(['DRR', 'DropTail', 'FQ', 'RED', 'SFQ']);
    for (const c of cases) {
      // the scheduler wrapper for DRR, SFQ and FQ (ns-2's FQ needs it), dumbbell.tcl otherwise
      expect(c.script).toBe(['DRR', 'SFQ', 'FQ'].includes(c.args.qtype!) ? 'sched.tcl' : 'dumbbell.tcl');
      expect(() => validateScenario(ns2DumbbellScenario(c.name, c.args)), JSON.stringify(c.args)).not.toThrow();
    }
    const flows = (c: (typeof cases)[number]) => (c.args.flows ? c.args.flows.split(',').length : Number(c.args.n));
    expect(Math.max(...cases.map(flows))).toBe(8);
    expect(randomNs2Cases(1, 100, 1).every((c) => flows(c) === 1)).toBe(true);
  });

  it('the command runs each case through ns-2 and cclab and prints one row and one argument line per case', () => {
    const r = spawnSync(process.execPath, [CCLAB, 'validate-ns2', '--random', '2', '--seed', '7', '--max-flows', '1'], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => l.startsWith('| random-7-'));
    expect(rows).toHaveLength(2);
    expect(r.stdout).toMatch(/^random-7-1: (dumbbell|sched)\.tcl .*T=40/m);
    expect(r.stdout).toMatch(/\d of 2 random cases agree within the tolerances/);
  });

  it('refuses a count that is not a positive whole number, or absurdly large', () => {
    const r = spawnSync(process.execPath, [CCLAB, 'validate-ns2', '--random', 'x'], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/--random x: a whole number ≥ 1/);
    const big = spawnSync(process.execPath, [CCLAB, 'validate-ns2', '--random', '20000'], { encoding: 'utf8' });
    expect(big.status).not.toBe(0);
    expect(big.stderr).toMatch(/--random: 20000 cases is more than the 10000 one run allows/);
  });
});
