import { describe, expect, it } from 'vitest';
import { XcpMark, type Packet } from '../net/Packet.js';
import { QueueBench } from '../queue/queueTestKit.js';
import { XcpControlledQueue, type XcpControlParams } from './XcpControlledQueue.js';
import type { XcpFairnessParams } from './XcpFairness.js';

const AIMD: XcpFairnessParams = {
  law: 'aimd',
  k: 0,
  l: 1,
  simdRoot: 0.5,
  simdWindow: 'current',
  simdAlpha: true,
  simdBeta: 1.236,
};

/** ns-2.35 xcpq.cc constants, timers at exactly 50 ms (no random start). */
function params(fairness = AIMD): XcpControlParams {
  return {
    alpha: 0.4,
    beta: 0.226,
    gamma: 0.1,
    initialIntervalS: 0.05,
    minIntervalS: 0.001,
    maxRttS: 1,
    minQueueIntervalS: 0.002,
    capacityFraction: 1,
    randomTimerStart: false,
    fairness,
  };
}

/** An XCP data packet of `flow`: H_rtt `rttS`, H_cwnd `cwnd` segments of `size` bytes, asking `askBytes`. */
function xcpPacket(b: QueueBench, flow: number, rttS: number, cwnd: number, size = 1000, askBytes = Infinity): Packet {
  const p = b.packet(flow, size);
  p.hdrXcp = XcpMark.Data;
  p.hdrRttNs = rttS * 1e9;
  p.hdrCwndBytes = cwnd * size;
  p.hdrFeedbackBytes = askBytes;
  return p;
}

function setup(rateBps: number, fairness = AIMD) {
  const bench = new QueueBench({ rateBps, limit: { packets: 1000 }, flows: 2 });
  const q = bench.attach(new XcpControlledQueue(params(fairness), { packets: 1000 }));
  return { bench, q };
}

