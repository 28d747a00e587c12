import { describe, expect, it } from 'vitest';
import { runPoint, type ExperimentSpec } from '../experiment/experiment.js';
import { checkReproduction } from '../reproduction/checkSpec.js';
import type { ReproductionSpec } from '../reproduction/types.js';
import { seed000Ch4Dumbbell, seed000Ch5Chain } from '../scenario/seed000Ch45.js';
import { weibullMean } from '../app/RandomArrivalApp.js';
import { seed000Linear } from '../scenario/seed000Lblca.js';
import type { ScenarioInput } from '../scenario/types.js';
import { Simulation } from '../Simulation.js';
import { evaluateMetric, MetricQueryError } from './resultMetrics.js';

/** a —1 ms— r —1 ms— d and b —11 ms— r: two lightly loaded CBR flows whose paths differ by 10 ms. */
function twoPaths(): ScenarioInput {
  return {
    version: 1,
    duration: '2s',
    nodes: [
      { id: 'a', kind: 'host' },
      { id: 'b', kind: 'host' },
      { id: 'r', kind: 'router' },
      { id: 'd', kind: 'host' },
    ],
    links: [
      { a: 'a', b: 'r', rate: '100Mbps', delay: '1ms' },
      { a: 'b', b: 'r', rate: '100Mbps', delay: '11ms' },
      { a: 'r', b: 'd', rate: '100Mbps', delay: '1ms' },
    ],
    flows: [
      { id: 'near', from: 'a', to: 'd', transport: { type: 'udp' }, app: { type: 'cbr', params: { rate: '1Mbps' } } },
      { id: 'far', from: 'b', to: 'd', transport: { type: 'udp' }, app: { type: 'cbr', params: { rate: '2Mbps' } } },
    ],
  };
}

describe('pooled flow-set metrics (seed 000 §6.3.1)', () => {
  const sim = new Simulation(twoPaths());
  sim.run();
  const m = (metric: string, flow?: string) => evaluateMetric(sim, flow ? { metric, flow } : { metric });

  it('pooled delay is the packet-weighted mean of the flows’ delays', () => {
    const [near, far] = sim.flows.map((f) => f.stats);
    const weighted = (near!.delaySumNs + far!.delaySumNs) / (near!.delayCount + far!.delayCount) / 1e6;
    expect(m('pooledDelayMs')).toBeCloseTo(weighted, 9);
    // the far flow sends twice as often: the pooled mean lies two thirds of the way to it
    const dn = m('meanDelayMs', 'near');
    const df = m('meanDelayMs', 'far');
    expect(df - dn).toBeCloseTo(10, 1); // the 10 ms of extra propagation
    expect(m('pooledDelayMs')).toBeCloseTo(dn + (2 / 3) * (df - dn), 1);
  });

  it('pooled peak-to-peak jitter spans both flows: about the 10 ms between their paths', () => {
    expect(m('ptpJitterMs', 'near')).toBeLessThan(0.5);
    expect(m('pooledPtpJitterMs')).toBeCloseTo(10, 0);
  });

  it('pooled efficacy is 10·log10(PDR / (delay / 100 ms)) of the pooled quantities', () => {
    const pdr = m('meanPdr');
    expect(pdr).toBeGreaterThan(0.99); // only the packets in flight at the end are missing
    expect(m('pooledEfficacyDb')).toBeCloseTo(10 * Math.log10(pdr / (m('pooledDelayMs') / 100)), 9);
  });
});

describe('queueProbe statistics over the probe series', () => {
  const sc = seed000Linear(3, '10Mbps', {
    mode: 'lblca',
    capacity: '20Mbps',
    buffers: 200,
    duration: '1s',
    probeInterval: '10ms',
    lblca: { period: '10ms', bl: 0.2, bu: 0.8 },
  });
  const sim = new Simulation(sc);
  sim.run();
  const q = (stat: 'min' | 'max' | 'mean' | 'last', key = 'lowerSetPoint', port = 'B1->B2') =>
    evaluateMetric(sim, { metric: 'queueProbe', port, key, stat, from: 0.2 });

  it('a constant probe has that value as min, max and mean', () => {
    expect([q('min'), q('max'), q('last')]).toEqual([0.2, 0.2, 0.2]);
    expect(q('mean')).toBeCloseTo(0.2, 12);
    expect([q('min', 'upperSetPoint'), q('max', 'upperSetPoint')]).toEqual([0.8, 0.8]);
  });

  it('min ≤ mean ≤ max of a varying probe, and an unprobed port is named', () => {
    expect(q('min', 'occupancyShare')).toBeLessThanOrEqual(q('mean', 'occupancyShare'));
    expect(q('mean', 'occupancyShare')).toBeLessThanOrEqual(q('max', 'occupancyShare'));
    const unprobed = new Simulation({ ...sc, probes: { interval: '10ms', ports: ['B2->B3'] } });
    unprobed.run();
    expect(() =>
      evaluateMetric(unprobed, { metric: 'queueProbe', port: 'B1->B2', key: 'occupancyShare', stat: 'max' }),
    ).toThrow(MetricQueryError);
  });
});

