import { describe, expect, it } from 'vitest';
import { Simulation, PORT_COLUMNS } from '../src/Simulation.js';
import type { Packet } from '../src/net/Packet.js';
import { ClassfulQueueDisc } from '../src/queue/ClassfulQueueDisc.js';
import { FifoQueueDisc } from '../src/queue/FifoQueueDisc.js';
import { DropTailQueueDisc } from '../src/queue/DropTailQueueDisc.js';
import { queueModels } from '../src/registry/queueModels.js';
import type { DropReason } from '../src/net/QueueDisc.js';
import { accountingHolds, HoldUntilQueueDisc, QueueBench } from '../src/queue/queueTestKit.js';
import { ScenarioError, validateScenario } from '../src/scenario/validate.js';
import { pathScenario } from './harness.js';

/**
 * The router-side foundation every discipline builds on: the port's wake path for pacers, the
 * classful tree's accounting, per-flow backlog, sojourn times and the scenario fields that
 * classify flows. The schedulers and AQMs themselves have their own tests.
 */

/** Two children by flow class, served alternately; the longest child pays when the buffer is full. */
class TwoClassScheduler extends ClassfulQueueDisc {
  private turn = 0;
  protected doEnqueue(pkt: Packet): boolean {
    if (this.overLimit(pkt.sizeBytes)) {
      const victim = this.longestChild();
      if (victim < 0 || !this.evictFromChild(victim, 'fq-overflow')) {
        this.dropBeforeEnqueue(pkt, 'overflow');
        return false;
      }
    }
    const cls = this.ctx.flows.classOf[pkt.flowId]! > 0 ? 1 : 0;
    return this.enqueueToChild(cls, pkt);
  }
  protected doDequeue(): Packet | null {
    for (let k = 0; k < 2; k++) {
      const i = (this.turn + k) % 2;
      if ((this.childAt(i)?.lengthPackets ?? 0) > 0) {
        this.turn = (i + 1) % 2;
        return this.dequeueFromChild(i);
      }
    }
    return null;
  }
}

let holdRelease = 0;
// Registered for good (test files share a worker's module graph, vitest.config.ts): described as
// fully as a real model, so tests that go through every registered model hold with these too.
const registerTestModels = () => {
  if (queueModels.some((m) => m.info.id === 'test-hold')) return;
  queueModels.push(
    {
      info: {
        id: 'test-hold',
        category: 'queue',
        name: 'Hold',
        description: 'Holds every packet until a release time (tests only).',
        citation: 'tests',
        params: [],
      },
      create: () => new HoldUntilQueueDisc(holdRelease),
    },
    {
      info: {
        id: 'test-two-class',
        category: 'queue',
        name: 'Two classes',
        description: 'Two child queues served in turn (tests only).',
        citation: 'tests',
        params: [],
        classful: true,
      },
      create: (_p, _l, build) => new TwoClassScheduler(build.makeChild),
    },
  );
};
registerTestModels();

function udpPair(queue: { type: string; child?: { type: string; params?: Record<string, unknown> } }) {
  const sc = pathScenario({
    transport: { type: 'udp' },
    flows: 2,
    rate: '1Mbps',
    buffer: '20 packets',
    duration: '2s',
    probeInterval: '100ms',
  });
  sc.flows.forEach((f, i) => {
    f.app = { type: 'cbr', params: { rate: '1Mbps', packetSize: '1000B' } };
    f.class = i;
  });
  sc.links[0]!.queue = queue;
  return sc;
}

