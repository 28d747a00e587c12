import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventQueue, type EventHandler } from './EventQueue.js';

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
});
