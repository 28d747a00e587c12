import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GpsVirtualTime } from './GpsVirtualTime.js';

/**
 * The fluid GPS system written out plainly (Parekh & Gallager 1993): at every step the member with
 * the smallest last finish tag — the first in member order when several tie — leaves when V reaches
 * it, and Σφ loses its weight. `GpsVirtualTime` keeps that member cached between calls; this one
 * looks for it every time, so the two must agree to the last bit of V (with weights that are not
 * exact binary fractions, removing tied members in another order changes Σφ's rounding and V).
 */
class ScanningGps {
  v = 0;
  private lastNs = 0;
  private sumWeights = 0;
  private members: number[] = [];
  private readonly lastFinish: number[];

  constructor(private readonly weights: readonly number[]) {
    this.lastFinish = weights.map(() => 0);
  }

  get backlogged(): number {
    return this.members.length;
  }

  advance(nowNs: number, bytesPerNs: number): number {
    let t = this.lastNs;
    while (this.members.length > 0) {
      let k = 0;
      for (let m = 1; m < this.members.length; m++)
        if (this.lastFinish[this.members[m]!]! < this.lastFinish[this.members[k]!]!) k = m;
      const j = this.members[k]!;
      const dt = ((this.lastFinish[j]! - this.v) * this.sumWeights) / bytesPerNs;
      if (t + dt > nowNs) {
        this.v += ((nowNs - t) * bytesPerNs) / this.sumWeights;
        break;
      }
      t += dt;
      this.v = this.lastFinish[j]!;
      // the last member takes the leaver's place
      this.members[k] = this.members[this.members.length - 1]!;
      this.members.pop();
      this.sumWeights = this.members.length === 0 ? 0 : this.sumWeights - this.weights[j]!;
    }
    this.lastNs = nowNs;
    return this.v;
  }

  retract(i: number, amount: number): void {
    if (this.members.includes(i)) this.lastFinish[i]! -= amount;
  }

  arrive(i: number, finish: number): void {
    this.lastFinish[i] = finish;
    if (this.members.includes(i)) return;
    this.members.push(i);
    this.sumWeights += this.weights[i]!;
  }
}

const WEIGHTS = [0.1, 0.7, 1 / 3, 0.2, 0.0029, 0.3, 1 / 7, 5.1];

const op = fc.oneof(
  // finish tags on a coarse grid so that members often tie
  fc.record({
    kind: fc.constant('arrive' as const),
    i: fc.nat(WEIGHTS.length - 1),
    bytes: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('retract' as const),
    i: fc.nat(WEIGHTS.length - 1),
    bytes: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ kind: fc.constant('wait' as const), ns: fc.integer({ min: 0, max: 20 }) }),
);

describe('GpsVirtualTime', () => {
  it('agrees with the plain fluid system (a scan for the next leaver at every step) to the last bit', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const gps = new GpsVirtualTime(Float64Array.from(WEIGHTS));
        const ref = new ScanningGps(WEIGHTS);
        const rate = 1; // byte per ns
        let now = 0;
        for (const o of ops) {
          if (o.kind === 'wait') now += o.ns;
          const v = gps.advance(now, rate);
          expect(v).toBe(ref.advance(now, rate));
          expect(gps.backlogged).toBe(ref.backlogged);
          if (o.kind === 'arrive') {
            // WFQ's finish tag: max(F_i, V) + L/φ, here on a grid of whole units (ties)
            const finish = Math.ceil(v) + o.bytes;
            gps.arrive(o.i, finish);
            ref.arrive(o.i, finish);
          } else if (o.kind === 'retract') {
            gps.retract(o.i, o.bytes);
            ref.retract(o.i, o.bytes);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  /**
   * Members 0 and 1 tie at F = 2 and member 2 (F = 10) stays: V reaches 2, both leave, and V goes
   * on at C/Σφ (until t = 2.5, before it reaches 10) with Σφ = (S − φ₀) − φ₁ — 0 leaves first, the first in member order. In the other
   * order Σφ = (S − φ₁) − φ₀ differs in the last bit (φ = 0.1, 0.7, 0.1), and so does V.
   */
  function tiedLeaversV(tie: (gps: GpsVirtualTime) => void): { v: number; expected: number; otherOrder: number } {
    const w = [0.1, 0.7, 0.1];
    const gps = new GpsVirtualTime(Float64Array.from(w));
    tie(gps);
    gps.arrive(2, 10);
    const s = w[0]! + w[1]! + w[2]!;
    const v1 = gps.advance(1, 1);
    expect(v1).toBe(1 / s);
    const leaveNs = 1 + (2 - v1) * s;
    const expected = 2 + (2.5 - leaveNs) / (s - w[0]! - w[1]!);
    const otherOrder = 2 + (2.5 - leaveNs) / (s - w[1]! - w[0]!);
    return { v: gps.advance(2.5, 1), expected, otherOrder };
  }

  it('of members with equal finish tags, the first in member order leaves first (tie by arrival)', () => {
    const r = tiedLeaversV((gps) => {
      gps.arrive(0, 2);
      gps.arrive(1, 2);
    });
    expect(r.expected).not.toBe(r.otherOrder);
    expect(r.v).toBe(r.expected);
  });

  it('a member whose tag is lowered to equal the smallest does not leave before the earlier one', () => {
    const r = tiedLeaversV((gps) => {
      gps.arrive(0, 2);
      gps.arrive(1, 3);
      gps.retract(1, 1);
    });
    expect(r.expected).not.toBe(r.otherOrder);
    expect(r.v).toBe(r.expected);
  });

  it('V grows at C/Σφ and bends when the member with the smallest finish tag leaves', () => {
    // φ = 1 and 3, C = 1 byte/ns: F = 2 and 8. V = t/4 until it reaches 2 at t = 8, then V = 2 +
    // (t − 8)/3 until 8 at t = 26, then it stays.
    const gps = new GpsVirtualTime(Float64Array.from([1, 3]));
    gps.arrive(0, 2);
    gps.arrive(1, 8);
    expect(gps.advance(4, 1)).toBe(1);
    expect(gps.advance(8, 1)).toBe(2);
    expect(gps.backlogged).toBe(1);
    expect(gps.advance(14, 1)).toBe(4);
    expect(gps.advance(30, 1)).toBe(8);
    expect(gps.backlogged).toBe(0);
  });
});