describe('the port wake path (pacers and shapers)', () => {
  it('a packet held by the discipline leaves at the time nextReadyTimeNs reported', () => {
    holdRelease = 300e6;
    const sc = udpPair({ type: 'test-hold' });
    const sim = new Simulation(sc);
    const port = sim.network.portByName('r1->r2')!;
    const departures: number[] = [];
    port.addHook({ beforeTransmit: () => void departures.push(sim.sim.now) });
    sim.runUntil(299e6);
    expect(departures).toEqual([]);
    expect(port.disc.lengthPackets).toBeGreaterThan(0);
    sim.runUntil(400e6);
    expect(departures[0]).toBe(300e6);
  });

  it('wake() lets a held packet leave as soon as the discipline releases it', () => {
    holdRelease = Infinity;
    const sim = new Simulation(udpPair({ type: 'test-hold' }));
    const port = sim.network.portByName('r1->r2')!;
    const departures: number[] = [];
    port.addHook({ beforeTransmit: () => void departures.push(sim.sim.now) });
    sim.runUntil(150e6);
    expect(departures).toEqual([]);
    (port.disc as HoldUntilQueueDisc).releaseAt(150e6);
    sim.runUntil(151e6);
    expect(departures[0]).toBe(150e6);
  });

  it('a rate change applies to the next packet serialized', () => {
    holdRelease = 0;
    const sim = new Simulation(udpPair({ type: 'droptail' }));
    const port = sim.network.portByName('r1->r2')!;
    expect(port.txTimeNs(1000)).toBe(8e6);
    port.setRateBps(2e6);
    expect(port.rateBps).toBe(2e6);
    expect(port.txTimeNs(1000)).toBe(4e6);
    expect(() => port.setRateBps(0)).toThrow(/not positive/);
  });
});

describe('classful schedulers: one shared buffer, every node accounts for itself', () => {
  it('the identity holds at the parent and at each child, and each drop reaches the port once', () => {
    const sim = new Simulation(udpPair({ type: 'test-two-class' }));
    const port = sim.network.portByName('r1->r2')!;
    const seen: number[] = [];
    const dropsAtPort: string[] = [];
    for (let t = 0.05; t <= 2; t += 0.05) {
      sim.runUntil(t * 1e9);
      const root = port.disc as TwoClassScheduler;
      expect(accountingHolds(root)).toBe(true);
      let childQueued = 0;
      let childDrops = 0;
      for (let i = 0; i < root.childCount; i++) {
        const c = root.childAt(i);
        if (!c) continue;
        expect(accountingHolds(c)).toBe(true);
        childQueued += c.lengthPackets;
        childDrops += c.stats.drops;
      }
      // the parent's storage is its children's; its drops are theirs plus its own refusals
      expect(root.lengthPackets).toBe(childQueued);
      expect(root.stats.drops).toBe(childDrops + (root.stats.dropsByReason.overflow ?? 0));
      seen.push(root.stats.drops);
    }
    for (const d of sim.drainDrops()) if (d.port === port.id) dropsAtPort.push(d.reason);
    const root = port.disc;
    // 2 Mb/s offered into 1 Mb/s: the shared buffer overflows, and the longest child pays
    expect(root.stats.dropsByReason['fq-overflow']).toBeGreaterThan(20);
    // every drop counted at the root reached the port's observer exactly once
    expect(port.flowDrops[0]! + port.flowDrops[1]!).toBe(root.stats.drops);
    expect(dropsAtPort.length).toBe(root.stats.drops);
    // never more than the shared limit in storage
    expect(Math.max(...seen)).toBeGreaterThan(0);
  });

  it('children are the scenario’s child discipline: DropTail children refuse at their own limit', () => {
    const sim = new Simulation(udpPair({ type: 'test-two-class', child: { type: 'droptail' } }));
    sim.runUntil(2e9);
    const root = sim.network.portByName('r1->r2')!.disc as TwoClassScheduler;
    expect(root.childAt(0)).toBeInstanceOf(DropTailQueueDisc);
    expect(root.childAt(1)).toBeInstanceOf(DropTailQueueDisc);
    expect(accountingHolds(root)).toBe(true);
  });

  it('a longest-queue drop evicts from the child holding the most bytes', () => {
    const bench = new QueueBench({ limit: { packets: 4 }, flows: 2, classes: [0, 1] });
    const s = bench.attach(new TwoClassScheduler(() => new FifoQueueDisc()));
    s.enqueue(bench.packet(0));
    s.enqueue(bench.packet(0));
    s.enqueue(bench.packet(0));
    s.enqueue(bench.packet(1));
    expect(s.enqueue(bench.packet(1))).toBe(true);
    expect(bench.drops).toHaveLength(1);
    expect(bench.drops[0]).toMatchObject({ flow: 0, seq: 0, reason: 'fq-overflow' as DropReason });
    expect(s.flowBacklogPackets[0]).toBe(2);
    expect(s.flowBacklogPackets[1]).toBe(2);
    expect(accountingHolds(s)).toBe(true);
  });
});

