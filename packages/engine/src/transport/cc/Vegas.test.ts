import { describe, expect, it } from 'vitest';
import { runDumbbell, tcpFlow } from '../../../test/ccHarness.js';
import { Vegas } from './Vegas.js';
import { FakeCcState, ackOf } from './ccTestState.js';

describe('Vegas', () => {
  it('keeps between α and β packets queued per flow at equilibrium (Brakmo & Peterson §3.2)', () => {
    for (const [alpha, beta] of [
      [2, 4],
      [4, 8],
    ] as const) {
      const r = runDumbbell([{ transport: tcpFlow('vegas', { alpha, beta }) }], {
        buffer: '200 packets',
        duration: '40s',
      });
      const q = r.meanQueue(20, 40);
      expect(r.drops()).toBe(0);
      // one flow: its backlog is the bottleneck queue (±1 for Diff's rounding)
      expect(q).toBeGreaterThanOrEqual(alpha - 1);
      expect(q).toBeLessThanOrEqual(beta + 1);
    }
  });

  it('two flows together keep between 2α and 2β packets queued, without loss, sharing fairly', () => {
    const r = runDumbbell(
      [
        { transport: tcpFlow('vegas', { alpha: 3, beta: 5 }) },
        { transport: tcpFlow('vegas', { alpha: 3, beta: 5 }), start: '0.1s' },
      ],
      { buffer: '200 packets', duration: '60s' },
    );
    const q = r.meanQueue(30, 60);
    expect(r.drops()).toBe(0);
    expect(q).toBeGreaterThanOrEqual(2 * 3 - 1);
    expect(q).toBeLessThanOrEqual(2 * 5 + 1);
    const a = r.departedBytes(0);
    const b = r.departedBytes(1);
    expect(Math.min(a, b) / Math.max(a, b)).toBeGreaterThan(0.7);
  });

  it('fills a pipe with a buffer far below the bandwidth-delay product, losing nothing after start-up', () => {
    const r = runDumbbell([{ transport: tcpFlow('vegas') }], { buffer: '10 packets', duration: '30s' });
    r.runTo(10);
    const drops = r.drops();
    const b0 = r.departedBytes(0);
    r.runTo(30);
    expect(((r.departedBytes(0) - b0) * 8) / 20).toBeGreaterThan(9.8e6);
    expect(r.drops()).toBe(drops);
  });

  it('recovers from the losses of a tiny shared buffer without stalling and almost without timeouts', () => {
    // a 4-flow Vegas mix on a tiny buffer forces losses; the flows must recover without
    // stalling (every flow keeps sending) and mostly without timeouts
    const flows = [0, 1, 2, 3].map((i) => ({ transport: tcpFlow('vegas'), start: `${0.1 * i}s` }));
    const r = runDumbbell(flows, { buffer: '8 packets', duration: '60s' });
    r.runTo(60);
    expect(r.drops()).toBeGreaterThan(0);
    const s = r.sim.summary();
    let total = 0;
    for (let i = 0; i < 4; i++) {
      total += r.departedBytes(i);
      expect((r.departedBytes(i) * 8) / 60).toBeGreaterThan(1.5e6);
      expect(s.flows[i]!.timeouts).toBeLessThanOrEqual(2);
    }
    expect((total * 8) / 60).toBeGreaterThan(9.5e6);
  });
});

describe('Vegas window decisions, ACK by ACK (ns-2 tcp-vegas.cc)', () => {
  const MS = 1e6;
  const vegas = (alpha = 1) => new Vegas({ alpha, beta: 3, gamma: 1, timeoutWindow: 2 });
  function state(cwnd: number): FakeCcState {
    const s = new FakeCcState();
    s.maxWindow = 64;
    s.cwnd = cwnd;
    s.ssthresh = 2; // congestion avoidance
    return s;
  }

  it('decides once per round trip: Diff > β takes one segment off per RTT, not one per ACK', () => {
    const v = vegas(0);
    const s = state(20);
    v.init(s);
    // round 1: segments 0–19 leave at t = 0 and are acknowledged at 100 ms: BaseRTT 100 ms,
    // Expected = Actual = 20 segments / 100 ms, Diff 0: hold
    for (let q = 0; q < 20; q++) v.onSent(s, q, false, 0);
    s.nextSeq = 20;
    for (let q = 0; q < 20; q++) {
      s.highestAck = q;
      s.cwnd = v.onAck(s, ackOf(q), 100 * MS);
    }
    expect(s.cwnd).toBe(20);
    expect(v.metrics().diff).toBe(0);
    // round 2: segments 20–39 leave at 100 ms and come back at 300 ms (a queue built up). The
    // round's first ACK compares Expected = 20/0.1 with Actual = 20/0.2 segments/s:
    // Diff = (200 − 100)·0.1 = 10 > β = 3, so cwnd −= 1 — and nothing more until segment 40
    for (let q = 20; q < 40; q++) v.onSent(s, q, false, 100 * MS);
    s.nextSeq = 40;
    for (let q = 20; q < 40; q++) {
      s.highestAck = q;
      s.cwnd = v.onAck(s, ackOf(q), 300 * MS);
    }
    expect(v.metrics().diff).toBe(10);
    expect(s.cwnd).toBe(19);
    expect(v.metrics().baseRttMs).toBeCloseTo(100, 9);
  });

  it('cuts the window on a retransmission at most once per window of data sent since the last cut', () => {
    const v = vegas();
    const s = state(20);
    v.init(s);
    v.onSent(s, 0, false, 0); // the Vegas clock starts with segment 0
    for (let q = 1; q <= 20; q++) v.onSent(s, q, false, 10 * MS);
    // first retransmission (segment 5, 3 duplicate ACKs): ¾ of 20 = 15, inflated by the 3
    expect(v.cwndOnDupAckRetransmit(s, 5, 3, 200 * MS)).toBe(18);
    s.cwnd = 18;
    // segment 8 was sent before that cut: the same window, no second cut
    expect(v.cwndOnDupAckRetransmit(s, 8, 3, 210 * MS)).toBe(18);
    // nor for the retransmission of 5, sent at the instant of the cut (ns-2 cuts only when
    // t_cwnd_changed_ < the segment's send time)
    v.onSent(s, 5, true, 200 * MS);
    expect(v.cwndOnDupAckRetransmit(s, 5, 3, 350 * MS)).toBe(18);
    // the next new ACK deflates to the cut window and leaves slow start for good (ssthresh 2)
    s.cwnd = 25;
    s.ssthresh = 100;
    expect(v.cwndOnRecoveryExit(s)).toBe(15);
    expect(v.ssthreshAfterUpdate()).toBe(2);
    // a segment sent after the cut belongs to a new window: cut again, 16 − 16/4 = 12
    s.cwnd = 16;
    v.onSent(s, 21, false, 250 * MS);
    expect(v.cwndOnDupAckRetransmit(s, 21, 3, 400 * MS)).toBe(12 + 3);
    // a segment already retransmitted once halves the window (15 → 7)
    v.onSent(s, 21, true, 410 * MS);
    expect(v.transmissions(21)).toBe(2);
    s.cwnd = 15;
    expect(v.cwndOnDupAckRetransmit(s, 21, 3, 600 * MS)).toBe(7 + 3);
    // three segments or fewer: 2
    s.cwnd = 3;
    v.onSent(s, 22, false, 700 * MS);
    expect(v.cwndOnDupAckRetransmit(s, 22, 1, 800 * MS)).toBe(2 + 1);
  });
});
