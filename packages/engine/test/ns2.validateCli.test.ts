import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CCLAB = fileURLToPath(new URL('../bin/cclab.mjs', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [CCLAB, 'validate-ns2', ...args], { encoding: 'utf8' });

/** `cclab validate-ns2 NAME...`: one cross-check by name, the given references and the further ones. */
describe('validate-ns2 by name', () => {
  it('runs a further reference (test/fixtures/ns2-extra) by its name, not only the given ones', () => {
    const r = run('sack-4flows-q100');
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^### sack-4flows-q100 — agrees/m);
    expect(r.stdout).toMatch(/1 of 1 references run agree within the tolerances/);
  });

  it('names an unknown reference, runs the others and exits 2', () => {
    const r = run('nope', 'newreno-1flow');
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/^nope: not an ns-2 reference covered by the engine/m);
    expect(r.stdout).toMatch(/^### newreno-1flow — agrees/m);
    expect(r.stdout).toMatch(/unknown name\(s\), not run: nope/);
  });
});
