/**
 * `cclab sweep`: run a sweep file on every core, resumable, shardable across machines.
 *   cclab sweep FILE [--jobs N] [--out DIR] [--shard i/N] [--dry-run] [--quiet]
 *   cclab sweep merge DIR... --out DIR [--partial]
 *   cclab sweep schema
 */
import { availableParallelism } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import type { RunRecord } from '../../experiment/experiment.js';
import {
  parseShard,
  parseSweep,
  parseSweepText,
  shardJobs,
  sweepJobs,
  sweepSummaryRows,
  SWEEP_LIMITS,
  SweepError,
  valueLabel,
  type Shard,
  type SweepJob,
  type SweepPlan,
} from '../../sweep/index.js';
import { SCENARIO_FILE_BYTES } from '../scenarioFile.js';
import { readUserFile, UserFileError } from '../userFiles.js';
import { checkDistinctOutputs, OutputClashError } from '../outputFiles.js';
import { FolderBusyError } from './folderLock.js';
import { ProgressBar } from './progressBar.js';
import { runJobs } from './sweepPool.js';
import { readLog, readManifest, runKeys, sweepHash, SweepStore, type LoggedRun } from './sweepStore.js';

export const SWEEP_USAGE = `usage:
  cclab sweep FILE [--jobs N] [--out DIR] [--shard i/N] [--dry-run] [--quiet]
  cclab sweep merge DIR... --out DIR [--partial]
  cclab sweep schema`;

const err = (s: string) => process.stderr.write(s.endsWith('\n') ? s : s + '\n');

function fail(msg: string, code = 2): number {
  err(msg);
  return code;
}

interface Args {
  positional: string[];
  flag: (name: string) => boolean;
  opt: (name: string) => string | undefined;
}

const VALUE_OPTIONS = ['--jobs', '--out', '--shard'];

function parseArgs(args: string[]): Args {
  const positional = args.filter((a, i) => !a.startsWith('--') && !VALUE_OPTIONS.includes(args[i - 1] ?? ''));
  return {
    positional,
    flag: (n) => args.includes(n),
    opt: (n) => {
      const i = args.indexOf(n);
      return i >= 0 ? args[i + 1] : undefined;
    },
  };
}

export async function sweep(args: string[]): Promise<number> {
  const a = parseArgs(args);
  if (a.positional[0] === 'schema') {
    const { sweepJsonSchema } = await import('../schema.js');
    process.stdout.write(JSON.stringify(sweepJsonSchema(), null, 2) + '\n');
    return 0;
  }
  if (a.positional[0] === 'merge') return merge(a);
  const file = a.positional[0];
  if (!file || a.positional.length !== 1) return fail(SWEEP_USAGE);

  let plan: SweepPlan;
  try {
    plan = loadSweepFile(file);
  } catch (e) {
    return fail(describeSweepError(e, file));
  }
  let shard: Shard | null = null;
  let threads = availableParallelism();
  try {
    const s = a.opt('--shard');
    if (s !== undefined) shard = parseShard(s);
    const j = a.opt('--jobs');
    if (j !== undefined) {
      if (!/^\d+$/.test(j) || Number(j) < 1 || Number(j) > 1024) throw new Error(`--jobs: ${j} is not 1–1024`);
      threads = Number(j);
    }
  } catch (e) {
    return fail((e as Error).message);
  }
  const all = sweepJobs(plan);
  const mine = shard ? shardJobs(all, shard) : all;
  const stem = basename(file).replace(/\.json$/i, '');
  const outDir = a.opt('--out') ?? (shard ? `${stem}-results/shard-${shard.index}` : `${stem}-results`);
  const what =
    `sweep ${plan.name}: ${plan.points.length} points × ${plan.seeds.length} seeds = ${all.length} runs` +
    (shard ? `; shard ${shard.index}/${shard.count}: ${mine.length} runs` : '');
  if (a.flag('--dry-run')) {
    process.stdout.write(what + '\n');
    for (const p of plan.points) process.stdout.write(`  ${p.id.padEnd(6)} ${p.label}\n`);
    return 0;
  }

  const store = new SweepStore(outDir);
  try {
    store.open({
      format: 'cclab-sweep-output',
      version: 1,
      sweepHash: sweepHash(plan),
      shard,
      runs: mine.length,
      definition: plan.definition,
    });
  } catch (e) {
    store.close();
    if (e instanceof FolderBusyError) return fail(e.message, 1);
    throw e;
  }
  try {
    return await runAndWrite(plan, mine, store, threads, a.flag('--quiet'), what);
  } finally {
    store.close();
  }
}

