import { describe, expect, it } from 'vitest';
import { resolveParams } from '../model/params.js';
import { newtonStepRecInvSqrt, REC_INV_SQRT_ONE } from './codelControlLaw.js';
import { codelModel, type CoDelQueueDisc } from './CoDelQueueDisc.js';
import { QueueBench } from './queueTestKit.js';

/**
 * CoDel (RFC 8289) on a bench: packets are preloaded at t = 0 and one is dequeued every
 * millisecond, so the head's sojourn at t ms is exactly t ms. Expected drop times are worked by
 * hand from the RFC's pseudocode (target 5 ms, interval 100 ms):
 * - the sojourn first reaches the target at 5 ms (5 < 5 is false), so first_above_time = 105 ms;
 * - at 105 ms CoDel drops, enters the dropping state with count 1 and drop_next = 105 + 100;
 * - each later drop increments count and sets drop_next += 100/√count:
 *   205 → 205 + 70.711 = 275.711 → 275.711 + 57.735 = 333.446 → 333.446 + 50 = 383.446 →
 *   383.446 + 44.721 = 428.167; dequeues happen on whole milliseconds, so the drops fall at
 *   105, 205, 276, 334, 384, 429 ms.
 */

const MS = 1e6;

function codel(bench: QueueBench, params: Record<string, unknown> = {}): CoDelQueueDisc {
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(codelModel.info.params, params, 'params', issues);
  expect(issues).toEqual([]);
  return bench.attach(codelModel.create(p, bench.limit, bench.build()) as CoDelQueueDisc);
}

/** Preloads `n` packets at the current time. */
function preload(bench: QueueBench, q: CoDelQueueDisc, n: number, ecn = false): void {
  for (let i = 0; i < n; i++) q.enqueue(bench.packet(0, 1000, ecn));
}

/** One dequeue per millisecond from `fromMs` to `toMs` inclusive. */
function dequeueEveryMs(bench: QueueBench, q: CoDelQueueDisc, fromMs: number, toMs: number): void {
  for (let t = fromMs; t <= toMs; t++) {
    bench.advanceTo(t * MS);
    q.dequeue();
  }
}

