import { describe, expect, it } from 'vitest';
import type { Packet } from '../src/net/Packet.js';
import type { TransportSpec } from '../src/scenario/types.js';
import { pathSimulation, sender } from './harness.js';

/**
 * SACK loss recovery ACK by ACK against traces worked by hand from RFC 6675 and RFC 6937.
 *
 * Path: 1 Gb/s everywhere, RTT 100 ms, so each round trip's window leaves as one burst and the
 * ACKs of a round all arrive before anything sent in response to them. The opening segment 0 is
 * acknowledged at 0.1 s; slow start from IW = 2 then sends rounds 1–2, 3–6, 7–14, 15–30 and
 * 31–62 (cwnd 32). Segment 31, the first of the 32-segment round, is dropped once. Without
 * Limited Transmit nothing is sent on the first two duplicate ACKs, so at the third one
 * (SACKing 32–34) recovery starts with 32 segments outstanding: RecoverFS = 32,
 * ssthresh = cwnd = 32/2 = 16. The ACKs in recovery j = 1..29 each SACK one more segment
 * (34..62); then the ACK of the retransmission (cumulative 62 = the recovery point) ends it.
 */
const tcp = (params: Record<string, unknown>): TransportSpec => ({
  type: 'tcp',
  cc: 'sack',
  params: { minRto: '1s', initialSsthresh: 1000, limitedTransmit: false, ...params },
});

interface AckStep {
  /** Segments the sender sent in response to this ACK. */
  sent: number;
  /** RFC 6675 pipe after it. */
  pipe: number;
}

/** Runs the single-loss trace; returns one entry per ACK in recovery plus the one that ends it. */
function recoveryTrace(prr: boolean, drop = '31') {
  const sim = pathSimulation({ rate: '1Gbps', delay: '48ms', transport: tcp({ prr }), drop, duration: '2s' });
  const snd = sender(sim);
  const steps: AckStep[] = [];
  let exit: { sent: number; cwnd: number; inFlight: number; ssthresh: number } | null = null;
  const receive = snd.receive.bind(snd);
  snd.receive = (pkt: Packet) => {
    const stats = sim.flows[0]!.stats;
    const before = stats.packetsSent;
    const wasInRecovery = snd.phase === 'recovery';
    receive(pkt);
    const sent = stats.packetsSent - before;
    if (snd.phase === 'recovery') steps.push({ sent, pipe: snd.pipe });
    else if (wasInRecovery) exit = { sent, cwnd: snd.cwnd, inFlight: snd.inFlight, ssthresh: snd.ssthresh };
  };
  sim.runUntil(sim.durationNs);
  return { steps, exit: exit as typeof exit, stats: sim.flows[0]!.stats };
}

describe('SACK recovery of one loss in a 32-segment window, ACK by ACK', () => {
  it('RFC 6675: retransmits at once, then sends nothing until pipe < cwnd = 16, then one segment per ACK', () => {
    const { steps, exit, stats } = recoveryTrace(false);
    // pipe after the retransmission: 31 (lost, retransmitted) + 35..62 not SACKed = 29;
    // each ACK SACKs one more; from j = 15 on pipe is 15 < 16 before sending, so one goes out
    const sent = [1, ...Array<number>(13).fill(0), ...Array<number>(15).fill(1)];
    const pipe = [29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, ...Array<number>(15).fill(16)];
    expect(steps.map((s) => s.sent)).toEqual(sent);
    expect(steps.map((s) => s.pipe)).toEqual(pipe);
    // the recovery point is acknowledged: 15 new segments in flight, cwnd 16 lets one more go
    expect(exit).toEqual({ sent: 1, cwnd: 16, inFlight: 16, ssthresh: 16 });
    expect(stats.retransmits).toBe(1);
    expect(stats.timeouts).toBe(0);
  });

  it('PRR (RFC 6937): one segment per two ACKs while pipe > ssthresh, then PRR-SSRB up to ssthresh', () => {
    const { steps, exit, stats } = recoveryTrace(true);
    // prr_delivered = j (each ACK delivers one segment), RecoverFS = 32, ssthresh = 16:
    // sndcnt = ceil(j·16/32) − prr_out sends on every odd j (the first is the retransmission)
    // while pipe > 16, i.e. j ≤ 24; at j = 25 pipe = 16 = ssthresh (sndcnt 0); from j = 26
    // pipe = 15 and PRR-SSRB allows min(ssthresh − pipe, ...) = 1 per ACK
    const sent = [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, /* j = 25 */ 0, 1, 1, 1, 1];
    const pipe = [
      29, 28, 28, 27, 27, 26, 26, 25, 25, 24, 24, 23, 23, 22, 22, 21, 21, 20, 20, 19, 19, 18, 18, 17, /* j = 25 */ 16,
      16, 16, 16, 16,
    ];
    expect(steps.map((s) => s.sent)).toEqual(sent);
    expect(steps.map((s) => s.pipe)).toEqual(pipe);
    // prr_out = 16 = ssthresh: the window at the end of recovery is exactly ssthresh
    expect(sent.reduce((a, b) => a + b)).toBe(16);
    expect(exit).toEqual({ sent: 1, cwnd: 16, inFlight: 16, ssthresh: 16 });
    expect(stats.retransmits).toBe(1);
    expect(stats.timeouts).toBe(0);
  });
});

