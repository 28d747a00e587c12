import { describe, expect, it } from 'vitest';
import { Simulation } from '../../Simulation.js';
import { dumbbell } from '../../scenario/builders.js';
import { NS2_DEFAULTS, ns2DumbbellScenario, ns2FlowTransport } from '../../scenario/ns2Dumbbell.js';
import { LossIntervalHistory } from './LossIntervalHistory.js';
import type { TfrcReceiver } from './TfrcReceiver.js';
import type { TfrcSender } from './TfrcSender.js';
import { tfrcLossForRate, tfrcRateBps } from './tfrcEquation.js';

describe('TFRC throughput equation (RFC 5348 §3.1)', () => {
  it('matches a hand computation and inverts', () => {
    // s = 1000 B, R = 0.1 s, p = 0.01, t_RTO = 0.4 s, b = 1
    const x = tfrcRateBps(1000, 0.1, 0.01, 0.4);
    const denom = 0.1 * Math.sqrt(0.02 / 3) + 0.4 * 3 * Math.sqrt(0.03 / 8) * 0.01 * (1 + 32e-4);
    expect(x).toBeCloseTo(1000 / denom, 6);
    expect(tfrcLossForRate(x, 1000, 0.1, 0.4)).toBeCloseTo(0.01, 6);
  });
});

describe('loss interval history (RFC 5348 §5.4)', () => {
  it('averages the last eight intervals with weights 1,1,1,1,0.8,0.6,0.4,0.2', () => {
    const h = new LossIntervalHistory(8, false);
    const lengths = [100, 100, 100, 100, 100, 100, 100, 100, 50]; // oldest first
    for (const len of lengths) {
      for (let i = 0; i < len - 1; i++) h.addPacket(false);
      h.addPacket(true);
    }
    // closed intervals, most recent first: 50, 100 × 7 (the first, open, one is empty)
    const w = [1, 1, 1, 1, 0.8, 0.6, 0.4, 0.2];
    const closed = [50, 100, 100, 100, 100, 100, 100, 100];
    const i1 = closed.reduce((a, v, k) => a + v * w[k]!, 0) / w.reduce((a, b) => a + b, 0);
    expect(h.lossEventRate()).toBeCloseTo(1 / i1, 9);
  });

  it('lets a long open interval lower p but never raise it', () => {
    const h = new LossIntervalHistory(8, false);
    for (let k = 0; k < 9; k++) {
      for (let i = 0; i < 99; i++) h.addPacket(false);
      h.addPacket(true);
    }
    const p0 = h.lossEventRate();
    expect(p0).toBeCloseTo(0.01, 9);
    for (let i = 0; i < 10; i++) h.addPacket(false);
    expect(h.lossEventRate()).toBeCloseTo(p0, 12);
    for (let i = 0; i < 2000; i++) h.addPacket(false);
    expect(h.lossEventRate()).toBeLessThan(p0);
  });
});

/** One TFRC flow on a fat path with random loss p: the bottleneck never queues. */
function randomLoss(p: number, type: string, params: Record<string, unknown> = {}) {
  const sc = dumbbell({
    name: 'tfrc random loss',
    flows: [{ transport: { type, params } }],
    bottleneckRate: '100Mbps',
    bottleneckDelay: '40ms',
    bottleneckBuffer: '1000 packets',
    accessRate: '1Gbps',
    accessDelay: '5ms',
    duration: '200s',
  });
  sc.links[0]!.lossRate = p;
  const sim = new Simulation(sc);
  sim.runUntil(50e9);
  const st = sim.flows[0]!.stats;
  const rx0 = st.bytesReceived;
  let pSum = 0;
  let rSum = 0;
  let tSum = 0;
  let n = 0;
  const snd = sim.flows[0]!.sender as TfrcSender;
  const rcv = sim.flows[0]!.receiver as TfrcReceiver;
  for (let t = 51; t <= 200; t++) {
    sim.runUntil(t * 1e9);
    pSum += rcv.lossEventRate();
    rSum += snd.rttS;
    tSum += snd.tzeroS;
    n++;
  }
  const rateBytes = ((st.bytesReceived - rx0) / 150) * (1000 / 1032);
  return { rateBytes, p: pSum / n, rtt: rSum / n, tzero: tSum / n, snd };
}

