import { describe, expect, it } from 'vitest';
import { PortBench } from '../../net/portTestKit.js';
import type { TracePort } from './TracePort.js';

const MS = 1e6;
const custom = (ms: number[], extra: Record<string, unknown> = {}) => ({
  type: 'trace',
  params: { preset: 'custom', ms, ...extra },
});

describe('a link replaying a Mahimahi trace', () => {
  it('delivers at the opportunities, 1504 B each, finishing a packet across opportunities', () => {
    // opportunities at 2, 2, 5, then 7, 7, 10, 12, 12, 15 ms
    const b = new PortBench<TracePort>({ channel: custom([2, 2, 5]), delayNs: 3 * MS });
    b.send(0, 1000); // A: first opportunity at 2 ms
    b.send(0, 1000); // B: 504 B at the first, its other 496 at the second (2 ms)
    b.send(0, 600); // C: fits in what the second has left (1008 B)
    b.send(3 * MS, 1504); // D: the opportunity at 5 ms
    b.send(7 * MS, 1504); // E: arrives at 7 ms — opportunities at or before it are burned → 10 ms
    b.send(11 * MS, 3000); // F: 1504 at 12 ms, the other 1496 at the second 12 ms opportunity
    b.runUntil(40 * MS);
    // + 3 ms propagation
    expect(b.deliveredAtMs()).toEqual([5, 5, 5, 8, 13, 15]);
    expect(b.port.servedBytes).toBe(1000 + 1000 + 600 + 1504 + 1504 + 3000);
  });

  it('runs at the trace rate when saturated and schedules nothing while idle', () => {
    const b = new PortBench<TracePort>({ channel: { type: 'trace', params: { preset: 'constant-12mbps' } } });
    for (let i = 0; i < 3000; i++) b.send(0, 1504);
    b.runUntil(1000 * MS);
    // one 1504-byte packet per millisecond: 1000 delivered by 1 s, the k-th at k ms
    expect(b.deliveries.length).toBe(1000);
    expect(b.deliveries[41]!.tNs).toBe(42 * MS);
    expect(b.port.busyTimeNs() / b.sim.now).toBeCloseTo(1, 9);
    const events = b.sim.eventsProcessed;
    const idle = new PortBench<TracePort>({ channel: { type: 'trace', params: { preset: 'constant-12mbps' } } });
    idle.send(500 * MS, 100);
    idle.runUntil(1000 * MS);
    // the packet injection, one opportunity and the arrival: no event per unused opportunity
    expect(idle.sim.eventsProcessed).toBe(3);
    expect(idle.deliveredAtMs()).toEqual([501]);
    expect(events).toBeGreaterThan(1000);
  });

  it('wastes what the backlog does not need and stops at the end of a non-repeating trace', () => {
    const b = new PortBench<TracePort>({ channel: custom([1, 2, 3], { repeat: false }) });
    b.send(0, 100); // 1 ms: the other 1404 bytes of that opportunity are lost, not banked
    b.send(1.5 * MS, 2900); // 1504 B at 2 ms and 1396 at 3 ms (banked bytes would finish it at 2)
    b.send(5 * MS, 100); // after the last line: never
    b.runUntil(100 * MS);
    expect(b.deliveredAtMs()).toEqual([1, 3]);
    expect(b.port.backlogPackets).toBe(1);
  });

  it('reports the capacity since the last sample', () => {
    const b = new PortBench<TracePort>({ channel: { type: 'trace', params: { preset: 'step-12-2mbps' } } });
    b.runUntil(1000 * MS);
    const out = new Float64Array(1);
    b.port.probeValues(out, 0);
    expect(out[0]! / 1e6).toBeCloseTo(12.032, 1);
    b.runUntil(6000 * MS);
    b.port.probeValues(out, 0); // 4 s at 12 + 1 s at 2 Mb/s over 5 s
    expect(out[0]! / 1e6).toBeCloseTo((4 * 12.032 + 2.005) / 5, 1);
  });
});