/** Segments 31–46, the first half of the 32-segment round, dropped once each. */
const HALF_WINDOW = Array.from({ length: 16 }, (_, i) => 31 + i).join(',');

describe('SACK recovery of 16 losses in a 32-segment window, ACK by ACK', () => {
  // Recovery starts at the third duplicate ACK (SACKing 47–49): RecoverFS = 32, ssthresh 16;
  // holes 31–46 are all deemed lost (3 SACKed above each), so pipe = 50..62 = 13 < ssthresh
  // at once. Each of the 14 duplicate ACKs j = 1..14 SACKs one more segment (up to 62); then
  // the retransmissions arrive in order and bring 15 partial ACKs (31..45, one segment each)
  // and the ACK of 46, cumulative 62, which ends recovery.

  it('RFC 6675: the retransmission plus what pipe < cwnd allows, then one segment per ACK', () => {
    const { steps, exit, stats } = recoveryTrace(false, HALF_WINDOW);
    // j = 1: retransmit 31 (pipe 14), then 32, 33 up to cwnd 16; later each ACK takes one
    // segment out of pipe and one more goes: 34..46 on j = 2..14, new data on the partial ACKs
    expect(steps.map((s) => s.sent)).toEqual([3, ...Array<number>(13 + 15).fill(1)]);
    expect(steps.every((s) => s.pipe === 16)).toBe(true);
    expect(exit).toEqual({ sent: 1, cwnd: 16, inFlight: 16, ssthresh: 16 });
    expect(stats.retransmits).toBe(16);
    expect(stats.timeouts).toBe(0);
  });

  it('PRR-SSRB (RFC 6937): below ssthresh it sends what was delivered plus one, fast retransmit included', () => {
    const { steps, exit, stats } = recoveryTrace(true, HALF_WINDOW);
    // pipe ≤ ssthresh throughout: sndcnt = min(ssthresh − pipe, max(prr_delivered − prr_out,
    // DeliveredData) + 1) with DeliveredData = 1 on every ACK:
    //   j = 1: pipe 13, prr_delivered 1, prr_out 0 → min(3, 2) = 2 (31 and 32; pipe 15)
    //   j = 2: pipe 14, prr_delivered 2, prr_out 2 → min(2, 2) = 2 (33, 34; pipe 16)
    //   j ≥ 3: pipe 15 → min(1, 2) = 1 (35..46 on j = 3..14, new data on the 15 partial ACKs)
    // The conservative bound (PRR-CRB, prr_delivered − prr_out) would send 1 on j = 1 and 2.
    expect(steps.map((s) => s.sent)).toEqual([2, 2, ...Array<number>(12 + 15).fill(1)]);
    expect(steps.map((s) => s.pipe)).toEqual([15, ...Array<number>(13 + 15).fill(16)]);
    expect(exit).toEqual({ sent: 1, cwnd: 16, inFlight: 16, ssthresh: 16 });
    expect(stats.retransmits).toBe(16);
    expect(stats.timeouts).toBe(0);
  });
});

describe('SACK NextSeg rule 3 (RFC 6675 §4)', () => {
  it('retransmits a hole with fewer than DupThresh SACKs above when no lost hole or new data can go', () => {
    // Receiver window 20: from round 5 on every ACK of segment k releases k + 20, so when the
    // ACK of 99 arrives 100..119 are outstanding. 100 and 118 are dropped. The duplicate ACKs
    // SACK 101..117 (recovery starts at the third; ssthresh = cwnd = 20/2 = 10, 100 is
    // retransmitted), then 119. Hole 118 never has 3 SACKed segments above it, so IsLost never
    // deems it lost (rule 1), and new data is beyond the receiver window (rule 2: 120 > 99 + 20);
    // rule 3 sends 118 as soon as it lies below the highest SACK, on the ACK SACKing 119. The
    // ACK of the retransmitted 100 is then a partial ACK (117) and the one of 118 ends recovery:
    // no timeout.
    const sim = pathSimulation({
      rate: '1Gbps',
      delay: '48ms',
      transport: tcp({ maxWindow: 20 }),
      drop: '100,118',
      duration: '2s',
    });
    const snd = sender(sim);
    const retransmittedAt: Record<number, number> = {};
    const output = snd.output.bind(snd);
    snd.output = (seq: number) => {
      if (seq <= snd.maxSeqSent) retransmittedAt[seq] = sim.flows[0]!.stats.packetsSent;
      output(seq);
    };
    let sackedWhen118 = -1;
    const receive = snd.receive.bind(snd);
    snd.receive = (pkt: Packet) => {
      const before = retransmittedAt[118];
      const top = pkt.sackCount > 0 ? pkt.sack[1]! - 1 : -1;
      receive(pkt);
      if (before === undefined && retransmittedAt[118] !== undefined) sackedWhen118 = top;
    };
    sim.runUntil(sim.durationNs);
    const stats = sim.flows[0]!.stats;
    expect(stats.fastRetransmits).toBe(1);
    expect(stats.timeouts).toBe(0);
    expect(Object.keys(retransmittedAt).map(Number)).toEqual([100, 118]);
    expect(sackedWhen118).toBe(119);
    expect(snd.ssthresh).toBe(10);
  });
});
