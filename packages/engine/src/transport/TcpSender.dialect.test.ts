import { describe, expect, it } from 'vitest';
import { Ecn, PacketKind } from '../net/Packet.js';
import { MS, senderRig as rig, type Over } from './tcpSenderTestRig.js';

describe('TcpSender: opening the connection (TcpSenderConfig handshake, TcpDialect)', () => {
  it('handshake: a header-only segment 0 alone, not ECN-capable, then the initial window once it is acknowledged', () => {
    const r = rig({ handshake: true, ecn: true });
    expect(r.bulk()).toEqual([0]);
    expect([r.sent[0]!.size, r.sent[0]!.ecn]).toEqual([40, Ecn.NotEct]); // RFC 3168 §6.1.1: no ECT on a SYN
    // cwnd becomes the initial window 3: data 1..3, ECN-capable; no third packet (ns-2)
    expect(r.ack(100 * MS, 0)).toEqual([1, 2, 3]);
    expect(r.sent.slice(1).every((s) => s.kind === PacketKind.TcpData && s.ecn === Ecn.Ect0)).toBe(true);
    // the SYN's RTT feeds the RTO estimator but not the window law's minimum RTT
    expect([r.sender.srttNs, r.sender.minRttNs]).toEqual([100 * MS, Infinity]);
  });

  it('synOptionBytes, handshakeAck and ectControl: a SYN with options, a pure ACK, both ECT(0) (ns-3.37)', () => {
    const r = rig({
      handshake: true,
      ecn: true,
      dialect: { synOptionBytes: 8, handshakeAck: true, ectControl: true },
    });
    r.bulk();
    expect([r.sent[0]!.size, r.sent[0]!.ecn]).toEqual([48, Ecn.Ect0]);
    r.ack(100 * MS, 0);
    // the third packet of the handshake: header only, before the first data
    const third = r.sent[1]!;
    expect([third.kind, third.seq, third.size, third.ecn]).toEqual([PacketKind.TcpAck, -1, 40, Ecn.Ect0]);
    expect(r.sent.slice(2).map((s) => s.seq)).toEqual([1, 2, 3]);
  });

  it('a lost opening segment lowers the initial window to one segment (RFC 5681 §3.1)', () => {
    const r = rig({ handshake: true });
    r.bulk();
    expect(r.runTo(1.05e9)).toEqual([[1e9, 0]]);
    expect(r.ack(1.1e9, 0)).toEqual([1]);
  });

  it('headerOnlyFirst: segment 0 is the header without the timestamp option, sent within the initial window', () => {
    const ts = rig({ timestamps: true, dialect: { headerOnlyFirst: true } });
    ts.bulk();
    expect(ts.sent.map((s) => [s.seq, s.size])).toEqual([
      [0, 30],
      [1, 1000],
      [2, 1000],
    ]);
    const plain = rig({ dialect: { headerOnlyFirst: true } });
    plain.bulk();
    expect(plain.sent.map((s) => s.size)).toEqual([40, 1000, 1000]);
  });

  it('delayGrowth: one segment first; the initial window is set on the ACK after the one of segment 0', () => {
    const r = rig({ initialWindow: 4, dialect: { delayGrowth: true } });
    expect(r.bulk()).toEqual([0]);
    // ACK 0: cwnd 1 + 1, up to 0 + 2
    expect(r.ack(100 * MS, 0)).toEqual([1, 2]);
    // ACK 1: cwnd = 4 before the window law adds 1: up to 1 + 5
    expect(r.ack(200 * MS, 1)).toEqual([3, 4, 5, 6]);
  });
});

describe('TcpSender: RTT sampling (TcpDialect.rttSampling, timestamps)', () => {
  /** 0, 1 at 0; ACK 0 at 100 ms (2, 3 sent, 2 timed); ACK 1 at 150 ms: segment 1 was sent at 0. */
  function twoAcks(over: Over) {
    const r = rig({ initialWindow: 2, ...over });
    r.bulk();
    r.ack(100 * MS, 0, { tsEchoNs: 0 });
    const first = r.sender.srttNs;
    r.ack(150 * MS, 1, { tsEchoNs: 0 });
    return [first, r.sender.srttNs];
  }

  it("timed: one segment timed per round trip; ACK 1 gives no sample (Karn's one timing at a time)", () => {
    expect(twoAcks({})).toEqual([100 * MS, 100 * MS]);
  });

  it('ns3 and timestamps: every advancing ACK gives a sample, SRTT ← 7/8·100 + 1/8·150 ms', () => {
    expect(twoAcks({ dialect: { rttSampling: 'ns3' } })).toEqual([100 * MS, 106.25 * MS]);
    expect(twoAcks({ timestamps: true })).toEqual([100 * MS, 106.25 * MS]);
  });

  it('ns3: any advancing ACK drops the RTO backoff, even one that covers only a retransmission', () => {
    // expiry at 1 s (backoff 2); ACK 0 at 1.1 s; no sample (0 was resent); cwnd 2 resends 1, sends 2
    const ns3 = rig({ initialWindow: 2, dialect: { rttSampling: 'ns3' } });
    ns3.bulk();
    ns3.runTo(1.05e9);
    expect(ns3.ack(1.1e9, 0)).toEqual([1, 2]);
    // RTO back to the initial 1 s: next expiry 2.1 s
    expect(ns3.runTo(5e9)[0]).toEqual([2.1e9, 1]);
    // timed sampling keeps the backoff (2 s): 3.1 s
    const timed = rig({ initialWindow: 2 });
    timed.bulk();
    timed.runTo(1.05e9);
    timed.ack(1.1e9, 0);
    expect(timed.runTo(5e9)[0]).toEqual([3.1e9, 1]);
  });
});

