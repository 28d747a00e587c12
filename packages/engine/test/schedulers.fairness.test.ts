import { describe, expect, it } from 'vitest';
import { jainIndex } from '../src/metrics/TimeSeries.js';
import type { ClassfulQueueDisc } from '../src/queue/ClassfulQueueDisc.js';
import { accountingHolds } from '../src/queue/queueTestKit.js';
import { dumbbell } from '../src/scenario/builders.js';
import type { QueueSpec } from '../src/scenario/types.js';
import { Simulation } from '../src/Simulation.js';

/**
 * The schedulers in a network: fairness among TCP flows of very different RTTs, isolation from an
 * unresponsive flow, and the shares that weights and priorities promise (analytic for CBR traffic:
 * GPS gives flow i the share φ_i / Σφ of a link all flows overload).
 */

const MBPS = 1e6;
type FlowSpec = Parameters<typeof dumbbell>[0]['flows'][number];
const newreno = (): FlowSpec => ({ transport: { type: 'tcp', cc: 'newreno' } });
const cbr = (rate: string): FlowSpec => ({
  transport: { type: 'udp' },
  app: { type: 'cbr', params: { rate, packetSize: '1000B' } },
});

/** Per-flow throughput (bit/s) at the 10 Mb/s bottleneck. */
function run(
  flows: FlowSpec[],
  queue: QueueSpec | undefined,
  o: { buffer: string; duration: string; accessDelays?: string[]; classes?: number[]; weights?: number[] },
): number[] {
  const sc = dumbbell({
    name: 'scheduler fairness',
    flows: flows.map((f, i) => ({ ...f, start: `${i * 0.1}s` })),
    bottleneckRate: '10Mbps',
    bottleneckDelay: '1ms',
    bottleneckBuffer: o.buffer,
    ...(queue ? { bottleneckQueue: queue } : {}),
    accessRate: '100Mbps',
    accessDelay: '1ms',
    ...(o.accessDelays ? { accessDelays: o.accessDelays } : {}),
    duration: o.duration,
  });
  sc.flows.forEach((f, i) => {
    if (o.classes) f.class = o.classes[i]!;
    if (o.weights) f.weight = o.weights[i]!;
  });
  const s = new Simulation(sc).run();
  const port = s.ports.find((p) => p.name === 'r1->r2')!;
  return s.flows.map((f) => port.flowThroughputBps[f.id] ?? 0);
}

const fairSchedulers: [string, QueueSpec][] = [
  ['drr', { type: 'drr', params: { by: 'flow', sharedLimit: 'port' } }],
  ['sfq', { type: 'sfq', params: { maxqueue: 0 } }],
  ['fq', { type: 'fq' }],
  ['wfq', { type: 'wfq' }],
  ['wfq scfq', { type: 'wfq', params: { virtualTime: 'scfq' } }],
  ['rr', { type: 'rr' }],
];

describe('four NewReno flows with RTTs of 10, 50, 100 and 200 ms (60-packet buffer, 60 s)', () => {
  // one-way delay 5, 25, 50, 100 ms: access 3/23/48/98 ms + 1 ms bottleneck + 1 ms to the sink
  const opts = { buffer: '60 packets', duration: '60s', accessDelays: ['3ms', '23ms', '48ms', '98ms'] };
  const fairShare = 2.5 * MBPS;

  it('DropTail favours the short RTTs: the 200 ms flow gets under a third of its share', () => {
    const th = run([newreno(), newreno(), newreno(), newreno()], undefined, opts);
    expect(jainIndex(th)).toBeLessThan(0.75);
    expect(th[3]!).toBeLessThan(fairShare / 3);
  });

  it.each(fairSchedulers)('%s shares the link about equally (Jain ≥ 0.93)', (_name, queue) => {
    const th = run([newreno(), newreno(), newreno(), newreno()], queue, opts);
    expect(jainIndex(th)).toBeGreaterThanOrEqual(0.93);
    // the 200 ms flow needs a 62-packet window for its share, so it stays somewhat below it
    expect(th[3]!).toBeGreaterThan(0.6 * fairShare);
  });
});

describe('an unresponsive CBR flow sending twice its fair share (5 Mb/s) beside three NewReno flows', () => {
  const opts = { buffer: '60 packets', duration: '30s' };
  const flows = [newreno(), newreno(), newreno(), cbr('5Mbps')];
  const fairShare = 2.5 * MBPS;

  it('DropTail lets it take what it sends', () => {
    const th = run(flows, undefined, opts);
    expect(th[3]!).toBeGreaterThan(1.8 * fairShare);
  });

  it.each([...fairSchedulers, ['drr (ns-2 defaults)', { type: 'drr' }] as [string, QueueSpec]])(
    '%s holds it to its fair share',
    (_name, queue) => {
      const th = run(flows, queue, opts);
      expect(th[3]!).toBeLessThan(1.05 * fairShare);
      for (let i = 0; i < 3; i++) expect(th[i]!).toBeGreaterThan(0.9 * fairShare);
    },
  );
});

