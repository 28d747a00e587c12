import { describe, expect, it } from 'vitest';
import type { Packet } from '../src/net/Packet.js';
import { pathSimulation, sender } from './harness.js';

/**
 * ns-2.35's Agent/TCP/Sack1 (`sackRecovery: ns2`, recovery/Sack1Recovery.ts) against RFC 6675 on
 * one hand-worked loss pattern. Path: 1 Gb/s, 48 ms (no queueing), slow start to ssthresh 20,
 * then congestion avoidance; the window is 22 segments (60–82 outstanding, ACK 59) when the
 * third duplicate ACK arrives, and every other segment from 60 to 70 is lost (6 of 23).
 *
 * Sack1 by hand: entering recovery, pipe = maxseq − highest_ack − 3 = 82 − 59 − 3 = 20 and cwnd
 * is halved from 21.96 to 10.98, of which the sending loop uses the integer part, 10 (ns-2's
 * int(cwnd_)); the fast retransmission of 60 does not count in pipe. The 17 segments delivered
 * (61, 63, 65, 67, 69, 71–82) each bring a duplicate ACK, the first three before recovery; each of
 * the 14 during recovery takes one off pipe, so nothing more is sent until the 11th (pipe 9 < 10).
 * From then on each ACK lets one segment out, the holes first, lowest first, each once: 62, 64,
 * 66, 68 on the last four duplicate ACKs, then 70 on the first partial ACK, which takes pipe
 * from 10 to 8 (one for the ACK, one more for being partial), so 83 follows it. RFC 6675 instead counts the five holes below the highest SACK as lost (not in the
 * pipe) and sends at once.
 */
function run(sackRecovery: 'ns2' | 'rfc6675') {
  const sim = pathSimulation({
    rate: '1Gbps',
    delay: '48ms',
    transport: {
      type: 'tcp',
      cc: 'newreno',
      params: { minRto: '200ms', initialSsthresh: 20, maxWindow: 100, lossRecovery: 'sack', sackRecovery },
    },
    drop: '60,62,64,66,68,70',
    duration: '3s',
  });
  const s = sender(sim);
  const sent: { seq: number; dupAcksInRecovery: number; highestAck: number }[] = [];
  let dupAcksInRecovery = 0;
  // the window state the hand computation starts from: ns-2's pipe formula at the fast retransmit
  let pipeAtEntry = NaN;
  let cwndAtEntry = NaN;
  const receive = s.receive.bind(s);
  s.receive = (pkt: Packet) => {
    const inRecovery = s.phase === 'recovery';
    if (inRecovery && pkt.ack === s.highestAck) dupAcksInRecovery++;
    receive(pkt);
  };
  const output = s.output.bind(s);
  s.output = (seq: number) => {
    if (s.phase === 'recovery' && Number.isNaN(pipeAtEntry)) {
      pipeAtEntry = s.maxSeqSent - s.highestAck - s.cfg.dupAckThreshold;
      cwndAtEntry = s.cwnd;
    }
    if (s.phase === 'recovery') sent.push({ seq, dupAcksInRecovery, highestAck: s.highestAck });
    output(seq);
  };
  sim.runUntil(sim.durationNs);
  return { sent, pipeAtEntry, cwndAtEntry, stats: sim.flows[0]!.stats };
}

describe('ns-2 Sack1 recovery (sackRecovery: ns2)', () => {
  it('holds back until eleven duplicate ACKs have taken pipe below cwnd, then resends each hole once, lowest first', () => {
    const r = run('ns2');
    expect(r.pipeAtEntry).toBe(20);
    expect(Math.floor(r.cwndAtEntry)).toBe(10);
    // the fast retransmission, before any duplicate ACK of the recovery
    expect(r.sent[0]).toMatchObject({ seq: 60, dupAcksInRecovery: 0 });
    // nothing else until the 11th duplicate ACK
    expect(r.sent[1]!.dupAcksInRecovery).toBe(11);
    expect(r.sent.slice(1, 6).map((x) => x.seq)).toEqual([62, 64, 66, 68, 70]);
    expect(r.sent.slice(1, 5).map((x) => x.dupAcksInRecovery)).toEqual([11, 12, 13, 14]);
    expect(r.sent[5]).toMatchObject({ seq: 70, highestAck: 61 });
    // pipe is then 20 − 14 + 4 = 10; each partial ACK takes two off (its ACK, and the partial-ACK
    // decrement), so two segments go out on each: the last hole and new data, then new data
    expect(r.sent.filter((x) => x.highestAck === 61).map((x) => x.seq)).toEqual([70, 83]);
    expect(r.sent.filter((x) => x.highestAck === 63).map((x) => x.seq)).toEqual([84, 85]);
    // no new data while the first hole is unrepaired (every send before the first partial ACK is a hole)
    expect(r.sent.filter((x) => x.highestAck === 59).every((x) => x.seq <= 70)).toBe(true);
    expect(r.stats.retransmits).toBe(6);
    expect(r.stats.timeouts).toBe(0);
  });

  it('RFC 6675 sends at once: the holes below the highest SACK are out of its pipe', () => {
    const r = run('rfc6675');
    expect(r.sent[1]!.dupAcksInRecovery).toBeLessThan(11);
    // new data goes out before the first partial ACK
    expect(r.sent.some((x) => x.highestAck === 59 && x.seq > 82)).toBe(true);
    expect(r.stats.retransmits).toBe(6);
    expect(r.stats.timeouts).toBe(0);
  });
});
