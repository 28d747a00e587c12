import { describe, expect, it } from 'vitest';
import { QuicTcp, type QuicTcpParams } from './QuicTcp.js';

/** QUIC-TCP's window law (seed 004 eq. 13) read directly. */
class Law extends QuicTcp {
  at(w: number, baseRtt: number, avgRtt: number): number {
    return this.target(w, baseRtt, avgRtt);
  }
}

const law = (p: Partial<QuicTcpParams>) =>
  new Law({ ps: 10, kappa: 0.5, rho: 0.5, miThreshold: 0.00075, updateEveryRtts: 2, ...p });

// B = 100 ms, A = 125 ms: B/A = 0.8 throughout
const B = 0.1;
const A = 0.125;

describe('QUIC-TCP window law (seed 004 eq. 13)', () => {
  it('at ρ = ½: w − κ(B/A)(w − (B/A)w − p_s), worked by hand', () => {
    // gain 0.5·0.8 = 0.4; w − (B/A)w − p_s = 100 − 80 − 10 = 10; 100 − 0.4·10 = 96
    expect(law({}).at(100, B, A)).toBeCloseTo(96, 12);
  });

  it('at ρ = ½ it is FAST with γ = κ·B/A and α = p_s', () => {
    // FAST (Jin, Wei & Low 2004): w ← (1 − γ)w + γ((B/A)w + α)
    for (const w of [5, 50, 100, 400]) {
      const gamma = 0.5 * (B / A);
      const fast = (1 - gamma) * w + gamma * ((B / A) * w + 10);
      expect(law({}).at(w, B, A)).toBeCloseTo(fast, 9);
    }
  });

  it('holds still at its equilibrium w = p_s/(1 − B/A), x·q = p_s, for every ρ', () => {
    // w − 0.8w = 10 → w = 50: the flow keeps p_s = 10 packets queued
    for (const rho of [0, 0.25, 0.5, 0.75, 1]) expect(law({ rho }).at(50, B, A)).toBeCloseTo(50, 9);
    // and moves towards it from either side
    expect(law({}).at(60, B, A)).toBeLessThan(60);
    expect(law({}).at(40, B, A)).toBeGreaterThan(40);
  });

  it('scales its gain as w^(1−2ρ): ρ = 1 moves a large window by little', () => {
    // gain 0.5·0.8·100^(−1) = 0.004; 100 − 0.004·10 = 99.96
    expect(law({ rho: 1 }).at(100, B, A)).toBeCloseTo(99.96, 12);
  });

  it('caps the gain at 1 so that one update never overshoots the equilibrium', () => {
    // ρ = 0: 0.5·0.8·100 = 40, capped at 1: the target is (B/A)w + p_s = 90, not 100 − 40·10
    expect(law({ rho: 0 }).at(100, B, A)).toBeCloseTo(90, 12);
    // at w = 1 the gain is 0.5·0.8·1¹ = 0.4, under the cap: 1 − 0.4·(1 − 0.8 − 10) = 4.92
    expect(law({ rho: 0 }).at(1, B, A)).toBeCloseTo(4.92, 12);
  });
});
