/**
 * `cclab reproduce`: list, run and document the reproductions of the seed studies.
 *   cclab reproduce --list                 every entry by study
 *   cclab reproduce ID [--json] [--csv DIR] [--seeds 1,2,3]
 *   cclab reproduce --docs [ID...]         rerun, record results beside the entries, regenerate docs/reproductions.md
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runExperiment, type ExperimentResult } from '../experiment/experiment.js';
import {
  buildReport,
  checkReproduction,
  formatReportText,
  reportCsvFiles,
  runQuickCheck,
  type RecordedResult,
} from '../reproduction/index.js';
import { renderReproductionsDoc } from '../reproduction/docs.js';
import type { ReproductionSpec } from '../reproduction/types.js';
import { MetricQueryError } from '../results/resultMetrics.js';
import { ScenarioPathError } from '../experiment/scenarioPath.js';
import { ScenarioError } from '../scenario/validate.js';
import { makeOutputFolder, writeOutputFile } from './outputFiles.js';
import { findReproduction, reproductions, studies } from '../../reproductions/index.js';

export const RESULTS_DIR = fileURLToPath(new URL('../../reproductions/results/', import.meta.url));
export const DOCS_FILE = fileURLToPath(new URL('../../../../docs/reproductions.md', import.meta.url));

const err = (s: string) => process.stderr.write(s.endsWith('\n') ? s : s + '\n');

/** Runs an entry with a progress line on stderr. */
export function runReproduction(spec: ReproductionSpec, quiet = false): ExperimentResult {
  const t0 = performance.now();
  return runExperiment(spec, (done, total, last) => {
    if (quiet) return;
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    err(`  ${spec.id}: ${done}/${total} runs (${last.point}, seed ${last.seed}) ${s} s`);
  });
}

export function loadRecordedResult(id: string): ExperimentResult | null {
  const f = join(RESULTS_DIR, `${id}.json`);
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as ExperimentResult) : null;
}

export function recordedResults(): Record<string, ExperimentResult> {
  const out: Record<string, ExperimentResult> = {};
  for (const r of reproductions) {
    const x = loadRecordedResult(r.id);
    if (x) out[r.id] = x;
  }
  return out;
}

/** Errors a reproduction can raise from bad entries (named, no stack trace for the user). */
function entryError(e: unknown): string | null {
  if (e instanceof MetricQueryError) return `metric query ${e.field}: ${e.message}`;
  if (e instanceof ScenarioPathError) return e.message;
  if (e instanceof ScenarioError) return e.issues.map((i) => `${i.path}: ${i.message}`).join('\n');
  return null;
}

export function reproduce(args: string[]): number {
  try {
    return reproduceUnchecked(args);
  } catch (e) {
    const msg = entryError(e);
    if (msg === null) throw e;
    return fail(msg);
  }
}

function reproduceUnchecked(args: string[]): number {
  const flag = (n: string) => args.includes(n);
  const opt = (n: string) => {
    const i = args.indexOf(n);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const ids = args.filter((a, i) => !a.startsWith('--') && !['--csv', '--seeds'].includes(args[i - 1] ?? ''));
  if (flag('--list')) {
    for (const [study, meta] of Object.entries(studies)) {
      const mine = reproductions.filter((r) => r.study === study);
      process.stdout.write(`seed ${study}: ${meta.title}\n`);
      if (mine.length === 0) process.stdout.write('  (no entries yet)\n');
      for (const r of mine) process.stdout.write(`  ${r.id.padEnd(28)} ${r.figure}: ${r.title}\n`);
    }
    return 0;
  }
  if (flag('--docs')) {
    const todo = ids.length ? ids.map((id) => findReproduction(id)) : reproductions;
    mkdirSync(RESULTS_DIR, { recursive: true });
    for (const spec of todo) {
      if (!spec) return fail(`unknown reproduction (see: cclab reproduce --list)`);
      const problems = checkReproduction(spec);
      if (problems.length) return fail(problems.join('\n'));
      const result: RecordedResult = runReproduction(spec);
      if (spec.quickCheck) result.quickCheck = runQuickCheck(spec);
      writeFileSync(join(RESULTS_DIR, `${spec.id}.json`), JSON.stringify(result) + '\n');
    }
    writeFileSync(DOCS_FILE, renderReproductionsDoc(reproductions, recordedResults(), studies));
    err(`wrote ${DOCS_FILE}`);
    return 0;
  }
  if (ids.length !== 1)
    return fail('usage: cclab reproduce --list | ID [--json] [--csv DIR] [--seeds 1,2,3] | --docs [ID...]');
  const found = findReproduction(ids[0]!);
  if (!found) return fail(`unknown reproduction ${JSON.stringify(ids[0])} (see: cclab reproduce --list)`);
  let spec: ReproductionSpec = found;
  const seedsArg = opt('--seeds');
  if (seedsArg !== undefined) {
    const seeds = seedsArg.split(',').map(Number);
    if (seeds.length === 0 || seeds.some((s) => !Number.isInteger(s) || s < 0 || s > 0xffffffff))
      return fail(`--seeds: ${JSON.stringify(seedsArg)} is not a comma-separated list of whole numbers`);
    spec = { ...spec, seeds };
  }
  const problems = checkReproduction(spec);
  if (problems.length) return fail(problems.join('\n'));
  const result = runReproduction(spec, flag('--json'));
  const report = buildReport(spec, result);
  const csvDir = opt('--csv');
  if (csvDir !== undefined) {
    makeOutputFolder(csvDir, '--csv');
    for (const [name, text] of Object.entries(reportCsvFiles(report, result)))
      writeOutputFile(join(csvDir, name), text, `--csv ${csvDir}`);
  }
  process.stdout.write(
    flag('--json') ? JSON.stringify({ report, result }, null, 2) + '\n' : formatReportText(report) + '\n',
  );
  return 0;
}

function fail(msg: string): number {
  err(msg);
  return 2;
}
