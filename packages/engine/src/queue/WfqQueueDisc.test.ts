import { describe, expect, it } from 'vitest';
import type { Packet } from '../net/Packet.js';
import { resolveParams } from '../model/params.js';
import type { QueueDisc } from '../net/QueueDisc.js';
import { accountingHolds, QueueBench } from './queueTestKit.js';
import { DequeueDropChild } from './schedulerTestChildren.js';
import { WfqQueueDisc, wfqModel } from './WfqQueueDisc.js';

function wfq(bench: QueueBench, params: Record<string, unknown> = {}, child?: () => QueueDisc): WfqQueueDisc {
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(wfqModel.info.params, params, 'params', issues);
  expect(issues).toEqual([]);
  return bench.attach(wfqModel.create(p, bench.limit, bench.build(child)) as WfqQueueDisc);
}

function drainFlows(d: QueueDisc): number[] {
  const out: number[] = [];
  for (let p = d.dequeue(); p !== null; p = d.dequeue()) out.push(p.flowId);
  return out;
}

/**
 * Flows A (weight 1), B and C (weight 2) on an 8 Mb/s link (0.001 byte/ns). Tags in bytes per
 * unit weight: F = max(F_prev, V(a)) + L/φ (Parekh & Gallager's PGPS).
 */
describe('WFQ finish tags by hand', () => {
  const bench = () => new QueueBench({ flows: 3, weights: [1, 2, 2], rateBps: 8e6, limit: { packets: 100 } });

  it('with the GPS virtual time', () => {
    const b = bench();
    const d = wfq(b);
    d.enqueue(b.packet(0, 1000)); // A1: 0 + 1000/1 = 1000
    d.enqueue(b.packet(1, 1000)); // B1: 0 + 1000/2 = 500
    d.enqueue(b.packet(1, 1000)); // B2: 500 + 500 = 1000
    expect(d.headFinishTag(0)).toBe(1000);
    expect(d.headFinishTag(1)).toBe(500);
    // GPS serves A and B (Σφ = 3): dV/dt = 0.001/3 per ns, V(1.5 ms) = 500
    b.advanceTo(1.5e6);
    expect(d.virtualTime()).toBeCloseTo(500, 9);
    d.enqueue(b.packet(0, 1000)); // A2: max(1000, 500) + 1000 = 2000
    // B leaves the fluid system at V = 1000 (t = 3 ms); then A alone: V(3.5 ms) = 1000 + 500
    b.advanceTo(3.5e6);
    expect(d.virtualTime()).toBeCloseTo(1500, 9);
    d.enqueue(b.packet(2, 500)); // C1: 1500 + 500/2 = 1750
    expect(d.headFinishTag(2)).toBeCloseTo(1750, 9);
    // B1 500, A1 1000 (tie with B2: lower index), B2 1000, C1 1750, A2 2000
    expect(drainFlows(d)).toEqual([1, 0, 1, 2, 0]);
  });

  it('with the self-clocked virtual time (SCFQ: the tag of the packet last sent)', () => {
    const b = bench();
    const d = wfq(b, { virtualTime: 'scfq' });
    d.enqueue(b.packet(0, 1000)); // A1 1000
    d.enqueue(b.packet(1, 1000)); // B1 500
    d.enqueue(b.packet(1, 1000)); // B2 1000
    expect(d.dequeue()!.flowId).toBe(1); // B1: V = 500
    b.advanceTo(1.5e6);
    d.enqueue(b.packet(0, 1000)); // A2: max(1000, 500) + 1000 = 2000
    expect(d.dequeue()!.flowId).toBe(0); // A1 (tie with B2): V = 1000
    b.advanceTo(3.5e6);
    d.enqueue(b.packet(2, 500)); // C1: max(0, 1000) + 250 = 1250 (GPS would give 1750)
    expect(d.headFinishTag(2)).toBe(1250);
    expect(drainFlows(d)).toEqual([1, 2, 0]);
  });

  it('SCFQ starts afresh when an arrival finds the scheduler empty', () => {
    const b = bench();
    const d = wfq(b, { virtualTime: 'scfq' });
    for (let k = 0; k < 3; k++) d.enqueue(b.packet(0, 1000));
    drainFlows(d);
    d.enqueue(b.packet(1, 1000));
    expect(d.headFinishTag(1)).toBe(500);
    d.enqueue(b.packet(0, 1000)); // F_prev reset: 0 + 1000
    expect(d.headFinishTag(0)).toBe(1000);
  });
});

