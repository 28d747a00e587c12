import { getRegistry } from '../registry/index.js';
import { runEngine, BENCH_ARGS, type EngineRun } from './bench.js';
import { loadAverage, median, table } from './benchTiming.js';

/**
 * `cclab bench --queues`: bench-16flows-100mb with each registered queue discipline (default
 * parameters) on the bottleneck instead of DropTail, engine alone, `runs` interleaved rounds;
 * each discipline's cost is the median over rounds of its time divided by DropTail's time in the
 * same round (target ≤ 1.3). Packet-hops differ between disciplines (an AQM keeps the queue
 * short and drops more or less), so the cost per packet-hop is printed too.
 */
export function benchQueues(runs: number, out: (s: string) => void): number {
  const ids = getRegistry()
    .queue.map((q) => q.id)
    .filter((id) => id !== 'droptail');
  out(`load average at start: ${loadAverage()}`);
  out(`Queue disciplines on the bench-16flows-100mb bottleneck (100 s simulated), ${runs} rounds, interleaved`);
  const args = (q: string) => ({ ...BENCH_ARGS, qtype: q });
  runEngine({ ...BENCH_ARGS, T: '5' });
  const results = new Map<string, EngineRun[]>([
    ['droptail', []],
    ...ids.map((id) => [id, []] as [string, EngineRun[]]),
  ]);
  for (let i = 0; i < runs; i++) {
    const order = ['droptail', ...ids];
    if (i % 2 === 1) order.reverse();
    for (const q of order) results.get(q)!.push(runEngine(args(q)));
    process.stderr.write(`  round ${i + 1}/${runs} done\n`);
  }
  const base = results.get('droptail')!;
  const rows = [...results].map(([id, rs]) => {
    const rel = median(rs.map((r, i) => r.wallS / base[i]!.wallS));
    const relCpu = median(rs.map((r, i) => r.cpuS / base[i]!.cpuS));
    const perHop = median(rs.map((r) => (r.cpuS * 1e9) / r.packetHops));
    const perHopBase = median(base.map((r) => (r.cpuS * 1e9) / r.packetHops));
    return [
      id,
      `${median(rs.map((r) => r.wallS)).toFixed(2)} s`,
      `${median(rs.map((r) => r.cpuS)).toFixed(2)} s`,
      `${(rs[0]!.packetHops / 1e6).toFixed(2)} M`,
      `${perHop.toFixed(0)} ns`,
      rel.toFixed(2),
      relCpu.toFixed(2),
      (perHop / perHopBase).toFixed(2),
      rel <= 1.3 ? 'yes' : 'NO',
    ];
  });
  out(
    table(
      [
        'queue',
        'median wall',
        'median CPU',
        'packet-hops',
        'CPU/hop',
        '× droptail wall',
        '× CPU',
        '× CPU/hop',
        '≤ 1.3',
      ],
      rows,
    ),
  );
  out(`load average at end: ${loadAverage()}`);
  return 0;
}
