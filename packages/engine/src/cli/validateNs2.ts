import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ns2ReferenceArgs } from '../presets/presets.js';
import {
  compareEnsemble,
  compareWithNs2,
  formatComparison,
  type Comparison,
  type Ns2Reference,
} from '../validation/compareNs2.js';
import { ns2DumbbellScenario, parseGivenLine } from '../scenario/ns2Dumbbell.js';
import { ScenarioError, validateScenario } from '../scenario/validate.js';
import { runNs2Dumbbell } from '../validation/ns2Run.js';
import { ns2Available, repoRoot, runNs2, validationDir } from './ns2.js';
import { validateNs2Xcp } from './validateNs2Xcp.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/', import.meta.url));

interface Case {
  name: string;
  args: Record<string, string>;
  /** Fixture file holding ns-2's output. */
  fixture: string;
  /** The list's script (relative to fixtures/ns2/); dumbbell.tcl when absent. */
  script?: string;
}

/** Scripts a list may name besides dumbbell.tcl (the variants wrap the committed dumbbell). */
const WRAPPER_SCRIPTS: Record<string, string> = {
  '../ns2-scripts/red.tcl': join(FIXTURES, 'ns2-scripts', 'red.tcl'),
  '../ns2-scripts/sched.tcl': join(FIXTURES, 'ns2-scripts', 'sched.tcl'),
};

/** ns-2's numbers for a case: rerun live when possible, else the committed fixture. */
function reference(c: Case, live: string | null): Ns2Reference {
  if (live) {
    const wrapper = c.script !== undefined ? WRAPPER_SCRIPTS[c.script] : undefined;
    return runNs2(wrapper ?? join(live, 'ns2', 'dumbbell.tcl'), c.args).result;
  }
  return JSON.parse(readFileSync(c.fixture, 'utf8')) as Ns2Reference;
}

function listCases(file: string): Case[] {
  const dir = join(file, '..');
  return readFileSync(file, 'utf8')
    .split('\n')
    .map(parseGivenLine)
    .filter((g) => g !== null && (g.script === 'dumbbell.tcl' || g.script in WRAPPER_SCRIPTS))
    .map((g) => ({ name: g!.name, args: g!.args, fixture: join(dir, `${g!.name}.json`), script: g!.script }));
}

/** The lists of further single-run references committed with the tests. */
const SINGLE_LISTS = () =>
  [
    join(FIXTURES, 'ns2-extra', 'extra.list'),
    join(FIXTURES, 'ns2-ccid3', 'ccid3.list'),
    join(FIXTURES, 'ns2-red', 'red.list'),
    join(FIXTURES, 'ns2-sched', 'sched.list'),
  ].filter(existsSync);

const mb = (x: number) => (x / 1e6).toFixed(3);

/** The header of the compact table `row` fills. */
export const ROW_HEADER = '| case | throughput (Mb/s) | Jain | drops | mean queue | |\n|---|---|---|---|---|---|';

/** One compact table row: each quantity as ns-2 / cclab, ✗ where outside its tolerance. */
export function row(name: string, cmp: Comparison): string {
  const get = (q: string) => cmp.checks.find((c) => c.quantity.startsWith(q));
  const agg = get('aggregate') ?? get('mean aggregate');
  const jain = get('Jain') ?? get('mean Jain');
  const drops = get('bottleneck drops') ?? get('mean bottleneck drops');
  const queue = get('mean bottleneck queue');
  const cell = (c: (typeof cmp.checks)[number] | undefined, f: (x: number) => string) =>
    c ? `${f(c.ns2)} / ${f(c.cclab)}${c.pass ? '' : ' ✗'}` : '';
  return `| ${name} | ${cell(agg, mb)} | ${cell(jain, (x) => x.toFixed(3))} | ${cell(drops, (x) => x.toFixed(0))} | ${cell(queue, (x) => x.toFixed(1))} | ${cmp.pass ? 'agrees' : '**disagrees**'} |`;
}

/** Why the engine cannot run a given reference, or null when it can. */
function cannotRun(script: string, args: Record<string, string>, name: string): string | null {
  if (script !== 'dumbbell.tcl') return `${script} has no cclab translation`;
  try {
    validateScenario(ns2DumbbellScenario(name, args));
    return null;
  } catch (e) {
    return e instanceof ScenarioError ? `${e.issues[0]!.path}: ${e.issues[0]!.message}` : (e as Error).message;
  }
}

/**
 * `cclab validate-ns2 [--all] [NAME...]`: reruns ns-2.35 (when installed; otherwise uses the
 * committed fixtures) on each ns-2 reference the engine covers (or each NAME: a given reference or
 * one of the further single-run references committed with the tests) and the equivalent cclab scenario,
 * and prints side-by-side tables with the agreement verdicts (docs/validation.md). `--all` lists
 * every reference of validation/ns2/given.list — running each the engine supports and naming
 * each it cannot run, with the reason — then every further reference committed with the tests
 * (extra cases, DCCP CCID-3 cases and the start-stagger ensembles) as a compact table. The last
 * line counts what agreed out of what ran and names what did not run.
 */
