import { describe, expect, it } from 'vitest';
import { Ecn, type Packet } from '../src/net/Packet.js';
import type { Port, PortHook } from '../src/net/Port.js';
import { runDumbbell, tcpFlow } from './ccHarness.js';

/**
 * Test-only marking discipline: an ECN-capable packet arriving at a queue of at least
 * `thresholdPackets` is marked CE instead of being left to overflow (a step marker, as DCTCP's
 * switches; real RED/CoDel marking lives in queue/).
 */
class ThresholdCeMarker implements PortHook {
  marks = 0;
  constructor(private readonly thresholdPackets: number) {}
  onArrival(pkt: Packet, port: Port): void {
    if ((pkt.ecn === Ecn.Ect0 || pkt.ecn === Ecn.Ect1) && port.disc.lengthPackets >= this.thresholdPackets) {
      pkt.ecn = Ecn.Ce;
      this.marks++;
    }
  }
}

function ecnRun(ecn: boolean, cc = 'newreno') {
  const r = runDumbbell(
    [{ transport: tcpFlow(cc, undefined, { ecn }) }, { transport: tcpFlow(cc, undefined, { ecn }), start: '0.5s' }],
    { buffer: '100 packets', duration: '60s' },
  );
  const marker = new ThresholdCeMarker(20);
  r.sim.probedPorts[0]!.hooks.push(marker);
  return { r, marker };
}

describe('ECN end to end (RFC 3168)', () => {
  it('an ECN-capable flow reacts to CE marks instead of losses: no drops, queue held near the marking threshold', () => {
    const { r, marker } = ecnRun(true);
    const q = r.meanQueue(10, 60);
    expect(marker.marks).toBeGreaterThan(0);
    expect(r.drops()).toBe(0);
    expect(q).toBeLessThan(25);
    const s = r.sim.summary();
    expect(s.flows[0]!.timeouts + s.flows[1]!.timeouts).toBe(0);
    // halving at a 20-packet threshold (≈ ¼ of the 75-packet BDP) leaves the link a little idle
    expect(((r.departedBytes(0) + r.departedBytes(1)) * 8) / 60).toBeGreaterThan(8.5e6);
  });

  it('reduces at most once per window of data (RFC 3168 §6.1.2), although every packet above the threshold is marked', () => {
    const { r, marker } = ecnRun(true);
    r.runTo(60);
    const flows = r.sim.flows;
    const reactions = flows.reduce((n, f) => n + f.stats.ecnReactions, 0);
    expect(reactions).toBeGreaterThan(10);
    // far fewer reductions than marks, and no more than one per RTT (≥ 61 ms here) per flow
    expect(reactions).toBeLessThan(marker.marks / 2);
    for (const f of flows) expect(f.stats.ecnReactions).toBeLessThanOrEqual(60 / 0.061);
  });

  it('packets of a flow without ECN are not ECN-capable, so the marker leaves them and the buffer overflows', () => {
    const { r, marker } = ecnRun(false);
    r.runTo(60);
    expect(marker.marks).toBe(0);
    expect(r.drops()).toBeGreaterThan(0);
    expect(r.sim.flows[0]!.stats.ecnReactions).toBe(0);
  });

  it('CUBIC, binomial and SIMD also react to ECN-Echo through the same reduction, without loss', () => {
    for (const cc of ['cubic', 'binomial', 'simd']) {
      const { r } = ecnRun(true, cc);
      r.runTo(30);
      expect(r.drops(), cc).toBe(0);
      expect(r.sim.flows[0]!.stats.ecnReactions, cc).toBeGreaterThan(0);
    }
  });
});