describe('TFRC sending rate follows the equation (analytic check)', () => {
  for (const p of [0.01, 0.03]) {
    it(`ns-2 rate law at random loss ${p}: X ≈ X_Bps(p_measured, R)`, () => {
      const r = randomLoss(p, 'tfrc');
      const expected = tfrcRateBps(1000, r.rtt, r.p, r.tzero, 1, true);
      // the loss event rate is below the packet loss rate (losses within one RTT are one event)
      expect(r.p).toBeLessThan(p * 1.05);
      expect(r.p).toBeGreaterThan(p * 0.5);
      expect(r.rateBytes / expected).toBeGreaterThan(0.8);
      expect(r.rateBytes / expected).toBeLessThan(1.25);
    });
  }

  it('RFC 5348 rate law at random loss 0.02: X ≈ X_Bps(p_measured, R) with t_RTO = 4R', () => {
    const r = randomLoss(0.02, 'tfrc', {
      rateLaw: 'rfc5348',
      lossThreshold: 3,
      rttWeight: 0.9,
      slowIncrease: false,
      capTimeoutTerm: false,
    });
    const expected = tfrcRateBps(1000, r.rtt, r.p, 4 * r.rtt);
    expect(r.rateBytes / expected).toBeGreaterThan(0.8);
    expect(r.rateBytes / expected).toBeLessThan(1.25);
  });
});

describe('TFRC against NewReno (seed 002 claim 6; Floyd et al. 2000 §4)', () => {
  it('is smoother: lower coefficient of variation of throughput at a similar average rate', () => {
    // each alone on the same lossy path (1 % random loss, no queueing), ns-2 reference settings
    const run = (kind: string) => {
      const sc = dumbbell({
        name: kind,
        flows: [ns2FlowTransport(kind, NS2_DEFAULTS)],
        bottleneckRate: '100Mbps',
        bottleneckDelay: '40ms',
        bottleneckBuffer: '1000 packets',
        accessRate: '1Gbps',
        accessDelay: '5ms',
        duration: '200s',
      });
      sc.links[0]!.lossRate = 0.01;
      const sim = new Simulation(sc);
      sim.runUntil(50e9);
      const st = sim.flows[0]!.stats;
      let last = st.bytesReceived;
      const xs: number[] = [];
      for (let t = 50.5; t <= 200; t += 0.5) {
        sim.runUntil(Math.round(t * 1e9));
        xs.push(((st.bytesReceived - last) * 8) / 0.5);
        last = st.bytesReceived;
      }
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
      return { m, cov: sd / m };
    };
    const reno = run('Newreno');
    const tfrc = run('TFRC');
    expect(tfrc.m / reno.m).toBeGreaterThan(0.8);
    expect(tfrc.m / reno.m).toBeLessThan(1.25);
    expect(tfrc.cov).toBeLessThan(reno.cov * 0.7);
  });
});

describe('ns-2.35 reference tfrc-vs-newreno', () => {
  it('agrees on aggregate throughput, drops, mean queue and the winner', () => {
    const ref = { agg: 9828257.1, drops: 161, meanQ: 31.686 };
    const sim = new Simulation(ns2DumbbellScenario('tfrc-vs-newreno', { flows: 'Newreno,TFRC', T: '60' }));
    const sum = sim.run();
    const port = sum.ports.find((p) => p.name === 'r1->r2')!;
    const per = Object.values(port.flowThroughputBps);
    const agg = per.reduce((a, b) => a + b, 0);
    expect(Math.abs(agg / ref.agg - 1)).toBeLessThan(0.03);
    expect(Math.abs(port.drops - ref.drops)).toBeLessThan(ref.drops * 0.5);
    expect(Math.abs(port.meanQueuePackets - ref.meanQ)).toBeLessThan(Math.max(2, ref.meanQ * 0.25));
    expect(per[1]!).toBeGreaterThan(per[0]!); // TFRC takes the larger share, as in ns-2
  });
});
