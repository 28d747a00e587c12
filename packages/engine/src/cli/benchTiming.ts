import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** One timed run: wall-clock and CPU seconds (user + system). */
export interface Timing {
  wallS: number;
  cpuS: number;
}

/** CPU seconds of this process's waited-for children (Linux /proc; NaN elsewhere). */
function childrenCpuS(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 16 and 17 of proc(5) (cutime, cstime), in clock ticks of 1/100 s
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Runs a command to completion and times it from spawn to exit (whole process: start-up
 * included). CPU time comes from the kernel's account of the reaped child (10 ms resolution).
 */
export function timeProcess(cmd: string, args: string[], cwd?: string): Timing {
  const cpu0 = childrenCpuS();
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wallS = (performance.now() - t0) / 1000;
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
  return { wallS, cpuS: childrenCpuS() - cpu0 };
}

/** Times `fn` in this process (wall and this process's CPU). */
export function timeInProcess<T>(fn: () => T): Timing & { value: T } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = fn();
  const wallS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { wallS, cpuS: (cpu.user + cpu.system) / 1e6, value };
}

/**
 * Runs `steps` `runs` times, round by round, the order reversed every other round so that a drift
 * in the machine's load does not favour one side; reports each finished round on stderr.
 */
export function runInterleaved(runs: number, steps: readonly (() => void)[]): void {
  for (let i = 0; i < runs; i++) {
    for (const step of i % 2 === 0 ? steps : [...steps].reverse()) step();
    process.stderr.write(`  round ${i + 1}/${runs} done\n`);
  }
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** min / median of wall and median of CPU over repeated timings. */
export interface TimingStats {
  minWallS: number;
  medianWallS: number;
  medianCpuS: number;
  runs: number;
}

export function stats(ts: readonly Timing[]): TimingStats {
  return {
    minWallS: Math.min(...ts.map((t) => t.wallS)),
    medianWallS: median(ts.map((t) => t.wallS)),
    medianCpuS: median(ts.map((t) => t.cpuS)),
    runs: ts.length,
  };
}

export function loadAverage(): string {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
}

/** A fixed-width table with right-aligned columns after the first. */
export function table(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

/** Parses `--name value` as a positive integer, or returns the default. */
export function intOption(argv: string[], name: string, dflt: number): number {
  const i = argv.indexOf(name);
  if (i < 0) return dflt;
  const v = Number(argv[i + 1]);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} ${argv[i + 1] ?? ''}: a whole number ≥ 1`);
  return v;
}
