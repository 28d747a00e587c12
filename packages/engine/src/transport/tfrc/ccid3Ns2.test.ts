import { describe, expect, it } from 'vitest';
import { Simulation } from '../../Simulation.js';
import { ns2DumbbellScenario } from '../../scenario/ns2Dumbbell.js';
import { ccid3CalcP, ccid3CalcX } from './ccid3Ns2.js';

describe('ns-2 Agent/DCCP/TFRC model (dccp-ccid3, model ns2)', () => {
  it('equation: t_RTO = 4R, no cap on the timeout term; inversion within ±5 %', () => {
    const s = 500;
    const r = 0.1;
    const p = 0.05;
    const expected = s / (r * Math.sqrt((2 * p) / 3) + 4 * r * 3 * Math.sqrt((3 * p) / 8) * p * (1 + 32 * p * p));
    expect(ccid3CalcX(s, r, p)).toBeCloseTo(expected, 9);
    // no min(1, ·) cap: at p = 0.5 the timeout term exceeds the capped value
    const capped = s / (r * Math.sqrt(1 / 3) + 4 * r * 1 * 0.5 * (1 + 8));
    expect(ccid3CalcX(s, r, 0.5)).toBeLessThan(capped);
    for (const x of [1e3, 1e4, 1e5, 1e6]) {
      const q = ccid3CalcP(s, r, x);
      expect(Math.abs(ccid3CalcX(s, r, q) / x - 1)).toBeLessThan(0.05);
    }
    expect(ccid3CalcP(s, r, 1)).toBe(1);
  });

  it('the ns-2 translator selects the ns2 model for DCCP:TFRC; the transport default stays RFC', () => {
    const sc = ns2DumbbellScenario('x', { flows: 'DCCP:TFRC', T: '1' }) as {
      flows: { transport: { params: Record<string, unknown> } }[];
    };
    expect(sc.flows[0]!.transport.params.model).toBe('ns2');
  });

  it('slow start: the first report sets X = s/R (X_recv 0), then X doubles per RTT up to 2·X_recv', () => {
    const sim = new Simulation(ns2DumbbellScenario('x', { flows: 'DCCP:TFRC', T: '1' }));
    const snd = sim.flows[0]!.sender;
    sim.runUntil(0.15e9);
    const r = snd.congestion()!.srttNs / 1e9;
    // 10 Mb/s, 2×(5+20+5) ms: R ≈ 61 ms from the first 1032-byte data packet
    expect(r).toBeGreaterThan(0.06);
    expect(r).toBeLessThan(0.062);
    // X = s/R in units of s = 500 B: one 1032-byte packet per R on the wire
    expect(snd.congestion()!.rateBps).toBeCloseTo((500 / r / 500) * 1032 * 8, 0);
    sim.runUntil(0.5e9);
    expect(snd.congestion()!.rateBps).toBeGreaterThan(4 * ((1 / r) * 1032 * 8));
  });

  it('first loss: the zero-filled history gives p = 6/I_first, which falls as real intervals arrive', () => {
    const sim = new Simulation(ns2DumbbellScenario('x', { flows: 'DCCP:TFRC', T: '30' }));
    const snd = sim.flows[0]!.sender;
    sim.runUntil(1.2e9);
    const p1 = snd.congestion()!.extra!.lossEventRate as number;
    expect(p1).toBeGreaterThan(0);
    // p1 = ΣW / (w·I_first) = 6 / I_first, I_first = ⌈1/p⌉ for the p at which the equation (s = 500 B,
    // receiver's R) gives the receive rate: 1/p1 is an integer divided by 6
    expect(Math.abs(6 / p1 - Math.round(6 / p1))).toBeLessThan(1e-6);
    sim.runUntil(30e9);
    const p2 = snd.congestion()!.extra!.lossEventRate as number;
    // as real (long) intervals replace the zeros, p falls
    expect(p2).toBeLessThan(0.75 * p1);
  });

  it('packets on the wire as in ns-2: 104-byte handshake, pure 36-byte Ack, DataAcks once quiescent', () => {
    const sim = new Simulation(ns2DumbbellScenario('x', { flows: 'DCCP:TFRC', T: '0.6' }));
    const seen: { t: number; size: number }[] = [];
    sim.network
      .portByName('s0->r1')!
      .addHook({ onArrival: (p) => void seen.push({ t: sim.sim.now / 1e9, size: p.sizeBytes }) });
    sim.run();
    // DCCP-Request 104 B; after the Response (104 B) a pure DCCP-Ack (36 B), then DCCP-Data (1032 B)
    expect(seen.slice(0, 3).map((x) => x.size)).toEqual([104, 36, 1032]);
    // the Ack and the first data packet leave together, one handshake RTT (2 × 30.1 ms) after the Request
    expect(seen[1]!.t).toBeCloseTo(0.0602, 4);
    expect(seen[2]!.t).toBe(seen[1]!.t);
    // feedback is acknowledged (DCCP-DataAck, 1040 or 1044 B) only once the reverse half-connection is
    // quiescent: ≥ max(0.2 s, 2·R_conn) after the first feedback (≈ 0.121 s), i.e. not before 0.321 s
    const dataAcks = seen.filter((x) => x.size > 1032);
    expect(dataAcks.length).toBeGreaterThan(0);
    expect(dataAcks[0]!.t).toBeGreaterThan(0.321);
    expect(dataAcks.every((x) => x.size === 1040 || x.size === 1044)).toBe(true);
    // ns-2.35's trace of this run: first DataAck at 0.365406 s
    expect(dataAcks[0]!.t).toBeCloseTo(0.365406, 5);
  });
});
