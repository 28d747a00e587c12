import { describe, expect, it } from 'vitest';
import { resolveParams } from '../model/params.js';
import { aredModel } from './AdaptiveRedQueueDisc.js';
import type { QueueCheckEnv, QueueModel } from './QueueModel.js';
import { redModel } from './RedQueueDisc.js';
import { deriveRed, redConfig } from './redParams.js';

/**
 * ns-2.35's automatic RED parameters (queue/red.cc initialize_params), computed by hand from its
 * formulas, and the cross-parameter checks.
 */

function derived(params: Record<string, unknown>, rateBps: number, delayS: number, adaptive = false) {
  const m = adaptive ? aredModel : redModel;
  const issues: unknown[] = [];
  const p = resolveParams(m.info.params, params, 'p', issues as never);
  expect(issues).toEqual([]);
  return deriveRed(redConfig(p, adaptive), rateBps, delayS);
}

describe('RED automatic parameters (ns-2 initialize_params)', () => {
  it('10 Mb/s, 20 ms: C = 2500 packets/s, thresholds 6.25 and 18.75 packets, w = 1 − e^(−1/2500)', () => {
    // C = 10e6 / (8 · 500) = 2500; targetqueue = 0.005 · 2500 = 12.5 → min = max(5, 6.25) = 6.25,
    // max = 3 · 6.25; RTT = 3 · (0.020 + 1/2500) = 0.0612 s < 0.1 → 0.1 s, so
    // w = 1 − exp(−1 / (10 · 0.1 · 2500)) = 1 − exp(−0.0004) ≈ 3.9992e-4
    const d = derived({}, 10e6, 0.02);
    expect(d.ptc).toBe(2500);
    expect(d.minThreshPackets).toBeCloseTo(6.25, 12);
    expect(d.maxThreshPackets).toBeCloseTo(18.75, 12);
    expect(d.qWeight).toBeCloseTo(1 - Math.exp(-0.0004), 15);
    expect(d.qWeight).toBeCloseTo(3.9992e-4, 7);
  });

  it('1.5 Mb/s, 100 ms: the minimum threshold stays at 5 packets and the RTT term exceeds 0.1 s', () => {
    // C = 1.5e6 / 4000 = 375; targetqueue/2 = 0.9375 < 5 → min 5, max 15;
    // RTT = 3 · (0.1 + 1/375) = 0.308 s → w = 1 − exp(−1 / (10 · 0.308 · 375)) = 1 − exp(−1/1155)
    const d = derived({}, 1.5e6, 0.1);
    expect(d.minThreshPackets).toBe(5);
    expect(d.maxThreshPackets).toBe(15);
    expect(d.qWeight).toBeCloseTo(1 - Math.exp(-1 / 1155), 15);
  });

  it('100 Mb/s: thresholds 62.5 and 187.5 packets', () => {
    // C = 25000; 0.005 · 25000 / 2 = 62.5
    const d = derived({}, 100e6, 0.02);
    expect(d.minThreshPackets).toBeCloseTo(62.5, 12);
    expect(d.maxThreshPackets).toBeCloseTo(187.5, 12);
  });

  it('q_weight 0 and −2 select 1 − e^(−1/C) and 1 − e^(−10/C); a positive weight is kept', () => {
    expect(derived({ qWeight: 0 }, 10e6, 0.02).qWeight).toBeCloseTo(1 - Math.exp(-1 / 2500), 15);
    expect(derived({ qWeight: -2 }, 10e6, 0.02).qWeight).toBeCloseTo(1 - Math.exp(-10 / 2500), 15);
    expect(derived({ qWeight: 0.002 }, 10e6, 0.02).qWeight).toBe(0.002);
  });

  it('an explicit minimum threshold gives max = 3·min; an explicit maximum alone keeps the automatic minimum', () => {
    const a = derived({ minThresh: 4 }, 10e6, 0.02);
    expect([a.minThreshPackets, a.maxThreshPackets]).toEqual([4, 12]);
    const b = derived({ maxThresh: 30 }, 10e6, 0.02);
    expect([b.minThreshPackets, b.maxThreshPackets]).toEqual([6.25, 30]);
  });

  it('the mean packet size sets C: 1000-byte mean packets halve it', () => {
    // C = 10e6 / 8000 = 1250 → targetqueue/2 = 3.125 < 5 → min 5
    const d = derived({ meanPktSize: '1000B' }, 10e6, 0.02);
    expect(d.ptc).toBe(1250);
    expect(d.minThreshPackets).toBe(5);
  });

  it('Adaptive RED bottom 0 is min(0.01, 80000 / rate): 0.008 at 10 Mb/s, 0.01 at 1 Mb/s', () => {
    expect(derived({}, 10e6, 0.02, true).bottom).toBeCloseTo(0.008, 15);
    expect(derived({}, 1e6, 0.02, true).bottom).toBe(0.01);
    expect(derived({ bottom: 4e-5 }, 10e6, 0.02, true).bottom).toBe(4e-5);
  });
});

