// What every scheduler with sub-queues shares (SubQueueScheduler): the head of line it holds for a
// child that is not a FIFO, eviction at a parent's request, longest-queue drop in the shared
// buffer, the round robin past sub-queues that give nothing now, and when a held-back child is ready.
import { describe, expect, it } from 'vitest';
import { resolveParams } from '../model/params.js';
import type { QueueDisc } from '../net/QueueDisc.js';
import { drrModel } from './DrrQueueDisc.js';
import type { QueueModel } from './QueueModel.js';
import { accountingHolds, HoldUntilQueueDisc, QueueBench } from './queueTestKit.js';
import { rrModel } from './RoundRobinQueueDisc.js';
import { DequeueDropChild, NoEvictChild } from './schedulerTestChildren.js';

function make(
  model: QueueModel,
  bench: QueueBench,
  params: Record<string, unknown>,
  child?: () => QueueDisc,
): QueueDisc {
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(model.info.params, params, 'params', issues);
  expect(issues).toEqual([]);
  return bench.attach(model.create(p, bench.limit, bench.build(child)));
}

const drr = (b: QueueBench, child?: () => QueueDisc) =>
  make(drrModel, b, { by: 'flow', quantum: '500B', sharedLimit: 'port' }, child);
/** A child that is not a FIFO (so the scheduler holds its head) and discards nothing. */
const keepsAll = () => new DequeueDropChild(() => false);

const seqs = (d: QueueDisc) => {
  const out: number[] = [];
  for (let p = d.dequeue(); p !== null; p = d.dequeue()) out.push(p.seq);
  return out;
};

describe('SubQueueScheduler', () => {
  it('evicts the oldest packet of the longest sub-queue, its held head of line first', () => {
    const b = new QueueBench({ flows: 2 });
    const d = drr(b, keepsAll);
    const f0 = [b.packet(0, 700), b.packet(0, 700), b.packet(0, 700)];
    f0.forEach((p) => d.enqueue(p));
    const f1 = b.packet(1, 300);
    d.enqueue(f1);
    // flow 0's turn: 500 B of deficit do not cover its 700-B head, which it now holds; flow 1 sends
    expect(d.dequeue()!.seq).toBe(f1.seq);
    expect(d.lengthPackets).toBe(3);
    // flow 0 is the longest (its held head counted): the held head goes first
    expect(d.evict('policy')).toBe(true);
    expect(b.drops.map((r) => [r.seq, r.reason])).toEqual([[f0[0]!.seq, 'policy']]);
    expect(seqs(d)).toEqual([f0[1]!.seq, f0[2]!.seq]);
    expect(d.evict('policy')).toBe(false);
    expect(accountingHolds(d)).toBe(true);
  });

  it('a sub-queue that eviction empties leaves the round', () => {
    const b = new QueueBench({ flows: 3 });
    const d = make(rrModel, b, {});
    const big = b.packet(0, 1500);
    d.enqueue(big);
    const others = [b.packet(1, 1000), b.packet(2, 1000), b.packet(1, 1000)];
    others.forEach((p) => d.enqueue(p));
    // flow 1 holds 2000 B: it loses its oldest; then flow 0 (1500 B) its only packet
    expect(d.evict('policy')).toBe(true);
    expect(d.evict('policy')).toBe(true);
    expect(b.drops.map((r) => r.seq)).toEqual([others[0]!.seq, big.seq]);
    // what is left goes out in the round's order, flow 1 before flow 2, flow 0 no longer in it
    expect(seqs(d)).toEqual([others[2]!.seq, others[1]!.seq]);
    expect(accountingHolds(d)).toBe(true);
  });

  it('the shared limit is reached, not exceeded: as many packets or bytes as it says are stored', () => {
    for (const limit of [{ packets: 3 }, { bytes: 3000 }]) {
      const b = new QueueBench({ flows: 3, limit });
      const d = make(rrModel, b, {});
      for (let f = 0; f < 3; f++) expect(d.enqueue(b.packet(f, 1000)), JSON.stringify(limit)).toBe(true);
      expect(b.drops).toEqual([]);
      // a fourth, of flow 1, counts in its own sub-queue, which is then the longest: its older packet goes
      d.enqueue(b.packet(1, 1000));
      expect(b.drops.map((r) => [r.flow, r.reason])).toEqual([[1, 'fq-overflow']]);
      expect([d.lengthPackets, d.lengthBytes]).toEqual([3, 3000]);
    }
  });

  it('refuses an arrival whose own sub-queue would be the longest and holds nothing else', () => {
    const b = new QueueBench({ flows: 2, limit: { bytes: 3000 } });
    const d = make(rrModel, b, {});
    const kept = b.packet(0, 1000);
    d.enqueue(kept);
    const huge = b.packet(1, 2500);
    expect(d.enqueue(huge)).toBe(false);
    expect(b.drops.map((r) => [r.seq, r.reason])).toEqual([[huge.seq, 'fq-overflow']]);
    expect(seqs(d)).toEqual([kept.seq]);
  });

  it('drops the arrival as an overflow when the longest sub-queue cannot give a packet up', () => {
    const b = new QueueBench({ flows: 2, limit: { packets: 2 } });
    const d = make(rrModel, b, {}, () => new NoEvictChild());
    d.enqueue(b.packet(0));
    d.enqueue(b.packet(0));
    const late = b.packet(1);
    expect(d.enqueue(late)).toBe(false);
    expect(b.drops.map((r) => [r.seq, r.reason])).toEqual([[late.seq, 'overflow']]);
    expect(d.lengthPackets).toBe(2);
    expect(accountingHolds(d)).toBe(true);
  });

  it('passes over sub-queues that hold their packets back, and says when the first is ready', () => {
    const b = new QueueBench({ flows: 2 });
    // the first sub-queue created (flow 0's) releases at 5 ms, the second (flow 1's) at 3 ms
    const releases = [5e6, 3e6];
    const d = make(rrModel, b, {}, () => new HoldUntilQueueDisc(releases.shift()!));
    expect(d.nextReadyTimeNs()).toBe(Infinity);
    const p0 = b.packet(0);
    const p1 = b.packet(1);
    d.enqueue(p0);
    d.enqueue(p1);
    expect(d.nextReadyTimeNs()).toBe(3e6);
    // nothing can be sent yet: one pass over the round, then null (not a spin)
    expect(d.dequeue()).toBeNull();
    b.advanceTo(3e6);
    expect(d.dequeue()!.seq).toBe(p1.seq);
    expect(d.nextReadyTimeNs()).toBe(5e6);
    expect(d.dequeue()).toBeNull();
    b.advanceTo(5e6);
    expect(d.dequeue()!.seq).toBe(p0.seq);
    expect(d.nextReadyTimeNs()).toBe(Infinity);
  });
});
