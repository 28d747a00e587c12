/**
 * A sweep's output folder:
 *   sweep.json    manifest: the sweep (base inlined), its hash, the shard, the number of runs
 *   runs.jsonl    append-only log, one finished run a line, keyed by a hash of its scenario,
 *                 seed and metric queries — a rerun skips what is logged, and a changed sweep
 *                 file reuses only runs whose scenario, seed and metrics are unchanged
 *   runs.csv/json, summary.csv/json   the results, written when the runs are all done
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pointScenario, type RunRecord } from '../../experiment/experiment.js';
import { SCENARIO_FILE_BYTES } from '../scenarioFile.js';
import { makeOutputFolder, OutputError } from '../outputFiles.js';
import { fsErrorText, readUserFile, UserFileError } from '../userFiles.js';
import { lockFolder } from './folderLock.js';
import { sweepResultFiles, type Shard, type SweepJob, type SweepPlan } from '../../sweep/index.js';

export const MANIFEST = 'sweep.json';
export const LOG = 'runs.jsonl';

/** Largest manifest read (it inlines the base scenario: a scenario file's limit). */
export const MANIFEST_BYTES = SCENARIO_FILE_BYTES;
/** Largest run log read: 200,000 runs (SWEEP_LIMITS.runs) of up to about 1 KiB each. */
export const LOG_BYTES = 256 * 1024 * 1024;

export interface SweepManifest {
  format: 'cclab-sweep-output';
  version: 1;
  sweepHash: string;
  shard: Shard | null;
  /** Runs this folder is to hold. */
  runs: number;
  definition: SweepPlan['definition'];
}

export interface LoggedRun extends RunRecord {
  key: string;
}

/** JSON with object keys sorted, so equal data hashes equally whatever the key order. */
export function canonicalJson(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonicalJson).join(',')}]`;
  if (x !== null && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(x) ?? 'null';
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function sweepHash(plan: SweepPlan): string {
  return sha256(canonicalJson(plan.definition));
}

/**
 * The identity of each run: a hash of its point's scenario (parameters applied), the start jitter,
 * the metric queries and its seed — what determines its numbers, since the seed's start jitter is
 * a function of the seed and the jitter bound. Computed once per point, so a 200 000-run sweep
 * hashes 200 000 short suffixes, not 200 000 scenarios.
 */
export function runKeys(plan: SweepPlan, jobs: readonly SweepJob[]): Map<number, string> {
  const noJitter = { ...plan.experiment, startJitter: 0 };
  const startJitter = plan.experiment.startJitter ?? 0;
  const perPoint = new Map<string, string>();
  const keys = new Map<number, string>();
  for (const j of jobs) {
    let identity = perPoint.get(j.point.id);
    if (identity === undefined) {
      const scenario = pointScenario(noJitter, j.point, 0);
      identity = canonicalJson({ scenario, startJitter, metrics: plan.metrics });
      perPoint.set(j.point.id, identity);
    }
    keys.set(j.index, sha256(`${identity}\nseed ${j.seed}`));
  }
  return keys;
}

export function readManifest(dir: string): SweepManifest {
  const file = join(dir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${dir}: no ${MANIFEST} (not a sweep output folder)`);
  let m: SweepManifest;
  try {
    m = JSON.parse(readUserFile(file, MANIFEST_BYTES)) as SweepManifest;
  } catch (e) {
    if (e instanceof UserFileError) throw e;
    throw new Error(`${file}: not valid JSON (${(e as Error).message})`);
  }
  if (m === null || typeof m !== 'object' || m.format !== 'cclab-sweep-output' || m.version !== 1)
    throw new Error(`${file}: not a version-1 cclab sweep output manifest`);
  return m;
}

/**
 * The runs logged in a folder. A line cut short (the process was killed while writing it) is
 * skipped; every complete line is a finished run.
 */
export function readLog(dir: string): LoggedRun[] {
  const file = join(dir, LOG);
  if (!existsSync(file)) return [];
  const out: LoggedRun[] = [];
  for (const line of readUserFile(file, LOG_BYTES).split('\n')) {
    if (line.trim() === '') continue;
    let r: LoggedRun;
    try {
      r = JSON.parse(line) as LoggedRun;
    } catch {
      continue;
    }
    if (typeof r.key !== 'string' || typeof r.values !== 'object' || r.values === null) continue;
    for (const k of Object.keys(r.values)) if (r.values[k] === null) r.values[k] = NaN; // JSON has no NaN
    out.push(r);
  }
  return out;
}

export class SweepStore {
  private readonly logFile: string;

  constructor(readonly dir: string) {
    this.logFile = join(dir, LOG);
  }

  /**
   * Creates the folder and takes its lock (cli/sweep/folderLock.ts: one process at a time), then
   * writes the manifest and makes sure the log ends with a complete line. Failures are
   * OutputErrors naming the folder; FolderBusyError when another process holds it. `close()`
   * gives the lock back.
   */
  open(manifest: SweepManifest): void {
    makeOutputFolder(this.dir, '--out');
    this.lock = lockFolder(this.dir, '--out');
    this.writeAtomically(join(this.dir, MANIFEST), JSON.stringify(manifest, null, 1) + '\n');
    if (existsSync(this.logFile)) {
      const text = readUserFile(this.logFile, LOG_BYTES);
      if (text.length > 0 && !text.endsWith('\n')) this.appendToLog('\n');
    }
  }

  /** Gives the folder's lock back. */
  close(): void {
    this.lock?.release();
    this.lock = null;
  }

  append(run: LoggedRun): void {
    this.appendToLog(JSON.stringify(run) + '\n');
  }

  /** Replaces the log with these runs (merging). */
  replaceLog(runs: readonly LoggedRun[]): void {
    this.writeAtomically(this.logFile, runs.map((r) => JSON.stringify(r) + '\n').join(''));
  }

  writeResults(plan: SweepPlan, records: readonly RunRecord[]): string[] {
    const files = sweepResultFiles(plan, records);
    for (const [name, text] of Object.entries(files)) this.writeAtomically(join(this.dir, name), text);
    return Object.keys(files);
  }

  private lock: { release(): void } | null = null;

  private appendToLog(text: string): void {
    try {
      appendFileSync(this.logFile, text);
    } catch (e) {
      throw new OutputError(`--out ${this.dir}: cannot write ${this.logFile}: ${fsErrorText(e)}`);
    }
  }

  private writeAtomically(file: string, text: string): void {
    const tmp = `${file}.tmp-${process.pid}`;
    try {
      writeFileSync(tmp, text);
      renameSync(tmp, file);
    } catch (e) {
      throw new OutputError(`--out ${this.dir}: cannot write ${file}: ${fsErrorText(e)}`);
    }
  }
}
