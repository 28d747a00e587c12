import { describe, expect, it } from 'vitest';
import { PacketKind, type Packet } from '../net/Packet.js';
import { resolveParams } from '../model/params.js';
import { DrrQueueDisc, drrModel } from './DrrQueueDisc.js';
import { ns2DrrBucket } from './ns2Hash.js';
import type { QueueDisc } from '../net/QueueDisc.js';
import { accountingHolds, QueueBench } from './queueTestKit.js';
import { DequeueDropChild, RefusingChild } from './schedulerTestChildren.js';

function drr(bench: QueueBench, params: Record<string, unknown>, child?: () => QueueDisc): DrrQueueDisc {
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(drrModel.info.params, params, 'params', issues);
  expect(issues).toEqual([]);
  return bench.attach(drrModel.create(p, bench.limit, bench.build(child)) as DrrQueueDisc);
}

/** Dequeues until empty; returns "flow:size" of each packet sent. */
function drain(d: QueueDisc): string[] {
  const out: string[] = [];
  for (let p = d.dequeue(); p !== null; p = d.dequeue()) out.push(`${p.flowId}:${p.sizeBytes}`);
  return out;
}

describe('DRR deficit counters (Shreedhar & Varghese 1995; ns-2 drr.cc)', () => {
  it('follow a hand-worked sequence of packet sizes with a 500-byte quantum', () => {
    const bench = new QueueBench({ flows: 2 });
    const d = drr(bench, { by: 'flow', quantum: '500B', sharedLimit: 'port' });
    for (const s of [300, 300, 300]) d.enqueue(bench.packet(0, s));
    for (const s of [700, 200]) d.enqueue(bench.packet(1, s));
    const step = () => {
      const p = d.dequeue()!;
      return [`${p.flowId}:${p.sizeBytes}`, d.deficitOf(0), d.deficitOf(1)];
    };
    // flow 0: 0 + 500 → sends 300, 200 left, its 300 does not fit: turn ends
    expect(step()).toEqual(['0:300', 200, 0]);
    // flow 1: 0 + 500 < 700, turn ends keeping 500; flow 0: 200 + 500 = 700 → sends 300 (400 left)
    expect(step()).toEqual(['0:300', 400, 500]);
    // flow 0 sends its last 300 (100 left) and, empty, loses its deficit
    expect(step()).toEqual(['0:300', 0, 500]);
    // flow 1: 500 + 500 = 1000 → 700 (300 left), then 200 (100 left, empty → 0)
    expect(step()).toEqual(['1:700', 0, 300]);
    expect(step()).toEqual(['1:200', 0, 0]);
    expect(d.dequeue()).toBeNull();
  });

  it('a sub-queue that becomes backlogged joins at the end of the round with no deficit', () => {
    const bench = new QueueBench({ flows: 3 });
    const d = drr(bench, { by: 'flow', quantum: '1000B', sharedLimit: 'port' });
    for (let k = 0; k < 3; k++) d.enqueue(bench.packet(0, 1000));
    for (let k = 0; k < 3; k++) d.enqueue(bench.packet(1, 1000));
    expect(d.dequeue()!.flowId).toBe(0);
    // flow 2 arrives during flow 0's... next turn: after flows 0 and 1 have had theirs
    for (let k = 0; k < 3; k++) d.enqueue(bench.packet(2, 1000));
    expect(drain(d).map((s) => s.split(':')[0])).toEqual(['1', '2', '0', '1', '2', '0', '1', '2']);
  });

  it('weighted DRR: quantum × weight gives shares 1 : 3', () => {
    const bench = new QueueBench({ flows: 2, weights: [1, 3] });
    const d = drr(bench, { by: 'flow', quantum: '1000B', sharedLimit: 'port' });
    for (let k = 0; k < 8; k++) d.enqueue(bench.packet(0, 1000));
    for (let k = 0; k < 8; k++) d.enqueue(bench.packet(1, 1000));
    expect(
      drain(d)
        .slice(0, 8)
        .map((s) => s.split(':')[0]),
    ).toEqual(['0', '1', '1', '1', '0', '1', '1', '1']);
  });

  it('class weights: a class of weight 2 sends twice the bytes of a class of weight 1', () => {
    const bench = new QueueBench({ flows: 2, classes: [0, 1] });
    const d = drr(bench, { by: 'class', quantum: '500B', sharedLimit: 'port', weights: [1, 2] });
    for (let k = 0; k < 6; k++) d.enqueue(bench.packet(0, 500));
    for (let k = 0; k < 6; k++) d.enqueue(bench.packet(1, 500));
    expect(
      drain(d)
        .slice(0, 6)
        .map((s) => s.split(':')[0]),
    ).toEqual(['0', '1', '1', '0', '1', '1']);
  });
});

