import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventQueue, type EventHandler } from './EventQueue.js';
import { Random } from './Random.js';

class Recorder implements EventHandler {
  readonly seen: number[] = [];
  handleEvent(kind: number, arg: number): void {
    this.seen.push(kind * 1e6 + arg);
  }
}

describe('EventQueue', () => {
  it('dispatches events in time order and, at equal times, in insertion order', () => {
    const q = new EventQueue(2);
    const r = new Recorder();
    q.push(30, r, 0, 1);
    q.push(10, r, 0, 2);
    q.push(30, r, 0, 3);
    q.push(20, r, 0, 4);
    q.push(10, r, 0, 5);
    while (q.size > 0) q.popAndDispatch();
    expect(r.seen).toEqual([2, 5, 4, 1, 3]);
  });

  it('matches a stable sort of (time, insertion) for arbitrary interleavings of push and pop', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.boolean()), { maxLength: 300 }), (ops) => {
        const q = new EventQueue(4);
        const r = new Recorder();
        const ref: { t: number; id: number }[] = [];
        const out: number[] = [];
        const expected: number[] = [];
        let id = 0;
        let now = 0;
        for (const [dt, pop] of ops) {
          if (pop && q.size > 0) {
            q.popAndDispatch();
            out.push(r.seen[r.seen.length - 1]!);
            ref.sort((a, b) => a.t - b.t || a.id - b.id);
            const e = ref.shift()!;
            expected.push(e.id);
            now = e.t;
          } else {
            const t = now + dt;
            q.push(t, r, 0, id);
            ref.push({ t, id });
            id++;
          }
        }
        expect(out).toEqual(expected);
      }),
    );
  });

  it('an event pushed later with a reserved sequence runs where it would have had it been pushed at reservation', () => {
    const q = new EventQueue(4);
    const r = new Recorder();
    const early = q.reserveSeq();
    q.push(10, r, 0, 2); // scheduled after the reservation, same time
    q.pushReserved(10, early, r, 0, 1);
    q.push(5, r, 0, 0);
    while (q.size > 0) q.popAndDispatch();
    expect(r.seen).toEqual([0, 1, 2]);
  });

  it('grows past its initial capacity without losing events', () => {
    const q = new EventQueue(1);
    const r = new Recorder();
    for (let i = 999; i >= 0; i--) q.push(i, r, 0, i);
    expect(q.size).toBe(1000);
    while (q.size > 0) q.popAndDispatch();
    expect(r.seen).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });

  /**
   * A long random schedule against a sorted reference list: pushes (some with a sequence reserved
   * earlier), pops and peeks, with the gaps between events drawn from `gap`. Long enough for the
   * calendar to grow, shrink and recalibrate its width many times (every 4096 pops).
   */
  function randomSchedule(
    seed: number,
    ops: number,
    gap: (r: Random) => number,
  ): { out: number[]; expected: number[]; walkSteps: number } {
    const r = new Random(seed, 'event-queue');
    const q = new EventQueue(4);
    const rec = new Recorder();
    const ref: { t: number; seq: number; id: number }[] = [];
    const reserved: number[] = [];
    const out: number[] = [];
    const expected: number[] = [];
    let id = 0;
    let seqs = 0; // the reference's copy of the queue's sequence counter
    let now = 0;
    const insert = (t: number, seq: number, evId: number) => {
      let lo = 0;
      let hi = ref.length;
      while (lo < hi) {
        const m = (lo + hi) >> 1;
        const e = ref[m]!;
        if (e.t < t || (e.t === t && e.seq < seq)) lo = m + 1;
        else hi = m;
      }
      ref.splice(lo, 0, { t, seq, id: evId });
    };
    // a burst of pushes first, then pushes and pops in a ratio that makes the queue wander
    for (let i = 0; i < ops; i++) {
      const u = r.next();
      const phase = Math.floor(i / 5000) % 3; // 0: grow, 1: steady, 2: drain
      const pushP = phase === 0 ? 0.7 : phase === 1 ? 0.5 : 0.3;
      if (u < pushP || ref.length === 0) {
        const t = now + gap(r);
        let seq: number;
        if (reserved.length > 0 && r.next() < 0.3) {
          seq = reserved.shift()!;
          q.pushReserved(t, seq, rec, 0, id);
        } else {
          seq = seqs++;
          q.push(t, rec, 0, id);
        }
        insert(t, seq, id);
        id++;
      } else if (u < pushP + 0.03) {
        reserved.push(q.reserveSeq());
        seqs++;
      } else if (u < pushP + 0.06) {
        expect(q.peekTime()).toBe(ref[0]!.t);
      } else {
        const e = ref.shift()!;
        expect(q.headTime()).toBe(e.t);
        q.popAndDispatch();
        out.push(rec.seen[rec.seen.length - 1]!);
        expected.push(e.id);
        now = e.t;
      }
    }
    while (ref.length > 0) {
      const e = ref.shift()!;
      q.popAndDispatch();
      out.push(rec.seen[rec.seen.length - 1]!);
      expected.push(e.id);
    }
    expect(q.size).toBe(0);
    return { out, expected, walkSteps: q.walkSteps };
  }

  it.each([
    ['whole nanoseconds, a few microseconds apart', (r: Random) => Math.floor(r.next() * 20_000)],
    ['many ties (gaps of 0–3 ns)', (r: Random) => Math.floor(r.next() * 4)],
    [
      'a mixture of same-instant, microsecond, millisecond and one-second gaps (a network: transmissions, propagation, timers)',
      (r: Random) => {
        const u = r.next();
        return u < 0.2
          ? 0
          : u < 0.6
            ? Math.floor(r.next() * 12_000)
            : u < 0.95
              ? 5e6 + Math.floor(r.next() * 2e7)
              : 1e9;
      },
    ],
    ['fractional times spread over twelve orders of magnitude', (r: Random) => Math.pow(10, r.next() * 12) * r.next()],
  ])('dispatches a long random schedule in (time, sequence) order: %s', (_name, gap) => {
    const { out, expected, walkSteps } = randomSchedule(7, 40_000, gap);
    expect(out).toEqual(expected);
    expect(walkSteps).toBeLessThan(10 * 40_000);
  });

  it('finds an event pushed earlier than the head it last reported (a run stopped at a time limit, then scheduled)', () => {
    const q = new EventQueue();
    const r = new Recorder();
    q.push(1e6, r, 0, 2);
    expect(q.headTime()).toBe(1e6); // the scan now stands at the bucket of t = 1e6
    q.push(5000, r, 0, 1); // what a live change at the stop time schedules
    q.push(2e6, r, 0, 3);
    expect(q.headTime()).toBe(5000);
    while (q.size > 0) q.popAndDispatch();
    expect(r.seen).toEqual([1, 2, 3]);
  });

  it('keeps events at an infinite time last, and peeks them', () => {
    const q = new EventQueue();
    const r = new Recorder();
    q.push(Infinity, r, 0, 9);
    q.push(10, r, 0, 1);
    q.push(Infinity, r, 0, 10);
    q.popAndDispatch();
    expect(q.peekTime()).toBe(Infinity);
    expect(q.peekHandler()).toBe(r);
    q.push(20, r, 0, 2);
    while (q.size > 0) q.popAndDispatch();
    expect(r.seen).toEqual([1, 2, 9, 10]);
    expect(q.peekTime()).toBe(Infinity);
    expect(q.peekHandler()).toBeNull();
  });

  it('takes 20,000 events at one instant in constant time each (thousands of flows starting together)', () => {
    // a sorted bucket walked from its head would step over 2·10⁸ events
    const q = new EventQueue();
    const r = new Recorder();
    const n = 20_000;
    for (let i = 0; i < n; i++) q.push(1000, r, 0, i);
    let inOrder = true;
    for (let i = 0; i < n; i++) {
      q.popAndDispatch();
      if (r.seen[i] !== i) inOrder = false;
    }
    expect(inOrder).toBe(true);
    expect(q.walkSteps).toBe(0); // each one appended at its bucket's tail
  });

  it('takes a burst of 100,000 events within a millisecond after a quiet second-scale spell without a quadratic slowdown', () => {
    // the calendar first learns a width of about a second; a bucket that wide would take the
    // whole burst into one sorted list (≈ 2.5·10⁹ steps): the test would time out
    const q = new EventQueue();
    const r = new Recorder();
    const rand = new Random(3, 'burst');
    let t = 0;
    for (let i = 0; i < 10_000; i++) {
      q.push(t + 1e9, r, 0, -1);
      q.popAndDispatch();
      t += 1e9;
    }
    const times: number[] = [];
    for (let i = 0; i < 100_000; i++) {
      const at = t + Math.floor(rand.next() * 1e6);
      times.push(at);
      q.push(at, r, 1, i);
    }
    const order = times.map((at, i) => ({ at, i })).sort((a, b) => a.at - b.at || a.i - b.i);
    r.seen.length = 0;
    while (q.size > 0) q.popAndDispatch();
    expect(r.seen).toEqual(order.map((e) => 1e6 + e.i));
    // a few steps per insertion, not tens of thousands
    expect(q.walkSteps).toBeLessThan(10 * 100_000);
  });
});
