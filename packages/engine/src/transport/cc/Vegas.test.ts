import { describe, expect, it } from 'vitest';
import { runDumbbell, tcpFlow } from '../../../test/ccHarness.js';

describe('Vegas', () => {
  it('keeps between α and β packets queued per flow at equilibrium (Brakmo & Peterson §3.2)', () => {
    for (const [alpha, beta] of [
      [2, 4],
      [4, 8],
    ] as const) {
      const r = runDumbbell([{ transport: tcpFlow('vegas', { alpha, beta }) }], {
        buffer: '200 packets',
        duration: '40s',
      });
      const q = r.meanQueue(20, 40);
      expect(r.drops()).toBe(0);
      // one flow: its backlog is the bottleneck queue (±1 for Diff's rounding)
      expect(q).toBeGreaterThanOrEqual(alpha - 1);
      expect(q).toBeLessThanOrEqual(beta + 1);
    }
  });

  it('two flows together keep between 2α and 2β packets queued, without loss, sharing fairly', () => {
    const r = runDumbbell(
      [
        { transport: tcpFlow('vegas', { alpha: 3, beta: 5 }) },
        { transport: tcpFlow('vegas', { alpha: 3, beta: 5 }), start: '0.1s' },
      ],
      { buffer: '200 packets', duration: '60s' },
    );
    const q = r.meanQueue(30, 60);
    expect(r.drops()).toBe(0);
    expect(q).toBeGreaterThanOrEqual(2 * 3 - 1);
    expect(q).toBeLessThanOrEqual(2 * 5 + 1);
    const a = r.departedBytes(0);
    const b = r.departedBytes(1);
    expect(Math.min(a, b) / Math.max(a, b)).toBeGreaterThan(0.7);
  });

  it('fills a pipe with a buffer far below the bandwidth-delay product, losing nothing after start-up', () => {
    const r = runDumbbell([{ transport: tcpFlow('vegas') }], { buffer: '10 packets', duration: '30s' });
    r.runTo(10);
    const drops = r.drops();
    const b0 = r.departedBytes(0);
    r.runTo(30);
    expect(((r.departedBytes(0) - b0) * 8) / 20).toBeGreaterThan(9.8e6);
    expect(r.drops()).toBe(drops);
  });

  it('retransmits on the fine-grained timer and cuts its window to ¾ at most once per window', () => {
    // a 4-flow Vegas mix on a tiny buffer forces losses; the flows must recover without
    // stalling (every flow keeps sending) and mostly without timeouts
    const flows = [0, 1, 2, 3].map((i) => ({ transport: tcpFlow('vegas'), start: `${0.1 * i}s` }));
    const r = runDumbbell(flows, { buffer: '8 packets', duration: '60s' });
    r.runTo(60);
    expect(r.drops()).toBeGreaterThan(0);
    const s = r.sim.summary();
    let total = 0;
    for (let i = 0; i < 4; i++) {
      total += r.departedBytes(i);
      expect((r.departedBytes(i) * 8) / 60).toBeGreaterThan(1.5e6);
      expect(s.flows[i]!.timeouts).toBeLessThanOrEqual(2);
    }
    expect((total * 8) / 60).toBeGreaterThan(9.5e6);
  });
});
