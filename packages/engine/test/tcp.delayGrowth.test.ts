import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import { ns2DumbbellScenario } from '../src/scenario/ns2Dumbbell.js';

/**
 * ns-2's delay_growth_ as Agent/TCP/Vegas applies it (`delayGrowth`): cwnd 1 until the ACK after
 * segment 0's, which sets the initial window (2) before Vegas's once-per-RTT rule adds its +1.
 * Expected values: ns-2.35's own cwnd trace of `ns dumbbell.tcl flows=Vegas delay=250ms qlim=100
 * T=8 cwndflow=0 sample=0.05` (validation/ns2), which reads 1 until 1.05 s, then 3, 6, 12, 24, 48
 * and 96 at 1.05, 2.1, 3.15, 4.2, 5.25 and 6.3 s (a 520-ms RTT; Vegas doubles every other RTT),
 * leaves slow start at 96 and cuts to 84 at 7.3 s. The link (10 Mb/s, 250 ms) holds 625 packets,
 * so the slow-start exit is set by the burst queue alone, and the window it exits at stays the
 * level of the whole run.
 */
function cwndTrace(delayGrowth: boolean): number[] {
  const sc = ns2DumbbellScenario('vegas', { flows: 'Vegas', delay: '250ms', qlim: '100', T: '8' });
  if (!delayGrowth) for (const f of sc.flows) (f.transport.params as Record<string, unknown>).delayGrowth = false;
  const sim = new Simulation(sc);
  const out: number[] = [];
  for (const t of [0.5, 1.1, 2.15, 3.2, 4.25, 5.3, 6.35, 7.35]) {
    sim.runUntil(Math.round(t * 1e9));
    out.push(sim.flows[0]!.sender.congestion()!.cwnd);
  }
  return out;
}

describe('delayed initial window (ns-2 delay_growth_)', () => {
  it("a Vegas flow's slow start follows ns-2.35's trace: 1, 3, 6, 12, 24, 48, 96, then 84", () => {
    expect(cwndTrace(true)).toEqual([1, 3, 6, 12, 24, 48, 96, 84]);
  });

  it('without it the flow starts at the initial window and leaves slow start a doubling earlier', () => {
    const t = cwndTrace(false);
    expect(t.slice(0, 7)).toEqual([2, 4, 8, 16, 32, 64, 56]);
  });
});
