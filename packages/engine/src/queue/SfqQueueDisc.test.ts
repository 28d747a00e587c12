import { describe, expect, it } from 'vitest';
import type { Packet } from '../net/Packet.js';
import { resolveParams } from '../model/params.js';
import { ns2SfqBucket } from './ns2Hash.js';
import type { QueueDisc } from '../net/QueueDisc.js';
import { accountingHolds, QueueBench } from './queueTestKit.js';
import { DequeueDropChild } from './schedulerTestChildren.js';
import { SfqQueueDisc, sfqModel } from './SfqQueueDisc.js';

function sfq(bench: QueueBench, params: Record<string, unknown>, child?: () => QueueDisc): SfqQueueDisc {
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(sfqModel.info.params, params, 'params', issues);
  expect(issues).toEqual([]);
  return bench.attach(sfqModel.create(p, bench.limit, bench.build(child)) as SfqQueueDisc);
}

function drainFlows(d: QueueDisc): number[] {
  const out: number[] = [];
  for (let p = d.dequeue(); p !== null; p = d.dequeue()) out.push(p.flowId);
  return out;
}

describe('SFQ with ns-2’s hash (sfq.cc)', () => {
  it('hashes source + destination node by hand: the dumbbell’s flows 2 and 15 collide', () => {
    // k = s + d; h = (k + (k >> 8) + ~(k >> 4)) mod (2^20 − 1); bucket = h mod 16
    expect(ns2SfqBucket(2, 3, 16)).toBe(4); // k = 5: 5 + 0 − 1
    expect(ns2SfqBucket(8, 9, 16)).toBe(15); // k = 17: 17 + 0 − 2
    expect(ns2SfqBucket(6, 7, 16)).toBe(12); // flow 2, k = 13: 13 − 1
    expect(ns2SfqBucket(32, 33, 16)).toBe(12); // flow 15, k = 65: 65 − 5 = 60 → 12
    expect(ns2SfqBucket(3, 2, 16)).toBe(4); // symmetric: ACKs share their flow's bucket
  });

  it('serves buckets one packet each in turn, whatever the size; colliding flows share a turn', () => {
    const bench = new QueueBench({ flows: 16, limit: { packets: 100 } });
    const d = sfq(bench, {});
    expect(d.bucketOf(2)).toBe(d.bucketOf(15));
    d.enqueue(bench.packet(2, 1500));
    d.enqueue(bench.packet(2, 1500));
    d.enqueue(bench.packet(15, 1500));
    d.enqueue(bench.packet(15, 1500));
    for (let k = 0; k < 4; k++) d.enqueue(bench.packet(0, 40));
    expect(drainFlows(d)).toEqual([2, 0, 2, 0, 15, 0, 15, 0]);
  });

  it('drops arrivals by the sfq.cc rule: maxqueue 40, 16 buckets → 13, 9, 3 and 3 packets', () => {
    // used ≥ ⌊left/2⌋, or left < 16 and used > ⌊40/16⌋ = 2, or left ≤ 0 (worked in the test comments)
    // flow 0: accepted while k < ⌊(40 − k)/2⌋ → k = 0..12; flow 1: k < ⌊(27 − k)/2⌋ → 0..8;
    // flow 2: left = 18 − k reaches 15 at k = 3 with 3 > 2 → 0..2; flow 3: left ≤ 15, k ≤ 2
    const bench = new QueueBench({ flows: 4, limit: { packets: 1000 } });
    const d = sfq(bench, {});
    const accepted = [0, 1, 2, 3].map((f) => {
      let n = 0;
      for (let k = 0; k < 20; k++) if (d.enqueue(bench.packet(f))) n++;
      return n;
    });
    expect(accepted).toEqual([13, 9, 3, 3]);
    expect(d.enqueue(bench.packet(0))).toBe(false);
    expect(bench.drops.every((r) => r.reason === 'overflow')).toBe(true);
    expect(d.lengthPackets).toBe(28);
  });

  it('a smaller port buffer in packets is the limit M instead of maxqueue', () => {
    const bench = new QueueBench({ flows: 1, limit: { packets: 10 } });
    const d = sfq(bench, {});
    let n = 0;
    // k < ⌊(10 − k)/2⌋ → k = 0, 1, 2; left < 16 from the start, and used > ⌊10/16⌋ = 0 refuses k = 1
    for (let k = 0; k < 10; k++) if (d.enqueue(bench.packet(0))) n++;
    expect(n).toBe(1);
  });

  it('with maxqueue 0 and a buffer in bytes the rule is applied in bytes', () => {
    const bench = new QueueBench({ flows: 1, limit: { bytes: 10000 } });
    const d = sfq(bench, { maxqueue: 0, buckets: 4 });
    let n = 0;
    // used < left/2: 0 < 5000, 1000 < 4500, 2000 < 4000, 3000 < 3500, 4000 ≥ 3000; left never < 4 × 1000
    for (let k = 0; k < 10; k++) if (d.enqueue(bench.packet(0, 1000))) n++;
    expect(n).toBe(4);
  });
});

