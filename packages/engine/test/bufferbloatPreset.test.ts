import { describe, expect, it } from 'vitest';
import { presets } from '../src/presets/presets.js';
import { Simulation } from '../src/Simulation.js';

/**
 * The bufferbloat preset's voice calls (200-byte UDP packets every 20 ms, one per lane): what the
 * lesson says of their one-way delay (preset description, docs/lab.md). Their path: two 100 Mb/s
 * access links of 5 ms and the 10 Mb/s, 10 ms bottleneck — 20 ms of propagation and
 * 2 × 0.016 + 0.16 ms of serialization = 20.192 ms with no queue. The FIFO's 500-packet buffer holds
 * up to 500 × 1040 B × 8 / 10 Mb/s ≈ 0.42 s; FQ-CoDel serves a sparse flow's packets ahead of the
 * bulk flows' queues (RFC 8290 §4.4), so a call's packets wait less than one bulk packet's 0.83 ms.
 */
describe('bufferbloat preset: a voice call beside two downloads, lane by lane', () => {
  const sc = presets.find((p) => p.id === 'bufferbloat')!.scenario();
  sc.duration = '10s';
  const s = new Simulation(sc).run();
  const call = (lane: string) => s.flows.find((f) => f.id === `${lane}-voip`)!;
  const PATH_MS = 20 + 2 * 0.016 + 0.16;

  it('every lane has its call, over UDP, and no call arrives sooner than its empty path allows', () => {
    for (const lane of ['fifo', 'codel', 'pie', 'fqcodel']) {
      expect(call(lane).transport).toBe('udp');
      expect(call(lane).packetsReceived).toBeGreaterThan(400);
      expect(call(lane).maxDelayMs! - call(lane).ptpJitterMs!).toBeGreaterThanOrEqual(PATH_MS - 1e-9);
    }
  });

  it("the FIFO's call waits ten times its path and more; FQ-CoDel's stays within a bulk packet of it", () => {
    expect(call('fifo').meanDelayMs!).toBeGreaterThan(10 * PATH_MS);
    expect(call('fifo').maxDelayMs!).toBeLessThan(PATH_MS + (500 * 1040 * 8e3) / 10e6 + 1);
    expect(call('fqcodel').meanDelayMs!).toBeLessThan(PATH_MS + 0.832);
    // CoDel and PIE keep it far below the FIFO (targets 5 and 15 ms of standing queue)
    expect(call('codel').meanDelayMs!).toBeLessThan(call('fifo').meanDelayMs! / 5);
    expect(call('pie').meanDelayMs!).toBeLessThan(call('fifo').meanDelayMs! / 5);
  });
});
