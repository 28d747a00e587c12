import { describe, expect, it } from 'vitest';
import { Simulation } from '../Simulation.js';
import type { ScenarioInput } from '../scenario/types.js';

/**
 * The per-sample one-way delay columns of a flow (the lab's delay chart), against delays worked
 * out by hand: a 1000-byte packet on a 1 Mb/s link takes 8 ms to serialize, then 10 ms to
 * propagate; a packet that finds k packets' worth of serialization ahead of it waits k × 8 ms more.
 */
function udpOverOneLink(cbrRate: string, stop: string | undefined, interval: string): ScenarioInput {
  return {
    version: 1,
    seed: 1,
    duration: '1s',
    nodes: [
      { id: 'a', kind: 'host' },
      { id: 'b', kind: 'host' },
    ],
    links: [{ a: 'a', b: 'b', rate: '1Mbps', delay: '10ms', buffer: '1000 packets' }],
    flows: [
      {
        id: 'v',
        from: 'a',
        to: 'b',
        ...(stop ? { stop } : {}),
        transport: { type: 'udp' },
        app: { type: 'cbr', params: { rate: cbrRate, packetSize: '1000B' } },
      },
    ],
    probes: { interval },
  };
}

function rows(sim: Simulation): Record<string, number>[] {
  const s = sim.flows[0]!.series;
  const cols = ['t', 'delayMinMs', 'delayMeanMs', 'delayMaxMs', 'delayRunMeanMs', 'delayRunP95Ms'];
  const data = cols.map((c) => s.column(c));
  return Array.from(data[0]!, (_, i) => Object.fromEntries(cols.map((c, j) => [c, data[j]![i]!])));
}

describe('one-way delay series', () => {
  it('a lone packet per interval takes serialization + propagation: 8 + 10 = 18 ms', () => {
    // one 1000-byte packet every 200 ms (40 kb/s): each finds the link idle
    const sim = new Simulation(udpOverOneLink('40kbps', undefined, '100ms'));
    sim.run();
    const r = rows(sim);
    // t = 0: nothing yet
    expect(r[0]!.delayMeanMs).toBeNaN();
    expect(r[0]!.delayRunMeanMs).toBeNaN();
    // packets leave at 0, 200, 400, … ms and arrive 18 ms later: the samples at 100, 300, 500 …
    // see one packet each; those at 200, 400, … none (a gap, not a zero)
    for (const row of r.slice(1)) {
      const odd = Math.round(row.t! * 10) % 2 === 1;
      if (odd) {
        expect(row.delayMinMs).toBeCloseTo(18, 9);
        expect(row.delayMeanMs).toBeCloseTo(18, 9);
        expect(row.delayMaxMs).toBeCloseTo(18, 9);
      } else {
        expect(row.delayMinMs).toBeNaN();
        expect(row.delayMeanMs).toBeNaN();
        expect(row.delayMaxMs).toBeNaN();
      }
      expect(row.delayRunMeanMs).toBeCloseTo(18, 9);
      // the percentile is the centre of a 1.2 %-wide histogram bucket
      expect(Math.abs(row.delayRunP95Ms! / 18 - 1)).toBeLessThan(0.006);
    }
  });

  it('a queue adds 8 ms per packet ahead: 2 Mb/s into 1 Mb/s gives 18 + 4i ms for packet i', () => {
    // packet i is created at 4i ms; the link finishes it at 8(i + 1) ms (each takes 8 ms, back to
    // back since packet 0), so it waits 8(i+1) − 4i − 8 = 4i ms: 18, 22, …, 54 ms for i = 0…9
    // (the flow stops at 38 ms, after the 10th packet at 36 ms). One sample interval spans them all.
    const sim = new Simulation(udpOverOneLink('2Mbps', '38ms', '500ms'));
    sim.run();
    const st = sim.flows[0]!.stats;
    expect(st.delayCount).toBe(10);
    const at = rows(sim).find((row) => Math.abs(row.t! - 0.5) < 1e-9)!;
    expect(at.delayMinMs).toBeCloseTo(18, 9);
    expect(at.delayMaxMs).toBeCloseTo(54, 9);
    // mean of 18 + 4i over i = 0…9: 18 + 4 · 4.5 = 36
    expect(at.delayMeanMs).toBeCloseTo(36, 9);
    expect(at.delayRunMeanMs).toBeCloseTo(36, 9);
    // p95 of 10 values: the ⌈9.5⌉ = 10th smallest, 54 ms (within its bucket's ±0.6 %)
    expect(Math.abs(at.delayRunP95Ms! / 54 - 1)).toBeLessThan(0.006);
    // the next interval has no packet; the run's figures stay
    const after = rows(sim).find((row) => Math.abs(row.t! - 1) < 1e-9)!;
    expect(after.delayMeanMs).toBeNaN();
    expect(after.delayRunMeanMs).toBeCloseTo(36, 9);
    // the summary's extremes still see every packet (folded from the intervals)
    expect(st.minDelayNs).toBe(18e6);
    expect(st.maxDelayNs).toBe(54e6);
  });

  it('each interval has its own min and max, not the run’s', () => {
    // 2 Mb/s for 38 ms as above, sampled every 20 ms: packet i arrives at 8(i + 1) + 10 ms (18, 26,
    // 34, 42, 50, 58, … ms) with a delay of 18 + 4i ms
    const sim = new Simulation(udpOverOneLink('2Mbps', '38ms', '20ms'));
    sim.run();
    const r = rows(sim);
    const sample = (tMs: number) => r.find((row) => Math.abs(row.t! * 1000 - tMs) < 1e-6)!;
    // (0, 20] ms: packet 0 (18 ms); (20, 40]: packets 1 and 2 (22, 26 ms); (40, 60]: 3, 4, 5 (30, 34, 38 ms)
    expect(sample(20).delayMaxMs).toBeCloseTo(18, 9);
    expect(sample(40).delayMinMs).toBeCloseTo(22, 9);
    expect(sample(40).delayMeanMs).toBeCloseTo(24, 9);
    expect(sample(40).delayMaxMs).toBeCloseTo(26, 9);
    expect(sample(60).delayMinMs).toBeCloseTo(30, 9);
    expect(sample(60).delayMeanMs).toBeCloseTo(34, 9);
    expect(sample(60).delayMaxMs).toBeCloseTo(38, 9);
    // run mean after 60 ms: packets 0…5, (18 + 38) / 2 = 28
    expect(sample(60).delayRunMeanMs).toBeCloseTo(28, 9);
  });

  it('is deterministic: the same scenario gives the same delay columns', () => {
    const run = () => {
      const sim = new Simulation(udpOverOneLink('2Mbps', '38ms', '20ms'));
      sim.run();
      return sim.flows[0]!.series.toCsv();
    };
    expect(run()).toBe(run());
  });
});