describe('computed experiment points', () => {
  const spec: ExperimentSpec = {
    base: () => twoPaths(),
    points: [{ id: 'model', label: 'a model', compute: (seed) => ({ x: seed * 10 }) }],
    seeds: [3],
    metrics: [
      { name: 'x', metric: 'model', computed: true },
      { name: 'pdr', metric: 'meanPdr' },
    ],
  };

  it('take the computed metrics from the point’s model and run no packets', () => {
    const r = runPoint(spec, spec.points[0]!, 3);
    expect(r.values.x).toBe(30);
    expect(r.values.pdr).toBeNaN();
    expect(r.events).toBe(0);
  });

  it('the checker accepts computed metrics and still names unknown packet metrics', () => {
    const entry: ReproductionSpec = {
      ...spec,
      id: 'seed-000-test',
      study: '000',
      figure: 'x',
      title: 'x',
      source: 'x',
      summary: 'x',
      paper: [],
      claims: [],
      notes: [],
    };
    expect(checkReproduction(entry)).toEqual([]);
    const bad = { ...entry, metrics: [{ name: 'y', metric: 'nope' }] };
    expect(checkReproduction(bad).join()).toMatch(/"nope" is not a result metric/);
  });
});

describe('seed 000 Ch. 4 and Ch. 5 templates', () => {
  it('Ch. 4: α·10 TCP flows, heterogeneous destinations at 1, 3, …, 19 ms (Fig. 4.5)', () => {
    const sc = seed000Ch4Dumbbell({ alpha: 0.8, heterogeneous: true });
    expect(sc.flows.filter((f) => f.transport.type === 'tcp')).toHaveLength(8);
    expect(sc.flows.filter((f) => f.transport.type === 'udp')).toHaveLength(2);
    const dest = sc.links.filter((l) => l.a === 'r2').map((l) => l.delay);
    expect(dest).toEqual(['1ms', '3ms', '5ms', '7ms', '9ms', '11ms', '13ms', '15ms', '17ms', '19ms']);
    expect(sc.links[0]).toMatchObject({ rate: '1.5Mbps', delay: '50ms', queue: { type: 'red' } });
    expect(() => seed000Ch4Dumbbell({ alpha: 1.5 })).toThrow(/alpha/);
  });

  it('Ch. 4 Weibull UDP sources: Table 3.1’s "UDP only" laws, the gap scale read in seconds', () => {
    const sc = seed000Ch4Dumbbell({ alpha: 0.8, udpSource: 'weibull' });
    const table31UdpOnly = {
      gapShape: 0.61658,
      gapScale: 0.00941,
      gapScaleUnit: 's',
      sizeShape: 1.10141,
      sizeScale: 826.505,
    };
    expect(sc.flows.map((f) => f.app.type)).toEqual([...Array<string>(8).fill('bulk'), 'weibull', 'weibull']);
    for (const f of sc.flows.slice(8)) expect(f.app.params).toEqual(table31UdpOnly);
    // mean gap η·Γ(1 + 1/β) = 0.00941 s · Γ(2.6218) ≈ 13.7 ms: about 7300 datagrams in 100 s
    expect(weibullMean(0.61658, 0.00941)).toBeCloseTo(0.00941 * 1.6218 * 0.8959, 4);
    expect(seed000Ch4Dumbbell({ alpha: 0.8 }).flows[9]!.app.type).toBe('cbr');
  });

  it('Ch. 5: the tagged flow crosses every router; one background flow per hop', () => {
    const sc = seed000Ch5Chain({ hops: 5, a: 1 });
    const sim = new Simulation(sc);
    expect(sim.flows[0]!.forwardPorts.map((p) => p.name)).toEqual([
      'src->W1',
      'W1->W2',
      'W2->W3',
      'W3->W4',
      'W4->W5',
      'W5->dst',
    ]);
    expect(sc.flows).toHaveLength(5);
    expect(sc.flows.slice(1).every((f) => f.transport.type === 'tcp')).toBe(true);
    expect(() => seed000Ch5Chain({ hops: 1, a: 0 })).toThrow(/hops/);
  });
});
