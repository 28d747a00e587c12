import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGivenLine } from '../src/scenario/ns2Dumbbell.js';
import { compareEnsemble, compareWithNs2, formatComparison, type Ns2Reference } from '../src/validation/compareNs2.js';
import { runNs2Dumbbell } from '../src/validation/ns2Run.js';

/**
 * DCCP CCID-3 (`dccp-ccid3`, model ns2) against ns-2.35 Agent/DCCP/TFRC: references in
 * test/fixtures/ns2-ccid3/ (generated with validation/ns2/gen.sh from the list files there).
 */
const dir = new URL('./fixtures/ns2-ccid3/', import.meta.url);
const ref = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')) as Ns2Reference;
const lines = (file: string) =>
  readFileSync(new URL(file, dir), 'utf8')
    .split('\n')
    .map(parseGivenLine)
    .filter((g) => g !== null);

describe('DCCP CCID-3 vs ns-2.35 Agent/DCCP/TFRC', () => {
  for (const g of lines('ccid3.list')) {
    it(`${g.name} agrees with ns-2 within the validation tolerances`, () => {
      const cmp = compareWithNs2(ref(g.name), runNs2Dumbbell(g.name, g.args));
      expect(
        cmp.checks.filter((c) => !c.pass),
        formatComparison(g.name, cmp),
      ).toEqual([]);
    });
  }

  // 2 × DCCP:TFRC is chaotic in fairness in ns-2 itself (Jain 0.85–0.996 over start staggers
  // 0.05–0.3 s; the first flow always wins): judged over the ensemble's means, and one member
  // (stagger 0.1 s: Jain 0.852 in ns-2, 0.920 here) is outside the single-run tolerances. NewReno
  // vs DCCP:TFRC is stable (Jain 0.97–0.99) and every member agrees on its own as well.
  const outliers: Record<string, string[]> = {
    'dccp-tfrc-vs-newreno-st': [],
    'dccp-tfrc-2flows-st': ['dccp-tfrc-2flows-st0.1'],
  };
  for (const prefix of Object.keys(outliers)) {
    it(`${prefix}*: means over the ensemble of staggers agree with ns-2's; single runs all but the known outliers`, () => {
      const gs = lines('ensembles.list').filter((g) => g.name.startsWith(prefix));
      expect(gs.length).toBeGreaterThanOrEqual(5);
      const runs = gs.map((g) => runNs2Dumbbell(g.name, g.args));
      expect(gs.filter((g, i) => !compareWithNs2(ref(g.name), runs[i]!).pass).map((g) => g.name)).toEqual(
        outliers[prefix],
      );
      const cmp = compareEnsemble(
        gs.map((g) => ref(g.name)),
        runs,
      );
      expect(
        cmp.checks.filter((c) => !c.pass),
        formatComparison(`${prefix}* (ensemble of ${gs.length})`, cmp),
      ).toEqual([]);
    });
  }
});