describe('XCP router estimation and control (ns-2.35 xcpq.cc, Katabi et al. 2002 §3.5)', () => {
  it('spare bandwidth gives φ = α·(C − y), shared equally per RTT by AIMD (positive feedback ∝ rtt/cwnd)', () => {
    // C = 10 Mb/s = 1.25e6 B/s. In the first 50 ms: flow 0 (rtt 100 ms, cwnd 10: x = 0.01 s)
    // sends 20 packets, flow 1 (rtt 50 ms, cwnd 5: x = 0.01 s) 10, each leaving at once.
    const { bench, q } = setup(10e6);
    for (let i = 0; i < 30; i++) {
      bench.advanceTo(i * 1e6);
      q.enqueue(i < 20 ? xcpPacket(bench, 0, 0.1, 10) : xcpPacket(bench, 1, 0.05, 5));
      q.dequeue();
    }
    bench.advanceTo(50e6);
    const s = q.state();
    // y = 30000 B / 0.05 s = 6e5 B/s; d = Σ rtt·x / Σ x = (20·0.001 + 10·0.0005) / 0.3 = 1/12 s
    expect(s.inputRateBps).toBeCloseTo(6e5 * 8, 6);
    expect(s.avgRttS).toBeCloseTo(0.025 / 0.3, 12);
    expect(s.persistentQueueBytes).toBe(0);
    // φ = 0.4·(1.25e6 − 6e5) = 260000 B/s; h = max(0, 0.1·6e5 − 260000) = 0
    expect(s.phiBps).toBeCloseTo(260000 * 8, 6);
    expect(s.shuffledBps).toBe(0);
    // ξ_p = 260000 / Σ x = 260000 / 0.3; ξ_n = 0
    expect(s.xiP).toBeCloseTo(260000 / 0.3, 6);
    expect(s.xiN).toBe(0);
    expect(s.intervalS).toBeCloseTo(1 / 12, 12);
    // a departing packet of flow 0: ξ_p·x = 8666.67 B/s → × H_rtt 0.1 s = 866.67 bytes of window
    const p0 = xcpPacket(bench, 0, 0.1, 10);
    q.enqueue(p0);
    expect(q.dequeue()).toBe(p0);
    expect(p0.hdrFeedbackBytes).toBeCloseTo((260000 / 0.3) * 0.01 * 0.1, 9);
    // flow 1 (same x, half the RTT): the same rate increase, half the window bytes
    const p1 = xcpPacket(bench, 1, 0.05, 5);
    q.enqueue(p1);
    q.dequeue();
    expect(p1.hdrFeedbackBytes).toBeCloseTo((260000 / 0.3) * 0.01 * 0.05, 9);
    expect(q.state().residuePos).toBeCloseTo(260000 - 2 * 8666.666666, 3);
  });

  it('overload gives negative feedback ∝ packet size (multiplicative decrease)', () => {
    // C = 1 Mb/s = 125000 B/s, 10 packets of 1000 B in 50 ms: y = 200000 B/s
    const { bench, q } = setup(1e6);
    for (let i = 0; i < 10; i++) {
      bench.advanceTo(i * 4e6);
      q.enqueue(xcpPacket(bench, 0, 0.1, 10));
      q.dequeue();
    }
    bench.advanceTo(50e6);
    // φ = 0.4·(125000 − 200000) = −30000; h = max(0, 20000 − 30000) = 0; ξ_n = 30000 / 10000 B
    const s = q.state();
    expect(s.phiBps).toBeCloseTo(-30000 * 8, 6);
    expect(s.xiN).toBeCloseTo(3, 12);
    const p = xcpPacket(bench, 0, 0.1, 10);
    q.enqueue(p);
    q.dequeue();
    // −3 B/s per byte × 1000 B = −3000 B/s → × 0.1 s = −300 bytes
    expect(p.hdrFeedbackBytes).toBeCloseTo(-300, 9);
  });

  it('near capacity the shuffled traffic h = γ·y − |φ| funds both signs; a header asking less keeps its value (L26–L27)', () => {
    // C = 1.25e6 B/s; 60 packets in 50 ms: y = 1.2e6 B/s, φ = 0.4·50000 = 20000, h = 120000 − 20000
    const { bench, q } = setup(10e6);
    for (let i = 0; i < 60; i++) {
      bench.advanceTo(Math.round((i * 50e6) / 60));
      q.enqueue(xcpPacket(bench, 0, 0.1, 10));
      q.dequeue();
    }
    bench.advanceTo(50e6);
    const s = q.state();
    expect(s.shuffledBps).toBeCloseTo(100000 * 8, 4);
    expect(s.residuePos).toBeCloseTo(120000, 6);
    expect(s.residueNeg).toBeCloseTo(100000, 6);
    // ξ_p = 120000 / 0.6, ξ_n = 100000 / 60000 B
    const p = xcpPacket(bench, 0, 0.1, 10, 1000, 0); // asks for no change
    q.enqueue(p);
    q.dequeue();
    // pos = 2000, neg = 1666.67, fb = 333.33 > 0 asked: neg = 1666.67 + 333.33, pos = 0 + neg
    expect(p.hdrFeedbackBytes).toBe(0);
    expect(q.state().residuePos).toBeCloseTo(118000, 6);
    expect(q.state().residueNeg).toBeCloseTo(98000, 6);
  });

  it('the persistent queue is the minimum queue before departures over T_q = max(2 ms, (d − q/C)/2)', () => {
    const { bench, q } = setup(10e6);
    for (let i = 0; i < 10; i++) q.enqueue(xcpPacket(bench, 0, 0.1, 10));
    bench.advanceTo(50e6);
    // first T_q expiry: Q = running minimum so far (0); T_q = (0.05 − 10000/1.25e6)/2 = 0.021 s
    expect(q.state().queueIntervalS).toBeCloseTo(0.021, 12);
    bench.advanceTo(60e6);
    for (let i = 0; i < 3; i++) q.dequeue(); // the queue before each: 10000, 9000, 8000 B
    bench.advanceTo(71e6);
    expect(q.state().persistentQueueBytes).toBe(8000);
    // and it enters φ: at the next control interval (100 ms) φ = 0.4·(C − y) − 0.226·8000/d
  });

  it('packets without an RTT estimate get no feedback, and non-XCP bytes count only as input', () => {
    const { bench, q } = setup(10e6);
    const first = xcpPacket(bench, 0, 0, 2, 40);
    first.hdrFeedbackBytes = 0;
    const plain = bench.packet(1, 1000);
    q.enqueue(first);
    q.enqueue(plain);
    q.dequeue();
    q.dequeue();
    expect(first.hdrFeedbackBytes).toBe(0);
    expect(plain.hdrFeedbackBytes).toBe(0);
    bench.advanceTo(50e6);
    expect(q.state().inputRateBps).toBeCloseTo((1040 / 0.05) * 8, 6);
    expect(q.state().avgRttS).toBe(0.05); // no RTT seen: ns-2 INITIAL_Te_VALUE
  });
});