export function validateNs2(argv: string[]): number {
  const all = argv.includes('--all');
  const names = argv.filter((a) => !a.startsWith('--'));
  const vdir = validationDir();
  const live = ns2Available() && vdir !== null ? vdir : null;
  let failures = 0;
  let ran = 0;
  const notRun: string[] = [];
  const unknown: string[] = [];
  const out = (s: string) => process.stdout.write(s + '\n');
  out(`ns-2 numbers: ${live ? 'rerun now with ns-2.35' : 'committed fixtures (ns not installed)'}`);
  const detailed = (id: string, args: Record<string, string>, c?: Case) => {
    const ref = reference(c ?? { name: id, args, fixture: join(FIXTURES, 'ns2', `${id}.json`) }, live);
    const cmp = compareWithNs2(ref, runNs2Dumbbell(id, args));
    out('');
    out(formatComparison(id, cmp));
    ran++;
    if (!cmp.pass) failures++;
  };
  if (all) {
    const givenFile = vdir ? join(vdir, 'ns2', 'given.list') : join(FIXTURES, 'ns2', 'given.list');
    out(`\nEvery given reference (${relative(repoRoot, givenFile)}):`);
    for (const g of readFileSync(givenFile, 'utf8').split('\n').map(parseGivenLine)) {
      if (!g) continue;
      if (g.script === 'xcp.tcl') {
        out(`\n### ${g.name} — run and compared in the XCP table below (the README's XCP rules)`);
        continue;
      }
      const why =
        cannotRun(g.script, g.args, g.name) ??
        (!live && !existsSync(join(FIXTURES, 'ns2', `${g.name}.json`)) ? 'no committed ns-2 output' : null);
      if (why) {
        out(`\n### ${g.name} — not run: ${why}`);
        notRun.push(g.name);
      } else detailed(g.name, g.args);
    }
  } else {
    const further = names.length > 0 ? SINGLE_LISTS().flatMap(listCases) : [];
    for (const id of names.length > 0 ? names : Object.keys(ns2ReferenceArgs)) {
      const args = ns2ReferenceArgs[id];
      const extra = args ? undefined : further.find((c) => c.name === id);
      if (!args && !extra) {
        out(
          `${id}: not an ns-2 reference covered by the engine (given: ${Object.keys(ns2ReferenceArgs).join(', ')}; further: the names in ${SINGLE_LISTS()
            .map((f) => relative(repoRoot, f))
            .join(', ')})`,
        );
        unknown.push(id);
        continue;
      }
      if (extra) detailed(id, extra.args, extra);
      else detailed(id, args!);
    }
  }
  if (all) {
    out('\n### Further references (ns-2 / cclab)\n');
    out(ROW_HEADER);
    for (const file of SINGLE_LISTS()) {
      for (const c of listCases(file)) {
        const cmp = compareWithNs2(reference(c, live), runNs2Dumbbell(c.name, c.args));
        out(row(c.name, cmp));
        ran++;
        if (!cmp.pass) failures++;
      }
    }
    const ensembleFiles = [
      ...readdirSync(join(FIXTURES, 'ns2-ensemble'))
        .filter((f) => f.endsWith('.list'))
        .map((f) => join(FIXTURES, 'ns2-ensemble', f)),
      ...[join(FIXTURES, 'ns2-ccid3', 'ensembles.list'), join(FIXTURES, 'ns2-sched', 'ensembles.list')].filter(
        existsSync,
      ),
    ];
    for (const file of ensembleFiles) {
      const groups = new Map<string, Case[]>();
      for (const c of listCases(file)) {
        const key = c.name.replace(/-st[0-9.]+$/, '');
        groups.set(key, [...(groups.get(key) ?? []), c]);
      }
      for (const [key, cases] of groups) {
        const refs = cases.map((c) => reference(c, live));
        const runs = cases.map((c) => runNs2Dumbbell(c.name, c.args));
        const cmp = compareEnsemble(refs, runs);
        const singly = cases.filter((_, i) => compareWithNs2(refs[i]!, runs[i]!).pass).length;
        out(row(`${key} (means over ${cases.length} start staggers; ${singly} of ${cases.length} agree singly)`, cmp));
        ran++;
        if (!cmp.pass) failures++;
      }
    }
    const xcp = validateNs2Xcp(live, out);
    failures += xcp.failures;
    ran += xcp.ran;
  }
  out('');
  const skipped = notRun.length > 0 ? `; not run (${notRun.length}): ${notRun.join(', ')}` : '';
  out(
    failures === 0
      ? `${ran} of ${ran} references run agree within the tolerances${skipped}`
      : `${failures} of ${ran} references run are outside the tolerances${skipped}`,
  );
  if (unknown.length > 0) {
    out(`unknown name(s), not run: ${unknown.join(', ')}`);
    return 2;
  }
  return failures === 0 ? 0 : 1;
}
