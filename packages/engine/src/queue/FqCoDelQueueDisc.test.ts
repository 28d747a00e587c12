import { describe, expect, it } from 'vitest';
import type { BufferLimit } from '../core/units.js';
import { resolveParams } from '../model/params.js';
import { flowBucket } from './flowHash.js';
import { fqCodelModel, type FqCoDelQueueDisc } from './FqCoDelQueueDisc.js';
import { accountingHolds, QueueBench } from './queueTestKit.js';

/**
 * FQ-CoDel (RFC 8290) with hand-worked values. Perturbation 0 puts flows 0 and 1 in different
 * buckets (checked below), so each flow has its own queue.
 */

function fq(limit: BufferLimit, params: Record<string, unknown> = {}): { bench: QueueBench; q: FqCoDelQueueDisc } {
  const bench = new QueueBench({ limit });
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(fqCodelModel.info.params, { perturbation: 0, ...params }, 'params', issues);
  expect(issues).toEqual([]);
  return { bench, q: bench.attach(fqCodelModel.create(p, limit, bench.build()) as FqCoDelQueueDisc) };
}

describe('FQ-CoDel scheduling (RFC 8290 §4.2–4.3)', () => {
  it('puts flows 0 and 1 in different buckets under perturbation 0', () => {
    expect(flowBucket(0, 0, 1024)).not.toBe(flowBucket(1, 0, 1024));
  });

  it("serves a sparse flow's packet before a backlogged flow's queue (new-flow priority)", () => {
    const { bench, q } = fq({ packets: 1000 });
    for (let i = 0; i < 10; i++) q.enqueue(bench.packet(0, 1000));
    // flow 0 is new with 1514 B of credit: two packets (1514 → 514 → −486), then it is out of
    // credit, gets a new quantum (1028) and moves to the old list; its third packet follows
    expect([q.dequeue(), q.dequeue(), q.dequeue()].map((p) => p!.flowId)).toEqual([0, 0, 0]);
    expect([q.newFlowCount, q.oldFlowCount]).toEqual([0, 1]);
    q.enqueue(bench.packet(1, 100)); // a sparse flow arrives behind 7 queued packets of flow 0
    expect([q.newFlowCount, q.oldFlowCount]).toEqual([1, 1]);
    expect(q.dequeue()!.flowId).toBe(1);
    // at its next turn the emptied new flow moves to the tail of the old list (§4.2), behind
    // flow 0, which sends
    expect(q.dequeue()!.flowId).toBe(0);
    expect([q.newFlowCount, q.oldFlowCount]).toEqual([0, 2]);
  });

  it('moves an emptied new flow to the old list (RFC 8290 §4.2), or with linux only while old flows wait', () => {
    const run = (emptyNewFlow: string) => {
      const { bench, q } = fq({ packets: 1000 }, { emptyNewFlow });
      q.enqueue(bench.packet(0, 1000));
      q.enqueue(bench.packet(1, 1000));
      expect(q.dequeue()!.flowId).toBe(0);
      // flow 0's turn again, found empty while the old list is empty; flow 1 then sends
      expect(q.dequeue()!.flowId).toBe(1);
      return [q.newFlowCount, q.oldFlowCount];
    };
    expect(run('old-list')).toEqual([1, 1]);
    expect(run('linux')).toEqual([1, 0]);
  });

  it('shares bytes, not packets, between flows of different packet sizes (DRR)', () => {
    const { bench, q } = fq({ packets: 10000 });
    for (let i = 0; i < 300; i++) {
      q.enqueue(bench.packet(0, 1500));
      q.enqueue(bench.packet(1, 500));
    }
    // quantum 1514. Round 1 (new list): flow 0 sends 2 × 1500 (1514 → 14 → −1486), flow 1 sends
    // 4 × 500 (1514 → 1014 → 514 → 14 → −486). Then old list, credit +1514 per turn: flow 0
    // 28 → 1 packet; flow 1 1028 → 3 packets; flow 0 42 → 1; flow 1 1042 → 3; ...
    const order: number[] = [];
    for (let i = 0; i < 14; i++) order.push(q.dequeue()!.flowId);
    expect(order).toEqual([0, 0, 1, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1]);
    const bytes = [0, 0];
    for (let i = 0; i < 300; i++) {
      const p = q.dequeue()!;
      bytes[p.flowId]! += p.sizeBytes;
    }
    // each flow's bytes = rounds × quantum − deficit, deficit in (−max packet, quantum]: the two
    // differ by less than quantum + 1500 B whatever the number of rounds
    expect(Math.abs(bytes[0]! - bytes[1]!)).toBeLessThan(1514 + 1500);
    expect(bytes[0]! + bytes[1]!).toBeGreaterThan(200_000);
  });
});

