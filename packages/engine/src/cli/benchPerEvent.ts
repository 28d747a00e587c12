import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Simulation } from '../Simulation.js';
import { ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import type { ScenarioInput } from '../scenario/types.js';
import { BENCH_ARGS, CCLAB_BIN, ENGINE_DIR } from './bench.js';
import { intOption, table } from './benchTiming.js';
import { isBuildFresh } from '../../bin/buildFreshness.mjs';
import { describeError, loadScenario } from './scenarioFile.js';
import { costsByFunction, parseCallgrind, parsePerfMap, totalCosts, type Costs } from './callgrindCosts.js';

/** `cclab bench --per-event-child FILE`: runs the scenario in FILE, prints its event count and pid. */
export function benchPerEventChild(file: string): number {
  const sim = new Simulation(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  sim.runUntil(sim.durationNs);
  process.stdout.write(JSON.stringify({ events: sim.sim.eventsProcessed, pid: process.pid }) + '\n');
  return 0;
}

interface ProfiledRun {
  events: number;
  total: Costs;
  byFunction: Map<string, Costs> | null;
}

function profiledRun(scenario: ScenarioInput, dir: string, tag: string, functions: boolean): ProfiledRun {
  const file = join(dir, `${tag}.json`);
  const out = join(dir, `${tag}.callgrind`);
  writeFileSync(file, JSON.stringify(scenario));
  const r = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--cache-sim=yes',
      '--dump-instr=yes',
      '--smc-check=all-non-file',
      `--callgrind-out-file=${out}`,
      process.execPath,
      // one compiler thread and a fixed order of V8's own work: the same counts every time
      '--predictable',
      ...(functions ? ['--perf-basic-prof'] : []),
      CCLAB_BIN,
      'bench',
      '--per-event-child',
      file,
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  if (r.status !== 0) throw new Error(`valgrind run failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const { events, pid } = JSON.parse(r.stdout.trim().split('\n').pop()!) as { events: number; pid: number };
  const profile = parseCallgrind(readFileSync(out, 'utf8'));
  let byFunction: Map<string, Costs> | null = null;
  if (functions) {
    const map = `/tmp/perf-${pid}.map`;
    byFunction = costsByFunction(profile, existsSync(map) ? parsePerfMap(readFileSync(map, 'utf8')) : []);
    rmSync(map, { force: true });
  }
  return { events, total: totalCosts(profile), byFunction };
}

const EVENT_COLUMNS = ['Ir', 'Dr', 'Dw', 'D1mr', 'D1mw', 'I1mr'];

/**
 * `cclab bench --per-event [--queue Q] [--flows N | --scenario FILE] [--from S] [--to S]
 * [--functions]`: the instructions and simulated cache misses of one event of bench-16flows-100mb
 * (queue discipline Q on the bottleneck, N flows) or of the scenario in FILE (its duration
 * replaced by S1 and S2), counted by Valgrind's callgrind in two runs of S1 and S2 simulated
 * seconds and divided by the events between them, so that start-up, building the network and
 * most of the JIT's compilations cancel out. Under `node --predictable` instruction counts repeat
 * within ≈ 0.2 % and cache misses within ≈ 5 % on any machine however busy, where timings on a
 * shared machine swing by tens of per cent (docs/performance.md, "How to measure"); the price is
 * time (≈ 1 min per simulated 10 s). With --functions, the per-event costs of each JIT-compiled function too (V8's perf map).
 * Needs valgrind (`apt-get install valgrind`).
 */
export function benchPerEvent(argv: string[], out: (s: string) => void): number {
  let from: number;
  let to: number;
  let flows: number;
  try {
    from = intOption(argv, '--from', 5);
    to = intOption(argv, '--to', 15);
    flows = intOption(argv, '--flows', Number(BENCH_ARGS.n));
    if (to <= from) throw new Error(`--to (${to}) must be greater than --from (${from})`);
  } catch (e) {
    process.stderr.write(`cclab bench: ${(e as Error).message}\n`);
    return 2;
  }
  const qi = argv.indexOf('--queue');
  const qtype = qi >= 0 ? (argv[qi + 1] ?? '') : 'droptail';
  const si = argv.indexOf('--scenario');
  const scenarioFile = si >= 0 ? (argv[si + 1] ?? '') : null;
  const functions = argv.includes('--functions');
  const args = (T: number) => ({ ...BENCH_ARGS, n: String(flows), T: String(T), qtype });
  let scenarioAt: (T: number) => ScenarioInput;
  let first: ScenarioInput;
  try {
    if (scenarioFile !== null) {
      if (qi >= 0 || argv.includes('--flows'))
        throw new Error('--scenario takes the network from its file: not with --queue or --flows');
      let base: ScenarioInput;
      try {
        base = loadScenario(scenarioFile).input;
      } catch (e) {
        throw new Error(describeError(e, scenarioFile));
      }
      scenarioAt = (T) => ({ ...base, duration: `${T}s` });
    } else scenarioAt = (T) => ns2DumbbellScenario('per-event', args(T));
    // an unknown discipline, a bad flow count or a bad file is reported now, not after minutes
    // under valgrind
    first = scenarioAt(from);
    new Simulation(first);
  } catch (e) {
    process.stderr.write(`cclab bench --per-event: ${(e as Error).message}\n`);
    return 2;
  }
  // the built code: through tsx, the first run would also transform the sources and fill tsx's
  // cache, which the second run reuses — a cost in one run and not the other
  if (!isBuildFresh(ENGINE_DIR)) {
    process.stderr.write('cclab bench --per-event: dist/ is older than the sources (npm run build:engine first)\n');
    return 2;
  }
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    process.stderr.write('cclab bench --per-event: valgrind is not installed (apt-get install valgrind)\n');
    return 2;
  }
  const dir = mkdtempSync(join(tmpdir(), 'cclab-per-event-'));
  let a: ProfiledRun;
  let b: ProfiledRun;
  try {
    a = profiledRun(first, dir, 'a', functions);
    b = profiledRun(scenarioAt(to), dir, 'b', functions);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const events = b.events - a.events;
  const what =
    scenarioFile !== null ? scenarioFile : `bench-16flows-100mb with ${flows} flows, ${qtype} on the bottleneck`;
  out(`${what}: seconds ${from}–${to}, ${events} events (callgrind, node --predictable)`);
  const per = (x: Costs, y: Costs, k: string) => ((y[k] ?? 0) - (x[k] ?? 0)) / events;
  const cols = EVENT_COLUMNS.filter((k) => k in b.total);
  out(table(['per event', ...cols], [['all code', ...cols.map((k) => per(a.total, b.total, k).toFixed(2))]]));
  if (a.byFunction !== null && b.byFunction !== null) {
    const names = new Set([...a.byFunction.keys(), ...b.byFunction.keys()]);
    const zero: Costs = {};
    const rows = [...names]
      .map((n) => ({ n, c: cols.map((k) => per(a.byFunction!.get(n) ?? zero, b.byFunction!.get(n) ?? zero, k)) }))
      .sort((x, y) => y.c[cols.indexOf('D1mr')]! - x.c[cols.indexOf('D1mr')]!)
      .slice(0, 30);
    out('');
    out('by function (self costs per event, most D1 read misses first; * = optimized by TurboFan):');
    out(
      table(
        ['function', ...cols],
        rows.map((r) => [r.n, ...r.c.map((v) => v.toFixed(2))]),
      ),
    );
  }
  return 0;
}
