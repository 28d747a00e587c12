import { describe, expect, it } from 'vitest';
import type { TransportSpec } from '../src/scenario/types.js';
import { pathSimulation, sender } from './harness.js';

/**
 * TCP mechanisms against hand-worked traces. Path: 1 Gb/s access links (1 ms), a bottleneck
 * r1→r2 whose delay sets the RTT; window counted in segments; handshake segment first.
 */
const tcp = (cc: string, params: Record<string, unknown> = {}): TransportSpec => ({
  type: 'tcp',
  cc,
  params: { minRto: '200ms', ...params },
});

function cwndAt(sim: ReturnType<typeof pathSimulation>, tS: number): number {
  const s = sim.flows[0]!.series;
  const t = s.column('t');
  const c = s.column('cwnd');
  for (let i = 0; i < t.length; i++) if (Math.abs(t[i]! - tS) < 1e-9) return c[i]!;
  throw new Error(`no sample at ${tS}`);
}

describe('slow start', () => {
  it('doubles the window every round trip until ssthresh (RFC 5681 §3.1)', () => {
    // RTT = 2·(1+1+48) ms = 100 ms; serialization is negligible at 1 Gb/s.
    const sim = pathSimulation({
      rate: '1Gbps',
      delay: '48ms',
      transport: tcp('newreno'),
      duration: '0.7s',
      probeInterval: '50ms',
    });
    sim.runUntil(sim.durationNs);
    // handshake acknowledged at 0.1 s → cwnd = IW = 2; each later RTT doubles it
    expect(cwndAt(sim, 0.05)).toBe(1);
    expect(cwndAt(sim, 0.15)).toBe(2);
    expect(cwndAt(sim, 0.25)).toBe(4);
    expect(cwndAt(sim, 0.35)).toBe(8);
    expect(cwndAt(sim, 0.45)).toBe(16);
    expect(cwndAt(sim, 0.55)).toBe(32);
  });

  it('switches to +1 segment per RTT above ssthresh (RFC 5681 §3.1, cwnd += 1/cwnd per ACK)', () => {
    // Worked by hand: ssthresh 8 is reached at 0.3 s (rounds of 1, 2, 4 ACKs in slow start), and
    // each later round brings floor(cwnd) ACKs (the window the previous round left), each adding
    // increase/cwnd. With increase 1 from cwnd 8: 8 ACKs → 8.950591; 8 → 9.808421; 9 → 10.690728;
    // 10 → 11.591934; 11 → 12.507968; 12 → 13.435811; 13 → 14.373192; 14 → 15.318371.
    // With ns-2's increase_num_ = 2 the same rounds (8, 9, 11, 13, 15, 17, 18, 20 ACKs) give twice
    // the per-ACK step.
    const expected: Record<number, number[]> = {
      1: [8.950591, 9.808421, 10.690728, 11.591934, 12.507968, 13.435811, 14.373192, 15.318371],
      2: [9.819122, 11.521187, 13.305171, 15.142244, 17.015338, 18.913856, 20.734469, 22.585163],
    };
    for (const increase of [1, 2]) {
      const sim = pathSimulation({
        rate: '1Gbps',
        delay: '48ms',
        transport: { ...tcp('newreno', { initialSsthresh: 8 }), ccParams: { increase } },
        duration: '1.2s',
        probeInterval: '50ms',
      });
      sim.runUntil(sim.durationNs);
      expect(cwndAt(sim, 0.35)).toBe(8);
      const got = [0.45, 0.55, 0.65, 0.75, 0.85, 0.95, 1.05, 1.15].map((t) => cwndAt(sim, t));
      got.forEach((w, i) => expect(w).toBeCloseTo(expected[increase]![i]!, 5));
    }
  });
});