/** Runs what the folder's log lacks, appending each run as it ends, then writes the results. */
async function runAndWrite(
  plan: SweepPlan,
  mine: SweepJob[],
  store: SweepStore,
  threads: number,
  quiet: boolean,
  what: string,
): Promise<number> {
  const outDir = store.dir;
  const keys = runKeys(plan, mine);
  const logged = new Map(readLog(outDir).map((r) => [r.key, r]));
  const records: RunRecord[] = [];
  const todo: SweepJob[] = [];
  for (const j of mine) {
    const hit = logged.get(keys.get(j.index)!);
    if (hit) records.push({ point: j.point.id, seed: j.seed, values: hit.values, events: hit.events });
    else todo.push(j);
  }
  const unused = logged.size - records.length;
  if (!quiet)
    err(
      `${what}\n${outDir}: ${records.length} runs already done` +
        (unused > 0 ? ` (${unused} logged runs belong to no run of this sweep: ignored)` : '') +
        `, ${todo.length} to run on ${Math.min(threads, Math.max(todo.length, 1))} thread(s)`,
    );

  const seedsLeft = new Map<string, number>();
  for (const j of mine) seedsLeft.set(j.point.id, (seedsLeft.get(j.point.id) ?? 0) + 1);
  const countDone = (j: { point: { id: string } }) => seedsLeft.set(j.point.id, seedsLeft.get(j.point.id)! - 1);
  const pending = new Set(todo);
  for (const j of mine) if (!pending.has(j)) countDone(j);
  const pointsDone = () => [...seedsLeft.values()].filter((n) => n === 0).length;
  const bar = quiet ? null : new ProgressBar(mine.length, seedsLeft.size, records.length);
  bar?.update(records.length, pointsDone());
  try {
    await runJobs(plan, todo, threads, (job, record) => {
      store.append({ key: keys.get(job.index)!, ...record } satisfies LoggedRun);
      records.push(record);
      countDone(job);
      bar?.update(records.length, pointsDone());
    });
  } catch (e) {
    bar?.finish();
    return fail(`${(e as Error).message}\n(finished runs are kept in ${outDir}; rerun to continue)`, 1);
  }
  bar?.finish();
  const written = store.writeResults(plan, records);
  if (!quiet) {
    process.stdout.write(formatSummaryTable(plan, records));
    err(`wrote ${written.map((f) => `${outDir}/${f}`).join(', ')}`);
  }
  return 0;
}

/** Reads and checks a sweep file; a base scenario file is read relative to the sweep file. */
export function loadSweepFile(file: string): SweepPlan {
  let text: string;
  try {
    // a file of ASCII holds as many bytes as characters: the character limit bounds the read
    text = readUserFile(file, SWEEP_LIMITS.fileChars);
  } catch (e) {
    if (!(e instanceof UserFileError)) throw e;
    throw new SweepError([{ path: '(file)', message: e.message }]);
  }
  return parseSweepText(text, {
    loadFile: (f) => {
      const path = resolve(dirname(file), f);
      const body = readUserFile(path, SCENARIO_FILE_BYTES);
      try {
        return JSON.parse(body) as unknown;
      } catch (e) {
        throw new Error(`${path} is not valid JSON: ${(e as Error).message}`);
      }
    },
  });
}

function describeSweepError(e: unknown, source: string): string {
  if (e instanceof SweepError)
    return `${source}: invalid sweep\n${e.issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`;
  return `${source}: ${(e as Error).message}`;
}

