import { describe, expect, it } from 'vitest';
import type { Packet } from '../net/Packet.js';
import { resolveParams } from '../model/params.js';
import { PrioQueueDisc, prioModel } from './PrioQueueDisc.js';
import type { QueueDisc } from '../net/QueueDisc.js';
import { accountingHolds, QueueBench } from './queueTestKit.js';
import { DequeueDropChild, RefusingChild } from './schedulerTestChildren.js';

function prio(bench: QueueBench, params: Record<string, unknown> = {}, child?: () => QueueDisc): PrioQueueDisc {
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(prioModel.info.params, params, 'params', issues);
  expect(issues).toEqual([]);
  return bench.attach(prioModel.create(p, bench.limit, bench.build(child)) as PrioQueueDisc);
}

function drainFlows(d: QueueDisc): number[] {
  const out: number[] = [];
  for (let p = d.dequeue(); p !== null; p = d.dequeue()) out.push(p.flowId);
  return out;
}

// flow i has class i: flows 0, 1, 2, 3, 4 → classes 0..4
const bench = (o: { limit?: { packets: number } } = {}) =>
  new QueueBench({ flows: 5, classes: [0, 1, 2, 3, 4], limit: o.limit ?? { packets: 100 } });

describe('strict priority (Linux sch_prio, ns-3 PrioQueueDisc)', () => {
  it('sends every packet of a higher band before any of a lower one, FIFO within a band', () => {
    const b = bench();
    const d = prio(b);
    for (const f of [2, 1, 0, 2, 1, 0]) d.enqueue(b.packet(f));
    expect(drainFlows(d)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('a higher-priority arrival overtakes what is waiting below it', () => {
    const b = bench();
    const d = prio(b);
    d.enqueue(b.packet(2));
    d.enqueue(b.packet(2));
    expect(d.dequeue()!.flowId).toBe(2);
    d.enqueue(b.packet(1));
    expect(drainFlows(d)).toEqual([1, 2]);
  });

  it('classes beyond the last band share the lowest band', () => {
    const b = bench();
    const d = prio(b, { bands: 3 });
    expect([0, 1, 2, 3, 4].map((f) => d.bandOf(b.packet(f)))).toEqual([0, 1, 2, 2, 2]);
    for (const f of [4, 3, 2, 0]) d.enqueue(b.packet(f));
    expect(drainFlows(d)).toEqual([0, 4, 3, 2]);
  });
});

describe('prio in a full shared buffer', () => {
  it('tail: the arrival is refused whatever its band', () => {
    const b = bench({ limit: { packets: 2 } });
    const d = prio(b);
    d.enqueue(b.packet(2));
    d.enqueue(b.packet(2));
    expect(d.enqueue(b.packet(0))).toBe(false);
    expect(b.drops).toEqual([expect.objectContaining({ flow: 0, reason: 'overflow' })]);
  });

  it('pushout: the lowest-priority band below the arrival gives up its oldest packet', () => {
    const b = bench({ limit: { packets: 3 } });
    const d = prio(b, { overflow: 'pushout' });
    const low = b.packet(2);
    d.enqueue(low);
    d.enqueue(b.packet(2));
    d.enqueue(b.packet(1));
    expect(d.enqueue(b.packet(0))).toBe(true);
    expect(b.drops).toEqual([expect.objectContaining({ flow: 2, seq: low.seq, reason: 'fq-overflow' })]);
    // nothing below band 2: its arrival is refused
    expect(d.enqueue(b.packet(2))).toBe(false);
    expect(b.drops[1]).toMatchObject({ flow: 2, reason: 'overflow' });
    expect(drainFlows(d)).toEqual([0, 1, 2]);
    expect(accountingHolds(d)).toBe(true);
  });
});

describe('prio over children that are not FIFOs', () => {
  it('a band whose child discards everything at dequeue yields to the next band', () => {
    const b = bench();
    const d = prio(b, {}, () => new DequeueDropChild((p: Packet) => p.flowId === 0));
    d.enqueue(b.packet(0));
    d.enqueue(b.packet(1));
    expect(d.dequeue()!.flowId).toBe(1);
    expect(b.drops).toEqual([expect.objectContaining({ flow: 0, reason: 'codel' })]);
    expect(accountingHolds(d)).toBe(true);
  });

  it('a child that refuses an arrival: reported once, nothing stored', () => {
    const b = bench();
    const d = prio(b, {}, () => new RefusingChild((p) => p.flowId === 1));
    expect(d.enqueue(b.packet(1))).toBe(false);
    expect(d.lengthPackets).toBe(0);
    expect(b.drops).toHaveLength(1);
    expect(d.stats.drops).toBe(1);
  });
});
