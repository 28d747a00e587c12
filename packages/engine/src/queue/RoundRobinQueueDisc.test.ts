import { describe, expect, it } from 'vitest';
import type { Packet } from '../net/Packet.js';
import { resolveParams } from '../model/params.js';
import type { QueueDisc } from '../net/QueueDisc.js';
import { accountingHolds, QueueBench } from './queueTestKit.js';
import { RoundRobinQueueDisc, rrModel } from './RoundRobinQueueDisc.js';
import { DequeueDropChild } from './schedulerTestChildren.js';

function rr(bench: QueueBench, params: Record<string, unknown> = {}, child?: () => QueueDisc): RoundRobinQueueDisc {
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(rrModel.info.params, params, 'params', issues);
  expect(issues).toEqual([]);
  return bench.attach(rrModel.create(p, bench.limit, bench.build(child)) as RoundRobinQueueDisc);
}

function drainFlows(d: QueueDisc): number[] {
  const out: number[] = [];
  for (let p = d.dequeue(); p !== null; p = d.dequeue()) out.push(p.flowId);
  return out;
}

describe('packet round robin', () => {
  it('alternates one packet per backlogged flow, whatever the packet sizes', () => {
    const b = new QueueBench({ flows: 3 });
    const d = rr(b);
    for (let k = 0; k < 3; k++) d.enqueue(b.packet(0, 1500));
    for (let k = 0; k < 2; k++) d.enqueue(b.packet(1, 40));
    for (let k = 0; k < 3; k++) d.enqueue(b.packet(2, 500));
    expect(drainFlows(d)).toEqual([0, 1, 2, 0, 1, 2, 0, 2]);
  });

  it('a flow that becomes backlogged joins behind every flow already waiting for a turn', () => {
    const b = new QueueBench({ flows: 3 });
    const d = rr(b);
    for (let k = 0; k < 2; k++) d.enqueue(b.packet(0));
    for (let k = 0; k < 2; k++) d.enqueue(b.packet(1));
    expect(d.dequeue()!.flowId).toBe(0);
    // the turn is at flow 1, then flow 0 again; flow 2 is inserted before the turn (ns-2 activate)
    d.enqueue(b.packet(2));
    expect(drainFlows(d)).toEqual([1, 0, 2, 1]);
  });

  it('by class: flows of one class share a turn', () => {
    const b = new QueueBench({ flows: 3, classes: [0, 0, 1] });
    const d = rr(b, { by: 'class' });
    for (const f of [0, 1, 0, 1]) d.enqueue(b.packet(f));
    for (let k = 0; k < 4; k++) d.enqueue(b.packet(2));
    expect(drainFlows(d)).toEqual([0, 2, 1, 2, 0, 2, 1, 2]);
  });

  it('a full shared buffer drops from the longest flow', () => {
    const b = new QueueBench({ flows: 2, limit: { packets: 3 } });
    const d = rr(b);
    const first = b.packet(0);
    d.enqueue(first);
    d.enqueue(b.packet(0));
    d.enqueue(b.packet(0));
    expect(d.enqueue(b.packet(1))).toBe(true);
    expect(b.drops).toEqual([expect.objectContaining({ flow: 0, seq: first.seq, reason: 'fq-overflow' })]);
    expect(drainFlows(d)).toEqual([0, 1, 0]);
  });

  it('the arrival counts in its own flow when the longest is chosen', () => {
    const b = new QueueBench({ flows: 2, limit: { packets: 3 } });
    const d = rr(b);
    d.enqueue(b.packet(0, 1000));
    d.enqueue(b.packet(0, 1000));
    const big = b.packet(1, 1500);
    d.enqueue(big);
    // flow 0 holds 2000 B, flow 1 1500 B + the 1000-B arrival = 2500 B: flow 1 pays
    d.enqueue(b.packet(1, 1000));
    expect(b.drops).toEqual([expect.objectContaining({ flow: 1, seq: big.seq })]);
  });

  it('a flow whose child discards everything at dequeue leaves the round', () => {
    const b = new QueueBench({ flows: 2 });
    const d = rr(b, {}, () => new DequeueDropChild((p: Packet) => p.flowId === 0));
    d.enqueue(b.packet(0));
    d.enqueue(b.packet(1));
    d.enqueue(b.packet(1));
    expect(drainFlows(d)).toEqual([1, 1]);
    expect(b.drops).toEqual([expect.objectContaining({ flow: 0, reason: 'codel' })]);
    expect(accountingHolds(d)).toBe(true);
  });
});
