import { basename } from 'node:path';
import { benchChild, runScenario, type EngineRun } from './bench.js';
import { loadAverage, median, runInterleaved, table } from './benchTiming.js';
import { describeError, loadScenario } from './scenarioFile.js';

/** Simulated seconds each timed child runs first, untimed, so that the timed run meets compiled code. */
const WARM_UP = '5s';

/** Why `cclab run` would refuse the scenario in `file` (the CLI's message), or null. */
function scenarioProblem(file: string): string | null {
  try {
    loadScenario(file);
    return null;
  } catch (e) {
    return describeError(e, file);
  }
}

/**
 * `cclab bench --scenario-child FILE`: the scenario in FILE run for 5 simulated seconds (warm-up),
 * then whole and timed in the same process, printed as JSON (engine alone, as `--queue-child`).
 */
export function benchScenarioChild(file: string): number {
  const scenario = loadScenario(file);
  runScenario({ ...scenario.input, duration: WARM_UP });
  process.stdout.write(JSON.stringify(runScenario(scenario)) + '\n');
  return 0;
}

/**
 * `cclab bench --compare FILE1 FILE2 ... [--runs N]`: each scenario file timed as the engine alone
 * (a fresh process per run, 5-s warm-up, then the whole scenario), `runs` interleaved rounds, and
 * each one's CPU time against the first file's in the same round (median over rounds). For
 * variants of one network — the same flows with another discipline, one direction changed, one
 * parameter changed — where `--queues` only swaps the bottleneck's discipline.
 */
export function benchCompare(files: readonly string[], runs: number, out: (s: string) => void): number {
  if (files.length < 2) {
    process.stderr.write('cclab bench --compare: give at least two scenario files (the first is the base)\n');
    return 2;
  }
  const problems = files.map(scenarioProblem).filter((p): p is string => p !== null);
  if (problems.length > 0) {
    for (const p of problems) process.stderr.write(`cclab bench --compare: ${p}\n`);
    return 2;
  }
  out(`load average at start: ${loadAverage()}`);
  out(`${files.length} scenarios, engine alone (5-s warm-up, then the whole run), ${runs} rounds, interleaved`);
  const results = files.map(() => [] as EngineRun[]);
  runInterleaved(
    runs,
    files.map((f, i) => () => results[i]!.push(benchChild<EngineRun>(['--scenario-child', f]))),
  );
  const base = results[0]!;
  const rows = results.map((rs, i) => [
    i === 0 ? `${basename(files[i]!)} (base)` : basename(files[i]!),
    `${median(rs.map((r) => r.cpuS)).toFixed(2)} s`,
    rs.map((r) => r.cpuS.toFixed(2)).join(' '),
    `${(rs[0]!.events / 1e6).toFixed(2)} M`,
    `${(rs[0]!.packetHops / 1e6).toFixed(2)} M`,
    median(rs.map((r, k) => r.cpuS / base[k]!.cpuS)).toFixed(2),
  ]);
  out(table(['scenario', 'median CPU', 'CPU by round', 'events', 'packet-hops', '× base CPU'], rows));
  out(`load average at end: ${loadAverage()}`);
  return 0;
}
