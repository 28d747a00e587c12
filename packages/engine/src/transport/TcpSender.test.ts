import { describe, expect, it } from 'vitest';
import { Ecn } from '../net/Packet.js';
import { MS, senderRig, type Over } from './tcpSenderTestRig.js';

const rig = (over: Over = {}) => senderRig(over, { data: true });

describe('TcpSender: sending within the window', () => {
  it('sends the initial window at start, then up to cumulative ACK + cwnd on each ACK', () => {
    const r = rig();
    expect(r.bulk()).toEqual([0, 1, 2]);
    expect(r.sent.every((s) => s.size === 1000 && !s.retx && s.ecn === Ecn.NotEct && s.at === 0)).toBe(true);
    // ACK 0: cwnd 3 + 1 = 4, usable up to 0 + 4
    expect(r.ack(100 * MS, 0)).toEqual([3, 4]);
    // ACK 2 covers 1 and 2: cwnd 5, up to 2 + 5
    expect(r.ack(110 * MS, 2)).toEqual([5, 6, 7]);
    // the window law was told how many segments each ACK covered and the timed segment 0's RTT;
    // segment 3 was timed next (sent at 100 ms), so ACK 2 carries no sample (Karn: one at a time)
    expect(r.cc.acks).toEqual([
      { acked: 1, rtt: 100 * MS, ackSeq: 0 },
      { acked: 2, rtt: -1, ackSeq: 2 },
    ]);
    expect(r.sender.inFlight).toBe(5); // 3..7
  });

  it('never exceeds the receiver window and sends nothing before start', () => {
    const r = rig({ initialWindow: 10, maxWindow: 4 });
    r.sender.write(Infinity);
    expect(r.sent).toEqual([]);
    r.sender.start();
    expect(r.sent.map((s) => s.seq)).toEqual([0, 1, 2, 3]);
    // cwnd 11 after ACK 0, but the receiver allows 0 + 4
    expect(r.ack(100 * MS, 0)).toEqual([4]);
  });

  it('sends at most maxBurst segments in response to one event (ns-2 maxburst_)', () => {
    const r = rig({ initialWindow: 10, maxBurst: 2 });
    expect(r.bulk()).toEqual([0, 1]);
    expect(r.ack(100 * MS, 0)).toEqual([2, 3]);
  });

  it('sends what the application wrote (a partial segment as a whole one), then completes and stops the timer', () => {
    const r = rig({ initialWindow: 10 });
    r.sender.start();
    // 2500 bytes at 960 payload bytes per segment: 2 full segments and a partial one
    r.sender.write(2500);
    expect(r.sent.map((s) => s.seq)).toEqual([0, 1, 2]);
    r.sender.write(960);
    expect(r.sent.map((s) => s.seq)).toEqual([0, 1, 2, 3]);
    r.sender.stop();
    r.sender.write(960); // after stop: ignored
    expect(r.ack(100 * MS, 2)).toEqual([]);
    expect(r.stats.completionNs).toBe(-1);
    r.ack(120 * MS, 3);
    expect(r.stats.completionNs).toBe(120 * MS);
    expect(r.events).toEqual(['complete']);
    // the retransmission timer was cancelled: it never expires, not even as an idle restart
    // (which would bring cwnd 10 + 2 back to the initial window)
    expect(r.runTo(100e9)).toEqual([]);
    expect(r.stats.timeouts).toBe(0);
    expect(r.sender.cwnd).toBe(12);
  });

  it('an expiry with nothing outstanding only restarts from min(cwnd, IW): no retransmission, count or backoff (RFC 5681 §4.1)', () => {
    const r = rig();
    r.sender.start();
    r.sender.write(2 * 960); // 0, 1
    r.ack(100 * MS, 1); // complete (timer cancelled); sample 100 ms; cwnd 4
    r.sender.write(2 * 960); // 2, 3 at 100 ms, 2 timed
    expect(r.sent.map((s) => s.seq)).toEqual([0, 1, 2, 3]);
    // sample 100 ms again: RTTVAR ¾·50 = 37.5, RTO 100 + 150 = 250 ms from 200 ms; cwnd 5
    r.ack(200 * MS, 3);
    expect(r.runTo(449 * MS)).toEqual([]);
    expect(r.sender.cwnd).toBe(5);
    expect(r.runTo(10e9)).toEqual([]);
    expect([r.sender.cwnd, r.stats.timeouts, r.sender.rtoNs]).toEqual([3, 0, 250 * MS]);
  });
});

