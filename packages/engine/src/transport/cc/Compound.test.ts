import { describe, expect, it } from 'vitest';
import { Compound, qroot } from './Compound.js';
import { FakeCcState } from './ccTestState.js';

/** Drives `n` ACKs (one segment each, the window the limit) as ns-2's Linux agent calls the module. */
function acks(cc: Compound, s: FakeCcState, from: number, n: number, rttNs: number): void {
  for (let k = from; k < from + n; k++) {
    s.highestAck = k;
    s.lastRttNs = rttNs;
    cc.onPacketsAcked(s);
    s.cwnd = cc.onAck(s, { ackedSegments: 1, rttNs, ackSeq: k, ece: false, priorInFlight: 100_000 });
    cc.onAnyAck(s);
  }
}

describe('Compound TCP (ns-2.35 tcp_compound.c)', () => {
  it('qroot is Linux’s integer quartic root', () => {
    // ⌊w^{3/4}⌋ for w = 10, 20, 100, 1000 (5.62, 9.46, 31.6, 177.8)
    expect([10, 20, 100, 1000].map((w) => qroot(w * w * w))).toEqual([5, 9, 31, 177]);
  });

  it('grows the delay window by ⌊w^{3/4}⌋/8 − 1 per RTT while the Vegas diff is under γ', () => {
    const s = new FakeCcState();
    Object.assign(s, { cwnd: 100, ssthresh: 50, nextSeq: 100 });
    const cc = new Compound(30);
    // the first RTT ends with the ACK of segment 100 (first unacked 101 > beg_snd_nxt 100)
    acks(cc, s, 0, 100, 100e6);
    expect(cc.metrics().dwnd).toBe(0);
    s.nextSeq = 300;
    acks(cc, s, 100, 1, 100e6);
    // old_wnd 100 segments, no queueing (minRTT = baseRTT): 31 >> 3 = 3, dwnd = 3 − 1
    expect(cc.metrics().dwnd).toBe(2);
    // Reno part: +1 after snd_cwnd ACKs in congestion avoidance
    expect(cc.metrics().cwndPart).toBe(101);
    expect(s.cwnd).toBe(103);
  });

  it('cuts the delay window by the diff once the queue estimate reaches γ', () => {
    const s = new FakeCcState();
    Object.assign(s, { cwnd: 100, ssthresh: 50, nextSeq: 100 });
    const cc = new Compound(30);
    acks(cc, s, 0, 100, 100e6);
    s.nextSeq = 300;
    acks(cc, s, 100, 1, 100e6);
    expect(cc.metrics().dwnd).toBe(2);
    // next RTT (segments 101..300 sent, boundary at beg_snd_nxt 300): RTTs doubled, old_wnd 200:
    // diff = 2·200 − 2·200·base/(2·base) = 200 half-segments ≥ 2γ; dwnd·2 = 4 < 200 → 0
    s.nextSeq = 500;
    acks(cc, s, 101, 200, 200e6);
    expect(cc.metrics().dwnd).toBe(0);
  });

  it('halves on loss and, as ns-2’s glue applies min_cwnd, continues at a quarter', () => {
    const s = new FakeCcState();
    s.cwnd = 100;
    const cc = new Compound(30);
    expect(cc.ssthreshAfter(s, 'loss')).toBe(50);
    expect(cc.cwndAfter(s, 'loss')).toBe(25);
    expect(cc.cwndAfter(s, 'timeout')).toBe(1);
  });
});
