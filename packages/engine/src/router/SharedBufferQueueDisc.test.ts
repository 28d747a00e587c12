import { describe, expect, it } from 'vitest';
import { PacketKind } from '../net/Packet.js';
import { DropTailQueueDisc } from '../queue/DropTailQueueDisc.js';
import { accountingHolds, QueueBench } from '../queue/queueTestKit.js';
import { SharedBuffer } from './SharedBuffer.js';
import { SharedBufferQueueDisc } from './SharedBufferQueueDisc.js';

function twoPorts(limit: SharedBuffer['limit'], dropFrom: 'tail' | 'front' = 'tail') {
  const bench = new QueueBench({ limit: { packets: 100 } });
  const pool = new SharedBuffer(limit);
  const a = bench.attach(new SharedBufferQueueDisc(new DropTailQueueDisc({ limit: { packets: 100 }, dropFrom }), pool));
  const b = bench.attach(new SharedBufferQueueDisc(new DropTailQueueDisc({ limit: { packets: 3 }, dropFrom }), pool));
  return { bench, pool, a, b };
}

describe('a router buffer shared by its ports', () => {
  it('refuses an arrival at any port once the ports hold B packets together, and frees room on departure', () => {
    const { bench, pool, a, b } = twoPorts({ packets: 3 });
    expect(a.enqueue(bench.packet(0))).toBe(true);
    expect(a.enqueue(bench.packet(0))).toBe(true);
    expect(b.enqueue(bench.packet(1))).toBe(true);
    expect(pool.occupancy).toBe(3);
    expect(b.enqueue(bench.packet(1))).toBe(false);
    expect(a.enqueue(bench.packet(0))).toBe(false);
    expect(bench.drops.map((d) => d.reason)).toEqual(['overflow', 'overflow']);
    expect(pool.refused).toBe(2);
    a.dequeue();
    expect(pool.occupancy).toBe(2);
    expect(b.enqueue(bench.packet(1))).toBe(true);
    for (const q of [a, b]) expect(accountingHolds(q)).toBe(true);
  });

  it('counts bytes when B is in bytes', () => {
    const { bench, pool, a, b } = twoPorts({ bytes: 2500 });
    expect(a.enqueue(bench.packet(0, 1500))).toBe(true);
    expect(b.enqueue(bench.packet(1, 1000))).toBe(true);
    expect(b.enqueue(bench.packet(1, 40))).toBe(false);
    expect(pool.bytes).toBe(2500);
  });

  it('does not charge control packets', () => {
    const { bench, pool, a } = twoPorts({ packets: 1 });
    a.enqueue(bench.packet(0));
    const c = bench.packet(0, 40);
    c.kind = PacketKind.Control;
    expect(a.enqueue(c)).toBe(true);
    expect(pool.packets).toBe(1);
    a.dequeue();
    a.dequeue();
    expect(pool.packets).toBe(0);
  });

  it('gives room back when the port’s own discipline drops a stored packet', () => {
    // port b's DropTail holds 2 waiting packets (limit 3, ns-2 qlim − 1) and drops from the front
    const { bench, pool, b } = twoPorts({ packets: 10 }, 'front');
    for (let i = 0; i < 4; i++) b.enqueue(bench.packet(1));
    expect(b.lengthPackets).toBe(2);
    expect(pool.packets).toBe(2);
    expect(bench.drops.map((d) => d.reason)).toEqual(['front', 'front']);
  });
});
