import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ns3MissingModels } from '../scenario/ns3Dumbbell.js';
import { parseGivenLine } from '../scenario/ns2Dumbbell.js';
import {
  compareBufferbloatPair,
  compareNs3Ensemble,
  compareWithNs3,
  formatNs3Comparison,
  type Ns3Comparison,
  type Ns3Reference,
} from '../validation/compareNs3.js';
import { NS3_ABLATIONS } from '../validation/ns3Ablation.js';
import { runNs3Case, type Ns3Measured } from '../validation/ns3Run.js';
import { buildNs3Harness, runNs3Harness } from './ns3.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/', import.meta.url));

interface Case {
  name: string;
  args: Record<string, string>;
  fixture: string;
}

function listCases(file: string): Case[] {
  const dir = join(file, '..');
  return readFileSync(file, 'utf8')
    .split('\n')
    .map(parseGivenLine)
    .filter((g) => g !== null && g.script === 'dumbbell')
    .map((g) => ({ name: g!.name, args: g!.args, fixture: join(dir, `${g!.name}.json`) }));
}

const mb = (x: number) => (x / 1e6).toFixed(3);

function row(name: string, cmp: Ns3Comparison): string {
  const get = (q: string) => cmp.checks.find((c) => c.quantity.includes(q));
  const cell = (c: Ns3Comparison['checks'][number] | undefined, f: (x: number) => string) =>
    c ? `${f(c.ns3)} / ${f(c.cclab)}${c.pass ? '' : ' ✗'}` : '';
  const q = get('bottleneck queue') ?? get('BBR: mean queue') ?? get('BBR: standing');
  return `| ${name} | ${cell(get('aggregate'), mb)} | ${cell(get('Jain'), (x) => x.toFixed(3))} | ${cell(get('drops'), (x) => x.toFixed(0))} | ${cell(q, (x) => x.toFixed(1))} | ${cmp.pass ? 'agrees' : '**disagrees**'} |`;
}

/** Runs promise-returning jobs at most `limit` at a time (ns-3 cases are slow and single-threaded). */
function pooled<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T>[] {
  let running = 0;
  const queue: (() => void)[] = [];
  return jobs.map(
    (job) =>
      new Promise<T>((ok, fail) => {
        const start = () => {
          running++;
          job()
            .then(ok, fail)
            .finally(() => {
              running--;
              queue.shift()?.();
            });
        };
        if (running < limit) start();
        else queue.push(start);
      }),
  );
}

/**
 * `cclab validate-ns3 [--fixtures] [--all] [NAME...]`: builds the ns-3.37 harness if needed
 * (printing what it does), reruns each given reference (validation/ns3/given.list; `--all` adds
 * the further references of test/fixtures/ns3-extra and the start-stagger ensembles of
 * test/fixtures/ns3-ensemble, compared by their means) live with ns-3 — or, with `--fixtures`,
 * takes ns-3's numbers from the committed outputs — runs the equivalent cclab scenario and prints
 * side-by-side tables with the agreement verdicts (docs/validation.md). Every reference is listed;
 * those whose models this build lacks are named as not covered, never counted as agreeing.
 */