describe('WFQ weights', () => {
  it('per class (weights 1 and 4): four packets of class 1 for each of class 0', () => {
    const b = new QueueBench({ flows: 2, classes: [0, 1], limit: { packets: 100 } });
    const d = wfq(b, { by: 'class', weights: [1, 4] });
    for (let k = 0; k < 8; k++) d.enqueue(b.packet(0, 1000));
    for (let k = 0; k < 8; k++) d.enqueue(b.packet(1, 1000));
    // class 1 tags 250, 500, 750, 1000, ...; class 0 tags 1000, 2000 (wins ties: lower index)
    expect(drainFlows(d).slice(0, 10)).toEqual([1, 1, 1, 0, 1, 1, 1, 1, 0, 1]);
  });

  it('name the field: weights not positive, fewer weights than classes, weights with by flow', () => {
    const env = { limit: { packets: 50 }, rateBps: 1e7, delayNs: 0, classes: 3 };
    const check = (params: Record<string, unknown>) =>
      wfqModel.check!(resolveParams(wfqModel.info.params, params, 'p', []), env);
    expect(check({ by: 'class', weights: [2, 0, 1] })).toEqual([
      { key: 'weights', message: expect.stringMatching(/entry 2 \(class 1\) is 0: a weight must be > 0/) },
    ]);
    expect(check({ by: 'class', weights: [1] })).toEqual([
      { key: 'weights', message: expect.stringMatching(/1 weight\(s\) for 3 classes/) },
    ]);
    expect(check({ weights: [1, 2, 3] })).toEqual([{ key: 'weights', message: expect.stringMatching(/by: class/) }]);
    expect(check({ by: 'class' })).toEqual([]);
  });
});

describe('WFQ buffer and children', () => {
  it('a full buffer refuses the arrival when its tag would be the largest', () => {
    const b = new QueueBench({ flows: 2, limit: { packets: 3 } });
    const d = wfq(b);
    d.enqueue(b.packet(0, 1000)); // tag 1000
    d.enqueue(b.packet(0, 1000)); // tag 2000
    d.enqueue(b.packet(1, 1000)); // tag 1000
    expect(d.enqueue(b.packet(1, 1500))).toBe(false); // tag 2500 > 2000: it would go last
    expect(b.drops).toEqual([expect.objectContaining({ flow: 1, reason: 'fq-overflow' })]);
  });

  it('otherwise the sub-queue with the largest newest tag gives up a packet and its tags move back', () => {
    const b = new QueueBench({ flows: 2, limit: { packets: 3 } });
    const d = wfq(b);
    const first = b.packet(0, 1000);
    d.enqueue(first); // tags 1000, 2000, 3000
    d.enqueue(b.packet(0, 1000));
    d.enqueue(b.packet(0, 1000));
    d.enqueue(b.packet(1, 500)); // tag 500 < 3000: flow 0 gives up its oldest, 2000/3000 → 1000/2000
    expect(b.drops).toEqual([expect.objectContaining({ flow: 0, seq: first.seq, reason: 'fq-overflow' })]);
    expect(d.headFinishTag(0)).toBe(1000);
    // flow 0 again: max(2000, 0) + 1000 = 3000, the largest: refused
    expect(d.enqueue(b.packet(0, 1000))).toBe(false);
    expect(drainFlows(d)).toEqual([1, 0, 0]);
    expect(accountingHolds(d)).toBe(true);
  });

  it('a child that discards at dequeue: the smallest tag among what the children offer is served', () => {
    const b = new QueueBench({ flows: 2 });
    const d = wfq(b, {}, () => new DequeueDropChild((p: Packet) => p.flowId === 0 && p.seq === 0));
    d.enqueue(b.packet(0, 500)); // seq 0, tag 500, discarded when asked for
    d.enqueue(b.packet(0, 1000)); // seq 1, tag 1500
    d.enqueue(b.packet(1, 1000)); // seq 2, tag 1000
    // flow 0 holds the smallest tag; asked for it, its child drops seq 0 and offers seq 1 (tag
    // 1500), so flow 1's tag 1000 is now the smallest
    expect(d.dequeue()!.seq).toBe(2);
    expect(d.dequeue()!.seq).toBe(1);
    expect(d.dequeue()).toBeNull();
    expect(b.drops.map((r) => r.seq)).toEqual([0]);
    expect(accountingHolds(d)).toBe(true);
  });
});
