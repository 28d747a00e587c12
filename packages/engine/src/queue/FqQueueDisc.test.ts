import { describe, expect, it } from 'vitest';
import type { Packet } from '../net/Packet.js';
import { resolveParams } from '../model/params.js';
import { FqQueueDisc, fqModel } from './FqQueueDisc.js';
import type { QueueDisc } from '../net/QueueDisc.js';
import { accountingHolds, QueueBench } from './queueTestKit.js';
import { DequeueDropChild, RefusingChild } from './schedulerTestChildren.js';

// 8 Mb/s: one byte takes 1000 ns, so δ = L · 1000 ns
function fq(bench: QueueBench, params: Record<string, unknown> = {}, child?: () => QueueDisc): FqQueueDisc {
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(fqModel.info.params, params, 'params', issues);
  expect(issues).toEqual([]);
  return bench.attach(fqModel.create(p, bench.limit, bench.build(child)) as FqQueueDisc);
}

describe('ns-2 FQ finish times (fq.cc: F = S + δ·n, S = max(now, F_prev))', () => {
  it('a hand-worked sequence of two flows', () => {
    const bench = new QueueBench({ flows: 2, rateBps: 8e6 });
    const d = fq(bench);
    d.enqueue(bench.packet(0, 1000)); // head of line: S_A = 0, δ_A = 1 ms
    d.enqueue(bench.packet(0, 1000));
    d.enqueue(bench.packet(1, 500)); // S_B = 0, δ_B = 0.5 ms
    d.enqueue(bench.packet(1, 500));
    // t = 0, n = 2: F_A = 0 + 2 ms, F_B = 0 + 1 ms → B; its next packet starts at max(0, 1 ms)
    expect(d.dequeue()!.flowId).toBe(1);
    expect(d.finishTimeNs(1)).toBe(1e6);
    // t = 0.5 ms: F_A = 2 ms, F_B = 1 + 1 = 2 ms: a tie goes to the lower flow id
    bench.advanceTo(0.5e6);
    expect(d.dequeue()!.flowId).toBe(0);
    expect(d.finishTimeNs(0)).toBe(2e6);
    // t = 1.5 ms: F_A = 2 + 2 = 4 ms, F_B = 2 ms → B
    bench.advanceTo(1.5e6);
    expect(d.dequeue()!.flowId).toBe(1);
    expect(d.finishTimeNs(1)).toBe(2e6);
    // t = 2 ms, n = 1: F_A = 2 + 1 = 3 ms
    bench.advanceTo(2e6);
    expect(d.dequeue()!.flowId).toBe(0);
    expect(d.finishTimeNs(0)).toBe(3e6);
    expect(d.dequeue()).toBeNull();
  });

  it('n is the number of flows backlogged at dequeue time, not at arrival', () => {
    const bench = new QueueBench({ flows: 2, rateBps: 8e6 });
    const d = fq(bench);
    d.enqueue(bench.packet(0, 1000)); // S_A = 0, δ_A = 1 ms
    bench.advanceTo(1.5e6);
    d.enqueue(bench.packet(1, 100)); // S_B = 1.5 ms, δ_B = 0.1 ms
    // n = 2: F_A = 2 ms > F_B = 1.7 ms (with n = 1 it would be 1 ms < 1.6 ms)
    expect(d.dequeue()!.flowId).toBe(1);
  });

  it('a flow has at most flowLimit packets, its head of line included (ns-2 DropTail limit_ and hol_)', () => {
    const bench = new QueueBench({ flows: 2 });
    const d = fq(bench, { flowLimit: 3 });
    const accepted = [0, 1, 2, 3, 4].map(() => d.enqueue(bench.packet(0)));
    expect(accepted).toEqual([true, true, true, false, false]);
    expect(d.enqueue(bench.packet(1))).toBe(true);
    expect(bench.drops.map((r) => [r.flow, r.reason])).toEqual([
      [0, 'overflow'],
      [0, 'overflow'],
    ]);
  });

  it('the port’s buffer is shared by all flows', () => {
    const bench = new QueueBench({ flows: 3, limit: { packets: 4 } });
    const d = fq(bench);
    for (let f = 0; f < 3; f++) for (let k = 0; k < 2; k++) d.enqueue(bench.packet(f));
    expect(d.lengthPackets).toBe(4);
    expect(bench.drops).toHaveLength(2);
  });
});

describe('FQ over children that are not FIFOs', () => {
  it('pulls the head of line through a child that discards at dequeue', () => {
    const bench = new QueueBench({ flows: 2 });
    const d = fq(bench, {}, () => new DequeueDropChild((p: Packet) => p.seq === 1));
    d.enqueue(bench.packet(0)); // seq 0 → head of line
    d.enqueue(bench.packet(0)); // seq 1, discarded when pulled
    d.enqueue(bench.packet(0)); // seq 2
    expect(d.dequeue()!.seq).toBe(0);
    expect(bench.drops).toEqual([expect.objectContaining({ seq: 1, reason: 'codel' })]);
    expect(d.dequeue()!.seq).toBe(2);
    expect(d.dequeue()).toBeNull();
    expect(accountingHolds(d)).toBe(true);
  });

  it('a refused arrival leaves the flow without a head of line', () => {
    const bench = new QueueBench({ flows: 2 });
    const d = fq(bench, {}, () => new RefusingChild((p) => p.flowId === 1));
    expect(d.enqueue(bench.packet(1))).toBe(false);
    d.enqueue(bench.packet(0));
    expect(d.dequeue()!.flowId).toBe(0);
    expect(d.dequeue()).toBeNull();
    expect(accountingHolds(d)).toBe(true);
  });
});
