import { describe, expect, it } from 'vitest';
import { resolveParams } from '../model/params.js';
import { pieTuningDivisor, pieUpdateProbability } from './pieDropProbability.js';
import { pieModel, type PieQueueDisc } from './PieQueueDisc.js';
import { QueueBench } from './queueTestKit.js';

/** PIE (RFC 8033) with hand-worked values; α = 0.125 Hz, β = 1.25 Hz, QDELAY_REF = 15 ms. */

const MS = 1e6;
const RFC = { targetS: 0.015, alpha: 0.125, beta: 1.25, capDropAdjustment: true };

function pie(bench: QueueBench, params: Record<string, unknown> = {}): PieQueueDisc {
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(pieModel.info.params, params, 'params', issues);
  expect(issues).toEqual([]);
  return bench.attach(pieModel.create(p, bench.limit, bench.build()) as PieQueueDisc);
}

describe('PIE drop probability update (RFC 8033 §4.2, §5.5)', () => {
  it('scales the PI increment by the RFC table', () => {
    expect([5e-7, 5e-6, 5e-5, 5e-4, 5e-3, 0.05, 0.5].map(pieTuningDivisor)).toEqual([2048, 512, 128, 32, 8, 2, 1]);
  });

  it('follows a hand-worked qdelay sequence', () => {
    // p = 0, qdelay 30 ms, old 0: [0.125·0.015 + 1.25·0.030] / 2048 = 0.039375 / 2048
    let p = pieUpdateProbability(0, 0.03, 0, RFC);
    expect(p).toBeCloseTo(1.922607421875e-5, 15);
    // p in [1e-5, 1e-4): /128; qdelay steady at 30 ms: 0.125·0.015 / 128 = 1.46484375e-5
    p = pieUpdateProbability(p, 0.03, 0.03, RFC);
    expect(p).toBeCloseTo(1.922607421875e-5 + 1.46484375e-5, 15);
    // p = 1 %: 0.125·(−0.015)/2 = −0.0009375, then both delays 0: ×0.98
    expect(pieUpdateProbability(0.01, 0, 0, RFC)).toBeCloseTo((0.01 - 0.0009375) * 0.98, 15);
    // never below 0 nor above 1
    expect(pieUpdateProbability(0, 0, 0.05, RFC)).toBe(0);
    expect(pieUpdateProbability(0.99, 0.5, 0, { ...RFC, capDropAdjustment: false })).toBe(1);
  });

  it('caps an increase at 2 % once p ≥ 10 % (cap drop adjustment)', () => {
    // p = 0.15, qdelay 100 ms, old 50 ms: 0.125·0.085 + 1.25·0.05 = 0.073125 (divisor 1)
    expect(pieUpdateProbability(0.15, 0.1, 0.05, RFC)).toBeCloseTo(0.17, 12);
    expect(pieUpdateProbability(0.15, 0.1, 0.05, { ...RFC, capDropAdjustment: false })).toBeCloseTo(0.223125, 12);
  });

  it('updates every T_UPDATE on the simulator from the last sojourn time', () => {
    const bench = new QueueBench({ limit: { packets: 100 } });
    const q = pie(bench);
    for (let i = 0; i < 10; i++) q.enqueue(bench.packet(0, 1000));
    bench.advanceTo(20 * MS);
    q.dequeue(); // sojourn 20 ms; the update at 15 ms saw qdelay 0 → p stays 0
    bench.advanceTo(30 * MS);
    // update at 30 ms: q 20 ms, old 0: (0.125·0.005 + 1.25·0.020)/2048
    const p30 = 0.025625 / 2048;
    expect(q.dropProb).toBeCloseTo(p30, 15);
    bench.advanceTo(40 * MS);
    q.dequeue(); // sojourn 40 ms
    bench.advanceTo(45 * MS);
    // update at 45 ms: q 40, old 20, p in [1e-5, 1e-4): (0.125·0.025 + 1.25·0.020)/128
    expect(q.dropProb).toBeCloseTo(p30 + 0.028125 / 128, 15);
    const probe = new Float64Array(3);
    q.probeValues(probe, 0);
    expect(probe[1]).toBe(40);
    // allowance: 150 → 135 at 15 ms, restored to 150 (p = 0, both delays < 7.5 ms), then
    // 135 at 30 ms and 120 at 45 ms (p > 0: no restore)
    expect(probe[2]).toBe(120);
  });

  it('reports the sojourn estimate as 0 once the queue has drained (ns-3.37, Linux)', () => {
    const bench = new QueueBench();
    const q = pie(bench);
    q.enqueue(bench.packet(0, 1000));
    bench.advanceTo(50 * MS);
    q.dequeue();
    expect(q.qdelayNs).toBe(0);
  });
});

