import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import { ns2DumbbellScenario, parseGivenLine } from '../src/scenario/ns2Dumbbell.js';
import { compareWithNs2, formatComparison, type Ns2Reference } from '../src/validation/compareNs2.js';

/**
 * TCP Compound against ns-2.35's Agent/TCP/Linux with `select_ca compound` (seed 000 Table 4.4):
 * test/fixtures/ns2-compound/compound.list, generated with validation/ns2/gen.sh from the shared
 * dumbbell.tcl — one and several flows, a long RTT, a fast link, against NewReno, through RED.
 */
describe('ns-2.35 cross-checks of TCP Compound', () => {
  const list = readFileSync(new URL('./fixtures/ns2-compound/compound.list', import.meta.url), 'utf8');
  for (const line of list.split('\n')) {
    const g = parseGivenLine(line);
    if (!g) continue;
    it(`${g.name} agrees with ns-2 within the validation tolerances`, () => {
      const ref = JSON.parse(
        readFileSync(new URL(`./fixtures/ns2-compound/${g.name}.json`, import.meta.url), 'utf8'),
      ) as Ns2Reference;
      const cmp = compareWithNs2(ref, new Simulation(ns2DumbbellScenario(g.name, g.args)).run());
      expect(
        cmp.checks.filter((c) => !c.pass),
        formatComparison(g.name, cmp),
      ).toEqual([]);
    });
  }
});
