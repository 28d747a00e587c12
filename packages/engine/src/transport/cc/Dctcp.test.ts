import { describe, expect, it } from 'vitest';
import { Dctcp } from './Dctcp.js';
import { FakeCcState } from './ccTestState.js';

const dctcp = (initialAlpha = 1) => new Dctcp({ g: 1 / 16, initialAlpha, lossReduction: 'halve' });

/** Feeds one ACK acknowledging up to segment `ackSeq`, with or without ECN-Echo. */
function ack(cc: Dctcp, s: FakeCcState, ackSeq: number, ece: boolean): void {
  s.highestAck = ackSeq;
  cc.onAnyAck(s, { ackedSegments: 0, rttNs: -1, ackSeq, ece });
}

describe('DCTCP sender (RFC 8257 §3.3–3.4)', () => {
  it('updates α ← (1 − g)·α + g·F once per window of data, F being the marked fraction', () => {
    const cc = dctcp(1);
    const s = new FakeCcState();
    // window 1: segments 0..9 outstanding, WindowEnd = SND.NXT = 10 when the first ACK arrives
    s.nextSeq = 10;
    ack(cc, s, 1, false); // 2 acknowledged
    ack(cc, s, 3, true); // 2 marked
    ack(cc, s, 5, false);
    ack(cc, s, 7, true); // 2 marked
    expect(cc.alphaEstimate).toBe(1); // no update before SND.UNA reaches WindowEnd
    s.nextSeq = 30; // data sent meanwhile: the next window ends at 30
    ack(cc, s, 9, false); // SND.UNA = 10 = WindowEnd: F = 4/10
    // hand-worked: 15/16 · 1 + 1/16 · 0.4 = 0.9625
    expect(cc.alphaEstimate).toBeCloseTo(0.9625, 12);
    // window 2: segments 10..29, none marked: α = 15/16 · 0.9625 = 0.90234375
    for (let a = 11; a <= 29; a += 2) ack(cc, s, a, false);
    expect(cc.alphaEstimate).toBeCloseTo(0.90234375, 12);
  });

  it('counts only newly acknowledged segments, and segment 0 not when it is the opening segment', () => {
    const cc = dctcp(0);
    const s = new FakeCcState();
    s.firstDataSeq = 1;
    s.nextSeq = 11;
    ack(cc, s, 0, true); // the handshake: nothing counted
    ack(cc, s, 4, true); // 4 marked of 4
    ack(cc, s, 4, true); // duplicate: nothing new
    ack(cc, s, 10, false); // 6 more, WindowEnd 11 reached: F = 4/10
    expect(cc.alphaEstimate).toBeCloseTo(0.025, 12); // 0 · 15/16 + 0.4/16
  });

  it('cuts cwnd by α/2 on ECN-Echo (cwnd = ssthresh = cwnd·(1 − α/2)), by half on a loss', () => {
    const s = new FakeCcState();
    s.cwnd = 40;
    const one = dctcp(1);
    expect(one.ssthreshAfter(s, 'ecn')).toBe(20); // α = 1: halve
    expect(one.cwndAfter(s, 'ecn')).toBe(20);
    const quarter = dctcp(0.25);
    expect(quarter.ssthreshAfter(s, 'ecn')).toBe(35); // 40 · (1 − 0.125)
    expect(quarter.cwndAfter(s, 'ecn')).toBe(35);
    expect(quarter.ssthreshAfter(s, 'loss')).toBe(20); // RFC 8257 §3.5: as conventional TCP
    const ns3 = new Dctcp({ g: 1 / 16, initialAlpha: 0.25, lossReduction: 'alpha' });
    expect(ns3.ssthreshAfter(s, 'loss')).toBe(35); // ns-3.37: the same α-cut for losses
    expect(quarter.cwndAfter(s, 'timeout')).toBe(1);
  });

  it('grows as Linux Reno: slow start by acknowledged segments, then one segment per window', () => {
    const cc = dctcp();
    const s = new FakeCcState();
    s.cwnd = 10;
    s.ssthresh = 12;
    expect(cc.onAck(s, { ackedSegments: 2, rttNs: -1, ackSeq: 1, ece: false })).toBe(12);
    s.cwnd = 12;
    let w = 12;
    // 12 segments acknowledged two at a time: +1 segment in all
    for (let i = 0; i < 6; i++)
      w = cc.onAck({ ...s, cwnd: w } as FakeCcState, { ackedSegments: 2, rttNs: -1, ackSeq: i, ece: false });
    expect(w).toBe(13);
  });
});
