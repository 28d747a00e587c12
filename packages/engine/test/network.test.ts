import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import type { ScenarioInput } from '../src/scenario/types.js';
import { pathScenario } from './harness.js';
import { ns2DumbbellScenario } from '../src/scenario/ns2Dumbbell.js';

/** A square a-b-c-d-a plus a diagonal a-c, hosts h1 on a and h2 on c. */
function square(diagMetric: number, path?: string[]): ScenarioInput {
  const link = (a: string, b: string, metric = 1) => ({ a, b, rate: '10Mbps', delay: '1ms', metric });
  return {
    version: 1,
    duration: '1s',
    nodes: ['h1', 'h2', 'a', 'b', 'c', 'd'].map((id) => ({
      id,
      kind: id.startsWith('h') ? ('host' as const) : ('router' as const),
    })),
    links: [
      link('h1', 'a'),
      link('c', 'h2'),
      link('a', 'b'),
      link('b', 'c'),
      link('c', 'd'),
      link('d', 'a'),
      link('a', 'c', diagMetric),
    ],
    flows: [
      {
        id: 'f',
        from: 'h1',
        to: 'h2',
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: '1Mbps' } },
        ...(path ? { path } : {}),
      },
    ],
  };
}

const nodePath = (sim: Simulation) => sim.flows[0]!.nodePath.map((i) => sim.network.nodes[i]!.id);

describe('routing', () => {
  it('takes the fewest hops when every metric is 1', () => {
    expect(nodePath(new Simulation(square(1)))).toEqual(['h1', 'a', 'c', 'h2']);
  });

  it('follows link metrics: an expensive diagonal is avoided (ties go to the lower node index)', () => {
    expect(nodePath(new Simulation(square(5)))).toEqual(['h1', 'a', 'b', 'c', 'h2']);
  });

  it('uses an explicit per-flow path, and ACK-less UDP traffic only crosses those ports', () => {
    const sim = new Simulation(square(1, ['h1', 'a', 'd', 'c', 'h2']));
    expect(nodePath(sim)).toEqual(['h1', 'a', 'd', 'c', 'h2']);
    sim.run();
    expect(sim.network.portByName('a->d')!.disc.stats.departures).toBeGreaterThan(100);
    expect(sim.network.portByName('a->c')!.disc.stats.arrivals).toBe(0);
  });

  it('reports an unreachable destination as a scenario error naming the flow', () => {
    const sc = square(1);
    sc.nodes.push({ id: 'island', kind: 'host' });
    sc.flows[0]!.to = 'island';
    expect(() => new Simulation(sc)).toThrow(/flows\[0\]: no route from h1 to island/);
  });
});

describe('links', () => {
  it('delivers a packet after serialization plus propagation delay', () => {
    const sc = square(1);
    sc.flows[0]!.app = { type: 'cbr', params: { rate: '8kbps', packetSize: '1000B' } }; // one packet per second
    const sim = new Simulation(sc);
    sim.run();
    // h1→a→c→h2: three hops of 10 Mb/s (0.8 ms each for 1000 B) and 1 ms each
    expect(sim.flows[0]!.stats.meanDelayNs()).toBe(3 * 800_000 + 3 * 1_000_000);
  });

  it('drops about lossRate of the packets on a lossy link', () => {
    const sc = pathScenario({ transport: { type: 'udp' }, lossRate: 0.1, duration: '10s', seed: 5 });
    sc.flows[0]!.app = { type: 'cbr', params: { rate: '8Mbps', packetSize: '1000B' } };
    const sim = new Simulation(sc);
    const s = sim.run();
    const port = sim.network.portByName('r1->r2')!;
    const ratio = port.linkLosses / port.disc.stats.departures;
    expect(ratio).toBeGreaterThan(0.09);
    expect(ratio).toBeLessThan(0.11);
    expect(s.flows[0]!.lossRatio).toBeCloseTo(ratio, 3);
  });

  it('limits a queue in bytes when the buffer is given in bytes', () => {
    const sc = pathScenario({ transport: { type: 'udp' }, duration: '2s', rate: '1Mbps', buffer: '10KB' });
    sc.flows[0]!.app = { type: 'cbr', params: { rate: '4Mbps', packetSize: '1000B' } };
    const sim = new Simulation(sc);
    let maxBytes = 0;
    for (let t = 0.01; t < 2; t += 0.01) {
      sim.runUntil(t * 1e9);
      maxBytes = Math.max(maxBytes, sim.network.portByName('r1->r2')!.disc.lengthBytes);
    }
    // the limit includes the packet on the wire: waiting bytes stay below it (ns-2 byte mode)
    expect(maxBytes).toBe(9_000);
  });
});

describe('applications', () => {
  it('CBR sends at its rate', () => {
    const sc = pathScenario({ transport: { type: 'udp' }, duration: '10s', rate: '100Mbps' });
    sc.flows[0]!.app = { type: 'cbr', params: { rate: '2Mbps', packetSize: '500B' } };
    const s = new Simulation(sc).run();
    expect(s.flows[0]!.goodputBps / 2e6).toBeCloseTo(1, 2);
  });

  it('on/off averages rate · on/(on+off)', () => {
    const sc = pathScenario({ transport: { type: 'udp' }, duration: '400s', rate: '100Mbps', seed: 9 });
    sc.flows[0]!.app = {
      type: 'onoff',
      params: { rate: '4Mbps', packetSize: '1000B', onMean: '0.2s', offMean: '0.6s' },
    };
    const s = new Simulation(sc).run();
    expect(s.flows[0]!.goodputBps / 1e6).toBeGreaterThan(0.9);
    expect(s.flows[0]!.goodputBps / 1e6).toBeLessThan(1.1);
  });

  it('a finite bulk transfer completes and reports its completion time', () => {
    const sc = pathScenario({ transport: { type: 'tcp', cc: 'newreno' }, duration: '20s' });
    sc.flows[0]!.app = { type: 'bulk', params: { bytes: 1_000_000 } };
    const s = new Simulation(sc).run();
    const f = s.flows[0]!;
    // 1 MB of payload at ≤ 10 Mb/s takes more than 0.8 s; slow start from 2 segments adds RTTs
    expect(f.completionTimeS).toBeGreaterThan(0.8);
    expect(f.completionTimeS).toBeLessThan(3);
    expect(f.bytesDelivered).toBeGreaterThanOrEqual(1_000_000);
    expect(f.bytesDelivered).toBeLessThan(1_000_000 + 960);
  });
});

describe('per-flow departure counts of every port', () => {
  it('add up to the port’s own departures: no two ports share a counter', () => {
    // eight flows both ways through a shared bottleneck: every port counts data or ACKs of
    // several flows in the one counter array all ports share (core/CounterBlock.ts)
    const sim = new Simulation(ns2DumbbellScenario('counts', { n: '8', bw: '10Mb', qlim: '30', T: '3', qtype: 'DRR' }));
    sim.run();
    let checked = 0;
    for (const port of sim.network.ports) {
      const s = port.disc.stats;
      let packets = 0;
      let bytes = 0;
      for (let f = 0; f <= sim.flows.length; f++) {
        packets += port.departuresOf(f);
        bytes += port.departureBytesOf(f);
      }
      expect(packets).toBe(s.departures);
      expect(bytes).toBe(s.departureBytes);
      if (packets > 0) checked++;
    }
    expect(checked).toBe(sim.network.ports.length);
  });
});