describe('FQ-CoDel overflow (RFC 8290 §4.1, Linux fq_codel_drop)', () => {
  it('drops from the head of the fattest queue until half its bytes are gone', () => {
    const { bench, q } = fq({ packets: 100 });
    for (let i = 0; i < 40; i++) q.enqueue(bench.packet(0, 1000)); // seq 0–39 (bucket 747)
    for (let i = 0; i < 60; i++) q.enqueue(bench.packet(1, 1000)); // seq 40–99 (bucket 990)
    expect(bench.drops).toEqual([]);
    q.enqueue(bench.packet(0, 1000)); // the 101st: flow 1 holds 60000 B (flow 0 41000 with it)
    // threshold 30000 B: 30 packets from flow 1's head, its oldest (seq 40–69)
    expect(bench.drops.map((d) => d.seq)).toEqual(Array.from({ length: 30 }, (_, i) => 40 + i));
    expect(bench.drops.every((d) => d.reason === 'fq-overflow' && d.flow === 1)).toBe(true);
    expect(q.lengthPackets).toBe(71);
    expect(q.flowBacklogPackets[0]).toBe(41);
    expect(q.flowBacklogPackets[1]).toBe(30);
    // and each flow queue its own (counted from its packets when asked: a CoDel flow queue keeps
    // no per-flow counts per packet)
    expect([...q.childAt(flowBucket(0, 0, 1024))!.flowBacklogPackets]).toEqual([41, 0, 0, 0]);
    expect([...q.childAt(flowBucket(1, 0, 1024))!.flowBacklogPackets]).toEqual([0, 30, 0, 0]);
    expect(q.overflowDrops).toBe(30);
    expect(accountingHolds(q)).toBe(true);
  });

  it('drops at most dropBatch packets per overflow', () => {
    const { bench, q } = fq({ packets: 100 }, { dropBatch: 8 });
    for (let i = 0; i < 100; i++) q.enqueue(bench.packet(0, 1000));
    q.enqueue(bench.packet(0, 1000));
    expect(bench.drops.map((d) => d.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(q.lengthPackets).toBe(93);
  });

  it('drops the arrival itself when the batch reaches it in its own, fattest, queue', () => {
    const { bench, q } = fq({ packets: 2 });
    q.enqueue(bench.packet(0, 100)); // seq 0
    q.enqueue(bench.packet(1, 100)); // seq 1
    // flow 0 with the arrival: 1600 B → threshold 800: its 100-byte head, then the arrival
    q.enqueue(bench.packet(0, 1500)); // seq 2
    expect(bench.drops.map((d) => [d.seq, d.stage])).toEqual([
      [0, 1],
      [2, 0],
    ]);
    expect(q.lengthPackets).toBe(1);
    expect(accountingHolds(q)).toBe(true);
  });

  it('enforces the memory limit with the same batch drop (reason memory)', () => {
    const { bench, q } = fq({ packets: 1000 }, { memoryLimit: '5000B' });
    for (let i = 0; i < 5; i++) q.enqueue(bench.packet(0, 1000)); // 5000 B: not above the limit
    expect(bench.drops).toEqual([]);
    q.enqueue(bench.packet(0, 1000)); // 6000 B > 5000: flow 0 (6000 B) loses half: 3 packets
    expect(bench.drops.map((d) => [d.seq, d.reason])).toEqual([
      [0, 'memory'],
      [1, 'memory'],
      [2, 'memory'],
    ]);
    expect(q.lengthBytes).toBe(3000);
  });

  it('Linux option: a batch drop raises the flow’s CoDel count', () => {
    const { bench, q } = fq({ packets: 10 }, { batchDropRaisesCount: true });
    for (let i = 0; i < 11; i++) q.enqueue(bench.packet(0, 1000));
    // 11000 B with the arrival → 5 dropped (5000 < 5500), the 6th makes 6000 ≥ 5500
    expect(bench.drops.length).toBe(6);
    const probe = new Float64Array(6);
    q.probeValues(probe, 0);
    expect(probe[3]).toBe(6);
    const child = q.childAt(flowBucket(0, 0, 1024)) as unknown as { count: number };
    expect(child.count).toBe(6);
  });
});

describe('FQ-CoDel per-flow CoDel', () => {
  it('drops from a standing flow queue while a sparse flow passes untouched', () => {
    const { bench, q } = fq({ packets: 1000 });
    for (let i = 0; i < 400; i++) q.enqueue(bench.packet(0, 1000));
    for (let t = 1; t <= 300; t++) {
      bench.advanceTo(t * 1e6);
      if (t % 20 === 0) q.enqueue(bench.packet(1, 100));
      q.dequeue();
    }
    expect(bench.drops.length).toBeGreaterThan(0);
    expect(bench.drops.every((d) => d.flow === 0 && d.reason === 'codel')).toBe(true);
    expect(q.stats.departures).toBeGreaterThan(0);
  });
});
