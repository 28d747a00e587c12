import { describe, expect, it } from 'vitest';
import { Binomial } from './Binomial.js';
import { Simd } from './Simd.js';
import { FakeCcState, ackOf } from './ccTestState.js';
import type { CongestionControl } from './CongestionControl.js';
import { findCcModel } from './index.js';
import { runDumbbell, tcpFlow } from '../../../test/ccHarness.js';
import { Simulation } from '../../Simulation.js';
import { dumbbell } from '../../scenario/builders.js';

/**
 * TCP-compatibility is a statement about equal loss rates (Bansal & Balakrishnan): two flows of
 * `cc` and two NewReno flows on a 100 Mb/s path with 0.2 % random loss and a buffer that never
 * fills. Returns the throughput ratio cc : NewReno.
 */
function ratioUnderRandomLoss(cc: string, ccParams: Record<string, unknown>): number {
  const sc = dumbbell({
    name: 'tcp-compatibility',
    flows: [0, 1, 2, 3].map((i) => ({
      transport: i % 2 === 0 ? tcpFlow(cc, ccParams) : tcpFlow('newreno'),
      start: `${0.1 * i}s`,
    })),
    bottleneckRate: '100Mbps',
    bottleneckDelay: '20ms',
    bottleneckBuffer: '2000 packets',
    accessRate: '1Gbps',
    accessDelay: '5ms',
    duration: '150s',
  });
  sc.links[0]!.lossRate = 0.002;
  const sim = new Simulation(sc);
  sim.run();
  const p = sim.probedPorts[0]!;
  return (p.departureBytesOf(0) + p.departureBytesOf(2)) / (p.departureBytesOf(1) + p.departureBytesOf(3));
}

/** Feeds `rtts` rounds of one ACK per segment; returns the window after each round. */
function rounds(cc: CongestionControl, s: FakeCcState, n: number): number[] {
  const out: number[] = [];
  let seq = 0;
  for (let r = 0; r < n; r++) {
    const acks = Math.floor(s.cwnd);
    for (let i = 0; i < acks; i++) {
      s.nextSeq = seq + acks + 1;
      s.cwnd = cc.onAck(s, ackOf(seq++), 0);
    }
    out.push(s.cwnd);
  }
  return out;
}

describe('Binomial family', () => {
  it('increases by α/w^k per RTT and decreases by β·w^l per loss (seed 003 §1)', () => {
    for (const [name, preset] of Object.entries(findCcModel('binomial')!.info.presets!)) {
      const p = preset as { k: number; l: number; alpha: number; beta: number };
      const cc = new Binomial(p);
      const s = new FakeCcState();
      s.ssthresh = 1;
      s.cwnd = 64;
      const [w1] = rounds(cc, s, 1);
      // one round of 64 ACKs integrates dw = α/w^(k+1) per ACK: close to α/64^k
      expect(w1! - 64, name).toBeCloseTo(p.alpha / Math.pow(64, p.k), 1);
      s.cwnd = 64;
      s.ssthresh = 10; // congestion avoidance
      cc.ssthreshAfter(s, 'loss');
      expect(cc.cwndAfter(s, 'loss'), name).toBeCloseTo(Math.max(64 - p.beta * Math.pow(64, p.l), 1), 9);
    }
  });

  it('SQRT (k + l = 1) competes TCP-compatibly with AIMD (NewReno) at an equal loss rate', () => {
    const ratio = ratioUnderRandomLoss('binomial', findCcModel('binomial')!.info.presets!.SQRT!);
    expect(ratio).toBeGreaterThan(0.67);
    expect(ratio).toBeLessThan(1.5);
  });

  it('MIMD (k + l = 0) is not TCP-compatible: it takes far more than AIMD', () => {
    const mimd = findCcModel('binomial')!.info.presets!.MIMD!;
    const r = runDumbbell(
      [{ transport: tcpFlow('binomial', mimd) }, { transport: tcpFlow('newreno'), start: '0.1s' }],
      {
        rate: '50Mbps',
        buffer: '60 packets',
        duration: '120s',
      },
    );
    r.runTo(120);
    expect(r.departedBytes(0) / r.departedBytes(1)).toBeGreaterThan(1.5);
  });
});

describe('SIMD', () => {
  it('uses α = 3√β / ((1 − 2β/3)·√(2·w_max)) (seed 003 eq. 1.7) and w0 = (1 − β)·w_max', () => {
    const cc = new Simd({ beta: 0.125, rootExponent: 0.5, usePreviousWindow: false });
    const s = new FakeCcState();
    s.cwnd = 200;
    s.ssthresh = 10;
    s.ssthresh = cc.ssthreshAfter(s, 'loss');
    expect(cc.cwndAfter(s, 'loss')).toBeCloseTo(175, 9);
    expect(cc.metrics().alpha).toBeCloseTo((3 * Math.sqrt(0.125)) / ((1 - 0.25 / 3) * Math.sqrt(400)), 12);
  });

  it('w − w0 grows with the square of the time since the last loss: (α·t/2)²', () => {
    const cc = new Simd({ beta: 0.125, rootExponent: 0.5, usePreviousWindow: false });
    const s = new FakeCcState();
    s.cwnd = 400;
    s.ssthresh = 10;
    s.ssthresh = cc.ssthreshAfter(s, 'loss');
    s.cwnd = cc.cwndAfter(s, 'loss');
    const { w0, alpha } = cc.metrics() as { w0: number; alpha: number };
    const w = rounds(cc, s, 80);
    for (const t of [20, 40, 80]) {
      const x = w[t - 1]! - w0!;
      expect(x / ((alpha! * t) / 2) ** 2).toBeGreaterThan(0.9);
      expect(x / ((alpha! * t) / 2) ** 2).toBeLessThan(1.1);
    }
    // doubling the time quadruples w − w0
    expect((w[79]! - w0!) / (w[39]! - w0!)).toBeCloseTo(4, 0);
  });

  it('fourth-root SIMD grows as t^(4/3) instead', () => {
    const cc = new Simd({ beta: 0.125, rootExponent: 0.25, usePreviousWindow: false });
    const s = new FakeCcState();
    s.cwnd = 400;
    s.ssthresh = 10;
    s.ssthresh = cc.ssthreshAfter(s, 'loss');
    s.cwnd = cc.cwndAfter(s, 'loss');
    const { w0 } = cc.metrics() as { w0: number };
    const w = rounds(cc, s, 80);
    const ratio = (w[79]! - w0!) / (w[39]! - w0!);
    expect(ratio).toBeGreaterThan(2 ** (4 / 3) * 0.93);
    expect(ratio).toBeLessThan(2 ** (4 / 3) * 1.07);
  });

  it('competes TCP-compatibly with AIMD at an equal loss rate (the α of eq. 1.7 is chosen for it)', () => {
    const ratio = ratioUnderRandomLoss('simd', {});
    expect(ratio).toBeGreaterThan(0.67);
    expect(ratio).toBeLessThan(1.5);
  });
});