describe('RED parameter checks', () => {
  const env: QueueCheckEnv = { limit: { packets: 50 }, rateBps: 10e6, delayNs: 20e6, classes: 1 };
  const check = (m: QueueModel, params: Record<string, unknown>, e: QueueCheckEnv = env) =>
    m.check!(resolveParams(m.info.params, params, 'p', []), e);

  it('accepts the defaults and ns-3.37’s RedQueueDisc configuration', () => {
    expect(check(redModel, {})).toEqual([]);
    expect(check(aredModel, {})).toEqual([]);
    expect(
      check(redModel, {
        byteMode: false,
        queueInBytes: false,
        minThresh: 5,
        maxThresh: 15,
        qWeight: 0.002,
        maxP: 0.02,
        useMarkP: false,
        limitMode: 'fit',
        resetCountOnForcedDrop: false,
        idleFrom: 'dequeue',
      }),
    ).toEqual([]);
  });

  it('names minThresh when it is not below maxThresh', () => {
    expect(check(redModel, { minThresh: 15, maxThresh: 15 }).map((i) => i.key)).toEqual(['minThresh']);
    expect(check(redModel, { minThresh: 20, maxThresh: 10 })[0]!.message).toMatch(/not below maxThresh/);
  });

  it('names maxThresh when it is below the automatic minimum', () => {
    // automatic min at 10 Mb/s is 6.25 packets
    const issues = check(redModel, { maxThresh: 6 });
    expect(issues.map((i) => i.key)).toEqual(['maxThresh']);
    expect(issues[0]!.message).toMatch(/6\.25/);
  });

  it('names thresholds beyond the buffer (a byte buffer counted in mean-size packets)', () => {
    expect(check(redModel, { minThresh: 50, maxThresh: 60 }).map((i) => i.key)).toEqual(['minThresh', 'maxThresh']);
    expect(check(redModel, { minThresh: 5, maxThresh: 60 }).map((i) => i.key)).toEqual(['maxThresh']);
    // 10000 B = 20 packets of 500 B
    const bytes: QueueCheckEnv = { ...env, limit: { bytes: 10000 } };
    expect(check(redModel, { minThresh: 5, maxThresh: 21 }, bytes).map((i) => i.key)).toEqual(['maxThresh']);
    expect(check(redModel, { minThresh: 5, maxThresh: 20 }, bytes)).toEqual([]);
  });

  it('names a weight that is neither in (0, 1] nor an automatic rule, and a step threshold beyond the buffer', () => {
    expect(check(redModel, { qWeight: -0.5 }).map((i) => i.key)).toEqual(['qWeight']);
    expect(check(redModel, { stepThreshold: 50 }).map((i) => i.key)).toEqual(['stepThreshold']);
    expect(check(redModel, { stepThreshold: 20 })).toEqual([]);
  });

  it('names an Adaptive RED bottom that is not below top', () => {
    expect(check(aredModel, { bottom: 0.5, top: 0.5 }).map((i) => i.key)).toEqual(['bottom']);
  });
});
