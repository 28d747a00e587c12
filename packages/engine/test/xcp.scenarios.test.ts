import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import { ns2XcpScenario } from '../src/scenario/ns2Xcp.js';
import type { ScenarioInput } from '../src/scenario/types.js';

/** xcp.tcl's XCP-alone setup with every XCP flow's congestion control replaced by `cc`. */
function withCc(cc: string): ScenarioInput {
  const sc = ns2XcpScenario('xcp-alone', { ntcp: '0', T: '10' });
  for (const f of sc.flows) f.transport = { ...f.transport, cc };
  return sc;
}

describe('XCP end to end', () => {
  it('any TCP variant runs as XCP: without losses the window follows the feedback alone', () => {
    const runs = ['reno', 'newreno', 'cubic', 'vegas'].map((cc) => new Simulation(withCc(cc)).run());
    for (const r of runs) expect(r.ports.find((p) => p.name === 'r0->r1')!.drops).toBe(0);
    const delivered = runs.map((r) => r.flows.map((f) => f.bytesDelivered));
    for (const d of delivered.slice(1)) expect(d).toEqual(delivered[0]);
  });

  it('the feedback reaches the sender: the per-flow probe sums the window change applied', () => {
    const sim = new Simulation(ns2XcpScenario('xcp-alone', { ntcp: '0', nx: '1', T: '5' }));
    sim.run();
    const f = sim.flows[0]!;
    const c = f.sender.congestion()!;
    // cwnd starts at 2 after the opening segment; every change since is XCP feedback
    expect(c.xcpFeedbackBytes! / 1000).toBeCloseTo(c.cwnd - 2, 6);
    expect(c.cwnd).toBeGreaterThan(20);
    // the flow column sums, interval by interval, to the same total
    const col = f.series.columns.indexOf('xcpFeedbackBytes');
    const rows = f.series.rows();
    const total = rows.reduce((a, r) => a + (Number.isNaN(r[col]!) ? 0 : r[col]!), 0);
    expect(total).toBeLessThanOrEqual(c.xcpFeedbackBytes! + 1e-6);
    expect(total).toBeGreaterThan(0.9 * c.xcpFeedbackBytes!);
  });

  it('XCP alone: full utilisation, near-zero persistent queue, no drops, equal shares (seed 003 §4)', () => {
    const sim = new Simulation(ns2XcpScenario('xcp-alone', { ntcp: '0', T: '30' }));
    const s = sim.run();
    const port = s.ports.find((p) => p.name === 'r0->r1')!;
    expect(port.drops).toBe(0);
    expect(port.utilization).toBeGreaterThan(0.97);
    expect(port.meanQueuePackets).toBeLessThan(2);
    const g = s.flows.map((f) => f.bytesDelivered);
    expect(Math.max(...g) / Math.min(...g)).toBeLessThan(1.05);
  });
});
