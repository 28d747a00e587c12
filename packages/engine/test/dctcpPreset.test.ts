import { describe, expect, it } from 'vitest';
import { presets } from '../src/presets/presets.js';
import { dctcpScenario } from '../src/scenario/queuePresets.js';
import { validateScenario } from '../src/scenario/validate.js';
import { Simulation } from '../src/Simulation.js';

/**
 * The `dctcp` preset (docs/lab.md "Presets for the queue lessons") shows what it says: two DCTCP
 * flows hold the step-marking bottleneck's queue near K with ECN marks and no loss, beside two ECN
 * NewReno flows whose RED queue sits several times longer.
 *
 * Expected values from the preset's parameters: 100 Mb/s bottleneck, 1040-byte packets (1000-byte
 * segments, ns-2's default) → C = 12 019 packets/s; RTT = 2·(0.1 + 0.25 + 0.1) ms propagation +
 * ≈ 0.1 ms serialisation ≈ 1.0 ms → C·RTT ≈ 12 packets; K = 20, N = 2 flows.
 */
describe('dctcp preset', () => {
  const K = 20;
  const N = 2;
  const cRtt = (100e6 / (8 * 1040)) * 1.0e-3;
  // Alizadeh et al., SIGCOMM 2010 §3.3 (eqs. 8–10): the queue's sawtooth peaks at Q_max = K + N
  // (each flow adds one packet in the RTT the marks take to arrive) and falls by the amplitude
  // A = ½·√(2N(C·RTT + K)) ≈ 5.7, so Q_min ≈ 16.3.
  const qMax = K + N;
  const qMin = qMax - 0.5 * Math.sqrt(2 * N * (cRtt + K));
  // RFC 8257 §3.3 / Alizadeh eq. 7: in steady state the fraction of marked packets is
  // α ≈ √(2/W*), W* = (C·RTT + K)/N = 16 packets per flow → 0.354.
  const alpha = Math.sqrt(2 / ((cRtt + K) / N));
  // RED with ns-2's automatic thresholds (docs/models.md, RED "Automatic parameters"): min_th =
  // max(5, targetDelay 5 ms · C / 2) with C in meanPktSize (500 B) packets/s = 25 000 → 62.5. RED
  // neither marks nor drops while its average is below min_th, so NewReno's queue grows to about it.
  const redMinThresh = Math.max(5, (0.005 * (100e6 / (8 * 500))) / 2);

  const from = 2; // s: both flows of each lane started (0 and 0.5 s) and out of slow start

  function run() {
    const sim = new Simulation(validateScenario(dctcpScenario()));
    const dctcp = sim.network.portByName('a1->b1')!;
    const reno = sim.network.portByName('a2->b2')!;
    sim.runUntil(from * 1e9);
    dctcp.disc.meanLengthPackets();
    reno.disc.meanLengthPackets();
    const i0 = [dctcp.disc.integralPacketNs, reno.disc.integralPacketNs];
    const dep0 = dctcp.disc.stats.departures;
    const marks0 = dctcp.disc.stats.marks;
    const busy0 = dctcp.busyTimeNs();
    sim.runUntil(sim.durationNs);
    dctcp.disc.meanLengthPackets();
    reno.disc.meanLengthPackets();
    const span = sim.durationNs - from * 1e9;
    return {
      dctcpQueue: (dctcp.disc.integralPacketNs - i0[0]!) / span,
      renoQueue: (reno.disc.integralPacketNs - i0[1]!) / span,
      dctcpMarkedFraction: (dctcp.disc.stats.marks - marks0) / (dctcp.disc.stats.departures - dep0),
      dctcpUtilisation: (dctcp.busyTimeNs() - busy0) / span,
      dctcpDrops: dctcp.disc.stats.drops,
      dctcpMarks: dctcp.disc.stats.marks,
      renoMarks: reno.disc.stats.marks,
    };
  }
  const r = run();

  it('is a built-in preset', () => {
    expect(presets.map((p) => p.id)).toContain('dctcp');
  });

  it('DCTCP holds the mean queue within its sawtooth near K, at full utilisation', () => {
    expect(r.dctcpQueue).toBeGreaterThan(qMin);
    expect(r.dctcpQueue).toBeLessThan(qMax);
    // Q_min > 0: the queue never empties, so the link never idles
    expect(r.dctcpUtilisation).toBeGreaterThan(0.99);
  });

  it('DCTCP is marked about α of its packets and loses none', () => {
    expect(r.dctcpMarks).toBeGreaterThan(0);
    // the fluid α is an approximation for large W*; W* = 16 is small, so ±30 %
    expect(r.dctcpMarkedFraction).toBeGreaterThan(alpha * 0.7);
    expect(r.dctcpMarkedFraction).toBeLessThan(alpha * 1.3);
    // step marking never drops, and a queue held near K = 20 never reaches the 200-packet buffer
    expect(r.dctcpDrops).toBe(0);
  });

  it('NewReno on RED keeps a queue near RED’s min_th, well above DCTCP’s', () => {
    expect(r.renoMarks).toBeGreaterThan(0);
    // a flow halving at a mark drains at most half its window (W ≈ (C·RTT + min_th)/N ≈ 37) from ≈ min_th
    expect(r.renoQueue).toBeGreaterThan(redMinThresh / 2);
    expect(r.renoQueue).toBeGreaterThan(2 * r.dctcpQueue);
  });
});
