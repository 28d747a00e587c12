import { describe, expect, it } from 'vitest';
import { Simulation } from '../Simulation.js';
import type { ScenarioInput } from '../scenario/types.js';
import { efficacyDb, evaluateMetric, MetricQueryError, resultMetrics, utility } from './resultMetrics.js';

/** Two CBR/UDP flows s_i → r → d over 10 Mb/s links with 10 ms delay each, no loss. */
function cbrPair(rate0 = '1Mbps', rate1 = '3Mbps'): ScenarioInput {
  return {
    version: 1,
    seed: 1,
    duration: '2s',
    nodes: [
      { id: 's0', kind: 'host' },
      { id: 's1', kind: 'host' },
      { id: 'r', kind: 'router' },
      { id: 'd', kind: 'host' },
    ],
    links: [
      { a: 's0', b: 'r', rate: '10Mbps', delay: '10ms' },
      { a: 's1', b: 'r', rate: '10Mbps', delay: '10ms' },
      { a: 'r', b: 'd', rate: '10Mbps', delay: '10ms' },
    ],
    flows: [
      { id: 'a', from: 's0', to: 'd', transport: { type: 'udp' }, app: { type: 'cbr', params: { rate: rate0 } } },
      {
        id: 'b',
        from: 's1',
        to: 'd',
        start: '1s',
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: rate1 } },
      },
    ],
    probes: { interval: '100ms' },
  };
}

