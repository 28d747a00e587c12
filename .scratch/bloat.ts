import { Simulation } from '../packages/engine/src/Simulation.js';
import { dumbbell } from '../packages/engine/src/scenario/builders.js';
const cc = process.argv[2] ?? 'newreno';
for (const q of ['droptail', 'codel', 'pie', 'fq-codel']) {
  const sc = dumbbell({
    name: 'bloat', duration: '30s',
    flows: [0, 1, 2, 3].map((i) => ({ transport: { type: 'tcp', cc, params: JSON.parse(process.env.TP ?? '{}') } as any, start: `${0.1 * i}s` })),
    bottleneckRate: '20Mbps', bottleneckDelay: '20ms', bottleneckBuffer: '1000 packets',
    bottleneckQueue: { type: q }, accessRate: '100Mbps', accessDelay: '5ms',
  });
  const sim = new Simulation(sc as any);
  const t0 = performance.now();
  sim.run();
  const port = sim.network.portByName('r1->r2')!;
  const d = port.disc;
  console.log(q.padEnd(9), 'sojourn ms', (d.meanSojournNs() / 1e6).toFixed(1), 'meanQ', d.meanLengthPackets().toFixed(1),
    'thr Mb/s', ((d.stats.departureBytes * 8) / 30 / 1e6).toFixed(2), 'drops', d.stats.drops, JSON.stringify(d.stats.dropsByReason), 'wall', ((performance.now()-t0)/1000).toFixed(2));
}
