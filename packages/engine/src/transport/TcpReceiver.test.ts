import { describe, expect, it } from 'vitest';
import { Ecn, PacketKind, XcpMark, type Packet } from '../net/Packet.js';
import { TcpReceiver, type TcpReceiverConfig } from './TcpReceiver.js';
import { flowContextForTests } from './transportTestKit.js';

/** What the receiver put on one ACK. */
interface Ack {
  at: number;
  ack: number;
  size: number;
  ece: boolean;
  ecn: Ecn;
  tsEcho: number;
  xcp: XcpMark;
  feedback: number;
  sackCount: number;
}

interface DataOpts {
  ce?: boolean;
  cwr?: boolean;
  sentNs?: number;
  xcpFeedback?: number;
}

/**
 * A TcpReceiver wired to a capture sink: data packets are built by hand and handed to it at the
 * simulator's current time; every ACK it sends is recorded. Segments are 1000 bytes with a
 * 960-byte payload, ACKs 40 bytes; 100 ms delayed-ACK timer.
 */
function rig(over: Partial<TcpReceiverConfig> = {}) {
  const { ctx, sim, pool, stats } = flowContextForTests(3);
  const rx = new TcpReceiver(ctx, {
    ackBytes: 40,
    payloadBytes: 960,
    delayedAck: false,
    delAckCount: 2,
    delAckTimeoutNs: 100e6,
    sackBlocks: 0,
    handshake: false,
    ...over,
  });
  const acks: Ack[] = [];
  rx.setRoute({
    ports: [],
    sink: {
      receive: (p: Packet) => {
        expect(p.kind).toBe(PacketKind.TcpAck);
        expect(p.flowId).toBe(3);
        expect(p.sendTimeNs).toBe(sim.now);
        acks.push({
          at: sim.now,
          ack: p.ack,
          size: p.sizeBytes,
          ece: p.ece,
          ecn: p.ecn,
          tsEcho: p.tsEchoNs,
          xcp: p.hdrXcp,
          feedback: p.hdrFeedbackBytes,
          sackCount: p.sackCount,
        });
        pool.release(p);
      },
    },
  });
  const data = (seq: number, o: DataOpts = {}) => {
    const p = pool.alloc();
    p.kind = PacketKind.TcpData;
    p.seq = seq;
    p.sizeBytes = 1000;
    p.sendTimeNs = o.sentNs ?? sim.now;
    p.createdNs = o.sentNs ?? sim.now;
    p.ecn = o.ce === true ? Ecn.Ce : Ecn.Ect0;
    p.cwr = o.cwr === true;
    if (o.xcpFeedback !== undefined) {
      p.hdrXcp = XcpMark.Data;
      p.hdrFeedbackBytes = o.xcpFeedback;
    }
    rx.receive(p);
  };
  /** Delivers the segments in order and returns the cumulative ACK of each ACK sent meanwhile. */
  const send = (...seqs: number[]) => {
    const from = acks.length;
    for (const s of seqs) data(s);
    return acks.slice(from).map((a) => a.ack);
  };
  return { sim, pool, stats, rx, acks, data, send };
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('TcpReceiver: cumulative ACK, reordering and duplicates (RFC 5681 §4.2, ns-2 TCPSink)', () => {
  it('acknowledges the highest in-order segment, repeats it for a gap and jumps when the gap is filled', () => {
    const r = rig();
    // 0, 1 in order; 3, 4 above the hole at 2 get duplicate ACKs of 1; 2 releases 2, 3, 4
    expect(r.send(0, 1, 3, 4, 2)).toEqual([0, 1, 1, 1, 4]);
    expect(r.stats.packetsReceived).toBe(5);
    expect(r.stats.bytesReceived).toBe(5000);
    // five segments delivered in order, 960 payload bytes each
    expect(r.stats.goodputBytes).toBe(5 * 960);
    expect(r.stats.duplicatesReceived).toBe(0);
    expect(r.acks.every((a) => a.size === 40 && !a.ece && a.ecn === Ecn.NotEct && a.sackCount === 0)).toBe(true);
  });

  it('counts a segment again below the cumulative ACK or already buffered as a duplicate, delivering nothing', () => {
    const r = rig();
    r.send(0, 1, 2);
    // 1 again (below the cumulative ACK), 5 buffered, 5 again
    expect(r.send(1, 5, 5)).toEqual([2, 2, 2]);
    expect(r.stats.duplicatesReceived).toBe(2);
    expect(r.stats.goodputBytes).toBe(3 * 960);
    // the duplicate did not count twice in the buffer: 3, 4 release exactly up to 5
    expect(r.send(3, 4)).toEqual([3, 5]);
    expect(r.stats.goodputBytes).toBe(6 * 960);
  });

  it('keeps buffered segments when the ring bitmap grows past 64 segments ahead', () => {
    const r = rig();
    r.send(0);
    // 64 fits the first 64 slots (cumAck 0 + 64) and shares slot 0 with 0; 3 is slot 3
    expect(r.send(64, 3)).toEqual([0, 0]);
    // 130 is 130 ahead: the ring grows (to 256) and must carry 64 and 3 over to their new slots
    expect(r.send(130)).toEqual([0]);
    expect(r.stats.duplicatesReceived).toBe(0);
    // 1, 2 fill up to the buffered 3
    expect(r.send(1, 2)).toEqual([1, 3]);
    // 4..63 then reach the buffered 64, 65..129 the buffered 130
    expect(r.send(...range(4, 63)).at(-1)).toBe(64);
    expect(r.send(...range(65, 129)).at(-1)).toBe(130);
    expect(r.stats.goodputBytes).toBe(131 * 960);
  });

  it('clears the slot of a segment released from the buffer, and knows a buffered one exactly 64 ahead', () => {
    const r = rig();
    r.send(0);
    r.send(64); // the last valid slot (cumAck 0 + 64)
    r.send(64); // a duplicate of it
    expect(r.stats.duplicatesReceived).toBe(1);
    const q = rig();
    // 2 is buffered in slot 2 and released by 1; segment 66 shares that slot
    expect(q.send(0, 2, 1)).toEqual([0, 0, 2]);
    // 66 (64 ahead of the cumulative ACK 2) is new, not a duplicate; 3..65 then reach it
    q.send(66);
    expect(q.stats.duplicatesReceived).toBe(0);
    expect(q.send(...range(3, 65)).at(-1)).toBe(66);
  });

  it('recognises buffered segments and duplicates far into the connection (cumulative ACK above the ring size)', () => {
    const r = rig({ sackBlocks: 3, sackStyle: 'rfc2018' });
    r.send(...range(0, 99));
    r.send(101, 101, 103); // a hole at 100 and at 102; 101 twice
    expect(r.stats.duplicatesReceived).toBe(1);
    r.send(102); // joins 101..103
    expect(r.acks.at(-1)!.sackCount).toBe(1);
    expect(r.send(100)).toEqual([103]);
  });

  it('does not mistake a segment beyond the ring for one buffered in the slot it would alias', () => {
    const r = rig();
    r.send(0);
    r.send(5); // slot 5 of 64
    // 69 is 69 ahead, beyond the 64 valid slots; 69 & 63 = 5, but it is new, not a duplicate
    r.send(69);
    expect(r.stats.duplicatesReceived).toBe(0);
    // 1..4 reach 5; 6..68 reach the buffered 69
    expect(r.send(1, 2, 3, 4)).toEqual([1, 2, 3, 5]);
    expect(r.send(...range(6, 68)).at(-1)).toBe(69);
  });

  it('records the one-way delay of each data segment and echoes the send time of the one just received', () => {
    const r = rig();
    r.sim.now = 50e6;
    r.data(0, { sentNs: 20e6 });
    r.sim.now = 70e6;
    r.data(1, { sentNs: 30e6 });
    // delays 30 ms and 40 ms
    expect(r.stats.delayCount).toBe(2);
    expect(r.stats.delaySumNs).toBe(70e6);
    expect(r.acks.map((a) => [a.at, a.tsEcho])).toEqual([
      [50e6, 20e6],
      [70e6, 30e6],
    ]);
  });

  it('releases the pure ACK that completes a handshake without counting or acknowledging it', () => {
    const r = rig({ handshake: true });
    const p = r.pool.alloc();
    p.kind = PacketKind.TcpAck;
    p.ack = -1;
    r.rx.receive(p);
    expect(r.acks).toEqual([]);
    expect(r.stats.packetsReceived).toBe(0);
    expect(r.pool.live).toBe(0);
  });
});

describe('TcpReceiver: delayed ACKs (RFC 5681 §4.2)', () => {
  it('acknowledges every second in-order segment, and a lone one when the timer expires', () => {
    const r = rig({ delayedAck: true });
    r.data(0); // held, timer to 100 ms
    r.sim.run(10e6);
    r.data(1); // second segment: ACK now
    r.sim.run(20e6);
    r.data(2); // held, timer to 120 ms
    r.sim.run(119e6);
    expect(r.acks.map((a) => [a.at, a.ack])).toEqual([[10e6, 1]]);
    r.sim.run(1e9);
    expect(r.acks.map((a) => [a.at, a.ack])).toEqual([
      [10e6, 1],
      [120e6, 2],
    ]);
  });

  it('restarts no timer once the ACK went out: the timer runs from the first held segment', () => {
    const r = rig({ delayedAck: true, delAckCount: 3 });
    r.data(0); // timer to 100 ms
    r.sim.run(60e6);
    r.data(1); // still held; the timer stays at 100 ms
    r.sim.run(1e9);
    expect(r.acks.map((a) => [a.at, a.ack])).toEqual([[100e6, 1]]);
    // every third segment with delAckCount 3
    expect(r.send(2, 3, 4)).toEqual([4]);
    r.sim.run(2e9);
    expect(r.acks).toHaveLength(2);
  });

  it('acknowledges out-of-order and gap-filling segments at once, and cancels the pending ACK', () => {
    const r = rig({ delayedAck: true });
    expect(r.send(0)).toEqual([]); // held
    expect(r.send(2)).toEqual([0]); // out of order: at once (covers the held 0)
    expect(r.send(3)).toEqual([0]);
    expect(r.send(1)).toEqual([3]); // fills the gap: at once
    expect(r.send(4)).toEqual([]); // in order again: held
    expect(r.send(5)).toEqual([5]);
    // no timer left from the held 0: nothing more is sent
    r.sim.run(1e9);
    expect(r.acks).toHaveLength(4);
  });

  it('acknowledges a duplicate segment at once (it is not the next expected one)', () => {
    const r = rig({ delayedAck: true });
    expect(r.send(0, 1)).toEqual([1]);
    expect(r.send(1)).toEqual([1]); // below the cumulative ACK, nothing buffered: at once
    expect(r.send(2)).toEqual([]); // held
    expect(r.send(2)).toEqual([2]); // a duplicate of the held segment: at once, covering it
  });

  it('close() cancels a pending delayed ACK', () => {
    const r = rig({ delayedAck: true });
    r.send(0);
    r.rx.close();
    r.sim.run(1e9);
    expect(r.acks).toEqual([]);
  });

  it('answers a segment that fills part of a gap at once (RFC 5681 §4.2: "all or part")', () => {
    const r = rig({ delayedAck: true });
    r.send(0, 1); // ACK 1
    expect(r.send(4)).toEqual([1]);
    expect(r.send(2)).toEqual([2]); // 3 is still missing
  });

  it('acknowledges the opening segment at once, and with quickAckFirst the first data segment too', () => {
    const plain = rig({ delayedAck: true, handshake: true });
    expect(plain.send(0)).toEqual([0]);
    expect(plain.send(1)).toEqual([]);
    expect(plain.send(2)).toEqual([2]);
    const quick = rig({ delayedAck: true, handshake: true, quickAckFirst: true });
    expect(quick.send(0, 1, 2, 3)).toEqual([0, 1, 3]);
    // without a handshake the first data segment is 0
    const quick0 = rig({ delayedAck: true, quickAckFirst: true });
    expect(quick0.send(0, 1, 2)).toEqual([0, 2]);
  });
});

describe('TcpReceiver: handshake and goodput', () => {
  it('counts no payload for the opening segment and adds synOptionBytes to its ACK only', () => {
    const r = rig({ handshake: true, synOptionBytes: 8 });
    r.send(0, 1, 2);
    expect(r.acks.map((a) => a.size)).toEqual([48, 40, 40]);
    // segments 1 and 2 carry data, segment 0 (the SYN) none
    expect(r.stats.goodputBytes).toBe(2 * 960);
  });

  it('counts the payload of segments released from the buffer', () => {
    const r = rig({ handshake: true });
    r.send(0, 2, 3);
    expect(r.stats.goodputBytes).toBe(0);
    r.send(1);
    expect(r.stats.goodputBytes).toBe(3 * 960);
  });
});

describe('TcpReceiver: ECN echo', () => {
  it('rfc3168: sets ECE from a CE mark until a segment with CWR arrives (RFC 3168 §6.1.3)', () => {
    const r = rig();
    r.data(0);
    r.data(1, { ce: true });
    r.data(2);
    r.data(3, { cwr: true }); // CWR: stop echoing
    r.data(4);
    r.data(5, { ce: true, cwr: true }); // a CE mark on the CWR segment starts echoing again
    r.data(6);
    expect(r.acks.map((a) => a.ece)).toEqual([false, true, true, false, false, true, true]);
  });

  it('rfc3168 with delayed ACKs: an ACK covering a CE segment echoes it even if CWR came since', () => {
    const r = rig({ delayedAck: true });
    r.data(0, { ce: true }); // held
    r.data(1, { cwr: true }); // CWR clears the echo state, but 0 was CE and is not yet acknowledged
    r.data(2);
    r.data(3);
    expect(r.acks.map((a) => [a.ack, a.ece])).toEqual([
      [1, true],
      [3, false],
    ]);
  });

  it('dctcp: echoes each segment CE state exactly, without waiting for CWR (RFC 8257 §3.2)', () => {
    const r = rig({ ecnEcho: 'dctcp' });
    r.data(0, { ce: true });
    r.data(1);
    r.data(2, { ce: true, cwr: true });
    r.data(3, { cwr: true });
    expect(r.acks.map((a) => a.ece)).toEqual([true, false, true, false]);
  });

  it('dctcp with delayed ACKs: a change of CE state sends the held ACK with the old state first', () => {
    const r = rig({ ecnEcho: 'dctcp', delayedAck: true });
    r.data(0); // held, state 0
    r.data(1, { ce: true }); // state 0 → 1 with 0 held: ACK 0 without ECE, then 1 held
    r.data(2, { ce: true }); // second held segment: ACK 2 with ECE
    r.data(3); // held, state 1 → 0 with nothing held: no extra ACK
    r.data(4, { ce: true }); // state 0 → 1 with 3 held: ACK 3 without ECE, 4 held
    r.sim.run(1e9); // the timer sends the ACK of 4 with ECE
    expect(r.acks.map((a) => [a.at, a.ack, a.ece])).toEqual([
      [0, 0, false],
      [0, 2, true],
      [0, 3, false],
      [100e6, 4, true],
    ]);
  });

  it('sends ACKs ECT(0) with ectAcks, else not ECN-capable (RFC 3168 §6.1.4)', () => {
    const plain = rig();
    plain.send(0);
    expect(plain.acks[0]!.ecn).toBe(Ecn.NotEct);
    const ect = rig({ ectAcks: true });
    ect.send(0);
    expect(ect.acks[0]!.ecn).toBe(Ecn.Ect0);
  });
});

describe('TcpReceiver: XCP sink (ns-2 XCPSink)', () => {
  it('sums the feedback of the data since the last ACK and echoes it on an XCP ACK', () => {
    const r = rig({ xcp: true, delayedAck: true });
    r.data(0, { xcpFeedback: 100 });
    r.data(1, { xcpFeedback: -30 }); // ACK: 100 − 30
    r.data(2, { xcpFeedback: 5 });
    r.data(3, { xcpFeedback: 7 }); // ACK: 5 + 7 (the first two were echoed already)
    expect(r.acks.map((a) => [a.ack, a.xcp, a.feedback])).toEqual([
      [1, XcpMark.Ack, 70],
      [3, XcpMark.Ack, 12],
    ]);
  });

  it('ignores the header of a packet not marked as XCP data, and a plain receiver echoes nothing', () => {
    const r = rig({ xcp: true });
    const p = r.pool.alloc();
    p.kind = PacketKind.TcpData;
    p.seq = 0;
    p.hdrFeedbackBytes = 500; // hdrXcp None
    r.rx.receive(p);
    expect(r.acks[0]!.feedback).toBe(0);
    const plain = rig();
    plain.data(0, { xcpFeedback: 100 });
    expect([plain.acks[0]!.xcp, plain.acks[0]!.feedback]).toEqual([XcpMark.None, 0]);
  });
});