describe('per-packet sojourn time and per-flow backlog', () => {
  it('sojourn is the time from enqueue to dequeue', () => {
    const bench = new QueueBench();
    const d = bench.attach(new FifoQueueDisc());
    d.enqueue(bench.packet(0));
    bench.advanceTo(3e6);
    d.enqueue(bench.packet(1));
    bench.advanceTo(10e6);
    d.dequeue();
    expect(d.lastSojournNs).toBe(10e6);
    d.dequeue();
    expect(d.lastSojournNs).toBe(7e6);
    expect(d.meanSojournNs()).toBe(8.5e6);
    expect(d.flowBacklogPackets[0]).toBe(0);
  });

  it('port series record marks, sojourn and each flow’s backlog by name', () => {
    const sim = new Simulation(udpPair({ type: 'droptail' }));
    sim.run();
    const i = sim.probedPorts.findIndex((p) => p.name === 'r1->r2');
    const cols = sim.portColumns[i]!;
    expect(cols.slice(0, PORT_COLUMNS.length)).toEqual([...PORT_COLUMNS]);
    expect(cols).toContain('backlog:f0');
    expect(cols).toContain('backlog:f1');
    const series = sim.portSeries[i]!;
    const q = series.column('queuePackets');
    const b0 = series.column('backlog:f0');
    const b1 = series.column('backlog:f1');
    const soj = series.column('sojournMs');
    const last = q.length - 1;
    // a full 20-packet DropTail at 1 Mb/s: about 19 packets of 8 ms each wait
    expect(q[last]).toBeGreaterThan(15);
    expect(b0[last]! + b1[last]!).toBe(q[last]);
    expect(soj[last]).toBeGreaterThan(15 * 8);
    expect(soj[last]).toBeLessThan(20 * 8 + 1);
  });
});

describe('scenario: classes, weights and child disciplines', () => {
  const base = () => udpPair({ type: 'droptail' });

  it('flows carry a class and a weight (defaults 0 and 1)', () => {
    const sc = base();
    sc.flows[1]!.weight = 3;
    const r = validateScenario(sc);
    expect(r.flows.map((f) => [f.class, f.weight])).toEqual([
      [0, 1],
      [1, 3],
    ]);
  });

  it('rejects a class out of range and a weight that is not positive, naming the field', () => {
    const sc = base();
    sc.flows[0]!.class = 64;
    sc.flows[1]!.weight = 0;
    try {
      validateScenario(sc);
      expect.unreachable();
    } catch (e) {
      const paths = (e as ScenarioError).issues.map((i) => i.path);
      expect(paths).toContain('flows[0].class');
      expect(paths).toContain('flows[1].weight');
    }
  });

  it('a child discipline is only accepted under a scheduler', () => {
    const sc = base();
    sc.links[0]!.queue = { type: 'droptail', child: { type: 'droptail' } };
    expect(() => validateScenario(sc)).toThrow(/links\[0\]\.queue\.child: droptail has no sub-queues/);
  });

  it('nesting deeper than two levels of child is refused by the schema', () => {
    const sc = base();
    sc.links[0]!.queue = {
      type: 'test-two-class',
      child: { type: 'test-two-class', child: { type: 'test-two-class', child: { type: 'droptail' } } },
    };
    expect(() => validateScenario(sc)).toThrow(/links\[0\]\.queue\.child\.child/);
  });
});