describe('CoDel control law (RFC 8289 §3.3, §5.5)', () => {
  it('drops at first_above_time, then every interval/√count', () => {
    const bench = new QueueBench({ limit: { packets: 1000 } });
    const q = codel(bench);
    preload(bench, q, 600);
    dequeueEveryMs(bench, q, 0, 440);
    expect(bench.drops.map((d) => d.tNs / MS)).toEqual([105, 205, 276, 334, 384, 429]);
    expect(bench.drops.every((d) => d.reason === 'codel' && d.stage === 2)).toBe(true);
    expect(q.count).toBe(6);
    // drop_next = 428.167 + 100/√6 = 468.992 ms; at 440 ms that is 28.992 ms away
    const probe = new Float64Array(4);
    q.probeValues(probe, 0);
    expect(probe[0]).toBe(1);
    expect(probe[1]).toBe(6);
    expect(probe[2]).toBe(440);
    expect(probe[3]).toBeCloseTo(468.99 - 440, 1);
  });

  it("newton: Linux's and ns-3's fixed-point 1/√count puts the 2nd gap at interval·0.5", () => {
    // one Newton step x ← x(3 − count·x²)/2 from x = 1: count 2 → 0.5, count 3 → 0.5625,
    // count 4 → 0.4878 (exact: 0.707, 0.577, 0.5)
    let rec = REC_INV_SQRT_ONE;
    const seq: number[] = [];
    for (let c = 2; c <= 4; c++) seq.push((rec = newtonStepRecInvSqrt(rec, c)) / 65536);
    expect(seq[0]).toBeCloseTo(0.5, 4);
    expect(seq[1]).toBeCloseTo(0.5625, 4);
    expect(seq[2]).toBeCloseTo(0.48779, 4);
    // drops: 105, 205, 205 + 50.00 = 255, 255 + 56.25 = 311.25 → 312, 311.25 + 48.78 = 360.03 → 361
    const bench = new QueueBench({ limit: { packets: 1000 } });
    const q = codel(bench, { controlLaw: 'newton' });
    preload(bench, q, 600);
    dequeueEveryMs(bench, q, 0, 370);
    expect(bench.drops.map((d) => d.tNs / MS)).toEqual([105, 205, 255, 312, 361]);
  });

  it('leaves the dropping state when the sojourn falls below target, and re-enters with count − lastcount', () => {
    const run = (reentry: string) => {
      const bench = new QueueBench({ limit: { packets: 1000 } });
      const q = codel(bench, { reentry });
      preload(bench, q, 400);
      dequeueEveryMs(bench, q, 0, 340); // drops at 105, 205, 276, 334: count 4, lastcount 1
      expect(q.dropping).toBe(true);
      while (q.lengthPackets > 0) q.dequeue(); // the old packets leave at 340 ms (before drop_next 383.4)
      q.dequeue(); // empty: the dropping state ends (RFC 8289 §5.5 / Linux)
      expect(q.dropping).toBe(false);
      const before = bench.drops.length;
      preload(bench, q, 300); // fresh packets at 340 ms: sojourn = t − 340
      dequeueEveryMs(bench, q, 341, 560);
      return bench.drops.slice(before).map((d) => d.tNs / MS);
    };
    // above target again from 345 ms → drop at 445 ms. 445 − drop_next(383.4) < 16 intervals and
    // count grew by δ = 4 − 1 = 3 > 1 in the last episode, so count = 3: next drop at
    // 445 + 100/√3 = 502.7 → 503, then count 4: 502.7 + 50 = 552.7 → 553
    expect(run('rfc8289')).toEqual([445, 503, 553]);
    // reset: count = 1, next at 545, then 545 + 70.7 → 616 (beyond the run)
    expect(run('reset')).toEqual([445, 545]);
  });

  it('leaves the dropping state as soon as a head packet is below target', () => {
    const bench = new QueueBench({ limit: { packets: 1000 } });
    const q = codel(bench);
    preload(bench, q, 150);
    dequeueEveryMs(bench, q, 0, 110); // enters dropping at 105
    expect(q.dropping).toBe(true);
    while (q.lengthPackets > 0) q.dequeue();
    preload(bench, q, 50); // at 110 ms
    bench.advanceTo(112 * MS);
    q.dequeue(); // sojourn 2 ms < 5 ms
    expect(q.dropping).toBe(false);
    expect(bench.drops.length).toBe(1);
  });

  it("variant ns3: ns-3.37's 1024-ns CoDel time puts a sojourn just under the target at the target", () => {
    // One arrival per millisecond (k ms) and one dequeue 4.9995 ms later, so every head's sojourn
    // is 4 999 500 ns < 5 ms: RFC 8289 never drops. In ns-3's CoDel time (codel-queue-disc.cc,
    // CODEL_SHIFT 10) the sojourn is ⌊4 999 500/1024⌋ = 4882 units = ⌊5 ms/1024⌋, not below the
    // target: first_above_time = 4882 + ⌊100 ms/1024⌋ = 4882 + 97656 = 102538 units, passed
    // strictly after, i.e. at the first dequeue at ≥ 102539 × 1024 = 104 999 936 ns: k = 101,
    // t = 105.9995 ms.
    const run = (variant: string) => {
      const bench = new QueueBench({ limit: { packets: 1000 } });
      const q = codel(bench, { variant });
      for (let k = 0; k <= 110; k++) {
        bench.advanceTo(k * MS);
        q.enqueue(bench.packet(0, 1000));
        if (k >= 5) {
          bench.advanceTo((k - 5) * MS + 4_999_500);
          q.dequeue();
        }
      }
      return bench.drops.map((d) => d.tNs);
    };
    expect(run('rfc8289')).toEqual([]);
    expect(run('ns3')[0]).toBe(105_999_500);
  });

  it('variant ns3: a dequeue from an empty queue keeps first_above_time (RFC 8289 resets it)', () => {
    // As one flow queue of FQ-CoDel whose qdisc holds other flows' packets (the MTU exception
    // reads the qdisc's backlog, never short). Preloaded at 0, one dequeue per ms from 10 ms
    // (sojourn 10 ms): first_above_time = 110 ms (ns-3: ⌊10 ms/1024⌋ + ⌊100 ms/1024⌋ = 9765 +
    // 97656 = 107421 units, passed strictly after: 110 ms is 107421.875 units, so the first
    // dequeue past it is at 111 ms). At 50 ms the queue is drained, dequeued once more empty and
    // preloaded again; dequeues resume at 61 ms with sojourns ≥ 11 ms. ns-3 keeps
    // first_above_time and drops at 111 ms; RFC 8289 reset it on the empty dequeue, sets it
    // again at 61 ms and drops at 161 ms.
    const run = (variant: string) => {
      const bench = new QueueBench({ limit: { packets: 1000 } });
      const q = codel(bench, { variant });
      q.setBacklogSource({ lengthBytes: 1e9 });
      preload(bench, q, 200);
      dequeueEveryMs(bench, q, 10, 49);
      bench.advanceTo(50 * MS);
      while (q.lengthPackets > 0) q.dequeue();
      expect(q.dequeue()).toBe(null);
      preload(bench, q, 200);
      dequeueEveryMs(bench, q, 61, 170);
      return bench.drops[0]!.tNs / MS;
    };
    expect(run('ns3')).toBe(111);
    expect(run('rfc8289')).toBe(161);
  });

  it('never drops while less than minBytes stay queued behind the head', () => {
    // one 1000-byte packet arrives and one leaves every 10 ms with one packet left behind: the
    // head has waited 20 ms (> target) but 1000 B < 1500 B remain, the ns-3 MinBytes rule
    const run = (minBytes: string) => {
      const bench = new QueueBench({ limit: { packets: 1000 } });
      const q = codel(bench, { minBytes });
      preload(bench, q, 2);
      for (let t = 10; t <= 1000; t += 10) {
        bench.advanceTo(t * MS);
        q.dequeue();
        q.enqueue(bench.packet(0, 1000));
      }
      return bench.drops.map((d) => d.tNs / MS);
    };
    expect(run('1500B')).toEqual([]);
    // minBytes 1000 (Linux with a 999-byte MTU): 1000 B remaining is enough; the sojourn is above
    // target from the first dequeue (10 ms), so CoDel drops at 10 + 100 = 110 ms — and the packet
    // behind, now alone, is sent (nothing remains behind it), so the queue stays at one packet
    expect(run('1000B')).toEqual([110]);
  });

  it('marks ECN-capable packets instead of dropping them, on the same schedule', () => {
    const bench = new QueueBench({ limit: { packets: 1000 } });
    const q = codel(bench, { ecn: true });
    preload(bench, q, 600, true);
    let departed = 0;
    for (let t = 0; t <= 440; t++) {
      bench.advanceTo(t * MS);
      if (q.dequeue() !== null) departed++;
    }
    expect(bench.drops).toEqual([]);
    // Linux codel_dequeue: a mark schedules the next signal from drop_next, as a drop does
    expect(bench.marks.map((m) => m.tNs / MS)).toEqual([105, 205, 276, 334, 384, 429]);
    expect(departed).toBe(441); // every dequeue returned a packet: nothing was discarded
    expect(q.stats.marks).toBe(6);
  });

  it('drops packets that are not ECN-capable even with ECN on', () => {
    const bench = new QueueBench({ limit: { packets: 1000 } });
    const q = codel(bench, { ecn: true });
    preload(bench, q, 600, false);
    dequeueEveryMs(bench, q, 0, 300);
    expect(bench.marks).toEqual([]);
    expect(bench.drops.map((d) => d.tNs / MS)).toEqual([105, 205, 276]);
  });

  it('refuses arrivals beyond the port limit (stored packets, as ns-3 and Linux count)', () => {
    const bench = new QueueBench({ limit: { packets: 5 } });
    const q = codel(bench);
    preload(bench, q, 7);
    expect(q.lengthPackets).toBe(5);
    expect(bench.drops.map((d) => d.reason)).toEqual(['overflow', 'overflow']);
  });
});
