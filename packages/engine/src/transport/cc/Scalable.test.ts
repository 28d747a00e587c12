import { describe, expect, it } from 'vitest';
import { ackOf, FakeCcState, feedAcks as acks, stateAt } from './ccTestState.js';
import { Scalable, scalableModel } from './Scalable.js';

const scalable = () => new Scalable({ aiFactor: 50, mdFactor: 0.125 });

/** A state in congestion avoidance at `cwnd` segments. */
const ca = (cwnd: number) => stateAt(cwnd, 2);

describe("Scalable TCP as ns-3.37's TcpScalable runs it (tcp-scalable.cc)", () => {
  it("has ns-3.37's defaults: AIFactor 50, MDFactor 0.125", () => {
    const d = Object.fromEntries(scalableModel.info.params.map((p) => [p.key, p.default]));
    expect(d).toEqual({ aiFactor: 50, mdFactor: 0.125 });
  });

  it('below aiFactor segments grows as Reno: one segment per cwnd acknowledged', () => {
    const cc = scalable();
    const s = ca(20);
    // w = min(20, 50) = 20: the 20th acknowledged segment adds one
    expect(acks(cc, s, 19)).toBe(20);
    expect(acks(cc, s, 1)).toBe(21);
  });

  it('from aiFactor segments up adds one segment per 50 acknowledged, whatever the window (a = 0.02)', () => {
    const cc = scalable();
    const s = ca(200);
    expect(acks(cc, s, 49)).toBe(200);
    expect(acks(cc, s, 1)).toBe(201);
    // delayed ACKs of two segments: 25 of them
    expect(acks(cc, s, 24, 2)).toBe(201);
    expect(acks(cc, s, 1, 2)).toBe(202);
  });

  it('an ACK of many segments adds ⌊count/w⌋ and drops the remainder (ns-3 resets the count)', () => {
    const cc = scalable();
    const s = ca(100);
    // 120 segments at w = 50: +2, the 20 left over are forgotten
    expect(acks(cc, s, 1, 120)).toBe(102);
    expect(cc.metrics()['ackCount']).toBe(0);
    // 49 more do not reach w (with Linux's carry-over, 20 + 49 would have)
    expect(acks(cc, s, 1, 49)).toBe(102);
  });

  it('when the window falls below the count kept, the next ACK first adds a segment and restarts it', () => {
    const cc = scalable();
    const s = ca(100);
    acks(cc, s, 40); // count 40 of w = 50
    s.cwnd = 30; // a reduction: w = 30 ≤ count
    expect(acks(cc, s, 1)).toBe(31);
    expect(cc.metrics()['ackCount']).toBe(1);
  });

  it('slow start adds one segment per ACK and hands the rest to congestion avoidance at ssthresh (TcpNewReno)', () => {
    const cc = scalable();
    const s = new FakeCcState();
    s.cwnd = 10;
    s.ssthresh = 100;
    expect(cc.onAck(s, ackOf(1, -1, 2))).toBe(11);
    expect(cc.metrics()['ackCount']).toBe(0);
    // cwnd 10, ssthresh 11: the first segment reaches ssthresh, the second is counted (1 of w = 11)
    s.ssthresh = 11;
    expect(cc.onAck(s, ackOf(2, -1, 2))).toBe(11);
    expect(cc.metrics()['ackCount']).toBe(1);
    // an ACK that acknowledges nothing new adds nothing in slow start
    expect(cc.onAck(s, ackOf(3, -1, 0))).toBe(10);
  });

  it('a congestion event keeps ⌊(1 − 0.125)·⌊flight⌋⌋ segments, at least 2', () => {
    const cc = scalable();
    const s = ca(120);
    Object.assign(s, { pipe: 100 });
    expect(cc.ssthreshAfter(s, 'loss')).toBe(87); // 87.5
    Object.assign(s, { pipe: 10 });
    expect(cc.ssthreshAfter(s, 'ecn')).toBe(8); // 8.75
    Object.assign(s, { pipe: 2 });
    expect(cc.ssthreshAfter(s, 'timeout')).toBe(2); // 1.75
    // without a SACK scoreboard: the segments in flight
    const t = ca(120);
    t.inFlight = 64;
    expect(cc.ssthreshAfter(t, 'loss')).toBe(56);
    expect(new Scalable({ aiFactor: 50, mdFactor: 0.5 }).ssthreshAfter(t, 'loss')).toBe(32);
  });
});