describe('TcpSender: retransmission timer (RFC 6298)', () => {
  it('retransmits the first unacknowledged segment at the RTO and doubles the RTO each time (§5.4–5.6)', () => {
    const r = rig({ initialWindow: 2 });
    r.bulk(); // 0, 1
    // initial RTO 1 s, then 2 s, 4 s: expiries at 1, 3, 7 s; go-back-N at cwnd 1 resends only 0
    expect(r.runTo(7.5e9)).toEqual([
      [1e9, 0],
      [3e9, 0],
      [7e9, 0],
    ]);
    expect(r.sent.slice(2).every((s) => s.retx)).toBe(true);
    expect(r.stats.timeouts).toBe(3);
    expect(r.events).toEqual(['timeout', 'timeout', 'timeout']);
    // FlightSize 2 at the first expiry: ssthresh ⌊2/2⌋ floored at 2; cwnd one segment (RFC 5681 §3.1)
    expect([r.sender.cwnd, r.sender.ssthresh]).toEqual([1, 2]);
    // staying in the open state is no phase change
    expect(r.cc.phases).toEqual([]);
  });

  it('restarts the timer on every new ACK, with the RTO from the new sample (§5.3, §2.2)', () => {
    const r = rig({ initialWindow: 2 });
    r.bulk();
    // sample 100 ms: SRTT 100, RTTVAR 50, RTO 100 + 4·50 = 300 ms from the ACK at 100 ms
    expect(r.ack(100 * MS, 0)).toEqual([2, 3]);
    expect(r.sender.rtoNs).toBe(300 * MS);
    // expiry at 400 ms resends 1; the next one comes 2 × 300 ms later
    expect(r.runTo(1e9)).toEqual([
      [400 * MS, 1],
      [1000 * MS, 1],
    ]);
  });

  it("keeps the backed-off RTO until a segment sent after the timeout is acknowledged (Karn's rule, §5.7)", () => {
    const r = rig({ initialWindow: 2 });
    r.bulk();
    r.runTo(7.5e9); // three expiries: backoff 8
    // ACK 0 covers only the retransmission: no sample, RTO still 8 × 1 s; cwnd 2 resends 1 and
    // sends 2, the first new segment since the timeout, which is timed
    expect(r.ack(7.6e9, 0)).toEqual([1, 2]);
    expect(r.sender.rtoNs).toBe(8e9);
    // ACK 1 does not cover the timed segment: still 8 s
    expect(r.ack(7.7e9, 1)).toEqual([3, 4]);
    expect(r.sender.rtoNs).toBe(8e9);
    // ACK 2 does: first sample 200 ms, SRTT 200, RTTVAR 100, RTO 200 + 4·100 = 600 ms, backoff
    // dropped; the timer restarted at 7.8 s expires at 8.4 s and resends 3
    expect(r.ack(7.8e9, 2)).toEqual([5, 6]);
    expect(r.sender.rtoNs).toBe(600 * MS);
    expect(r.runTo(20e9)[0]).toEqual([8.4e9, 3]);
  });
});

describe('TcpSender: fast retransmit and recovery (NewReno, RFC 5681 §3.2, RFC 6582)', () => {
  /** Segments 0..9 sent, ACK 0 opens cwnd to 11 so 10, 11 go out; segment 1 is lost. */
  function lossOfOne(over: Over = {}) {
    const r = rig({ initialWindow: 10, ...over });
    r.bulk();
    expect(r.ack(100 * MS, 0)).toEqual([10, 11]);
    return r;
  }

  it('retransmits the hole on the third duplicate ACK, inflates on later ones and deflates on the full ACK', () => {
    const r = lossOfOne();
    // the first two duplicates send nothing (no Limited Transmit)
    expect(r.ack(110 * MS, 0)).toEqual([]);
    expect(r.ack(111 * MS, 0)).toEqual([]);
    expect(r.stats.fastRetransmits).toBe(0);
    // third: FlightSize 11 → ssthresh 5, cwnd 5; segment 1 resent
    expect(r.ack(112 * MS, 0)).toEqual([1]);
    expect(r.sent.at(-1)!.retx).toBe(true);
    expect([r.sender.cwnd, r.sender.ssthresh, r.stats.fastRetransmits]).toEqual([5, 5, 1]);
    expect(r.events).toEqual(['fast-retransmit']);
    // the phase hook sees the reduced window (CongestionControl.onPhaseChange)
    expect(r.cc.phases).toEqual(['open→recovery cwnd 5']);
    // each further duplicate inflates by one: usable 0 + 5 + 4 … 0 + 5 + 8; 12 fits at 7, 13 at 8
    expect([4, 5, 6, 7, 8].map((i) => r.ack((112 + i) * MS, 0))).toEqual([[], [], [], [12], [13]]);
    expect(r.sender.congestion().cwnd).toBe(5 + 8);
    // the full ACK (11, the highest sent at the fast retransmit) ends recovery: the inflation goes,
    // the window law grows cwnd 5 → 6 for the 11 segments covered, and 11 + 6 is usable
    expect(r.ack(200 * MS, 11)).toEqual([14, 15, 16, 17]);
    expect(r.cc.phases).toEqual(['open→recovery cwnd 5', 'recovery→open cwnd 5']);
    // no RTT sample: 12, timed since the fast retransmit, is not yet acknowledged
    expect(r.cc.acks.at(-1)).toEqual({ acked: 11, rtt: -1, ackSeq: 11 });
  });

  it('with Limited Transmit sends a new segment on each of the first two duplicates (RFC 3042)', () => {
    const r = lossOfOne({ limitedTransmit: true });
    expect(r.ack(110 * MS, 0)).toEqual([12]);
    expect(r.ack(111 * MS, 0)).toEqual([13]);
    expect(r.ack(112 * MS, 0)).toEqual([1]);
  });

  it('a timeout during recovery returns to the open state; the restarted timer ran from the fast retransmit', () => {
    const r = lossOfOne();
    r.ack(110 * MS, 0);
    r.ack(111 * MS, 0);
    r.ack(112 * MS, 0);
    // the fast retransmit restarted the timer: RTO 300 ms (sample 100 ms) from 112 ms
    expect(r.runTo(1e9)[0]).toEqual([412 * MS, 1]);
    expect(r.cc.phases).toEqual(['open→recovery cwnd 5', 'recovery→open cwnd 5']);
    expect(r.sender.phase).toBe('open');
    expect(r.sender.congestion().cwnd).toBe(1); // inflation dropped, loss window
  });
});
