import { Simulation } from '../packages/engine/src/Simulation.js';
import { dumbbell } from '../packages/engine/src/scenario/builders.js';
const cc = process.argv[2] ?? 'cubic';
const q = process.argv[3] ?? 'codel';
const step = Number(process.argv[4] ?? '0.5');
const sc = dumbbell({
  name: 'bloat', duration: '30s',
  flows: [0, 1, 2, 3].map((i) => ({ transport: { type: 'tcp', cc, params: JSON.parse(process.env.TP ?? '{}') } as any, start: `${0.1 * i}s` })),
  bottleneckRate: '20Mbps', bottleneckDelay: '20ms', bottleneckBuffer: '1000 packets',
  bottleneckQueue: { type: q, params: JSON.parse(process.env.QP ?? '{}') }, accessRate: '100Mbps', accessDelay: '5ms',
});
const sim = new Simulation(sc as any);
const d = sim.network.portByName('r1->r2')!.disc as any;
const senders = (sim as any).network;
let lastDrops = 0, lastDep = 0;
for (let t = step; t <= 30; t += step) {
  sim.runUntil(Math.round(t * 1e9));
  const cw = (sim as any).flows.map((f: any) => { const c = f.sender.congestion(); return c ? c.cwnd.toFixed(0)+'/'+c.ssthresh.toFixed(0)+'/'+f.stats.timeouts : '-'; }).join(' ');
  console.log(t.toFixed(2), cw, 'q', d.lengthPackets, 'dropping', d.dropping, 'count', d.count, 'soj', (d.headSojournNs/1e6).toFixed(1), 'drops', d.stats.drops - lastDrops, 'Mb/s', ((d.stats.departureBytes - lastDep) * 8 / step / 1e6).toFixed(1));
  lastDrops = d.stats.drops; lastDep = d.stats.departureBytes;
}
