import { describe, expect, it } from 'vitest';
import { applyDemoChange } from './types.js';
import { BURSTY, burstyLossDemo } from './lossDemos.js';

/**
 * The bursty-loss demo makes its point within its first 20 s (docs/lab.md "Demos"); each bound is
 * worked out here from the demo's design, and the demo's claim must carry the same one.
 */
describe('demo: bursty loss against random loss', () => {
  const claims = burstyLossDemo.verify();
  const c = (part: string) => claims.find((x) => x.statement.includes(part))!;

  it('the chain is set for 1 % loss in bursts of 5: P(bad) = p/(p + r) = 0.01 with r = 1/5', () => {
    const link = burstyLossDemo.scenario().links.find((l) => l.a === 's1')!;
    const { p, r } = link.impairments!.burstLoss!;
    expect(r).toBe(1 / BURSTY.burstPackets);
    expect(p / (p + r)).toBeCloseTo(BURSTY.loss, 12);
  });

  it('both links lose the same share within a factor of two, and every claim holds', () => {
    expect([c('at least half').bound, c('at most twice').bound]).toEqual([0.5, 2]);
    expect(claims.every((x) => x.holds)).toBe(true);
  });

  it('bursts cost at most half the loss events per packet, and give at least 1.2 × the goodput', () => {
    // one event per burst of 5 would be 1/5; bursts split over two windows and timeouts cost more
    expect(c('loss events').bound).toBe(0.5);
    // rate ∝ 1/√(event rate): √2 ≈ 1.41 at half the events, held to 1.2
    expect(c('goodput').bound).toBe(1.2);
    expect(c('goodput').measured).toBeGreaterThanOrEqual(1.2);
  });

  it('the claims fail once the random link loses at the bursty link’s loss-event rate (the live change)', () => {
    const matched = applyDemoChange(burstyLossDemo.scenario(), burstyLossDemo.note.changes[0]!);
    const after = burstyLossDemo.verify(matched);
    expect(after.find((x) => x.statement.includes('goodput'))!.holds).toBe(false);
    expect(after.find((x) => x.statement.includes('loss events'))!.holds).toBe(false);
  });
});
