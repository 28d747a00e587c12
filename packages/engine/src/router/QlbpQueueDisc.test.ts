import { describe, expect, it } from 'vitest';
import { FifoQueueDisc } from '../queue/FifoQueueDisc.js';
import { QueueBench } from '../queue/queueTestKit.js';
import { Simulation } from '../Simulation.js';
import type { ScenarioInput } from '../scenario/types.js';
import { QlbpQueueDisc } from './QlbpQueueDisc.js';
import { RateVariance } from './RateVariance.js';

/** C = 10 Mb/s, μ_min = 1 Mb/s (0.1·C), Q_max = 20 packets. */
function pacer(bench = new QueueBench({ rateBps: 10e6, limit: { packets: 1000 } })) {
  const d = bench.attach(
    new QlbpQueueDisc(
      { minRateFraction: 0.1, maxQueuePackets: 20, pacingBufferPackets: 0, rateWindowNs: 10e6 },
      () => new FifoQueueDisc(),
    ),
  );
  return { bench, d };
}

describe('QLBP rate law r(q) = μ_min + (C − μ_min)·min(q/Q_max, 1)', () => {
  it('runs from μ_min at an empty queue to C at Q_max and stays there', () => {
    const { d } = pacer();
    expect(d.pacingRateBps(0)).toBe(1e6);
    expect(d.pacingRateBps(10)).toBe(5.5e6);
    expect(d.pacingRateBps(20)).toBe(10e6);
    expect(d.pacingRateBps(35)).toBe(10e6);
  });

  it('spaces departures by 8L/r(q), q read when the port looks', () => {
    const { bench, d } = pacer();
    for (let i = 0; i < 3; i++) d.enqueue(bench.packet(0, 1000));
    expect(d.dequeue()).not.toBeNull(); // nothing sent before: leaves at once
    // q = 2: r = 1 + 9·2/20 = 1.9 Mb/s → 8000 bits take 4.2105 ms
    expect(d.dequeue()).toBeNull();
    expect(d.nextReadyTimeNs()).toBe(Math.round(0) + 8000e9 / 1.9e6);
    bench.advanceTo(4_210_526);
    expect(d.dequeue()).toBeNull(); // 0.3 ns early
    bench.advanceTo(4_210_527);
    expect(d.dequeue()).not.toBeNull();
    // q = 1: r = 1.45 Mb/s → 5.5172 ms after the second departure
    expect(d.nextReadyTimeNs()).toBeCloseTo(4_210_527 + 8000e9 / 1.45e6, 3);
  });

  it('a queue that grows while a packet waits shortens the wait (rule a)', () => {
    const { bench, d } = pacer();
    d.enqueue(bench.packet(0, 1000));
    d.dequeue();
    d.enqueue(bench.packet(0, 1000));
    // q = 1: the next may leave 5.517 ms after the first
    expect(d.nextReadyTimeNs()).toBeCloseTo(8000e9 / 1.45e6, 3);
    bench.advanceTo(1e6);
    for (let i = 0; i < 18; i++) d.enqueue(bench.packet(1, 1000));
    // q = 19: r = 1 + 9·19/20 = 9.55 Mb/s → 0.838 ms, already past at 1 ms
    expect(d.dequeue()).not.toBeNull();
  });
});

/** A bursty source behind a QLBP edge port: on/off at 8 Mb/s peak into a 10 Mb/s paced link. */
function paced(queue: ScenarioInput['links'][number]['queue'], app: ScenarioInput['flows'][number]['app']): Simulation {
  return new Simulation({
    version: 1,
    seed: 3,
    duration: '20s',
    nodes: [
      { id: 's', kind: 'host' },
      { id: 'e', kind: 'router' },
      { id: 'd', kind: 'host' },
    ],
    links: [
      { a: 's', b: 'e', rate: '1Gbps', delay: '1ms', buffer: '10000 packets' },
      { a: 'e', b: 'd', rate: '10Mbps', delay: '5ms', buffer: '10000 packets', ...(queue ? { queue } : {}) },
    ],
    flows: [{ id: 'f', from: 's', to: 'd', transport: { type: 'udp' }, app }],
    probes: { interval: '100ms', ports: ['e->d'] },
  });
}

describe('QLBP at a port', () => {
  it('does not delay traffic slower than μ_min (rule b)', () => {
    // 1000-byte CBR at 0.5 Mb/s: one packet every 16 ms; μ_min = 1 Mb/s needs 8 ms per packet
    const sim = paced({ type: 'qlbp' }, { type: 'cbr', params: { rate: '500kbps', packetSize: '1000B' } });
    sim.run();
    const port = sim.network.portByName('e->d')!;
    expect(port.disc.stats.departures).toBeGreaterThan(1200);
    expect(port.disc.meanSojournNs()).toBe(0);
  });

  it('holds packets through the port’s wake path and lowers the output rate variance', () => {
    const burst = { type: 'onoff', params: { rate: '8Mbps', packetSize: '1000B', onMean: '50ms', offMean: '50ms' } };
    const plain = paced(undefined, burst);
    plain.run();
    const sim = paced({ type: 'qlbp', params: { maxQueue: 50 } }, burst);
    sim.run();
    const port = sim.network.portByName('e->d')!;
    const q = port.disc as QlbpQueueDisc;
    const r = q.rateStats();
    // everything offered is delivered (4 Mb/s on average into 10 Mb/s) ...
    expect(sim.flows[0]!.stats.packetsReceived).toBeGreaterThan(0.98 * sim.flows[0]!.stats.packetsSent);
    // ... but spread out: the paced output varies less than its bursty input, and less than the
    // unpaced port's output, at the cost of a pacing delay
    expect(r.outputCov).toBeLessThan(0.8 * r.inputCov);
    expect(port.disc.meanSojournNs()).toBeGreaterThan(plain.network.portByName('e->d')!.disc.meanSojournNs());
    expect(Math.abs(r.outputMean - r.inputMean) / r.inputMean).toBeLessThan(0.02);
  });
});

describe('rate variance over windows', () => {
  it('counts idle windows as zero rate', () => {
    const v = new RateVariance(1e6); // 1 ms windows
    v.add(0, 1000); // window 0: 8 Mb/s
    v.add(3.5e6, 1000); // windows 1, 2 empty; window 3 open
    v.add(4.1e6, 0); // closes window 3: 8 Mb/s
    // samples 8, 0, 0, 8 (Mb/s): mean 4, sample variance (4·16)/3
    expect(v.meanBps()).toBeCloseTo(4e6, 6);
    expect(v.variance()).toBeCloseTo((64 / 3) * 1e12, 0);
  });
});
