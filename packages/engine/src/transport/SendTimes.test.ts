import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SendTimes } from './SendTimes.js';

/** ns-3's RTT history as SendTimes keeps it (tcp-socket-base.cc UpdateRttHistory / EstimateRtt). */
describe('SendTimes', () => {
  it('gives the send time of the oldest newly acknowledged segment, once', () => {
    const t = new SendTimes(16);
    t.sent(0, 100);
    t.sent(1, 110);
    t.sent(2, 120);
    // ACK of 0 and 1 (cumulative 1): the sample is segment 0's
    expect(t.acked(-1, 1)).toBe(100);
    // segment 1 is below the cumulative ACK now: asking again gives nothing
    expect(t.acked(0, 1)).toBe(-1);
    expect(t.acked(1, 2)).toBe(120);
    // nothing sent beyond 2
    expect(t.acked(2, 3)).toBe(-1);
  });

  it('a retransmitted segment gives no sample (Karn), others still do', () => {
    const t = new SendTimes(16);
    for (let s = 0; s < 4; s++) t.sent(s, 10 * s);
    t.retransmitted(1);
    expect(t.acked(-1, 0)).toBe(0);
    expect(t.acked(0, 1)).toBe(-1);
    expect(t.acked(1, 3)).toBe(20);
    // a segment outside [base, top] is ignored
    t.retransmitted(9);
    t.sent(4, 40);
    expect(t.acked(3, 4)).toBe(40);
  });

  it('segments outside the window touch nothing, though they share a slot of the ring with one inside', () => {
    const t = new SendTimes(16); // 16 slots: 16 and 0 share one
    for (let s = 0; s < 4; s++) t.sent(s, 100 + s);
    t.retransmitted(16);
    expect(t.acked(-1, 0)).toBe(100);
    // 0 is acknowledged: asking for 16 (never sent, 0's old slot) gives nothing, not 0's time
    expect(t.acked(15, 16)).toBe(-1);
  });

  it('a timeout forgets every outstanding segment; later ones sample again', () => {
    const t = new SendTimes(16);
    for (let s = 0; s < 5; s++) t.sent(s, s);
    expect(t.acked(-1, 1)).toBe(0);
    t.forgetOutstanding();
    expect(t.acked(1, 3)).toBe(-1);
    t.sent(5, 50);
    expect(t.acked(3, 4)).toBe(-1);
    expect(t.acked(4, 5)).toBe(50);
  });

  it('grows past its capacity with the window, keeping what it holds, also after wrapping', () => {
    const t = new SendTimes(16);
    // move the base to 10 so the ring has wrapped before it grows
    for (let s = 0; s < 10; s++) t.sent(s, s);
    expect(t.acked(-1, 9)).toBe(0);
    for (let s = 10; s < 60; s++) t.sent(s, 1000 + s);
    t.retransmitted(30);
    for (let s = 10; s < 60; s++) expect(t.acked(s - 1, s), `segment ${s}`).toBe(s === 30 ? -1 : 1000 + s);
  });

  it('answers as a map from segment to send time under any window of sends, retransmissions and ACKs', () => {
    type Op = { send: number } | { retx: number } | { ack: number } | { rto: true };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ send: fc.integer({ min: 1, max: 40 }) }),
      fc.record({ retx: fc.integer({ min: 0, max: 60 }) }),
      fc.record({ ack: fc.integer({ min: 1, max: 30 }) }),
      fc.constant({ rto: true as const }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const t = new SendTimes(16);
        const model = new Map<number, number>();
        let next = 0;
        let cum = -1;
        let now = 0;
        for (const o of ops) {
          now++;
          if ('send' in o) {
            for (let k = 0; k < o.send; k++) {
              t.sent(next, now);
              model.set(next++, now);
            }
          } else if ('retx' in o) {
            t.retransmitted(cum + 1 + o.retx);
            if (model.has(cum + 1 + o.retx)) model.set(cum + 1 + o.retx, -1);
          } else if ('ack' in o) {
            const to = Math.min(next - 1, cum + o.ack);
            if (to <= cum) continue;
            expect(t.acked(cum, to)).toBe(model.get(cum + 1) ?? -1);
            for (let s = cum + 1; s <= to; s++) model.delete(s);
            cum = to;
          } else {
            t.forgetOutstanding();
            for (const k of model.keys()) model.set(k, -1);
          }
        }
      }),
      { seed: 20261129, numRuns: 300 },
    );
  });
});
