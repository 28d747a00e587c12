import { describe, expect, it } from 'vitest';
import type { BufferLimit } from '../core/units.js';
import { DropTailQueueDisc } from './DropTailQueueDisc.js';
import { QueueBench } from './queueTestKit.js';

/**
 * DropTail against ns-2.35 drop-tail.cc `enque` worked by hand: with qlim_ = 4 an arrival is
 * refused once length + 1 ≥ 4, so three packets wait (the fourth place is the one on the wire).
 * With drop_front_ the arrival is queued and the oldest waiting packet dropped instead.
 */
function dropTail(dropFrom: 'tail' | 'front', limit: BufferLimit = { packets: 4 }) {
  const bench = new QueueBench({ limit });
  const q = bench.attach(new DropTailQueueDisc({ limit, dropFrom }));
  const sent = [0, 1, 2, 3, 4].map(() => bench.packet(0, 1000));
  const accepted = sent.map((p) => q.enqueue(p));
  const out: number[] = [];
  for (let p = q.dequeue(); p !== null; p = q.dequeue()) out.push(p.seq);
  return { bench, q, accepted, out };
}

describe('DropTailQueueDisc (ns-2 Queue/DropTail)', () => {
  it('refuses arrivals once limit − 1 packets wait, and serves the rest in order', () => {
    const { bench, q, accepted, out } = dropTail('tail');
    expect(accepted).toEqual([true, true, true, false, false]);
    expect(out).toEqual([0, 1, 2]);
    expect(bench.drops.map((d) => [d.seq, d.reason])).toEqual([
      [3, 'overflow'],
      [4, 'overflow'],
    ]);
    expect(q.stats.drops).toBe(2);
  });

  it('with drop_front_ keeps the newest: each arrival pushes the oldest waiting packet out', () => {
    const { bench, q, accepted, out } = dropTail('front');
    expect(accepted).toEqual([true, true, true, true, true]);
    expect(out).toEqual([2, 3, 4]);
    expect(bench.drops.map((d) => [d.seq, d.reason])).toEqual([
      [0, 'front'],
      [1, 'front'],
    ]);
    expect(q.stats.drops).toBe(2);
    expect(q.lengthPackets).toBe(0);
  });

  it('counts bytes with a byte limit: 1000-byte packets, 3000 bytes → two wait', () => {
    const { accepted, out } = dropTail('tail', { bytes: 3000 });
    expect(accepted).toEqual([true, true, false, false, false]);
    expect(out).toEqual([0, 1]);
  });

  it('with drop_front_ refuses a packet too large even for an empty buffer, after emptying it', () => {
    const limit = { bytes: 3000 };
    const bench = new QueueBench({ limit });
    const q = bench.attach(new DropTailQueueDisc({ limit, dropFrom: 'front' }));
    expect(q.enqueue(bench.packet(0, 1000))).toBe(true);
    expect(q.enqueue(bench.packet(0, 4000))).toBe(false);
    expect(bench.drops.map((d) => [d.seq, d.reason])).toEqual([
      [0, 'front'],
      [1, 'overflow'],
    ]);
    expect(q.lengthPackets).toBe(0);
  });

  it('gives up its oldest packet when a parent evicts, and reports an empty queue', () => {
    const bench = new QueueBench({ limit: { packets: 10 } });
    const q = bench.attach(new DropTailQueueDisc({ limit: { packets: 10 }, dropFrom: 'tail' }));
    q.enqueue(bench.packet(0));
    q.enqueue(bench.packet(0));
    expect(q.evict('fq-overflow')).toBe(true);
    expect(bench.drops.map((d) => [d.seq, d.reason])).toEqual([[0, 'fq-overflow']]);
    expect(q.dequeue()!.seq).toBe(1);
    expect(q.evict('fq-overflow')).toBe(false);
  });
});