describe('DRR classification by ns-2’s hash of the source address', () => {
  it('ns-2 drr.cc hash by hand: nodes 2 and 12 share bucket 2 of 10, node 16 is in bucket 5', () => {
    // h(a) = ((a + (a >> 8) + ~(a >> 4)) mod (2^24 − 1)) + 1
    expect(ns2DrrBucket(2, false, 10)).toBe(2); // 2 + 0 − 1, + 1
    expect(ns2DrrBucket(12, false, 10)).toBe(2); // 12 + 0 − 1 + 1 = 12
    expect(ns2DrrBucket(16, false, 10)).toBe(5); // 16 + 0 − 2 + 1 = 15
    expect(ns2DrrBucket(0, false, 10)).toBe(0); // −1 mod P = −1 (C), + 1
    expect(ns2DrrBucket(19, true, 10)).toBe(5); // masked to 16
  });

  it('data packets are classified by the flow’s source node, ACKs by its destination', () => {
    // flows 0 and 5 of the reference dumbbell start at nodes 2 and 12
    const bench = new QueueBench({ flows: 6 });
    const d = drr(bench, {});
    expect(d.subQueueOf(bench.packet(0))).toBe(2);
    expect(d.subQueueOf(bench.packet(5))).toBe(2);
    expect(d.subQueueOf(bench.packet(1))).toBe(4);
    const ack = bench.packet(0, 40);
    ack.kind = PacketKind.TcpAck;
    expect(d.subQueueOf(ack)).toBe(3); // from node 3
  });
});

describe('DRR longest-queue drop in the shared buffer (ns-2 blimit_)', () => {
  it('drops the head of the sub-queue with the most bytes, the arrival counted in its own', () => {
    const bench = new QueueBench({ flows: 3, limit: { packets: 1000 } });
    const d = drr(bench, { by: 'flow', blimit: '3000B' });
    const a0 = bench.packet(0, 1000);
    d.enqueue(a0);
    d.enqueue(bench.packet(0, 1000));
    d.enqueue(bench.packet(1, 1000));
    // 4000 > 3000: flows 0 and 1 both hold 2000 (1 with the arrival); ns-2 takes the first
    // maximum in round order from the head (flow 0)
    expect(d.enqueue(bench.packet(1, 1000))).toBe(true);
    expect(bench.drops).toEqual([expect.objectContaining({ flow: 0, seq: a0.seq, reason: 'fq-overflow' })]);
    // now flow 1 (2000) is the longest: an arrival of flow 2 costs flow 1 its head
    expect(d.enqueue(bench.packet(2, 1000))).toBe(true);
    expect(bench.drops[1]).toMatchObject({ flow: 1, seq: 2, reason: 'fq-overflow' });
    expect(d.lengthBytes).toBe(3000);
    expect(accountingHolds(d)).toBe(true);
  });

  it('ties for the longest go to the first in round order from the sub-queue being served', () => {
    const bench = new QueueBench({ flows: 2 });
    const d = drr(bench, { by: 'flow', blimit: '3000B' });
    d.enqueue(bench.packet(1, 1000)); // flow 1 is served first
    const f0 = bench.packet(0, 1000);
    d.enqueue(f0);
    d.enqueue(bench.packet(0, 1000));
    // 4000 > 3000; flows 0 and 1 (with the arrival) hold 2000 each: flow 1 comes first in the
    // round, so its head goes, although flow 0 has the lower index
    d.enqueue(bench.packet(1, 1000));
    expect(bench.drops).toEqual([expect.objectContaining({ flow: 1, seq: 0 })]);
  });

  it('a sub-queue emptied by a drop keeps its turn flag, and rejoins with no deficit (drr.cc)', () => {
    const bench = new QueueBench({ flows: 2 });
    const d = drr(bench, { by: 'flow', quantum: '600B', blimit: '1900B' });
    d.enqueue(bench.packet(0, 400));
    const a2 = bench.packet(0, 1000);
    d.enqueue(a2);
    expect(d.dequeue()!.sizeBytes).toBe(400); // flow 0: 600 − 400 = 200 left, its turn goes on
    expect(d.deficitOf(0)).toBe(200);
    d.enqueue(bench.packet(1, 300));
    // 2000 > 1900; flow 0 (1000) and flow 1 (300 + the 700 arrival) tie: flow 0, being served,
    // loses its last packet and leaves the round with its deficit and turn flag as they were
    d.enqueue(bench.packet(1, 700));
    expect(bench.drops).toEqual([expect.objectContaining({ flow: 0, seq: a2.seq })]);
    expect(d.deficitOf(0)).toBe(200);
    d.enqueue(bench.packet(0, 200)); // rejoins behind flow 1 with deficit 0
    d.enqueue(bench.packet(0, 200));
    expect(d.deficitOf(0)).toBe(0);
    // flow 1: 600 → 300 sent, 700 does not fit; flow 0: turn flag still set, no quantum, 0 < 200
    // ends its turn; flow 1: 300 + 600 → 700 sent; flow 0: 600 → 200, 200
    expect(drain(d)).toEqual(['1:300', '1:700', '0:200', '0:200']);
  });

  it('refuses the arrival when its own empty sub-queue would be the longest', () => {
    const bench = new QueueBench({ flows: 2 });
    const d = drr(bench, { by: 'flow', blimit: '1500B' });
    d.enqueue(bench.packet(0, 1000));
    expect(d.enqueue(bench.packet(1, 1400))).toBe(false);
    expect(bench.drops).toEqual([expect.objectContaining({ flow: 1, reason: 'fq-overflow' })]);
    expect(drain(d)).toEqual(['0:1000']);
  });

  it('the port’s buffer is a shared limit too', () => {
    const bench = new QueueBench({ flows: 2, limit: { packets: 3 } });
    const d = drr(bench, { by: 'flow' });
    for (let k = 0; k < 3; k++) d.enqueue(bench.packet(0, 100));
    d.enqueue(bench.packet(1, 100));
    expect(d.lengthPackets).toBe(3);
    expect(bench.drops).toEqual([expect.objectContaining({ flow: 0, reason: 'fq-overflow' })]);
  });
});

