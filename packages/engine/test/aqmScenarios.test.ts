import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import { dumbbell } from '../src/scenario/builders.js';
import type { ScenarioInput } from '../src/scenario/types.js';

/**
 * The AQMs in a network. Bufferbloat: four NewReno flows through a 20 Mb/s, 20 ms bottleneck
 * with a 1000-packet buffer (≈ 416 ms of queue at 1040 B per packet). A FIFO fills it; CoDel and
 * PIE hold the mean sojourn near their targets (5 ms, RFC 8289 §4.3; 15 ms, RFC 8033 §4.2) at
 * about the same throughput — the claim both RFCs make and the validation README's ns-3
 * bufferbloat criterion. FQ-CoDel gives an unresponsive CBR flow about its fair share (RFC 8290
 * §1, §6; the README's criterion: at most 1.3 × its fair share).
 */

const T = 20;

function bloat(queue: string, params: Record<string, unknown> = {}): ScenarioInput {
  return dumbbell({
    name: `bufferbloat ${queue}`,
    duration: `${T}s`,
    flows: [0, 1, 2, 3].map((i) => ({ transport: { type: 'tcp', cc: 'newreno' }, start: `${0.1 * i}s` })),
    bottleneckRate: '20Mbps',
    bottleneckDelay: '20ms',
    bottleneckBuffer: '1000 packets',
    bottleneckQueue: { type: queue, params },
    accessRate: '100Mbps',
    accessDelay: '5ms',
  });
}

function bottleneck(sc: ScenarioInput) {
  const sim = new Simulation(sc);
  sim.run();
  const d = sim.network.portByName('r1->r2')!.disc;
  return { sojournMs: d.meanSojournNs() / 1e6, mbps: (d.stats.departureBytes * 8) / T / 1e6, sim };
}

describe('bufferbloat dumbbell (4 NewReno, 20 Mb/s, 1000-packet buffer)', () => {
  const fifo = bottleneck(bloat('droptail'));
  const codel = bottleneck(bloat('codel'));
  const pie = bottleneck(bloat('pie'));

  it('a FIFO keeps hundreds of milliseconds of queue', () => {
    expect(fifo.sojournMs).toBeGreaterThan(100);
  });

  it('CoDel holds the mean sojourn near its 5 ms target at similar throughput', () => {
    expect(codel.sojournMs).toBeGreaterThan(1);
    expect(codel.sojournMs).toBeLessThan(10);
    expect(codel.mbps).toBeGreaterThan(0.95 * fifo.mbps);
  });

  it('PIE holds the mean sojourn near its 15 ms target at similar throughput', () => {
    expect(pie.sojournMs).toBeGreaterThan(5);
    expect(pie.sojournMs).toBeLessThan(30);
    expect(pie.mbps).toBeGreaterThan(0.93 * fifo.mbps);
  });
});

describe('FQ-CoDel with an unresponsive flow', () => {
  const mixed = (queue: string) => {
    const sc = dumbbell({
      name: `cbr ${queue}`,
      duration: `${T}s`,
      flows: [
        { transport: { type: 'tcp', cc: 'newreno' }, start: '0s' },
        { transport: { type: 'tcp', cc: 'newreno' }, start: '0.1s' },
        {
          transport: { type: 'udp' },
          app: { type: 'cbr', params: { rate: '6Mbps', packetSize: '1000B' } },
          start: '0.2s',
        },
      ],
      bottleneckRate: '10Mbps',
      bottleneckDelay: '20ms',
      bottleneckBuffer: '1000 packets',
      bottleneckQueue: { type: queue },
      accessRate: '100Mbps',
      accessDelay: '5ms',
    });
    const sim = new Simulation(sc);
    sim.run();
    const port = sim.network.portByName('r1->r2')!;
    const share = (f: number) => (port.departureBytesOf(f) * 8) / T / 1e6;
    return { cbr: share(2), tcp: [share(0), share(1)] };
  };

  it('holds a 6 Mb/s CBR flow to about its fair third of 10 Mb/s', () => {
    const fair = 10 / 3;
    const fq = mixed('fq-codel');
    expect(fq.cbr).toBeLessThan(1.3 * fair);
    for (const t of fq.tcp) expect(t).toBeGreaterThan(0.7 * fair);
    // without flow queueing the CBR flow takes what it sends
    expect(mixed('codel').cbr).toBeGreaterThan(1.5 * fair);
  });
});
