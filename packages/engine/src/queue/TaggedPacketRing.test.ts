import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Packet } from '../net/Packet.js';
import { TaggedPacketRing } from './TaggedPacketRing.js';

const packets = Array.from({ length: 64 }, () => new Packet());
const tagOf = new Float64Array(1);

/** Pushes packet `i` with tag `tag`. */
function push(r: TaggedPacketRing, i: number, tag: number): void {
  tagOf[0] = tag;
  r.push(packets[i]!, tagOf, 0);
}

describe('TaggedPacketRing', () => {
  it('keeps entries in arrival order: head and tail tags, NaN when empty', () => {
    const r = new TaggedPacketRing(4);
    expect([r.length, r.headTag(), r.tailTag()]).toEqual([0, NaN, NaN]);
    push(r, 0, 10);
    push(r, 1, 20);
    push(r, 2, 30);
    expect([r.length, r.headTag(), r.tailTag()]).toEqual([3, 10, 30]);
    const out = new Float64Array(3);
    r.headTagInto(out, 2);
    expect(out[2]).toBe(10);
  });

  it('removes the oldest, a middle and the newest entry, giving each one its tag', () => {
    const r = new TaggedPacketRing(4);
    [10, 20, 30, 40].forEach((t, i) => push(r, i, t));
    r.remove(packets[0]!);
    expect([r.removedTag, r.length, r.headTag()]).toEqual([10, 3, 20]);
    r.remove(packets[2]!);
    expect([r.removedTag, r.length, r.headTag(), r.tailTag()]).toEqual([30, 2, 20, 40]);
    r.remove(packets[3]!);
    expect([r.removedTag, r.length, r.headTag(), r.tailTag()]).toEqual([40, 1, 20, 20]);
    // a packet that is not here: NaN, nothing changes
    r.remove(packets[9]!);
    expect([r.removedTag, r.length, r.headTag()]).toEqual([NaN, 1, 20]);
  });

  it('grows past its capacity with the head wrapped around, keeping the order', () => {
    const r = new TaggedPacketRing(4);
    // move the head to the middle of the 4-slot array, then fill it and more
    push(r, 0, 0);
    push(r, 1, 1);
    r.remove(packets[0]!);
    r.remove(packets[1]!);
    for (let i = 2; i < 12; i++) push(r, i, i);
    expect(r.length).toBe(10);
    const seen: number[] = [];
    while (r.length > 0) {
      seen.push(r.headTag());
      const i = seen.at(-1)!;
      r.remove(packets[i]!);
    }
    expect(seen).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('lowerTags subtracts from every tag in place', () => {
    const r = new TaggedPacketRing(2);
    [5, 7, 9].forEach((t, i) => push(r, i, t));
    r.lowerTags(4);
    expect([r.headTag(), r.tailTag()]).toEqual([1, 5]);
    r.remove(packets[1]!);
    expect(r.removedTag).toBe(3);
  });

  it('behaves as a list of (packet, tag) under any sequence of pushes, removals and lowerings', () => {
    type Op = { push: number } | { remove: number } | { lower: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ push: fc.integer({ min: 0, max: 1000 }) }),
      fc.record({ remove: fc.integer({ min: 0, max: 63 }) }),
      fc.record({ lower: fc.integer({ min: 0, max: 50 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(op, { maxLength: 200 }), (capacity, ops) => {
        const r = new TaggedPacketRing(capacity);
        const model: { i: number; tag: number }[] = [];
        let next = 0;
        for (const o of ops) {
          if ('push' in o) {
            if (model.length === packets.length) continue;
            // the next packet not in the ring
            while (model.some((e) => e.i === next % packets.length)) next++;
            const i = next++ % packets.length;
            push(r, i, o.push);
            model.push({ i, tag: o.push });
          } else if ('remove' in o) {
            r.remove(packets[o.remove]!);
            const k = model.findIndex((e) => e.i === o.remove);
            expect(r.removedTag).toBe(k < 0 ? NaN : model[k]!.tag);
            if (k >= 0) model.splice(k, 1);
          } else {
            r.lowerTags(o.lower);
            for (const e of model) e.tag -= o.lower;
          }
          expect(r.length).toBe(model.length);
          expect(r.headTag()).toBe(model.length === 0 ? NaN : model[0]!.tag);
          expect(r.tailTag()).toBe(model.length === 0 ? NaN : model.at(-1)!.tag);
        }
      }),
      { seed: 20261129, numRuns: 200 },
    );
  });
});
