import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import { BENCH_ARGS, CCLAB_BIN, type EngineRun } from './bench.js';
import { loadAverage, median, table, timeProcess, type Timing } from './benchTiming.js';
import { runHopFloor } from './hopFloor.js';
import { ns2Available, validationDir } from './ns2.js';

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

function child(args: string[]): Timing & { events: number } {
  const r = spawnSync(process.execPath, [CCLAB_BIN, 'bench', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cclab bench ${args.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as EngineRun;
}

/**
 * `cclab bench --floor`: how far the engine is from the floor of its own design, and the floor
 * from ns-2.35. Interleaved rounds of the hop floor with a FIFO and with round robin at the
 * bottleneck, the engine alone on bench-16flows-100mb with DropTail and with RR (`--queue-child`;
 * each a 5-s warm-up, then 100 s timed in a fresh process), the floor and `cclab run` of the
 * benchmark as whole processes (spawn to exit: Node's and the CLI's start-up, the cold JIT) and
 * ns-2.35 on the benchmark (a whole process, when `ns` is installed). Prints the median CPU time
 * of each, the engine over its floor, and both over ns-2 — the issue-14 targets (engine alone ≤
 * 0.4 × ns-2, whole process ≤ 0.5 ×) and the issue-8 target (RR ≤ 1.3 × DropTail) read against
 * what the hops alone cost on this machine.
 */
export function benchFloor(runs: number, out: (s: string) => void): number {
  const vdir = validationDir();
  const withNs2 = ns2Available() && vdir !== null;
  const ns2Args = Object.entries(BENCH_ARGS).map(([k, v]) => `${k}=${v}`);
  const dir = mkdtempSync(join(tmpdir(), 'cclab-floor-'));
  const scenarioFile = join(dir, 'bench-16flows-100mb.json');
  writeFileSync(scenarioFile, JSON.stringify(ns2DumbbellScenario('bench', BENCH_ARGS)));
  const names = [
    'floor, FIFO',
    'floor, RR',
    'engine, DropTail',
    'engine, RR',
    'floor, FIFO, whole process',
    'cclab run, whole process',
    ...(withNs2 ? ['ns-2.35, whole process'] : []),
  ];
  const steps: (() => Timing & { events?: number })[] = [
    () => child(['--floor-child', 'fifo']),
    () => child(['--floor-child', 'rr']),
    () => child(['--queue-child', 'droptail']),
    () => child(['--queue-child', 'rr']),
    () => timeProcess(process.execPath, [CCLAB_BIN, 'bench', '--floor-child', 'fifo', '--cold']),
    () => timeProcess(process.execPath, [CCLAB_BIN, 'run', scenarioFile, '--json']),
    ...(withNs2 ? [() => timeProcess('ns', [join(vdir, 'ns2', 'dumbbell.tcl'), ...ns2Args])] : []),
  ];
  const results: (Timing & { events?: number })[][] = steps.map(() => []);
  out(`load average at start: ${loadAverage()}`);
  try {
    for (let i = 0; i < runs; i++) {
      const order = steps.map((_, k) => k);
      if (i % 2 === 1) order.reverse();
      for (const k of order) results[k]!.push(steps[k]!());
      process.stderr.write(`  round ${i + 1}/${runs} done\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const cpu = results.map((rs) => median(rs.map((r) => r.cpuS)));
  const nsPerEvent = results.map((rs) => {
    const e = rs[0]!.events;
    return e === undefined ? '' : `${((median(rs.map((r) => r.cpuS)) * 1e9) / e).toFixed(0)} ns`;
  });
  const events = results.map((rs) => (rs[0]!.events === undefined ? '' : `${(rs[0]!.events / 1e6).toFixed(2)} M`));
  const ns2 = withNs2 ? cpu[6]! : NaN;
  out(`Hop floor (src/cli/hopFloor.ts) against the engine and ns-2.35, 100 s simulated, ${runs} rounds, interleaved`);
  out(
    table(
      ['', 'median CPU', 'events', 'CPU/event', '× ns-2'],
      names.map((n, k) => [
        n,
        `${cpu[k]!.toFixed(2)} s`,
        events[k]!,
        nsPerEvent[k]!,
        withNs2 ? (cpu[k]! / ns2).toFixed(2) : '',
      ]),
    ),
  );
  out(
    `engine / floor: DropTail over FIFO ${(cpu[2]! / cpu[0]!).toFixed(2)}, RR over RR ${(cpu[3]! / cpu[1]!).toFixed(2)}`,
  );
  out(`RR / FIFO: floor ${(cpu[1]! / cpu[0]!).toFixed(2)}, engine ${(cpu[3]! / cpu[2]!).toFixed(2)} (issue 8: ≤ 1.3)`);
  out(`whole process: cclab run over the floor's process ${(cpu[5]! / cpu[4]!).toFixed(2)}`);
  if (withNs2) {
    const within = (target: number, floor: number) => (target / (floor / ns2)).toFixed(2);
    out(`engine alone ≤ 0.4 × ns-2 (issue 14) needs the engine within ${within(0.4, cpu[0]!)} × its floor here`);
    out(`cclab run ≤ 0.5 × ns-2 (issue 14) needs it within ${within(0.5, cpu[4]!)} × the floor's whole process here`);
  }
  out(`load average at end: ${loadAverage()}`);
  return 0;
}
