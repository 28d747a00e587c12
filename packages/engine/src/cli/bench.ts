import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Simulation } from '../Simulation.js';
import { ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import { benchCompare, benchScenarioChild } from './benchCompare.js';
import { benchFloor, benchFloorChild } from './benchFloor.js';
import { benchGrowth } from './benchGrowth.js';
import { benchPerEvent, benchPerEventChild } from './benchPerEvent.js';
import { benchQueueChild, benchQueues } from './benchQueues.js';
import {
  intOption,
  loadAverage,
  runInterleaved,
  stats,
  table,
  timeInProcess,
  timeProcess,
  type Timing,
  type TimingStats,
} from './benchTiming.js';
import { ns2Available, validationDir } from './ns2.js';
import { isBuildFresh } from '../../bin/buildFreshness.mjs';

/** The bench-16flows-100mb reference (validation/README.md) as dumbbell.tcl arguments. */
export const BENCH_ARGS = { n: '16', bw: '100Mb', qlim: '500', accbw: '1Gb', T: '100', sample: '1' };

/**
 * The engine package's folder and its bin/cclab.mjs (two folders up from this module, in src/cli
 * and in dist/cli or dist/chunks); the bench's child processes run the latter.
 */
export const ENGINE_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const CCLAB_BIN = fileURLToPath(new URL('../../bin/cclab.mjs', import.meta.url));

/** bench-16flows-100mb written to a fresh temporary folder for `cclab run`; `remove` deletes the folder. */
export function benchScenarioFile(): { file: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'cclab-bench-'));
  const file = join(dir, 'bench-16flows-100mb.json');
  writeFileSync(file, JSON.stringify(ns2DumbbellScenario('bench', BENCH_ARGS)));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** ns-2.35 running bench-16flows-100mb, timed as a whole process; null without `ns` or the validation folder. */
export function ns2BenchRunner(): (() => Timing) | null {
  const vdir = validationDir();
  if (!ns2Available() || vdir === null) return null;
  const args = Object.entries(BENCH_ARGS).map(([k, v]) => `${k}=${v}`);
  return () => timeProcess('ns', [join(vdir, 'ns2', 'dumbbell.tcl'), ...args]);
}

