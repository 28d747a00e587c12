import { join } from 'node:path';
import { Simulation } from '../Simulation.js';
import { ns2DumbbellScenario } from '../scenario/ns2Dumbbell.js';
import { ns2Available, runNs2, validationDir } from './ns2.js';

interface BenchResult {
  wallS: number;
  events: number;
  packetHops: number;
}

function runOnce(args: Record<string, string>): BenchResult {
  const sim = new Simulation(ns2DumbbellScenario('bench', args));
  const t0 = performance.now();
  sim.runUntil(sim.durationNs);
  const wallS = (performance.now() - t0) / 1000;
  let hops = 0;
  for (const p of sim.network.ports) hops += p.disc.stats.departures;
  return { wallS, events: sim.sim.eventsProcessed, packetHops: hops };
}

const BENCH_ARGS = { n: '16', bw: '100Mb', qlim: '500', accbw: '1Gb', T: '100', sample: '1' };

/**
 * `cclab bench`: the bench-16flows-100mb scenario (16 NewReno flows, 100 Mb/s / 20 ms /
 * 500-packet bottleneck, 1 Gb/s / 5 ms access, 100 s) timed in this process, and ns-2.35 on the
 * same scenario in the same invocation when `ns` is installed. `--scaling` adds the cost-growth
 * table (flows × bottleneck rate) for docs/performance.md.
 */
export function bench(argv: string[]): number {
  const out = (s: string) => process.stdout.write(s + '\n');
  // warm-up so that JIT compilation is not measured
  runOnce({ ...BENCH_ARGS, T: '5' });
  const r = runOnce(BENCH_ARGS);
  out(`bench-16flows-100mb (100 s simulated)`);
  out(
    `  cclab : ${r.wallS.toFixed(2)} s wall, ${(r.events / 1e6).toFixed(2)} M events (${(r.events / r.wallS / 1e6).toFixed(2)} M/s), ${(r.packetHops / 1e6).toFixed(2)} M packet-hops (${(r.packetHops / r.wallS / 1e6).toFixed(2)} M/s)`,
  );
  const vdir = validationDir();
  if (!argv.includes('--no-ns2') && ns2Available() && vdir) {
    const { wallS } = runNs2(join(vdir, 'ns2', 'dumbbell.tcl'), BENCH_ARGS);
    out(`  ns-2  : ${wallS.toFixed(2)} s wall (ns-2.35, same scenario, same invocation)`);
    out(`  ratio cclab/ns-2 = ${(r.wallS / wallS).toFixed(2)} (target ≤ 1.0)`);
  } else {
    out('  ns-2  : not run (ns not installed or ../shared/validation missing)');
  }
  if (argv.includes('--scaling')) {
    out('');
    out('Cost growth (10 s simulated, DropTail bottleneck with a BDP-sized buffer)');
    out('flows  bottleneck   wall s   M events   M packet-hops   µs per packet-hop');
    for (const bw of ['10Mb', '100Mb', '1Gb']) {
      for (const n of ['4', '16', '64']) {
        const mbps = parseFloat(bw) * (bw.endsWith('Gb') ? 1000 : 1);
        const qlim = String(Math.max(50, Math.round((mbps * 1e6 * 0.06) / 8 / 1040)));
        const x = runOnce({ n, bw, qlim, accbw: bw === '1Gb' ? '10Gb' : '1Gb', T: '10', sample: '1' });
        out(
          `${n.padStart(5)}  ${bw.padStart(10)}  ${x.wallS.toFixed(2).padStart(7)}  ${(x.events / 1e6).toFixed(2).padStart(9)}  ${(x.packetHops / 1e6).toFixed(2).padStart(14)}  ${((x.wallS * 1e6) / x.packetHops).toFixed(3).padStart(18)}`,
        );
      }
    }
  }
  return 0;
}
