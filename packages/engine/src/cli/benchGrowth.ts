import { Simulation } from '../Simulation.js';
import { validateScenario } from '../scenario/validate.js';
import type { ScenarioInput } from '../scenario/types.js';
import { loadAverage, table, timeInProcess } from './benchTiming.js';
import { chainScenario, seed004GrowthScenario } from './growthScenarios.js';

interface GrowthRow {
  label: string;
  simulatedS: number;
  wallS: number;
  cpuS: number;
  events: number;
  packetHops: number;
}

function measure(label: string, sc: ScenarioInput): GrowthRow {
  const sim = new Simulation(validateScenario(sc));
  const t = timeInProcess(() => sim.runUntil(sim.durationNs));
  let hops = 0;
  for (const p of sim.network.ports) hops += p.disc.stats.departures;
  return {
    label,
    simulatedS: sim.durationNs / 1e9,
    wallS: t.wallS,
    cpuS: t.cpuS,
    events: sim.sim.eventsProcessed,
    packetHops: hops,
  };
}

function print(title: string, head: string, rows: GrowthRow[], out: (s: string) => void): void {
  out(title);
  out(
    table(
      [head, 'sim s', 'wall s', 'CPU s', 'M events', 'M packet-hops', 'M events/CPU-s', 'ns CPU/packet-hop'],
      rows.map((r) => [
        r.label,
        String(r.simulatedS),
        r.wallS.toFixed(2),
        r.cpuS.toFixed(2),
        (r.events / 1e6).toFixed(2),
        (r.packetHops / 1e6).toFixed(2),
        (r.events / r.cpuS / 1e6).toFixed(2),
        ((r.cpuS * 1e9) / r.packetHops).toFixed(0),
      ]),
    ),
  );
  out('');
}

const RATE_LABEL: Record<number, string> = { 1e7: '10 Mb/s', 1e8: '100 Mb/s', 1e9: '1 Gb/s', 1e10: '10 Gb/s' };

/** Simulated seconds at `rateBps`: 30 s up to 100 Mb/s, less above (the runs' CPU time stays within seconds). */
const secondsAt = (rateBps: number) => (rateBps >= 1e10 ? 2 : rateBps >= 1e9 ? 5 : 30);

/**
 * `cclab bench --growth [--seed004-seconds S]`: how the engine's cost grows (docs/performance.md),
 * on the chain of growthScenarios.ts, one quantity varied at a time from 16 flows × 100 Mb/s × 3
 * hops: flows 1–256, bottleneck 10 Mb/s – 10 Gb/s, hops 2–13; then seed 004's 42-node Random
 * topology with its base station (the `seed004-random` preset) for S simulated seconds (default
 * 50; the spec's runs are 500 s). Each run in this process after a warm-up run; CPU time is what to
 * compare on a shared machine.
 */
export function benchGrowth(argv: string[], out: (s: string) => void): number {
  const i = argv.indexOf('--seed004-seconds');
  const seed004S = i >= 0 ? Number(argv[i + 1]) : 50;
  if (!(seed004S > 0)) {
    process.stderr.write(`cclab bench: --seed004-seconds ${argv[i + 1] ?? ''}: a positive number of seconds\n`);
    return 2;
  }
  out(`load average at start: ${loadAverage()}`);
  measure('warm-up', chainScenario({ flows: 16, rateBps: 1e8, hops: 3, durationS: 5 }));
  const base = { flows: 16, rateBps: 1e8, hops: 3, durationS: 30 };
  print(
    'Flows (100 Mb/s, 3 hops, 30 s simulated)',
    'flows',
    [1, 4, 16, 64, 256].map((n) => measure(String(n), chainScenario({ ...base, flows: n }))),
    out,
  );
  print(
    'Bottleneck rate (16 flows, 3 hops)',
    'rate',
    [1e7, 1e8, 1e9, 1e10].map((r) =>
      measure(RATE_LABEL[r]!, chainScenario({ ...base, rateBps: r, durationS: secondsAt(r) })),
    ),
    out,
  );
  print(
    'Hops on every path (16 flows, 100 Mb/s, 30 s simulated)',
    'hops',
    [2, 3, 5, 9, 13].map((h) => measure(String(h), chainScenario({ ...base, hops: h }))),
    out,
  );
  print(
    'Seed 004 Random topology (42 nodes, base station, 11 QUIC-TCP flows over 4–13 hops, 100-byte packets)',
    'run',
    [measure(`${seed004S} s`, seed004GrowthScenario(seed004S))],
    out,
  );
  out(`load average at end: ${loadAverage()}`);
  return 0;
}
