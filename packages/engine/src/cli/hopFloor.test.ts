import { describe, expect, it } from 'vitest';
import { runHopFloor } from './hopFloor.js';

// 100 Mb/s carries one 1040-byte segment every 83.2 µs: 12 019.2 segments per second.
const SEGMENTS_PER_S = 100e6 / (8 * 1040);

describe('hop floor (cclab bench --floor)', () => {
  it('keeps the bottleneck busy: a saturated 100 Mb/s link sends its rate in segments', () => {
    // 16 × 55 segments in flight exceed the bandwidth-delay product (≈ 720 at 60 ms), so a queue
    // stands at the bottleneck and its transmitter never idles once the windows have grown from
    // 2 to 55 segments (one segment per round trip: ≈ 53 round trips, under 5 s)
    const r = runHopFloor({ flows: 16, windowCap: 55, scheduler: 'fifo', warmupS: 5, seconds: 3 });
    const total = r.bottleneckSegments.reduce((a, b) => a + b, 0);
    expect(Math.abs(total - 3 * SEGMENTS_PER_S)).toBeLessThanOrEqual(1);
  });

  it('below the bandwidth-delay product the flows are window-limited, not link-limited', () => {
    // 4 × 20 = 80 segments per round trip: 60 ms of propagation and 0.104 ms of serialization
    // (1040 B at 1 Gb/s twice and 100 Mb/s once, 40 B back), plus at most the 80 segments'
    // queueing at the bottleneck (6.66 ms): between 80 / 66.77 ms and 80 / 60.104 ms, i.e.
    // 1198–1331 segments per second, far under the link's 12 019; a 10-s count may hold one
    // window more or less than that (where the window's edges cut the bursts)
    const r = runHopFloor({ flows: 4, windowCap: 20, scheduler: 'fifo', warmupS: 3, seconds: 10 });
    const total = r.bottleneckSegments.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(11980 - 80);
    expect(total).toBeLessThanOrEqual(13310 + 80);
  });

  it('round robin serves the backlogged flows in turn: their counts differ by at most one', () => {
    // (after the warm-up every flow keeps segments queued at the bottleneck: see above)
    const r = runHopFloor({ flows: 16, windowCap: 55, scheduler: 'rr', warmupS: 6, seconds: 3 });
    const counts = r.bottleneckSegments;
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(Math.abs(counts.reduce((a, b) => a + b, 0) - 3 * SEGMENTS_PER_S)).toBeLessThanOrEqual(1);
  });

  it('is deterministic: the same options give the same events and counts', () => {
    const o = { flows: 8, windowCap: 40, scheduler: 'rr' as const, warmupS: 1, seconds: 1 };
    const a = runHopFloor(o);
    const b = runHopFloor(o);
    expect(b.events).toBe(a.events);
    expect(b.bottleneckSegments).toEqual(a.bottleneckSegments);
  });

  it('names the option it cannot use', () => {
    const o = { flows: 16, windowCap: 55, scheduler: 'fifo' as const, warmupS: 0, seconds: 1 };
    expect(() => runHopFloor({ ...o, flows: 0 })).toThrow(/flows 0/);
    expect(() => runHopFloor({ ...o, windowCap: 1 })).toThrow(/windowCap 1/);
    expect(() => runHopFloor({ ...o, seconds: 0 })).toThrow(/seconds/);
  });
});
