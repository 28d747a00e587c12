import { describe, expect, it } from 'vitest';
import { feedAcks as acks, stateAt } from './ccTestState.js';
import { HighSpeed, highSpeedA, highSpeedB } from './HighSpeed.js';

/** A state in congestion avoidance at `cwnd` segments. */
const ca = (cwnd: number) => stateAt(cwnd, 2);

/** RFC 3649 §5 with Low_Window 38, High_Window 83000, High_Decrease 0.1. */
const rfcB = (w: number) => ((0.1 - 0.5) * (Math.log(w) - Math.log(38))) / (Math.log(83000) - Math.log(38)) + 0.5;
const rfcA = (w: number) => {
  const p = 0.078 / w ** 1.2;
  const b = rfcB(w);
  return (w * w * p * 2 * b) / (2 - b);
};

describe('HighSpeed TCP (RFC 3649) as ns-3.37 runs it (tcp-highspeed.cc)', () => {
  it('is standard TCP up to Low_Window = 38 segments: a = 1, b = ½', () => {
    expect([highSpeedA(1), highSpeedB(1)]).toEqual([1, 0.5]);
    expect([highSpeedA(38), highSpeedB(38)]).toEqual([1, 0.5]);
    expect([highSpeedA(39), highSpeedB(39)]).toEqual([2, 0.44]);
  });

  it("looks a(w), b(w) up in RFC 3649 Appendix B's table (row W applies up to and including W)", () => {
    expect([highSpeedA(118), highSpeedB(118)]).toEqual([2, 0.44]);
    expect([highSpeedA(119), highSpeedB(119)]).toEqual([3, 0.41]);
    expect([highSpeedA(1000), highSpeedB(1000)]).toEqual([8, 0.33]); // 851 < 1000 ≤ 1058
    expect([highSpeedA(94717), highSpeedB(94717)]).toEqual([73, 0.09]);
    expect([highSpeedA(200000), highSpeedB(200000)]).toEqual([73, 0.09]);
  });

  it("the table is RFC 3649 §5's formulas, rounded", () => {
    // e.g. w = 118: b = −0.4·ln(118/38)/ln(83000/38) + ½ = −0.4·1.1331/7.6889 + ½ = 0.441 → 0.44;
    // p = 0.078/118^1.2 = 2.547e-4, a = 118²·p·2·0.441/(2 − 0.441) = 3.546·0.5658 = 2.006 → 2
    expect(rfcB(118)).toBeCloseTo(0.441, 3);
    expect(rfcA(118)).toBeCloseTo(2.006, 2);
    // at High_Window = 83000: b = High_Decrease = 0.1 and a = 8615·0.078·0.2/1.9 ≈ 70.7 (table: 71 for 79517 < w ≤ 84035)
    expect(rfcB(83000)).toBeCloseTo(0.1, 12);
    expect(rfcA(83000)).toBeCloseTo(70.7, 1);
    expect(highSpeedA(83000)).toBe(71);
    for (const w of [118, 221, 347, 495, 663, 851, 1058, 1529, 2076, 5036, 10661, 30975, 64851, 94717]) {
      expect(Math.abs(highSpeedB(w) - rfcB(w)), `b(${w})`).toBeLessThanOrEqual(0.0051);
      expect(Math.abs(highSpeedA(w) - rfcA(w)), `a(${w})`).toBeLessThanOrEqual(0.51);
    }
  });

  it('up to 38 segments grows one segment per window acknowledged (Reno)', () => {
    const cc = new HighSpeed();
    const s = ca(30);
    expect(acks(cc, s, 29)).toBe(30);
    expect(acks(cc, s, 1)).toBe(31);
  });

  it('at 100 segments each acknowledged segment weighs a(100) = 2: two segments per window', () => {
    const cc = new HighSpeed();
    const s = ca(100);
    expect(acks(cc, s, 49)).toBe(100);
    expect(cc.metrics()['ackCount']).toBe(98);
    expect(acks(cc, s, 1)).toBe(101);
    expect(cc.metrics()['ackCount']).toBe(0);
  });

  it('an ACK of many segments adds a segment while the weighted count holds the growing window', () => {
    const cc = new HighSpeed();
    const s = ca(50);
    // 60 segments × a(50) = 2 → 120: −50 (51), −51 (52), 19 left < 52
    expect(acks(cc, s, 1, 60)).toBe(52);
    expect(cc.metrics()['ackCount']).toBe(19);
  });

  it('keeps the count across a reduction: the next ACK may add a segment at once', () => {
    const cc = new HighSpeed();
    const s = ca(100);
    acks(cc, s, 45); // count 90
    s.cwnd = 56;
    // 90 + a(56) = 92 ≥ 56 → 57, 36 left
    expect(acks(cc, s, 1)).toBe(57);
    expect(cc.metrics()['ackCount']).toBe(36);
  });

  it('a congestion event keeps ⌊(1 − b(F))·F⌋ of F = ⌊flight⌋ segments, at least 2', () => {
    const cc = new HighSpeed();
    const s = ca(200);
    Object.assign(s, { pipe: 30 });
    expect(cc.ssthreshAfter(s, 'loss')).toBe(15); // b = ½
    Object.assign(s, { pipe: 150 });
    expect(cc.ssthreshAfter(s, 'loss')).toBe(88); // b(150) = 0.41: 88.5
    Object.assign(s, { pipe: 1001 });
    expect(cc.ssthreshAfter(s, 'ecn')).toBe(670); // b(1001) = 0.33: 670.67
    Object.assign(s, { pipe: 3 });
    expect(cc.ssthreshAfter(s, 'timeout')).toBe(2); // 1.5
  });
});