describe('TcpSender: ECN (RFC 3168 §6.1)', () => {
  it('data is ECT(0); retransmissions are not, unless ecnOnRetransmissions (§6.1.5; ns-3.37)', () => {
    for (const ecnOnRetransmissions of [false, true]) {
      const r = rig({ initialWindow: 2, ecn: true, dialect: { ecnOnRetransmissions } });
      r.bulk();
      r.runTo(1.05e9); // the timeout resends 0
      expect(r.sent.map((s) => [s.seq, s.retx, s.ecn])).toEqual([
        [0, false, Ecn.Ect0],
        [1, false, Ecn.Ect0],
        [0, true, ecnOnRetransmissions ? Ecn.Ect0 : Ecn.NotEct],
      ]);
    }
  });

  it('ns-2 order: the ECE ACK is processed (no growth) and answered, then cwnd is cut once per window and CWR sent', () => {
    const r = rig({ initialWindow: 4, ecn: true });
    r.bulk(); // 0..3
    // ACK 0 with ECE: cwnd stays 4 and 4 goes out; then FlightSize 4 → ssthresh 2, cwnd 2
    expect(r.ack(100 * MS, 0, { ece: true })).toEqual([4]);
    expect([r.sender.cwnd, r.sender.ssthresh, r.stats.ecnReactions]).toEqual([2, 2, 1]);
    expect(r.events).toEqual(['ecn']);
    // a second ECE within the same window: no cut, no growth
    expect(r.ack(110 * MS, 1, { ece: true })).toEqual([]);
    expect([r.sender.cwnd, r.stats.ecnReactions]).toEqual([2, 1]);
    // growth resumes: cwnd 3, up to 2 + 3; the first segment after the cut carries CWR
    expect(r.ack(120 * MS, 2)).toEqual([5]);
    expect(r.ack(130 * MS, 3)).toEqual([6, 7]);
    expect(r.sent.filter((s) => s.cwr).map((s) => s.seq)).toEqual([5]);
    // the ECE ACK and the second one did not grow the window
    expect(r.cc.acks.map((a) => a.ackSeq)).toEqual([2, 3]);
  });

  it('ecnCwrState: the cut comes first, and cwnd is held until the window outstanding at the cut is acknowledged', () => {
    const r = rig({ initialWindow: 4, ecn: true, dialect: { ecnCwrState: true } });
    r.bulk(); // 0..3
    // cut before sending: FlightSize 4 → cwnd 2, up to 0 + 2: nothing
    expect(r.ack(100 * MS, 0, { ece: true })).toEqual([]);
    expect(r.ack(110 * MS, 1, { ece: true })).toEqual([]);
    // 2 and 3 were outstanding at the cut: no growth; the window slides
    expect(r.ack(120 * MS, 2)).toEqual([4]);
    expect(r.ack(130 * MS, 3)).toEqual([5]);
    // 4 was sent after it: growth again, cwnd 3, up to 4 + 3
    expect(r.ack(140 * MS, 4)).toEqual([6, 7]);
    expect(r.sent.filter((s) => s.cwr).map((s) => s.seq)).toEqual([4]);
    expect(r.stats.ecnReactions).toBe(1);
  });

  it('ignores ECE when ECN is off', () => {
    const r = rig({ initialWindow: 4 });
    r.bulk();
    expect(r.ack(100 * MS, 0, { ece: true })).toEqual([4, 5]);
    expect(r.stats.ecnReactions).toBe(0);
  });
});

describe('TcpSender: pacing', () => {
  it('cwnd-srtt: after the first RTT sample, segments leave srtt / cwnd apart (Aggarwal et al. 2000)', () => {
    const r = rig({ initialWindow: 2, pacing: 'cwnd-srtt' });
    r.bulk(); // no sample yet: unpaced
    r.ack(100 * MS, 0); // srtt 100 ms, cwnd 3: 8000 bits every 100/3 ms
    r.runTo(1e9);
    expect(r.sent.slice(0, 4).map((s) => [s.seq, s.at])).toEqual([
      [0, 0],
      [1, 0],
      [2, 100 * MS],
      [3, 100 * MS + Math.round((100 * MS) / 3)],
    ]);
  });
});
