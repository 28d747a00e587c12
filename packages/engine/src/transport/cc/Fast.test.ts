import { describe, expect, it } from 'vitest';
import { runDumbbell, tcpFlow } from '../../../test/ccHarness.js';

function twoFlows(cc: string, p: Record<string, unknown>) {
  const r = runDumbbell([{ transport: tcpFlow(cc, p) }, { transport: tcpFlow(cc, p), start: '0.1s' }], {
    buffer: '300 packets',
    duration: '40s',
  });
  let maxQ = 0;
  for (let t = 0.05; t <= 20; t += 0.05) {
    r.runTo(t);
    maxQ = Math.max(maxQ, r.queueNow());
  }
  const q = r.meanQueue(20, 40);
  return { r, maxQ, q, cwnd: r.cwnd(0), share: r.departedBytes(0) / r.departedBytes(1) };
}

describe('FAST TCP and QUIC-TCP', () => {
  it('FAST keeps ≈ α packets queued per flow, converges without loss or large overshoot, and shares equally', () => {
    const { r, maxQ, q, share } = twoFlows('fast', { alpha: 20 });
    expect(r.drops()).toBe(0);
    expect(q).toBeGreaterThan(2 * 20 * 0.9);
    expect(q).toBeLessThan(2 * 20 * 1.1);
    expect(maxQ).toBeLessThan(2 * 20 * 1.5);
    expect(share).toBeGreaterThan(0.9);
    expect(share).toBeLessThan(1.1);
  });

  it('QUIC-TCP keeps ≈ p_s packets queued per flow for every ρ (seed 004 eq. 13 equilibrium x·q = p_s)', () => {
    for (const rho of [0, 0.25, 0.5, 1]) {
      const { r, q } = twoFlows('quic-tcp', { ps: 15, rho });
      expect(r.drops()).toBe(0);
      expect(q).toBeGreaterThan(2 * 15 * 0.9);
      expect(q).toBeLessThan(2 * 15 * 1.1);
    }
  });

  it('QUIC-TCP at ρ = ½ behaves like FAST with α = p_s', () => {
    const fast = twoFlows('fast', { alpha: 20, gamma: 0.5 });
    const quic = twoFlows('quic-tcp', { ps: 20, rho: 0.5, kappa: 0.5 });
    expect(Math.abs(quic.q - fast.q)).toBeLessThan(1);
    expect(Math.abs(quic.cwnd - fast.cwnd) / fast.cwnd).toBeLessThan(0.05);
  });

  it('falls back to standard loss recovery when the buffer cannot hold the target backlog, and keeps sending', () => {
    const r = runDumbbell([{ transport: tcpFlow('fast', { alpha: 200 }) }], { buffer: '50 packets', duration: '30s' });
    r.runTo(30);
    expect(r.drops()).toBeGreaterThan(0);
    expect(r.sim.summary().flows[0]!.fastRetransmits).toBeGreaterThan(0);
    expect((r.departedBytes(0) * 8) / 30).toBeGreaterThan(3e6);
  });
});
