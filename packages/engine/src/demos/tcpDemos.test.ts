import { describe, expect, it } from 'vitest';
import { applyDemoEdit } from './types.js';
import { bbrVsCubicDemo, cubicVsNewRenoDemo, rttUnfairnessDemo, slowStartDemo } from './tcpDemos.js';

/**
 * Each TCP demo makes its point within its first 20 s (docs/lab.md "Demos"). Every bound is worked
 * out here by hand from the demo's design (packets of 1000 bytes = 8000 bits), and the demo's own
 * claim must carry the same bound, so neither comes from a run's output.
 */
const byStatement = (claims: { statement: string }[], part: string) => {
  const c = claims.find((x) => x.statement.includes(part));
  if (!c) throw new Error(`no claim mentions "${part}"`);
  return c as ReturnType<typeof slowStartDemo.verify>[number];
};

describe('demo: slow start and the sawtooth', () => {
  const claims = slowStartDemo.verify();
  it('doubles cwnd per round trip until the first loss', () => {
    // pipe = 10 Mb/s × 60 ms / 8000 b = 75 packets; with the 75-packet buffer, 150. The first loss
    // needs cwnd ≥ 150 in flight.
    const atLoss = byStatement(claims, 'cwnd at the first loss');
    expect(atLoss.bound).toBe(150);
    expect(atLoss.measured).toBeGreaterThanOrEqual(150);
    // Doubling from IW 2 to cwnd W takes log2(W/2) rounds (+1 for the handshake), each at most
    // 60 ms + a full buffer's 75 × 0.8 ms = 120 ms. Growing by one a round would take W − 2 rounds:
    // for W ≥ 150, 148 × 60 ms ≈ 8.9 s — far beyond this bound.
    const first = byStatement(claims, 'the first loss comes within');
    const w = atLoss.measured;
    expect(first.bound).toBeCloseTo((Math.log2(w / 2) + 1) * 0.12, 9);
    expect(first.holds).toBe(true);
  });
  it('then saws: a loss per tooth, no timeouts, each loss halving', () => {
    const teeth = byStatement(claims, 'losses of the sawtooth');
    // a tooth: 75 round trips (from 75 to 150) of at most 120 ms = 9 s; the sawtooth starts 2 s
    // after the first loss (about 0.6–1 s), leaving ≥ 17 s: at least one full tooth.
    expect(teeth.bound).toBeGreaterThanOrEqual(1);
    expect(teeth.holds).toBe(true);
    expect(byStatement(claims, 'timeouts in the sawtooth').measured).toBe(0);
    // halving a window of at least 150 leaves at least 75; we hold it to 0.45 × 150 = 67.5
    const floor = byStatement(claims, 'cwnd in the sawtooth');
    expect(floor.bound).toBeCloseTo(67.5, 9);
    expect(floor.holds).toBe(true);
  });
  it('fails when the flow resets to 1 at each loss (Tahoe): the claim can fail', () => {
    const tahoe = applyDemoEdit(slowStartDemo.scenario(), { flow: 'newreno', cc: 'tahoe' });
    expect(tahoe.flows[0]!.transport.cc).toBe('tahoe');
    expect(byStatement(slowStartDemo.verify(tahoe), 'cwnd in the sawtooth').holds).toBe(false);
  });
});

describe('demo: RTT unfairness', () => {
  it('the 40 ms flow takes at least (160 + 40) / (40 + 40) = 2.5 times the 160 ms flow’s goodput', () => {
    // throughput ∝ 1/RTT (at least); a full 50-packet buffer adds 50 × 0.8 ms = 40 ms to both RTTs
    const [c] = rttUnfairnessDemo.verify();
    expect(c!.bound).toBeCloseTo(2.5, 9);
    expect(c!.measured).toBeGreaterThanOrEqual(2.5);
  });
});

describe('demo: CUBIC vs NewReno', () => {
  it('CUBIC’s goodput is at least 0.7 / 0.5 = 1.4 times NewReno’s on the long fat pipe', () => {
    // RFC 8312 §4.5 β_cubic = 0.7 against RFC 5681's ½; NewReno regains 1 segment per 50 ms round
    // trip, 400 in 20 s, less than the ½ × (625 + 400) ≈ 512 it gives up at a loss
    const [c] = cubicVsNewRenoDemo.verify();
    expect(c!.bound).toBeCloseTo(1.4, 9);
    expect(c!.measured).toBeGreaterThanOrEqual(1.4);
  });
});

describe('demo: BBR vs CUBIC', () => {
  it('BBR takes at least twice CUBIC’s goodput in the 20-packet buffer', () => {
    // BBR's in-flight cap 2 × BDP = 2 × 10 Mb/s × 60 ms / 8000 b = 150 packets > 75 + 20
    const [c] = bbrVsCubicDemo.verify();
    expect(c!.bound).toBe(2);
    expect(c!.measured).toBeGreaterThanOrEqual(2);
  });
});
