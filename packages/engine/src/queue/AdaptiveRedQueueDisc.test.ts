import { describe, expect, it } from 'vitest';
import { resolveParams } from '../model/params.js';
import { AdaptiveRedQueueDisc, aredModel } from './AdaptiveRedQueueDisc.js';
import { QueueBench } from './queueTestKit.js';

/**
 * Adaptive RED's max_p adaptation (Floyd, Gummadi & Shenker 2001 §4; ns-2.35 red.cc
 * updateMaxP), worked by hand. Packet mode, thresholds 5 and 15, w = 1 (the average is the queue
 * an arrival finds), interval 0.5 s: the target range is [5 + 0.4·10, 15 − 0.4·10] = [9, 11].
 */

function ared(params: Record<string, unknown> = {}) {
  const bench = new QueueBench({ limit: { packets: 100 }, rateBps: 10e6 });
  const issues: { path: string; message: string }[] = [];
  const p = resolveParams(
    aredModel.info.params,
    { byteMode: false, queueInBytes: false, minThresh: 5, maxThresh: 15, qWeight: 1, ...params },
    'p',
    issues,
  );
  expect(issues).toEqual([]);
  const disc = bench.attach(aredModel.create(p, bench.limit, bench.build()) as AdaptiveRedQueueDisc);
  /**
   * One arrival at `tS` seconds that finds exactly `q` packets waiting. The queue is set up at
   * the previous arrival's time, which is never more than an interval after max_p last changed,
   * so the packets that fill it cause no adaptation of their own.
   */
  const arriveFinding = (tS: number, q: number) => {
    while (disc.lengthPackets > q) disc.dequeue();
    while (disc.lengthPackets < q) disc.enqueue(bench.packet());
    bench.advanceTo(tS * 1e9);
    disc.enqueue(bench.packet());
  };
  const maxP = () => {
    const out = new Float64Array(5);
    disc.probeValues(out, 0);
    return out[4]!;
  };
  return { bench, disc, arriveFinding, maxP };
}

describe('Adaptive RED', () => {
  it('adapts max_p at the first arrival more than an interval after its last change: +min(α, max_p/4) above the target, ×β below', () => {
    const { arriveFinding, maxP, bench } = ared();
    arriveFinding(0, 12); // t = 0 is not more than 0.5 s after lastset = 0: no change
    expect(maxP()).toBe(0.1);
    arriveFinding(0.6, 12); // 12 > 11: 0.1 + min(0.01, 0.025) = 0.11
    expect(maxP()).toBeCloseTo(0.11, 15);
    arriveFinding(1.0, 0); // 1.0 ≤ 0.6 + 0.5: too early
    expect(maxP()).toBeCloseTo(0.11, 15);
    arriveFinding(1.2, 1); // 1 < 9: 0.11 · 0.9 = 0.099
    expect(maxP()).toBeCloseTo(0.099, 15);
    arriveFinding(1.75, 3); // 0.099 · 0.9 = 0.0891
    expect(maxP()).toBeCloseTo(0.0891, 15);
    // inside [9, 11] nothing changes, and the time of the last change stays 1.75 s ...
    arriveFinding(2.3, 10);
    arriveFinding(2.31, 11);
    expect(maxP()).toBeCloseTo(0.0891, 15);
    // ... so the next arrival above the range adapts at once: 0.0891 + min(0.01, 0.022275)
    arriveFinding(2.32, 12);
    expect(maxP()).toBeCloseTo(0.0991, 15);
    expect(bench.drops).toEqual([]);
  });

  it('caps the increase at max_p/4, and stops at top and at bottom', () => {
    const small = ared({ maxP: 0.02 });
    small.arriveFinding(0.6, 12); // 0.02 + min(0.01, 0.005)
    expect(small.maxP()).toBeCloseTo(0.025, 15);
    const top = ared({ maxP: 0.5 });
    top.arriveFinding(0.6, 12); // top 0.5 is not above 0.5
    expect(top.maxP()).toBe(0.5);
    const bottom = ared({ bottom: 0.095 });
    bottom.arriveFinding(0.6, 1); // 0.1 > 0.095: 0.09
    bottom.arriveFinding(1.2, 1); // 0.09 is not above 0.095
    expect(bottom.maxP()).toBeCloseTo(0.09, 15);
  });

  it('moves p_b between the thresholds with max_p, but keeps the gentle ramp of the initial max_p (ns-2)', () => {
    const { arriveFinding, disc } = ared();
    arriveFinding(0.6, 1); // max_p 0.09
    expect(disc.dropProbability(10)).toBeCloseTo(0.045, 15);
    // gentle: v_c = (1 − 0.1)/15, v_d = 2 · 0.1 − 1 from the initial max_p: avg 20 → 0.4
    expect(disc.dropProbability(20)).toBeCloseTo(0.4, 15);
  });
});