describe('PIE at enqueue', () => {
  it('lets a burst through while the burst allowance lasts (§4.4)', () => {
    const bench = new QueueBench({ limit: { packets: 1000 } });
    const q = pie(bench);
    q.dropProb = 1; // as if heavily congested
    for (let i = 0; i < 100; i++) q.enqueue(bench.packet(0, 1000));
    expect(bench.drops).toEqual([]);
    // a standing queue (sojourn 10 ms ≥ target/2 at every update) keeps the allowance from being
    // restored; it runs out after 150/15 = 10 updates
    bench.advanceTo(10 * MS);
    q.dequeue();
    bench.advanceTo(75 * MS);
    expect(q.burstAllowanceNs).toBe(75 * MS);
    for (let i = 0; i < 20; i++) q.enqueue(bench.packet(0, 1000));
    expect(bench.drops).toEqual([]);
    bench.advanceTo(150 * MS);
    expect(q.burstAllowanceNs).toBe(0);
    expect(q.dropProb).toBeGreaterThan(0.98);
    for (let i = 0; i < 20; i++) q.enqueue(bench.packet(0, 1000));
    expect(bench.drops.length).toBeGreaterThan(15);
    expect(bench.drops.every((d) => d.reason === 'early')).toBe(true);
  });

  it('ns3 burst mode: armed by the first arrival, p held at 0 while the allowance lasts', () => {
    const bench = new QueueBench({ limit: { packets: 1000 } });
    const q = pie(bench, { burstMode: 'ns3' });
    expect(q.burstAllowanceNs).toBe(0);
    for (let i = 0; i < 10; i++) q.enqueue(bench.packet(0, 1000));
    expect(q.burstAllowanceNs).toBe(150 * MS); // ns-3.37 DropEarly: NO_BURST → armed
    bench.advanceTo(30 * MS);
    q.dequeue(); // standing delay 30 ms, twice the target
    bench.advanceTo(150 * MS);
    expect(q.dropProb).toBe(0); // 10 updates with an allowance left: p forced to 0
    expect(q.burstAllowanceNs).toBe(0);
    bench.advanceTo(165 * MS);
    // first PI update: q = old = 30 ms, p = 0 → 0.125·0.015 / 2048
    expect(q.dropProb).toBeCloseTo(0.001875 / 2048, 15);
  });

  it('does not drop early with at most 2 packets queued, or with a low old delay and p < 20 %', () => {
    const bench = new QueueBench({ limit: { packets: 1000 } });
    const q = pie(bench);
    q.burstAllowanceNs = 0;
    q.dropProb = 1;
    q.qdelayOldNs = 100 * MS;
    q.enqueue(bench.packet());
    q.enqueue(bench.packet());
    q.enqueue(bench.packet()); // 2 queued: accepted
    expect(bench.drops.length).toBe(0);
    q.enqueue(bench.packet()); // 3 queued, p = 1: dropped
    expect(bench.drops.length).toBe(1);
    q.dropProb = 0.19;
    q.qdelayOldNs = 7 * MS; // < 7.5 ms
    for (let i = 0; i < 50; i++) q.enqueue(bench.packet());
    expect(bench.drops.length).toBe(1);
  });

  it('derandomisation: no drop until the accumulated probability reaches 0.85 (§5.4)', () => {
    // p = 0.2: after each drop the accumulator restarts, so arrivals 1–4 after it (0.2 … 0.8)
    // are always accepted; every gap between drops is at least 5 arrivals. Without
    // derandomisation gaps of 1–4 arrivals would have probability 1 − 0.8⁴ ≈ 59 % each.
    const run = (derandomize: boolean) => {
      const bench = new QueueBench({ limit: { packets: 1000 } });
      const q = pie(bench, { derandomize });
      q.burstAllowanceNs = 0;
      q.dropProb = 0.2;
      q.qdelayOldNs = 20 * MS;
      for (let i = 0; i < 3; i++) q.enqueue(bench.packet());
      const dropAt: number[] = [];
      for (let i = 1; i <= 500; i++) {
        const before = bench.drops.length;
        q.enqueue(bench.packet());
        if (bench.drops.length > before) dropAt.push(i);
        else q.dequeue(); // keep 3 queued
      }
      return dropAt;
    };
    const gaps = (d: number[]) => d.map((x, i) => x - (i === 0 ? 0 : d[i - 1]!));
    const derandomized = run(true);
    expect(derandomized.length).toBeGreaterThan(20);
    expect(Math.min(...gaps(derandomized))).toBeGreaterThanOrEqual(5);
    expect(Math.min(...gaps(run(false)))).toBeLessThan(5);
  });

  it('marks ECN-capable packets while p ≤ 10 % and drops them above (§5.1)', () => {
    const bench = new QueueBench({ limit: { packets: 1000 } });
    const q = pie(bench, { ecn: true });
    q.burstAllowanceNs = 0;
    q.qdelayOldNs = 20 * MS;
    for (let i = 0; i < 3; i++) q.enqueue(bench.packet(0, 1000, true));
    q.dropProb = 0.1;
    for (let i = 0; i < 200; i++) q.enqueue(bench.packet(0, 1000, true));
    expect(bench.drops.length).toBe(0);
    expect(bench.marks.length).toBeGreaterThan(5);
    q.dropProb = 0.3;
    const marks = bench.marks.length;
    for (let i = 0; i < 200; i++) q.enqueue(bench.packet(0, 1000, true));
    expect(bench.marks.length).toBe(marks);
    expect(bench.drops.length).toBeGreaterThan(20);
  });

  it('departure-rate estimator: qdelay = backlog × time to drain dqThreshold bytes / dqThreshold', () => {
    // 20 packets of 1024 B, one leaves every 1 ms: a measurement cycle starts at the first
    // departure (backlog ≥ 16384 B) and ends when 16 × 1024 = 16384 B have left, 16 ms later:
    // avg_dq_time = 16 ms per 16384 B, i.e. 1 ms per packet
    const bench = new QueueBench({ limit: { packets: 100 } });
    const q = pie(bench, { estimator: 'departure-rate', tUpdate: '100ms' });
    for (let i = 0; i < 40; i++) q.enqueue(bench.packet(0, 1024));
    for (let t = 1; t <= 20; t++) {
      bench.advanceTo(t * MS);
      q.dequeue();
    }
    bench.advanceTo(100 * MS); // update: backlog 20 packets → 20 ms
    expect(q.qdelayNs / MS).toBeCloseTo(20, 9);
  });
});
