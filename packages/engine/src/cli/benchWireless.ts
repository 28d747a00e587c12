/**
 * `cclab bench --wireless`: the per-event cost of a base station against plain ports. The same
 * six bulk TCP flows run twice: to six UEs behind a TDMA base station (10 ms slots, Rayleigh
 * fading, Table 1 AMC over 10 MHz, Qdelay), and to six hosts behind a router whose six links
 * are plain fixed-rate ports carrying, together, about what the radio carries. Cost is CPU time
 * of this process per event (steadier than wall time on a shared, loaded machine); runs alternate
 * and the median of each is reported.
 */
import { Simulation } from '../Simulation.js';
import type { ScenarioInput } from '../scenario/types.js';

const SNR = [5, 9, 13, 5, 9, 13];

function cellScenario(radio: boolean, seconds: number): ScenarioInput {
  const ues = SNR.map((_, i) => `UE${i + 1}`);
  return {
    version: 1,
    seed: 1,
    duration: `${seconds}s`,
    nodes: [
      { id: 'server', kind: 'host' },
      { id: 'gw', kind: 'router' },
      radio ? { id: 'BS', kind: 'bs', bs: { scheduler: { type: 'qdelay' } } } : { id: 'BS', kind: 'router' },
      ...ues.map((id) => ({ id, kind: 'host' as const })),
    ],
    links: [
      { a: 'server', b: 'gw', rate: '1Gbps', delay: '5ms', buffer: '10000 packets' },
      { a: 'gw', b: 'BS', rate: '1Gbps', delay: '5ms', buffer: '10000 packets' },
      ...ues.map((ue, i) => ({
        a: 'BS',
        b: ue,
        // plain: 1/6 of the ≈ 10 Mb/s the radio carries under Qdelay at these SNRs
        rate: radio ? '100Mbps' : '1.7Mbps',
        delay: '1ms',
        buffer: '1000 packets',
        ...(radio ? { channel: { type: 'rayleigh', params: { meanSnrDb: SNR[i]! } } } : {}),
      })),
    ],
    flows: ues.map((ue, i) => ({
      id: `f${i}`,
      from: 'server',
      to: ue,
      transport: { type: 'tcp', cc: 'newreno', params: { packetSize: '100B' } },
      app: { type: 'bulk' },
    })),
    probes: { interval: '1s', ports: [] },
  };
}

interface Sample {
  wallS: number;
  /** CPU time of this process (user + system): steadier than wall time on a loaded machine. */
  cpuS: number;
  events: number;
  packetHops: number;
}

function runOnce(radio: boolean, seconds: number): Sample {
  const sim = new Simulation(cellScenario(radio, seconds));
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  sim.run();
  const c = process.cpuUsage(c0);
  const wallS = (performance.now() - t0) / 1000;
  let hops = 0;
  for (const p of sim.network.ports) hops += p.disc.stats.departures;
  return { wallS, cpuS: (c.user + c.system) / 1e6, events: sim.sim.eventsProcessed, packetHops: hops };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export function benchWireless(argv: string[]): number {
  const out = (s: string) => process.stdout.write(s + '\n');
  const reps = Number(argv[argv.indexOf('--reps') + 1]) || 5;
  const seconds = 60;
  runOnce(true, 5); // JIT warm-up of both paths
  runOnce(false, 5);
  const bs: Sample[] = [];
  const plain: Sample[] = [];
  for (let i = 0; i < reps; i++) {
    bs.push(runOnce(true, seconds));
    plain.push(runOnce(false, seconds));
  }
  const nsPerEvent = (s: Sample) => (s.cpuS * 1e9) / s.events;
  const nsPerHop = (s: Sample) => (s.cpuS * 1e9) / s.packetHops;
  const row = (name: string, xs: Sample[]) =>
    out(
      `  ${name.padEnd(14)} ${median(xs.map((s) => s.wallS))
        .toFixed(2)
        .padStart(7)} s wall  ${median(xs.map((s) => s.cpuS))
        .toFixed(2)
        .padStart(
          6,
        )} s CPU  ${(xs[0]!.events / 1e6).toFixed(2).padStart(7)} M events  ${(xs[0]!.packetHops / 1e6).toFixed(2).padStart(7)} M packet-hops  ${median(xs.map(nsPerEvent)).toFixed(0).padStart(5)} CPU ns/event  ${median(xs.map(nsPerHop)).toFixed(0).padStart(5)} CPU ns/packet-hop`,
    );
  out(`wireless cell: 6 NewReno flows of 100-byte packets, ${seconds} s simulated, median of ${reps} alternating runs`);
  row('base station', bs);
  row('plain ports', plain);
  const ratio = median(bs.map(nsPerEvent)) / median(plain.map(nsPerEvent));
  out(`  cost per event, base station / plain = ${ratio.toFixed(2)} (target ≤ 1.5)`);
  return 0;
}