/** Combines shard folders of one sweep into one, exactly as an unsharded run writes it. */
function merge(a: Args): number {
  const dirs = a.positional.slice(1);
  const outDir = a.opt('--out');
  if (dirs.length === 0 || !outDir) return fail(SWEEP_USAGE);
  // merging into one of the folders merged would overwrite its log with the merged one
  for (const d of dirs)
    try {
      checkDistinctOutputs([
        { what: d, file: d },
        { what: '--out', file: outDir },
      ]);
    } catch (e) {
      if (!(e instanceof OutputClashError)) throw e;
      return fail(`merge: --out ${outDir} is ${d}, one of the folders being merged: give a new folder`);
    }
  let manifests;
  try {
    manifests = dirs.map((d) => readManifest(d));
  } catch (e) {
    return fail(`merge: ${(e as Error).message}`);
  }
  const first = manifests[0]!;
  for (let i = 1; i < manifests.length; i++)
    if (manifests[i]!.sweepHash !== first.sweepHash)
      return fail(
        `merge: ${dirs[i]} holds a different sweep (${manifests[i]!.definition.name ?? 'unnamed'}, hash ${manifests[i]!.sweepHash.slice(0, 12)}) ` +
          `than ${dirs[0]} (${first.definition.name ?? 'unnamed'}, hash ${first.sweepHash.slice(0, 12)}): refusing to mix them`,
      );
  const plan = parseSweep(first.definition, { checkPoints: false });
  const jobs = sweepJobs(plan);
  const found = new Map<string, LoggedRun>();
  for (const d of dirs) for (const r of readLog(d)) found.set(r.key, r);
  const runs: LoggedRun[] = [];
  const missing: SweepJob[] = [];
  const keys = runKeys(plan, jobs);
  for (const j of jobs) {
    const key = keys.get(j.index)!;
    const r = found.get(key);
    if (r) runs.push({ key, point: j.point.id, seed: j.seed, values: r.values, events: r.events });
    else missing.push(j);
  }
  if (missing.length > 0 && !a.flag('--partial')) {
    const shards = new Set(manifests.map((m) => (m.shard ? `${m.shard.index}/${m.shard.count}` : 'whole')));
    return fail(
      `merge: ${missing.length} of ${jobs.length} runs are in none of the folders (first: ${missing[0]!.point.id}, seed ${missing[0]!.seed}); ` +
        `folders given hold shards ${[...shards].join(', ')}. Finish the missing shards, or pass --partial.`,
      1,
    );
  }
  const store = new SweepStore(outDir);
  let written: string[];
  try {
    store.open({
      format: 'cclab-sweep-output',
      version: 1,
      sweepHash: first.sweepHash,
      shard: null,
      runs: jobs.length,
      definition: plan.definition,
    });
    store.replaceLog(runs);
    written = store.writeResults(plan, runs);
  } catch (e) {
    if (e instanceof FolderBusyError) return fail(`merge: ${e.message}`, 1);
    throw e;
  } finally {
    store.close();
  }
  err(
    `merged ${runs.length} of ${jobs.length} runs from ${dirs.length} folder(s); wrote ${written.map((f) => `${outDir}/${f}`).join(', ')}`,
  );
  return 0;
}

/** Mean ± 95 % interval per point and metric, as a text table. */
export function formatSummaryTable(plan: SweepPlan, records: readonly RunRecord[]): string {
  const fmt = (x: number | null) => (x === null ? '—' : Number(x.toPrecision(4)).toString());
  const rows = sweepSummaryRows(plan, records).map((r) => [
    r.point,
    ...plan.parameters.map((p) => valueLabel(r.parameters[p.name])),
    r.metric + (r.unit ? ` (${r.unit})` : ''),
    fmt(r.mean),
    r.ci95 === null ? '' : `± ${fmt(r.ci95)}`,
    String(r.n),
  ]);
  const head = ['point', ...plan.parameters.map((p) => p.name), 'metric', 'mean', '95 % CI', 'n'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd() + '\n';
  return line(head) + rows.map(line).join('');
}