describe('shares promised by weights and priorities (two CBR flows overloading 10 Mb/s)', () => {
  const opts = { buffer: '50 packets', duration: '20s' };
  const twoCbr = [cbr('10Mbps'), cbr('10Mbps')];
  // the first flow starts 0.1 s early: measured over the whole run it gains ≤ 0.1/20 of the link
  const near = (x: number, y: number) => expect(Math.abs(x - y)).toBeLessThan(0.01 * 10 * MBPS);

  it.each<[string, QueueSpec]>([
    ['wfq by flow', { type: 'wfq' }],
    ['wfq scfq', { type: 'wfq', params: { virtualTime: 'scfq' } }],
    ['drr by flow', { type: 'drr', params: { by: 'flow', sharedLimit: 'port' } }],
  ])('%s: weights 1 and 3 give 2.5 and 7.5 Mb/s', (_name, queue) => {
    const th = run(twoCbr, queue, { ...opts, weights: [1, 3] });
    near(th[0]!, 2.5 * MBPS);
    near(th[1]!, 7.5 * MBPS);
  });

  it('wfq by class: class weights 3 and 1 give 7.5 and 2.5 Mb/s', () => {
    const th = run(twoCbr, { type: 'wfq', params: { by: 'class', weights: [3, 1] } }, { ...opts, classes: [0, 1] });
    near(th[0]!, 7.5 * MBPS);
    near(th[1]!, 2.5 * MBPS);
  });

  it('prio with pushout: the higher class gets all it sends (6 Mb/s), the lower class the rest', () => {
    const th = run(
      [cbr('6Mbps'), cbr('6Mbps')],
      { type: 'prio', params: { overflow: 'pushout' } },
      {
        ...opts,
        classes: [1, 0],
      },
    );
    near(th[1]!, 6 * MBPS);
    near(th[0]!, 4 * MBPS);
  });

  it('prio with tail drop: a buffer full of low-priority packets refuses high-priority ones too', () => {
    const th = run([cbr('6Mbps'), cbr('6Mbps')], { type: 'prio' }, { ...opts, classes: [1, 0] });
    expect(th[1]!).toBeLessThan(5.5 * MBPS);
    near(th[0]! + th[1]!, 10 * MBPS);
  });
});

describe('schedulers over CoDel children (DRR over CoDel and the like)', () => {
  const tcp4 = [newreno(), newreno(), newreno(), newreno()];
  const run30 = (queue: QueueSpec) => {
    const sc = dumbbell({
      name: 'scheduler over codel',
      flows: tcp4.map((f, i) => ({ ...f, start: `${i * 0.1}s` })),
      bottleneckRate: '10Mbps',
      bottleneckDelay: '20ms',
      bottleneckBuffer: '200 packets',
      bottleneckQueue: queue,
      accessRate: '100Mbps',
      accessDelay: '5ms',
      duration: '30s',
    });
    const sim = new Simulation(sc);
    const s = sim.run();
    const root = sim.network.portByName('r1->r2')!.disc as ClassfulQueueDisc;
    const nodes = [root, ...Array.from({ length: root.childCount }, (_, i) => root.childAt(i)).filter((c) => !!c)];
    return { port: s.ports.find((p) => p.name === 'r1->r2')!, goodput: s.flows.map((f) => f.goodputBps), nodes };
  };

  it('with FIFO children a 200-packet buffer stands full (DRR by flow: mean queue > 100 packets)', () => {
    const r = run30({ type: 'drr', params: { by: 'flow', sharedLimit: 'port' } });
    expect(r.port.meanQueuePackets).toBeGreaterThan(100);
  });

  it.each<[string, QueueSpec]>([
    ['prio', { type: 'prio' }],
    ['rr', { type: 'rr' }],
    ['drr', { type: 'drr', params: { by: 'flow', sharedLimit: 'port' } }],
    ['sfq', { type: 'sfq', params: { maxqueue: 0 } }],
    ['fq', { type: 'fq', params: { flowLimit: 0 } }],
    ['wfq', { type: 'wfq' }],
  ])('%s: CoDel keeps the queue short (sojourn target 5 ms ≈ 6 packets of link time), the link busy', (_n, q) => {
    const r = run30({ ...q, child: { type: 'codel' } });
    expect(r.port.meanQueuePackets).toBeLessThan(15);
    expect(r.port.dropsByReason.codel ?? 0).toBeGreaterThan(50);
    expect(r.goodput.reduce((a, b) => a + b, 0)).toBeGreaterThan(8.5 * MBPS);
    for (const n of r.nodes) expect(accountingHolds(n)).toBe(true);
  });
});