describe('DRR over children that are not FIFOs', () => {
  it('a child that discards its packets when asked leaves the round; the next sub-queue sends', () => {
    const bench = new QueueBench({ flows: 2 });
    const doomed = (p: Packet) => p.flowId === 0;
    const d = drr(bench, { by: 'flow', quantum: '1500B', sharedLimit: 'port' }, () => new DequeueDropChild(doomed));
    d.enqueue(bench.packet(0, 1000));
    d.enqueue(bench.packet(0, 1000));
    d.enqueue(bench.packet(1, 1000));
    expect(d.dequeue()!.flowId).toBe(1);
    expect(bench.drops.map((r) => [r.flow, r.reason])).toEqual([
      [0, 'codel'],
      [0, 'codel'],
    ]);
    expect(d.dequeue()).toBeNull();
    expect(d.lengthPackets).toBe(0);
    expect(accountingHolds(d)).toBe(true);
    for (let i = 0; i < d.childCount; i++) expect(accountingHolds(d.childAt(i)!)).toBe(true);
  });

  it('a peeked packet that does not fit the deficit waits, and is sent once it does', () => {
    const bench = new QueueBench({ flows: 2 });
    const d = drr(bench, { by: 'flow', quantum: '400B', sharedLimit: 'port' }, () => new DequeueDropChild(() => false));
    d.enqueue(bench.packet(0, 1000));
    d.enqueue(bench.packet(1, 300));
    // flow 0 needs three turns (400, 800, 1200); flow 1 sends on its first
    expect(drain(d)).toEqual(['1:300', '0:1000']);
    expect(d.stats.departures).toBe(2);
    expect(accountingHolds(d)).toBe(true);
  });

  it('a child that refuses an arrival reports it once, and its sub-queue stays out of the round', () => {
    const bench = new QueueBench({ flows: 2 });
    const d = drr(bench, { by: 'flow', sharedLimit: 'port' }, () => new RefusingChild((p) => p.flowId === 0));
    expect(d.enqueue(bench.packet(0))).toBe(false);
    d.enqueue(bench.packet(1));
    expect(bench.drops).toEqual([expect.objectContaining({ flow: 0, reason: 'early' })]);
    expect(drain(d)).toEqual(['1:1000']);
    expect(accountingHolds(d)).toBe(true);
  });
});

describe('drr parameters', () => {
  const env = { limit: { packets: 50 }, rateBps: 1e7, delayNs: 0, classes: 3 };
  const check = (params: Record<string, unknown>) =>
    drrModel.check!(resolveParams(drrModel.info.params, params, 'p', []), env);

  it('name the field: a weight that is not positive, too few class weights, weights without classes, mask', () => {
    expect(check({ by: 'class', weights: [1, 0, 2] })).toEqual([
      { key: 'weights', message: expect.stringMatching(/entry 2 \(class 1\) is 0/) },
    ]);
    expect(check({ by: 'class', weights: [1, 2] })).toEqual([
      { key: 'weights', message: expect.stringMatching(/2 weight\(s\) for 3 classes/) },
    ]);
    expect(check({ by: 'flow', weights: [1, 2, 3] })[0]!.key).toBe('weights');
    expect(check({ by: 'flow', mask: true })).toEqual([{ key: 'mask', message: expect.any(String) }]);
    expect(check({ by: 'class', weights: [1, 2, 3] })).toEqual([]);
  });
});
