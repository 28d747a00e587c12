import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import { parseGivenLine } from '../src/scenario/ns2Dumbbell.js';
import { ns2XcpScenario } from '../src/scenario/ns2Xcp.js';
import { formatComparison } from '../src/validation/compareNs2.js';
import { compareXcpEnsemble, compareXcpWithNs2, type Ns2XcpReference } from '../src/validation/compareNs2Xcp.js';

/**
 * XCP cross-checks against ns-2.35 (validation/ns2/xcp.tcl, seed 003's setup): the two given
 * references, the further ones of test/fixtures/ns2-xcp/xcp.list (flow counts, rates, delays,
 * packet sizes, XCP with several TCP flows, 300 s) and the seed ensemble of the XCP-with-TCP
 * case, by validation/README.md's XCP rules (see compareNs2Xcp.ts).
 */
const fixture = (path: string): Ns2XcpReference =>
  JSON.parse(readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8')) as Ns2XcpReference;

function givenXcpCases(): { name: string; args: Record<string, string> }[] {
  const list = readFileSync(new URL('./fixtures/ns2/given.list', import.meta.url), 'utf8');
  return list
    .split('\n')
    .map(parseGivenLine)
    .filter((g) => g !== null && g.script === 'xcp.tcl')
    .map((g) => ({ name: g!.name, args: g!.args }));
}

describe('ns-2.35 XCP cross-checks', () => {
  it('covers both given XCP references', () => {
    expect(givenXcpCases().map((c) => c.name)).toEqual(['xcp-3flows', 'xcp-3flows-1tcp']);
  });

  for (const c of givenXcpCases()) {
    it(`${c.name} agrees with ns-2 by the XCP rules`, () => {
      const cmp = compareXcpWithNs2(
        fixture(`ns2/${c.name}.json`),
        new Simulation(ns2XcpScenario(c.name, c.args)).run(),
      );
      expect(
        cmp.checks.filter((k) => !k.pass),
        formatComparison(c.name, cmp),
      ).toEqual([]);
    });
  }

  const extra = readFileSync(new URL('./fixtures/ns2-xcp/xcp.list', import.meta.url), 'utf8');
  for (const line of extra.split('\n')) {
    const g = parseGivenLine(line);
    if (!g) continue;
    it(`${g.name} agrees with ns-2 by the XCP rules`, () => {
      const cmp = compareXcpWithNs2(
        fixture(`ns2-xcp/${g.name}.json`),
        new Simulation(ns2XcpScenario(g.name, g.args)).run(),
      );
      expect(
        cmp.checks.filter((k) => !k.pass),
        formatComparison(g.name, cmp),
      ).toEqual([]);
    });
  }

  it('xcp-3flows-1tcp over seven seeds: the means agree with ns-2 over its seeds 1–7', () => {
    const list = readFileSync(new URL('./fixtures/ns2-xcp/ensemble.list', import.meta.url), 'utf8');
    const refs: Ns2XcpReference[] = [];
    const runs = [];
    for (const line of list.split('\n')) {
      const g = parseGivenLine(line);
      if (!g) continue;
      refs.push(fixture(`ns2-xcp/${g.name}.json`));
      const { seed, ...args } = g.args;
      runs.push(new Simulation({ ...ns2XcpScenario(g.name, args), seed: Number(seed) }).run());
    }
    expect(refs).toHaveLength(7);
    const cmp = compareXcpEnsemble(refs, runs);
    expect(
      cmp.checks.filter((k) => !k.pass),
      formatComparison('xcp-3flows-1tcp ensemble', cmp),
    ).toEqual([]);
  });
});
