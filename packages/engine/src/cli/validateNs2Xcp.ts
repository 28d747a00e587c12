import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseGivenLine } from '../scenario/ns2Dumbbell.js';
import { ns2XcpScenario } from '../scenario/ns2Xcp.js';
import { Simulation } from '../Simulation.js';
import type { Comparison } from '../validation/compareNs2.js';
import { compareXcpEnsemble, compareXcpWithNs2, type Ns2XcpReference } from '../validation/compareNs2Xcp.js';
import { runNs2 } from './ns2.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/', import.meta.url));

interface XcpCase {
  name: string;
  args: Record<string, string>;
  fixture: string;
  script: string;
}

function cases(list: string, dir: string): XcpCase[] {
  return readFileSync(list, 'utf8')
    .split('\n')
    .map(parseGivenLine)
    .filter((g) => g !== null && g.script.endsWith('.tcl') && g.script.includes('xcp'))
    .map((g) => ({ name: g!.name, args: g!.args, fixture: join(dir, `${g!.name}.json`), script: g!.script }));
}

/** ns-2's numbers: rerun live (xcp.tcl from the validation folder, the seed wrapper from the fixtures), else the fixture. */
function reference(c: XcpCase, live: string | null): Ns2XcpReference {
  if (!live) return JSON.parse(readFileSync(c.fixture, 'utf8')) as Ns2XcpReference;
  const script = c.script === 'xcp.tcl' ? join(live, 'ns2', 'xcp.tcl') : join(FIXTURES, 'ns2-scripts', 'xcp-seed.tcl');
  return runNs2(script, c.args).result as unknown as Ns2XcpReference;
}

const mb = (x: number) => (x / 1e6).toFixed(3);

function row(name: string, cmp: Comparison): string {
  const get = (q: string) => cmp.checks.find((c) => c.quantity.includes(q));
  const cell = (c: Comparison['checks'][number] | undefined, f: (x: number) => string) =>
    c ? `${f(c.ns2)} / ${f(c.cclab)}${c.pass ? '' : ' ✗'}` : '';
  const shares = cmp.checks.filter((c) => c.quantity.includes('share'));
  const worst = shares.reduce((w, c) => Math.max(w, Math.abs(c.cclab - c.ns2) / c.ns2), 0);
  return `| ${name} | ${cell(get('aggregate'), mb)} | ${cell(get('drops'), (x) => x.toFixed(0))} | ${cell(get('queue'), (x) => x.toFixed(2))} | ${(worst * 100).toFixed(1)} %${shares.every((c) => c.pass) ? '' : ' ✗'} | ${cmp.pass ? 'agrees' : '**disagrees**'} |`;
}

/**
 * The XCP part of `cclab validate-ns2 --all`: the given xcp.tcl references, the further ones of
 * test/fixtures/ns2-xcp/xcp.list and the seed ensemble, as one table. Returns how many ran and failed.
 */
export function validateNs2Xcp(live: string | null, out: (s: string) => void): { failures: number; ran: number } {
  let failures = 0;
  let ran = 0;
  out('\n### XCP references (xcp.tcl; ns-2 / cclab)\n');
  out('| case | goodput (Mb/s) | drops | mean queue | largest share difference | |');
  out('|---|---|---|---|---|---|');
  const singles = [
    ...cases(join(FIXTURES, 'ns2', 'given.list'), join(FIXTURES, 'ns2')),
    ...cases(join(FIXTURES, 'ns2-xcp', 'xcp.list'), join(FIXTURES, 'ns2-xcp')),
  ];
  for (const c of singles) {
    const cmp = compareXcpWithNs2(reference(c, live), new Simulation(ns2XcpScenario(c.name, c.args)).run());
    out(row(c.name, cmp));
    ran++;
    if (!cmp.pass) failures++;
  }
  const ens = cases(join(FIXTURES, 'ns2-xcp', 'ensemble.list'), join(FIXTURES, 'ns2-xcp'));
  const runs = ens.map((c) => {
    const { seed, ...args } = c.args;
    return new Simulation({ ...ns2XcpScenario(c.name, args), seed: Number(seed) }).run();
  });
  const cmp = compareXcpEnsemble(
    ens.map((c) => reference(c, live)),
    runs,
  );
  out(row(`xcp-3flows-1tcp (means over ${ens.length} seeds)`, cmp));
  ran++;
  if (!cmp.pass) failures++;
  return { failures, ran };
}