export async function validateNs3(argv: string[]): Promise<number> {
  const out = (s: string) => process.stdout.write(s + '\n');
  const useFixtures = argv.includes('--fixtures');
  const names = argv.filter((a) => !a.startsWith('--'));
  if (argv.includes('--ablate')) return ablationTable(out);
  let binary: string | null = null;
  if (!useFixtures) {
    const b = buildNs3Harness(out);
    if (b.binary === null) {
      out(`cannot run ns-3.37: ${b.reason}`);
      out('(use --fixtures to compare with the committed ns-3 outputs instead)');
      return 2;
    }
    binary = b.binary;
  }
  out(`ns-3 numbers: ${binary ? `rerun now with ns-3.37 (${binary})` : 'committed fixtures (--fixtures)'}`);
  let cases = listCases(join(FIXTURES, 'ns3', 'given.list'));
  if (argv.includes('--all')) cases = cases.concat(listCases(join(FIXTURES, 'ns3-extra', 'extra.list')));
  if (names.length > 0) {
    const unknown = names.filter((n) => !cases.some((c) => c.name === n));
    if (unknown.length > 0) {
      out(`unknown reference(s): ${unknown.join(', ')} (known: ${cases.map((c) => c.name).join(', ')})`);
      return 2;
    }
    cases = cases.filter((c) => names.includes(c.name));
  }
  const missing = new Map(cases.map((c) => [c.name, ns3MissingModels(c.args)]));
  const runnable = cases.filter((c) => missing.get(c.name)!.length === 0);
  const refs = pooled(
    runnable.map((c) => async () => {
      if (binary === null) return JSON.parse(readFileSync(c.fixture, 'utf8')) as Ns3Reference;
      return (await runNs3Harness(binary, c.args)).result;
    }),
    2,
  );
  for (const p of refs) p.catch(() => undefined); // awaited in order below; a failure surfaces there
  const measured = new Map<string, Ns3Measured>();
  const results: { name: string; cmp: Ns3Comparison }[] = [];
  for (let i = 0; i < runnable.length; i++) {
    const c = runnable[i]!;
    const m = runNs3Case(c.name, c.args);
    measured.set(c.name, m);
    const cmp = compareWithNs3(await refs[i]!, m);
    results.push({ name: c.name, cmp });
    out('');
    out(formatNs3Comparison(c.name, cmp));
  }
  const fifo = measured.get('bufferbloat-fifo-cubic');
  const codel = measured.get('bufferbloat-codel-cubic');
  if (fifo && codel) {
    const cmp = compareBufferbloatPair(fifo, codel);
    results.push({ name: 'bufferbloat pair (CoDel vs FIFO)', cmp });
    out('');
    out(formatNs3Comparison('bufferbloat pair (CoDel vs FIFO)', cmp));
  }
  if (argv.includes('--all') && names.length === 0) {
    const dir = join(FIXTURES, 'ns3-ensemble');
    for (const list of readdirSync(dir).filter((f) => f.endsWith('.list'))) {
      const runs = listCases(join(dir, list));
      const refsE = pooled(
        runs.map((c) => async () => {
          if (binary === null) return JSON.parse(readFileSync(c.fixture, 'utf8')) as Ns3Reference;
          return (await runNs3Harness(binary, c.args)).result;
        }),
        2,
      );
      for (const p of refsE) p.catch(() => undefined);
      const ours = runs.map((c) => runNs3Case(c.name, c.args));
      const name = `${list.replace(/\.list$/, '')} (means over ${runs.length} start staggers)`;
      const cmp = compareNs3Ensemble(await Promise.all(refsE), ours);
      results.push({ name, cmp });
      out('');
      out(formatNs3Comparison(name, cmp));
    }
  }
  out('\n### Summary (ns-3.37 / cclab)\n');
  out('| case | throughput (Mb/s) | Jain | drops + marks | mean queue | |');
  out('|---|---|---|---|---|---|');
  for (const r of results) out(row(r.name, r.cmp));
  const uncovered = cases.filter((c) => missing.get(c.name)!.length > 0);
  for (const c of uncovered) out(`| ${c.name} | | | | | not yet covered |`);
  out('');
  for (const c of uncovered) out(`not yet covered: ${c.name} — ${missing.get(c.name)!.join('; ')}`);
  const failed = results.filter((r) => !r.cmp.pass).map((r) => r.name);
  const agreeing = results.length - failed.length;
  if (failed.length === 0 && uncovered.length === 0)
    out(`all ${results.length} references agree within the tolerances`);
  else {
    const parts = [`${agreeing} of ${results.length} compared reference(s) agree within the tolerances`];
    if (failed.length > 0) parts.push(`${failed.length} disagree: ${failed.join(', ')}`);
    if (uncovered.length > 0)
      parts.push(`${uncovered.length} of ${cases.length} not yet covered: ${uncovered.map((c) => c.name).join(', ')}`);
    out(parts.join('; '));
  }
  return failed.length > 0 ? 1 : 0;
}

/**
 * `--ablate`: for each change of NS3_ABLATIONS, every given reference's drops + marks at the
 * bottleneck with that one ns-3 behaviour set back to the engine's default (✗: outside a
 * tolerance), compared with the committed ns-3 outputs.
 */
function ablationTable(out: (s: string) => void): number {
  const cases = listCases(join(FIXTURES, 'ns3', 'given.list')).filter((c) => ns3MissingModels(c.args).length === 0);
  const refs = cases.map((c) => JSON.parse(readFileSync(c.fixture, 'utf8')) as Ns3Reference);
  out('drops + marks at the bottleneck, one change at a time (✗: outside a tolerance of docs/validation.md)\n');
  out(`| change | ${cases.map((c) => c.name).join(' | ')} |`);
  out(`|---|${cases.map(() => '---:').join('|')}|`);
  for (const a of NS3_ABLATIONS) {
    const cells = cases.map((c, i) => {
      const m = runNs3Case(c.name, c.args, a.edit);
      return `${m.drops + m.marks}${compareWithNs3(refs[i]!, m).pass ? '' : ' ✗'}`;
    });
    out(`| ${a.label} | ${cells.join(' | ')} |`);
  }
  out(`| ns-3.37 | ${refs.map((r) => r.bottleneck.drops + r.bottleneck.marks).join(' | ')} |`);
  return 0;
}