/** Runs `cclab bench ARGS` (one of the bench's child modes) in a child process; returns the JSON it prints. */
export function benchChild<T>(args: string[]): T {
  const r = spawnSync(process.execPath, [CCLAB_BIN, 'bench', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cclab bench ${args.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

export interface EngineRun extends Timing {
  events: number;
  packetHops: number;
}

/** Builds and runs `scenario` in this process; times only the run (engine alone). */
export function runScenario(scenario: unknown): EngineRun {
  const sim = new Simulation(scenario);
  const t = timeInProcess(() => sim.runUntil(sim.durationNs));
  let hops = 0;
  for (const p of sim.network.ports) hops += p.disc.stats.departures;
  return { wallS: t.wallS, cpuS: t.cpuS, events: sim.sim.eventsProcessed, packetHops: hops };
}

/** Builds and runs the dumbbell for `args` in this process; times only the run (engine alone). */
export function runEngine(args: Record<string, string>): EngineRun {
  return runScenario(ns2DumbbellScenario('bench', args));
}

const s2 = (x: number) => `${x.toFixed(2)} s`;
const ms = (x: number) => `${(x * 1000).toFixed(0)} ms`;
const ratio = (a: number, b: number) => (a / b).toFixed(2);
const verdict = (r: number, target: number) =>
  `${r.toFixed(2)} (target ≤ ${target}: ${r <= target ? 'met' : 'not met'})`;

/** Which code the timings measure: the build in dist/ or the TypeScript sources through tsx. */
function codeInUse(): string {
  const self = import.meta.url.endsWith('.ts') ? 'TypeScript sources through tsx' : 'the build in dist/';
  const child = isBuildFresh(ENGINE_DIR) ? 'dist/' : 'the sources through tsx (dist/ is stale: npm run build:engine)';
  return `this process runs ${self}; \`cclab\` child processes run ${child}`;
}

/**
 * Start-up: `cclab --version` against `node -e 0`, interleaved, medians of `runs` each.
 */
function benchStartup(runs: number, out: (s: string) => void): void {
  const node: Timing[] = [];
  const cclab: Timing[] = [];
  for (let i = 0; i < runs; i++) {
    node.push(timeProcess(process.execPath, ['-e', '0']));
    cclab.push(timeProcess(process.execPath, [CCLAB_BIN, '--version']));
  }
  const n = stats(node);
  const c = stats(cclab);
  out(`Start-up (${runs} runs each, interleaved)`);
  out(
    table(
      ['', 'min wall', 'median wall', 'median CPU'],
      [
        ['node -e 0', ms(n.minWallS), ms(n.medianWallS), ms(n.medianCpuS)],
        ['cclab --version', ms(c.minWallS), ms(c.medianWallS), ms(c.medianCpuS)],
      ],
    ),
  );
  out(`cclab / node: wall ${verdict(c.medianWallS / n.medianWallS, 3)}, CPU ${ratio(c.medianCpuS, n.medianCpuS)}`);
}

/**
 * `cclab bench`: bench-16flows-100mb (16 NewReno flows, 100 Mb/s / 20 ms / 500-packet DropTail
 * bottleneck, 1 Gb/s / 5 ms access, 100 s simulated), `--runs` rounds (default 5) interleaving
 * the engine alone (timed in this process), `cclab run` as a whole process (start to exit) and
 * ns-2.35 on the same scenario (`ns dumbbell.tcl`, a whole process) when `ns` is installed.
 * Prints min and median wall time, median CPU time and the ratios of the medians, with the load
 * average (the machines this runs on are shared). `--queues` times each queue discipline on the
 * bottleneck against DropTail; `--growth` prints the cost-growth tables of docs/performance.md;
 * `--floor` times the engine against the floor of its design (benchFloor.ts).
 */
export function bench(argv: string[]): number {
  const out = (s: string) => process.stdout.write(s + '\n');
  let runs: number;
  try {
    runs = intOption(argv, '--runs', 5);
  } catch (e) {
    process.stderr.write(`cclab bench: ${(e as Error).message}\n`);
    return 2;
  }
  const perEventChild = argv.indexOf('--per-event-child');
  if (perEventChild >= 0) return benchPerEventChild(argv[perEventChild + 1] ?? '');
  if (argv.includes('--per-event')) return benchPerEvent(argv, out);
  const scenarioChild = argv.indexOf('--scenario-child');
  if (scenarioChild >= 0) return benchScenarioChild(argv[scenarioChild + 1] ?? '');
  const compare = argv.indexOf('--compare');
  if (compare >= 0) {
    // the files: every argument after --compare up to the next option
    const files: string[] = [];
    for (let i = compare + 1; i < argv.length && !argv[i]!.startsWith('--'); i++) files.push(argv[i]!);
    return benchCompare(files, runs, out);
  }
  const queueChild = argv.indexOf('--queue-child');
  if (queueChild >= 0) return benchQueueChild(argv[queueChild + 1] ?? 'droptail');
  if (argv.includes('--queues')) {
    const only = argv.indexOf('--only');
    const list = only >= 0 ? (argv[only + 1] ?? '').split(',').filter((x) => x !== '') : null;
    if (list !== null && list.length === 0) {
      process.stderr.write('cclab bench --queues --only: give a comma-separated list of queue disciplines\n');
      return 2;
    }
    return benchQueues(runs, out, list);
  }
  const floorChild = argv.indexOf('--floor-child');
  if (floorChild >= 0) return benchFloorChild(argv[floorChild + 1] ?? '', argv.includes('--cold'));
  if (argv.includes('--floor')) return benchFloor(runs, out);
  if (argv.includes('--growth') || argv.includes('--scaling')) return benchGrowth(argv, out);

  out(`load average at start: ${loadAverage()} (1, 5, 15 min)`);
  out(`code: ${codeInUse()}`);
  if (!argv.includes('--no-startup')) {
    benchStartup(Math.max(runs, 10), out);
    out('');
  }
  const runNs2 = argv.includes('--no-ns2') ? null : ns2BenchRunner();
  const scenario = benchScenarioFile();

  runEngine({ ...BENCH_ARGS, T: '5' }); // warm-up: the engine-alone runs measure compiled code
  const engine: EngineRun[] = [];
  const whole: Timing[] = [];
  const ns2: Timing[] = [];
  const steps: (() => void)[] = [
    () => engine.push(runEngine(BENCH_ARGS)),
    () => whole.push(timeProcess(process.execPath, [CCLAB_BIN, 'run', scenario.file, '--json'])),
    ...(runNs2 ? [() => ns2.push(runNs2())] : []),
  ];
  try {
    runInterleaved(runs, steps);
  } finally {
    scenario.remove();
  }
  const e = stats(engine);
  const w = stats(whole);
  const last = engine[engine.length - 1]!;
  out(`bench-16flows-100mb (100 s simulated): ${runs} rounds, interleaved`);
  const row = (name: string, s: TimingStats) => [name, s2(s.minWallS), s2(s.medianWallS), s2(s.medianCpuS)];
  const rows = [row('cclab engine alone (in process)', e), row('cclab run, whole process', w)];
  const n = runNs2 ? stats(ns2) : null;
  if (n) rows.push(row('ns-2.35, whole process', n));
  out(table(['', 'min wall', 'median wall', 'median CPU'], rows));
  out(
    `engine: ${(last.events / 1e6).toFixed(2)} M events (${(last.events / e.medianWallS / 1e6).toFixed(2)} M/s at the median), ` +
      `${(last.packetHops / 1e6).toFixed(2)} M packet-hops (${(last.packetHops / e.medianWallS / 1e6).toFixed(2)} M/s)`,
  );
  if (n) {
    out(`median ratio cclab/ns-2, engine alone: wall ${verdict(e.medianWallS / n.medianWallS, 0.4)}`);
    out(`                                       CPU ${verdict(e.medianCpuS / n.medianCpuS, 0.4)}`);
    out(`median ratio cclab/ns-2, whole process: wall ${verdict(w.medianWallS / n.medianWallS, 0.5)}`);
    out(`                                        CPU ${verdict(w.medianCpuS / n.medianCpuS, 0.5)}`);
  } else {
    out('ns-2: not run (--no-ns2, ns not installed, or ../shared/validation missing)');
  }
  out(`load average at end: ${loadAverage()}`);
  return 0;
}
