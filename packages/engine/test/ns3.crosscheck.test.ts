import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ns3MissingModels } from '../src/scenario/ns3Dumbbell.js';
import { parseGivenLine } from '../src/scenario/ns2Dumbbell.js';
import {
  compareBufferbloatPair,
  compareNs3Ensemble,
  compareWithNs3,
  formatNs3Comparison,
  type Ns3Reference,
} from '../src/validation/compareNs3.js';
import { runNs3Case } from '../src/validation/ns3Run.js';

/**
 * Cross-checks against ns-3.37: every reference of validation/ns3/given.list (and of the further
 * references generated for this project, fixtures/ns3-extra/extra.list) whose models exist in
 * this build is run as the equivalent cclab scenario (scenario/ns3Dumbbell.ts) and compared, within
 * the tolerances of validation/README.md, with ns-3's numbers committed in test/fixtures/ (ns-3.37
 * from Debian's libns3-dev; `npm run validate:ns3` reruns them live). A reference whose models are
 * missing is not counted as passing: the list of such references is asserted explicitly, so that
 * a new model makes this test fail until its references are wired in.
 */
interface Case {
  name: string;
  args: Record<string, string>;
  fixture: URL;
}

function cases(list: string): Case[] {
  const dir = new URL(list.slice(0, list.lastIndexOf('/') + 1), import.meta.url);
  return readFileSync(new URL(list, import.meta.url), 'utf8')
    .split('\n')
    .map(parseGivenLine)
    .filter((g): g is NonNullable<typeof g> => g !== null)
    .map((g) => ({ name: g.name, args: g.args, fixture: new URL(`${g.name}.json`, dir) }));
}

const given = cases('./fixtures/ns3/given.list');
const extra = cases('./fixtures/ns3-extra/extra.list');
const fixture = (c: Case) => JSON.parse(readFileSync(c.fixture, 'utf8')) as Ns3Reference;
const covered = (c: Case) => ns3MissingModels(c.args).length === 0;

/** References that cannot run yet, and why (asserted below; README/docs list them too). */
const NOT_YET_COVERED: string[] = [];

describe('ns-3.37 cross-checks: coverage', () => {
  it('names every given reference the engine cannot run yet, and runs all others', () => {
    expect(given.length).toBe(11);
    expect(given.filter((c) => !covered(c)).map((c) => c.name)).toEqual(NOT_YET_COVERED);
  });
});

for (const [title, list] of [
  ['given references', given],
  ['further references', extra],
] as const) {
  describe(`ns-3.37 cross-checks: ${title}`, () => {
    for (const c of list.filter(covered)) {
      it(`${c.name} agrees with ns-3.37 within the validation tolerances`, () => {
        const cmp = compareWithNs3(fixture(c), runNs3Case(c.name, c.args));
        expect(
          cmp.checks.filter((k) => !k.pass),
          formatNs3Comparison(c.name, cmp),
        ).toEqual([]);
      });
    }
  });
}

describe('ns-3.37 cross-checks over ensembles of start staggers', () => {
  // a scenario whose single runs are chaotic in ns-3 itself (which of several equal flows wins)
  // is run at several start staggers, and the means are compared
  const dir = './fixtures/ns3-ensemble/';
  for (const list of readdirSync(new URL(dir, import.meta.url)).filter((f) => f.endsWith('.list'))) {
    const runs = cases(`${dir}${list}`);
    it(`${list.replace(/\.list$/, '')}: means over ${runs.length} start staggers agree with ns-3.37's`, () => {
      expect(runs.length).toBeGreaterThanOrEqual(5);
      expect(runs.every(covered)).toBe(true);
      const cmp = compareNs3Ensemble(
        runs.map(fixture),
        runs.map((c) => runNs3Case(c.name, c.args)),
      );
      expect(
        cmp.checks.filter((k) => !k.pass),
        formatNs3Comparison(`${list} (ensemble)`, cmp),
      ).toEqual([]);
    });
  }
});

describe('ns-3.37 cross-checks: qualitative pairs', () => {
  const fifo = given.find((c) => c.name === 'bufferbloat-fifo-cubic')!;
  const codel = given.find((c) => c.name === 'bufferbloat-codel-cubic')!;
  if (covered(fifo) && covered(codel))
    it("bufferbloat: CoDel keeps the mean queue below 5 % of the FIFO's at equal throughput", () => {
      const cmp = compareBufferbloatPair(runNs3Case(fifo.name, fifo.args), runNs3Case(codel.name, codel.args));
      expect(
        cmp.checks.filter((k) => !k.pass),
        formatNs3Comparison('bufferbloat pair', cmp),
      ).toEqual([]);
    });
  else
    it('bufferbloat pair: not yet covered (needs the CoDel queue discipline)', () => {
      expect(NOT_YET_COVERED).toContain('bufferbloat-codel-cubic');
    });
});