describe('SFQ perturbation (McKenney 1990)', () => {
  const sequence = (seed: number, interval: string, epochs: number, everyEpoch = true, offsetNs = 1) => {
    const bench = new QueueBench({ flows: 8, seed });
    const d = sfq(bench, { hash: 'seeded', buckets: 4, perturbInterval: interval });
    const out: number[][] = [];
    for (let e = 0; e < epochs; e++) {
      bench.advanceTo(e * 1e9 + offsetNs);
      if (everyEpoch || e === epochs - 1) {
        d.enqueue(bench.packet(0, 40));
        d.dequeue();
      }
      out.push(Array.from({ length: 8 }, (_, f) => d.bucketOf(f)));
    }
    return out;
  };

  it('moves flows between buckets at each interval, so a colliding pair is separated', () => {
    const seq = sequence(7, '1s', 12);
    // in the first interval some pair shares a bucket (8 flows, 4 buckets)
    const [a, b] = [0, 1, 2, 3, 4, 5, 6, 7]
      .flatMap((x) => [0, 1, 2, 3, 4, 5, 6, 7].map((y) => [x, y]))
      .find(([x, y]) => x! < y! && seq[0]![x!] === seq[0]![y!])!;
    expect(seq.some((m) => m[a!] !== m[b!])).toBe(true);
    // without perturbation the mapping never changes
    const fixed = sequence(7, '0s', 12);
    expect(fixed.every((m) => m.join() === fixed[0]!.join())).toBe(true);
  });

  it('is a function of the run seed and the interval number only', () => {
    expect(sequence(7, '1s', 8)).toEqual(sequence(7, '1s', 8));
    expect(sequence(7, '1s', 8)).not.toEqual(sequence(8, '1s', 8));
    // arrivals at other times within each interval, or none in between: the same mappings
    expect(sequence(7, '1s', 8, true, 0.6e9)).toEqual(sequence(7, '1s', 8));
    expect(sequence(7, '1s', 8, false)[7]).toEqual(sequence(7, '1s', 8)[7]);
  });

  it('packets already queued stay in their bucket and are still served', () => {
    const bench = new QueueBench({ flows: 8, seed: 7 });
    const d = sfq(bench, { hash: 'seeded', buckets: 4, perturbInterval: '1s' });
    for (let f = 0; f < 8; f++) d.enqueue(bench.packet(f));
    bench.advanceTo(5e9);
    for (let f = 0; f < 8; f++) d.enqueue(bench.packet(f));
    expect(drainFlows(d).sort()).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]);
    expect(accountingHolds(d)).toBe(true);
  });

  it('ns-2’s hash cannot be perturbed: the combination is an error naming perturbInterval', () => {
    const env = { limit: { packets: 50 }, rateBps: 1e7, delayNs: 0, classes: 1 };
    const p = resolveParams(sfqModel.info.params, { perturbInterval: '10s' }, 'p', []);
    expect(sfqModel.check!(p, env)).toEqual([{ key: 'perturbInterval', message: expect.stringMatching(/seeded/) }]);
  });
});

describe('SFQ over a child that discards at dequeue', () => {
  it('skips a bucket whose child gave nothing and sends the next bucket’s packet', () => {
    const bench = new QueueBench({ flows: 2 });
    const doomed = (p: Packet) => p.flowId === 0;
    const d = sfq(bench, {}, () => new DequeueDropChild(doomed));
    d.enqueue(bench.packet(0));
    d.enqueue(bench.packet(0));
    d.enqueue(bench.packet(1));
    expect(d.dequeue()!.flowId).toBe(1);
    expect(bench.drops.map((r) => r.reason)).toEqual(['codel', 'codel']);
    expect(d.dequeue()).toBeNull();
    expect(accountingHolds(d)).toBe(true);
  });
});
