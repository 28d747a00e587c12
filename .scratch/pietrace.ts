import { Simulation } from '../packages/engine/src/Simulation.js';
import { dumbbell } from '../packages/engine/src/scenario/builders.js';
import { PieQueueDisc } from '../packages/engine/src/queue/PieQueueDisc.js';
const cc = process.argv[2] ?? 'cubic';
const q = process.argv[3] ?? 'pie';
const sc = dumbbell({
  name: 'bloat', duration: '30s',
  flows: [0, 1, 2, 3].map((i) => ({ transport: { type: 'tcp', cc } as any, start: `${0.1 * i}s` })),
  bottleneckRate: '20Mbps', bottleneckDelay: '20ms', bottleneckBuffer: '1000 packets',
  bottleneckQueue: { type: q }, accessRate: '100Mbps', accessDelay: '5ms',
});
const sim = new Simulation(sc as any);
const d = sim.network.portByName('r1->r2')!.disc as PieQueueDisc;
let lastDrops = 0, lastDep = 0;
for (let t = 0.25; t <= 30; t += 0.25) {
  sim.runUntil(Math.round(t * 1e9));
  console.log(t.toFixed(2), 'q', d.lengthPackets, 'p', d.dropProb?.toFixed(4), 'qd', (d.qdelayNs/1e6)?.toFixed(1), 'burst', d.burstAllowanceNs/1e6, 'drops', d.stats.drops - lastDrops, 'Mb/s', ((d.stats.departureBytes - lastDep) * 8 / 0.25 / 1e6).toFixed(1));
  lastDrops = d.stats.drops; lastDep = d.stats.departureBytes;
}