describe('result metrics', () => {
  it('one-way delay of an uncongested CBR flow is propagation plus serialization, with no jitter', () => {
    const sim = new Simulation(cbrPair());
    sim.run();
    // 1000-byte packets: 2 hops × (10 ms + 0.8 ms at 10 Mb/s); flow b's packets can queue behind a's
    // only if they meet at r, which 1 + 3 Mb/s into 10 Mb/s allows; flow a alone before 1 s.
    const q = { flow: 'a' };
    expect(evaluateMetric(sim, { ...q, metric: 'minDelayMs' })).toBeCloseTo(21.6, 6);
    // nothing is lost; only the packets still on the 21.6 ms path at the end (≤ 3 of 250) are missing
    const st = sim.flows[0]!.stats;
    expect(st.packetsSent - st.packetsReceived).toBeLessThanOrEqual(3);
    expect(evaluateMetric(sim, { ...q, metric: 'pdr' })).toBe(st.packetsReceived / st.packetsSent);
    expect(evaluateMetric(sim, { ...q, metric: 'maxDelayMs' })).toBeLessThanOrEqual(21.6 + 0.8 + 1e-9);
    expect(evaluateMetric(sim, { ...q, metric: 'ptpJitterMs' })).toBeLessThanOrEqual(0.8 + 1e-9);
  });

  it('cumulative bits at a time follow the CBR rate, and goodput the payload rate', () => {
    const sim = new Simulation(cbrPair());
    sim.run();
    // 1 Mb/s of 1000-byte datagrams: 125 packets/s; by 1.0 s about 1 Mb delivered (minus the 21.6 ms
    // path delay and the UDP/IP header share of each datagram)
    const bits = evaluateMetric(sim, { metric: 'cumulativeBits', flow: 'a', at: 1 });
    expect(bits).toBeGreaterThan(0.9e6);
    expect(bits).toBeLessThan(1.0e6);
    expect(() => evaluateMetric(sim, { metric: 'cumulativeBits', flow: 'a', at: 5 })).toThrow(MetricQueryError);
    const ga = evaluateMetric(sim, { metric: 'goodputBps', flow: 'a' });
    const gb = evaluateMetric(sim, { metric: 'goodputBps', flow: 'b' });
    // flow b sends 3 Mb/s over its active second; both lose the same header share
    expect(gb / ga).toBeCloseTo(3, 1);
  });

  it('total bits and the time to deliver a number of bits, over the flows together', () => {
    const sim = new Simulation(cbrPair());
    sim.run();
    const a = evaluateMetric(sim, { metric: 'cumulativeBits', flow: 'a', at: 1.5 });
    const b = evaluateMetric(sim, { metric: 'cumulativeBits', flow: 'b', at: 1.5 });
    expect(evaluateMetric(sim, { metric: 'totalBits', at: 1.5 })).toBeCloseTo(a + b, 6);
    // flow a alone delivers ≈ 1 Mb/s until b starts at 1 s, then both 4 Mb/s: 2 Mb at ≈ 1.25 s
    const t = evaluateMetric(sim, { metric: 'timeToBitsS', bits: 2e6 });
    expect(t).toBeGreaterThan(1.2);
    expect(t).toBeLessThan(1.3);
    expect(evaluateMetric(sim, { metric: 'timeToBitsS', bits: 1e12 })).toBeNaN();
    expect(() => evaluateMetric(sim, { metric: 'timeToBitsS' })).toThrow(/bits/);
  });

  it("Jain's index and the friendliness ratio over chosen flows", () => {
    const sim = new Simulation(cbrPair());
    sim.run();
    const ga = evaluateMetric(sim, { metric: 'goodputBps', flow: 'a' });
    const gb = evaluateMetric(sim, { metric: 'goodputBps', flow: 'b' });
    // (1+3)²/(2·(1+9)) = 0.8 for rates 1:3
    expect(evaluateMetric(sim, { metric: 'jain', flows: ['a', 'b'] })).toBeCloseTo(0.8, 2);
    expect(evaluateMetric(sim, { metric: 'jain', flows: ['a'] })).toBe(1);
    // seed 003's max(x1/x2, x2/x1) for rates about 1:3
    expect(evaluateMetric(sim, { metric: 'maxRatioFairness', flows: ['a', 'b'] })).toBeCloseTo(gb / ga, 9);
    expect(gb / ga).toBeCloseTo(3, 0);
    expect(evaluateMetric(sim, { metric: 'maxRatioFairness', flows: ['b'] })).toBe(1);
    expect(evaluateMetric(sim, { metric: 'friendliness', flows: ['b'], versus: ['a'] })).toBeCloseTo(gb / ga, 9);
    expect(() => evaluateMetric(sim, { metric: 'jain', flows: ['zz'] })).toThrow(/flows\[0\]|"zz" is not a flow/);
  });

  it('the utility of the seed-004 Fig. 14 packet counts is 3526 (p_s = 200, 500 s)', () => {
    const counts = [57_394, 496_939, 2_607_584, 67_977, 499_094, 2_648_659];
    // the thesis: "MSNR 3526" for these six wireless flows (digest 004 §3)
    expect(
      utility(
        counts.map((c) => c / 500),
        200,
      ),
    ).toBeCloseTo(3526, 0);
  });

  it('efficacy reproduces seed 000 Table 6.5 (PDR 0.791 at 382.5 ms → −6.8 dB; 0.806 at 408.6 ms → −7.0 dB)', () => {
    expect(efficacyDb(0.791, 382.5, 100)).toBeCloseTo(-6.85, 1);
    expect(efficacyDb(0.806, 408.6, 100)).toBeCloseTo(-7.05, 1);
    expect(efficacyDb(0.985, 5.62, 100)).toBeCloseTo(12.44, 1);
  });

  it('port metrics: utilisation and throughput of the shared link', () => {
    const sim = new Simulation(cbrPair());
    sim.run();
    // 1 Mb/s for 2 s plus 3 Mb/s for 1 s, over 2 s: 2.5 Mb/s on average (less the last ~11 ms of
    // packets still on the first hop at the end: within 1 %)
    const th = evaluateMetric(sim, { metric: 'portThroughputBps', port: 'r->d' });
    expect(Math.abs(th - 2.5e6) / 2.5e6).toBeLessThan(0.01);
    expect(evaluateMetric(sim, { metric: 'utilization', port: 'r->d' })).toBeCloseTo(0.25, 2);
    expect(evaluateMetric(sim, { metric: 'drops', port: 'r->d' })).toBe(0);
    expect(() => evaluateMetric(sim, { metric: 'drops', port: 'x->y' })).toThrow(/not a link direction/);
  });

  it('every metric of the catalogue is evaluated by its own entry, whatever its scope', () => {
    const sim = new Simulation(cbrPair());
    sim.run();
    const query = { flow: 'a', port: 'r->d', versus: ['b'], bits: 1e6, key: 'none' };
    for (const m of resultMetrics) {
      let v: number | null = null;
      try {
        v = evaluateMetric(sim, { metric: m.id, ...query });
      } catch (e) {
        // a query this run cannot answer (droptail has no probe `none`) is the metric's own refusal
        expect(e, m.id).toBeInstanceOf(MetricQueryError);
        expect((e as MetricQueryError).field, m.id).not.toBe('metric');
        continue;
      }
      expect(typeof v, m.id).toBe('number');
    }
    // the catalogue's own scopes decide what a query must name
    expect(() => evaluateMetric(sim, { metric: 'drops' })).toThrow(/names no port/);
    expect(() => evaluateMetric(sim, { metric: 'goodputBps' })).toThrow(/names no flow/);
    expect(evaluateMetric(sim, { metric: 'events' })).toBe(sim.sim.eventsProcessed);
  });

  it('every metric has a unit string, a label and a description', () => {
    for (const m of resultMetrics) {
      expect(m.label.length).toBeGreaterThan(0);
      expect(m.description.length).toBeGreaterThan(10);
      expect(typeof m.unit).toBe('string');
    }
    expect(new Set(resultMetrics.map((m) => m.id)).size).toBe(resultMetrics.length);
  });
});