describe('fast retransmit and recovery', () => {
  it('halves the window on the third duplicate ACK and does not time out (Reno, one loss)', () => {
    const sim = pathSimulation({
      rate: '1Gbps',
      delay: '48ms',
      transport: tcp('reno', { initialSsthresh: 20 }),
      drop: '60',
      duration: '3s',
    });
    const snd = sender(sim);
    const before: number[] = [];
    const cc = snd.cc;
    const orig = cc.ssthreshAfter.bind(cc);
    cc.ssthreshAfter = (s, e, now) => {
      before.push(s.cwnd);
      return orig(s, e, now);
    };
    sim.runUntil(sim.durationNs);
    const st = sim.flows[0]!.stats;
    expect(st.fastRetransmits).toBe(1);
    expect(st.timeouts).toBe(0);
    expect(st.retransmits).toBe(1);
    expect(before).toHaveLength(1);
    const w = before[0]!;
    expect(snd.ssthresh).toBe(Math.floor(w / 2));
  });

  it('NewReno repairs two losses in one window with one fast retransmit and a partial ACK (RFC 6582)', () => {
    const sim = pathSimulation({
      rate: '1Gbps',
      delay: '48ms',
      transport: tcp('newreno', { initialSsthresh: 20 }),
      drop: '60,63',
      duration: '3s',
    });
    sim.runUntil(sim.durationNs);
    const st = sim.flows[0]!.stats;
    expect(st.fastRetransmits).toBe(1);
    expect(st.timeouts).toBe(0);
    expect(st.retransmits).toBe(2);
  });

  it('Reno leaves recovery on the partial ACK and needs a timeout for the second loss', () => {
    const sim = pathSimulation({
      rate: '1Gbps',
      delay: '48ms',
      transport: tcp('reno', { initialSsthresh: 20, limitedTransmit: false }),
      drop: '60,63',
      duration: '3s',
    });
    sim.runUntil(sim.durationNs);
    const st = sim.flows[0]!.stats;
    expect(st.fastRetransmits).toBe(1);
    expect(st.timeouts).toBe(1);
  });

  it('Tahoe restarts from one segment after a fast retransmit (no fast recovery)', () => {
    const sim = pathSimulation({
      rate: '1Gbps',
      delay: '48ms',
      transport: tcp('tahoe', { initialSsthresh: 20 }),
      drop: '60',
      duration: '3s',
    });
    const snd = sender(sim);
    let cwndBefore = -1;
    let cwndAfterFr = -1;
    while (!sim.done) {
      const w = snd.cwnd;
      sim.step(1);
      if (sim.flows[0]!.stats.fastRetransmits === 1 && cwndAfterFr < 0) {
        cwndBefore = w;
        cwndAfterFr = snd.cwnd;
      }
    }
    expect(cwndAfterFr).toBe(1);
    expect(snd.ssthresh).toBe(Math.max(Math.floor(cwndBefore / 2), 2));
    expect(sim.flows[0]!.stats.timeouts).toBe(0);
    expect(cwndBefore).toBeGreaterThan(4);
  });

  it('SACK repairs three losses in one window without a timeout, retransmitting each once (RFC 6675)', () => {
    const sim = pathSimulation({
      rate: '1Gbps',
      delay: '48ms',
      transport: tcp('sack', { initialSsthresh: 30 }),
      drop: '70,73,76',
      duration: '3s',
    });
    sim.runUntil(sim.durationNs);
    const st = sim.flows[0]!.stats;
    expect(st.fastRetransmits).toBe(1);
    expect(st.timeouts).toBe(0);
    expect(st.retransmits).toBe(3);
  });
});

describe('retransmission timeout', () => {
  it('backs off exponentially while every transmission is lost (RFC 6298 §5.5)', () => {
    // from segment 30 on everything of flow 0 is dropped, retransmissions included
    const sim = pathSimulation({
      rate: '1Gbps',
      delay: '48ms',
      transport: tcp('newreno', { minRto: '1s', maxRto: '60s' }),
      drop: '30-',
      duration: '40s',
    });
    sim.runUntil(sim.durationNs);
    const t = sim
      .flowEvents()
      .filter((e) => e.kind === 'timeout')
      .map((e) => e.tNs / 1e9);
    expect(t.length).toBeGreaterThanOrEqual(4);
    const gaps = t.slice(1).map((x, i) => x - t[i]!);
    // each gap doubles the previous one (RTO clamped at 1 s before the first backoff)
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]! / gaps[i - 1]!).toBeCloseTo(2, 6);
    expect(gaps[0]).toBeCloseTo(2, 6);
  });

  it('caps the backed-off RTO at maxRto', () => {
    const sim = pathSimulation({
      rate: '1Gbps',
      delay: '48ms',
      transport: tcp('newreno', { minRto: '1s', maxRto: '4s' }),
      drop: '30-',
      duration: '30s',
    });
    sim.runUntil(sim.durationNs);
    const t = sim
      .flowEvents()
      .filter((e) => e.kind === 'timeout')
      .map((e) => e.tNs / 1e9);
    const gaps = t.slice(1).map((x, i) => x - t[i]!);
    expect(Math.max(...gaps)).toBeCloseTo(4, 6);
    expect(gaps.slice(-3).every((g) => Math.abs(g - 4) < 1e-6)).toBe(true);
  });
});

describe('receiver', () => {
  it('with delayed ACKs acknowledges about every second segment (RFC 5681 §4.2)', () => {
    const sim = pathSimulation({
      rate: '10Mbps',
      delay: '20ms',
      transport: tcp('newreno', { delayedAck: true }),
      duration: '5s',
      buffer: '1000 packets',
    });
    sim.runUntil(sim.durationNs);
    const fwd = sim.network.portByName('r1->r2')!.disc.stats.departures;
    const acks = sim.network.portByName('r2->r1')!.disc.stats.departures;
    expect(acks / fwd).toBeGreaterThan(0.49);
    expect(acks / fwd).toBeLessThan(0.55);
  });
});

describe('Proportional Rate Reduction (RFC 6937)', () => {
  it('repairs three losses without a timeout and ends recovery at ssthresh', () => {
    const sim = pathSimulation({
      rate: '1Gbps',
      delay: '48ms',
      transport: tcp('sack', { initialSsthresh: 30, prr: true }),
      drop: '70,73,76',
      duration: '3s',
    });
    const snd = sender(sim);
    let maxBurst = 0;
    let inRecovery = false;
    let sentAtAck = 0;
    while (!sim.done) {
      const before = sim.flows[0]!.stats.packetsSent;
      sim.step(1);
      const sent = sim.flows[0]!.stats.packetsSent - before;
      if (snd.phase === 'recovery') {
        inRecovery = true;
        maxBurst = Math.max(maxBurst, sent);
        sentAtAck += sent;
      }
    }
    const st = sim.flows[0]!.stats;
    expect(inRecovery).toBe(true);
    expect(st.timeouts).toBe(0);
    expect(st.retransmits).toBe(3);
    // PRR spreads the reduction: no ACK releases more than a couple of segments in recovery
    expect(maxBurst).toBeLessThanOrEqual(2);
    expect(sentAtAck).toBeGreaterThan(5);
  });
});
