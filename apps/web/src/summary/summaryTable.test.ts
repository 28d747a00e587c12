import { describe, expect, it } from 'vitest';
import { Simulation, defaultScenario } from '@cclab/engine';
import { activePorts, summaryCsv } from './summaryTable';

describe('summary table', () => {
  it("exports per-flow and per-port figures with units in the headers and Jain's index", () => {
    const s = defaultScenario();
    const sim = new Simulation({ ...s, duration: '3s' });
    const summary = sim.run();
    const csv = summaryCsv(summary).split('\n');
    expect(csv[0]).toBe(
      'Flow,Algorithm,Throughput (Mb/s),Goodput (Mb/s),Mean delay (ms),p95 delay (ms),Jitter (ms),Loss (%),Retransmits,Timeouts',
    );
    // one row per flow, goodput in Mb/s (the engine's bit/s ÷ 10⁶)
    const f0 = csv[1]!.split(',');
    expect(f0[0]).toBe(summary.flows[0]!.id);
    expect(Number(f0[3])).toBeCloseTo(summary.flows[0]!.goodputBps / 1e6, 9);
    const portHeader = csv.indexOf('', 1) + 1;
    expect(csv[portHeader]).toMatch(/^Port,Queue,Utilisation \(%\),Mean queue \(packets\)/);
    // only ports that carried traffic
    expect(activePorts(summary).every((p) => p.arrivals > 0)).toBe(true);
    expect(csv.find((l) => l.startsWith("Jain's index"))).toBe(`Jain's index (goodput),${summary.jainGoodput}`);
  });
});
