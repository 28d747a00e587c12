import { benchChild, benchScenarioFile, CCLAB_BIN, ns2BenchRunner } from './bench.js';
import { loadAverage, median, runInterleaved, table, timeProcess, type Timing } from './benchTiming.js';
import { runHopFloor } from './hopFloor.js';

/**
 * Window cap of the floor's flows, segments: 16 × 55 segments in flight fill the 100 Mb/s
 * bottleneck (its bandwidth-delay product at the 60-ms base RTT is ≈ 720 segments of 1040 B) and
 * keep a standing queue of ≈ 160 segments there without a loss — a loaded FIFO, as in the
 * benchmark (whose DropTail queue averages ≈ 240 packets), at nearly its event count.
 */
const FLOOR_WINDOW_CAP = 55;

/**
 * `cclab bench --floor-child fifo|rr [--cold]`: one run of the hop floor (hopFloor.ts) with the
 * benchmark's 16 flows, a 5-s warm-up and 100 s timed, printed as JSON (a process of its own, so
 * that the floor's handler classes never meet the engine's at the shared event set's call sites).
 * `--cold`: the 100 s without a warm-up, as `cclab run` runs a scenario (timed as a whole process).
 */
export function benchFloorChild(scheduler: string, cold: boolean): number {
  if (scheduler !== 'fifo' && scheduler !== 'rr') {
    process.stderr.write(`cclab bench --floor-child ${scheduler}: fifo or rr\n`);
    return 2;
  }
  const warmupS = cold ? 0 : 5;
  const r = runHopFloor({ flows: 16, windowCap: FLOOR_WINDOW_CAP, scheduler, warmupS, seconds: 100 });
  process.stdout.write(JSON.stringify({ wallS: r.wallS, cpuS: r.cpuS, events: r.events }) + '\n');
  return 0;
}

/** A child's timing of its run, with the events the run processed (none for a whole process). */
type Run = Timing & { events?: number };

/**
 * `cclab bench --floor`: how far the engine is from the floor of its own design, and the floor
 * from ns-2.35. Interleaved rounds of the hop floor with a FIFO and with round robin at the
 * bottleneck, the engine alone on bench-16flows-100mb with DropTail and with RR (`--queue-child`;
 * each a 5-s warm-up, then 100 s timed in a fresh process), the floor and `cclab run` of the
 * benchmark as whole processes (spawn to exit: Node's and the CLI's start-up, the cold JIT) and
 * ns-2.35 on the benchmark (a whole process, when `ns` is installed). Prints the median CPU time
 * of each, the engine over its floor, and both over ns-2 — the retired speed targets (engine
 * alone ≤ 0.4 × ns-2, whole process ≤ 0.5 ×; RR ≤ 1.3 × DropTail; docs/performance.md, "Retired
 * targets") read against what the hops alone cost on this machine.
 */
export function benchFloor(runs: number, out: (s: string) => void): number {
  const runNs2 = ns2BenchRunner();
  const scenario = benchScenarioFile();
  const names = [
    'floor, FIFO',
    'floor, RR',
    'engine, DropTail',
    'engine, RR',
    'floor, FIFO, whole process',
    'cclab run, whole process',
    ...(runNs2 ? ['ns-2.35, whole process'] : []),
  ];
  const runners: (() => Run)[] = [
    () => benchChild<Run>(['--floor-child', 'fifo']),
    () => benchChild<Run>(['--floor-child', 'rr']),
    () => benchChild<Run>(['--queue-child', 'droptail']),
    () => benchChild<Run>(['--queue-child', 'rr']),
    () => timeProcess(process.execPath, [CCLAB_BIN, 'bench', '--floor-child', 'fifo', '--cold']),
    () => timeProcess(process.execPath, [CCLAB_BIN, 'run', scenario.file, '--json']),
    ...(runNs2 ? [runNs2] : []),
  ];
  const results: Run[][] = runners.map(() => []);
  out(`load average at start: ${loadAverage()}`);
  try {
    runInterleaved(
      runs,
      runners.map((run, k) => () => results[k]!.push(run())),
    );
  } finally {
    scenario.remove();
  }
  const cpu = results.map((rs) => median(rs.map((r) => r.cpuS)));
  const nsPerEvent = results.map((rs, k) => {
    const e = rs[0]!.events;
    return e === undefined ? '' : `${((cpu[k]! * 1e9) / e).toFixed(0)} ns`;
  });
  const events = results.map((rs) => (rs[0]!.events === undefined ? '' : `${(rs[0]!.events / 1e6).toFixed(2)} M`));
  const ns2 = runNs2 ? cpu[6]! : NaN;
  out(`Hop floor (src/cli/hopFloor.ts) against the engine and ns-2.35, 100 s simulated, ${runs} rounds, interleaved`);
  out(
    table(
      ['', 'median CPU', 'events', 'CPU/event', '× ns-2'],
      names.map((n, k) => [
        n,
        `${cpu[k]!.toFixed(2)} s`,
        events[k]!,
        nsPerEvent[k]!,
        runNs2 ? (cpu[k]! / ns2).toFixed(2) : '',
      ]),
    ),
  );
  out(
    `engine / floor: DropTail over FIFO ${(cpu[2]! / cpu[0]!).toFixed(2)}, RR over RR ${(cpu[3]! / cpu[1]!).toFixed(2)}`,
  );
  out(
    `RR / FIFO: floor ${(cpu[1]! / cpu[0]!).toFixed(2)}, engine ${(cpu[3]! / cpu[2]!).toFixed(2)} (retired target: ≤ 1.3)`,
  );
  out(`whole process: cclab run over the floor's process ${(cpu[5]! / cpu[4]!).toFixed(2)}`);
  if (runNs2) {
    const within = (target: number, floor: number) => (target / (floor / ns2)).toFixed(2);
    out(`engine alone ≤ 0.4 × ns-2 (retired target) needs the engine within ${within(0.4, cpu[0]!)} × its floor here`);
    out(
      `cclab run ≤ 0.5 × ns-2 (retired target) needs it within ${within(0.5, cpu[4]!)} × the floor's whole process here`,
    );
  }
  out(`load average at end: ${loadAverage()}`);
  return 0;
}
