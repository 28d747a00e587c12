import { getRegistry } from '../registry/index.js';
import { benchChild, runEngine, BENCH_ARGS, type EngineRun } from './bench.js';
import { loadAverage, median, runInterleaved, table } from './benchTiming.js';

/**
 * `cclab bench --queue-child ID`: one engine-alone run of bench-16flows-100mb with queue
 * discipline ID on the bottleneck (after a 5 s warm-up), printed as JSON. Each run of
 * `--queues` is such a child process, so that every discipline is timed with the JIT state a
 * user's single run has: in one process, code shared by many disciplines (QueueDisc.enqueue)
 * turns megamorphic after a few of them and everything measured after gets slower.
 */
export function benchQueueChild(id: string): number {
  runEngine({ ...BENCH_ARGS, T: '5', qtype: id });
  const r = runEngine({ ...BENCH_ARGS, qtype: id });
  process.stdout.write(JSON.stringify(r) + '\n');
  return 0;
}

/**
 * `cclab bench --queues`: bench-16flows-100mb with each registered queue discipline (default
 * parameters, both directions of the bottleneck as ns-2's duplex-link) instead of DropTail, the
 * engine alone in a fresh process per run, `runs` interleaved rounds. A discipline's cost is the
 * median over rounds of its CPU time divided by DropTail's in the same round (target ≤ 1.3).
 * Packet-hops differ between disciplines (an AQM keeps the queue short and drops more or less,
 * a scheduler interleaves the flows), so the CPU time per packet-hop is printed too. `only`
 * (`--only a,b`) limits the run to those disciplines (and DropTail).
 */
export function benchQueues(runs: number, out: (s: string) => void, only: readonly string[] | null = null): number {
  const known = getRegistry().queue.map((q) => q.id);
  const unknown = (only ?? []).filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    process.stderr.write(
      `cclab bench --queues --only: unknown queue discipline ${unknown.map((u) => `"${u}"`).join(', ')} (known: ${known.join(', ')})\n`,
    );
    return 2;
  }
  // DropTail is always run: every ratio is to it, round by round
  const ids = known.filter((id) => id !== 'droptail' && (only === null || only.includes(id)));
  out(`load average at start: ${loadAverage()}`);
  out(`Queue disciplines on the bench-16flows-100mb bottleneck (100 s simulated), ${runs} rounds, interleaved`);
  const order = ['droptail', ...ids];
  const results = new Map<string, EngineRun[]>(order.map((id) => [id, []]));
  runInterleaved(
    runs,
    order.map((q) => () => results.get(q)!.push(benchChild<EngineRun>(['--queue-child', q]))),
  );
  const base = results.get('droptail')!;
  const perHopBase = median(base.map((r) => (r.cpuS * 1e9) / r.packetHops));
  const rows = [...results].map(([id, rs]) => {
    const relCpu = median(rs.map((r, i) => r.cpuS / base[i]!.cpuS));
    const relWall = median(rs.map((r, i) => r.wallS / base[i]!.wallS));
    const perHop = median(rs.map((r) => (r.cpuS * 1e9) / r.packetHops));
    return [
      id,
      `${median(rs.map((r) => r.wallS)).toFixed(2)} s`,
      `${median(rs.map((r) => r.cpuS)).toFixed(2)} s`,
      `${(rs[0]!.packetHops / 1e6).toFixed(2)} M`,
      `${perHop.toFixed(0)} ns`,
      relWall.toFixed(2),
      relCpu.toFixed(2),
      (perHop / perHopBase).toFixed(2),
      relCpu <= 1.3 ? 'yes' : 'no',
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
        'CPU ≤ 1.3×',
      ],
      rows,
    ),
  );
  out(`load average at end: ${loadAverage()}`);
  return 0;
}
