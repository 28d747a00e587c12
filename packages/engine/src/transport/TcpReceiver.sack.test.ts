import { describe, expect, it } from 'vitest';
import { PacketKind, type Packet } from '../net/Packet.js';
import { TcpReceiver, type TcpReceiverConfig } from './TcpReceiver.js';
import { flowContextForTests } from './transportTestKit.js';

/** One ACK: its cumulative ACK, its SACK blocks as [start, end) pairs in order, its size. */
interface SackAck {
  ack: number;
  blocks: [number, number][];
  size: number;
}

/** A TcpReceiver without delayed ACKs, fed segments by number; every ACK's SACK blocks recorded. */
function rig(over: Partial<TcpReceiverConfig>) {
  const { ctx, pool } = flowContextForTests();
  const rx = new TcpReceiver(ctx, {
    ackBytes: 40,
    payloadBytes: 960,
    delayedAck: false,
    delAckCount: 2,
    delAckTimeoutNs: 100e6,
    sackBlocks: 3,
    handshake: false,
    ...over,
  });
  const acks: SackAck[] = [];
  rx.setRoute({
    ports: [],
    sink: {
      receive: (p: Packet) => {
        const blocks: [number, number][] = [];
        for (let i = 0; i < p.sackCount; i++) blocks.push([p.sack[2 * i]!, p.sack[2 * i + 1]!]);
        acks.push({ ack: p.ack, blocks, size: p.sizeBytes });
        pool.release(p);
      },
    },
  });
  /** Delivers the segments in order; returns the ACKs they caused. */
  const send = (...seqs: number[]): SackAck[] => {
    const from = acks.length;
    for (const seq of seqs) {
      const p = pool.alloc();
      p.kind = PacketKind.TcpData;
      p.seq = seq;
      p.sizeBytes = 1000;
      rx.receive(p);
    }
    return acks.slice(from);
  };
  /** The SACK blocks of the ACK each segment caused (one ACK per segment without delayed ACKs). */
  const blocks = (...seqs: number[]) => send(...seqs).map((a) => a.blocks);
  return { send, blocks, acks };
}

/**
 * Sequence A: 0 in order, then 2, 4, 6, 8 (four holes), 5 (joins 4..6), then 1, 3, 7 fill the
 * holes, and 10 opens a new one. Three SACK blocks at most.
 */
const SEQ_A = [0, 2, 4, 6, 8, 5, 1, 3, 7, 10];
/** The cumulative ACKs of sequence A, the same in every style. */
const CUM_A = [0, 0, 0, 0, 0, 0, 2, 6, 8, 8];

/**
 * The ACKs of sequence A's first five segments, alike in every style: the newest block first, and
 * three of the four blocks held (rfc2018 and ns3 leave the oldest out of three places; ns2's stack
 * keeps the new block and limit − 1 = 2 older ones, so 2..2 falls off it here).
 */
const FIRST_FIVE_A: [number, number][][] = [
  [], // 0: nothing above the cumulative ACK (ns2: cumulative ACK = highest seen, the stack emptied)
  [[2, 3]],
  [
    [4, 5],
    [2, 3],
  ],
  [
    [6, 7],
    [4, 5],
    [2, 3],
  ],
  [
    [8, 9],
    [6, 7],
    [4, 5],
  ],
];

/** The SACK blocks of sequence A's ACKs in `style`, after checking its cumulative ACKs and first five ACKs. */
function lastFiveOfA(style: TcpReceiverConfig['sackStyle']): [number, number][][] {
  const got = rig({ sackStyle: style }).send(...SEQ_A);
  expect(got.map((a) => a.ack)).toEqual(CUM_A);
  expect(got.slice(0, 5).map((a) => a.blocks)).toEqual(FIRST_FIVE_A);
  return got.slice(5).map((a) => a.blocks);
}

describe('TcpReceiver SACK blocks (RFC 2018 §4)', () => {
  it('rfc2018: the block of the arriving segment first, then the most recent others, trimmed to the cumulative ACK', () => {
    expect(lastFiveOfA('rfc2018')).toEqual([
      // 5 joins 4 and 6 into 4..6, which replaces both; 2 is still remembered and fills the third place
      [
        [4, 7],
        [8, 9],
        [2, 3],
      ],
      // 1 advances the cumulative ACK to 2: no block for it (§4 (a)), and 2..2 is acknowledged
      [
        [4, 7],
        [8, 9],
      ],
      [[8, 9]], // 3: cumulative ACK 6
      [], // 7: cumulative ACK 8, nothing above
      [[10, 11]],
    ]);
  });

  it('sends none with sackBlocks 0', () => {
    const r = rig({ sackStyle: 'rfc2018', sackBlocks: 0 });
    expect(r.blocks(0, 2, 4).every((b) => b.length === 0)).toBe(true);
  });

  it('ns2: the block around the arriving segment, then a stack of the last reported blocks as large as the limit (ns-2 Sacker)', () => {
    expect(lastFiveOfA('ns2')).toEqual([
      // 4..6 pops 6..6 and 4..4 it covers; 2..2 has fallen off the stack, unlike rfc2018's history
      [
        [4, 7],
        [8, 9],
      ],
      // an in-order segment adds no block; the stack is reported as it is
      [
        [4, 7],
        [8, 9],
      ],
      // 3 advances the cumulative ACK to 6: 4..6 is popped, being at or below it
      [[8, 9]],
      [], // cumulative ACK 8 reaches the highest segment seen: stack emptied
      [[10, 11]], // so no stale 8..8 follows the new block
    ]);
  });

  it('ns3: blocks pushed in front and merged only with adjacent ones, dropped once acknowledged (ns-3.37 UpdateSackList)', () => {
    expect(lastFiveOfA('ns3')).toEqual([
      // 5..5 merges right with 6..6, then left with 4..4: 4..6 in front (four blocks were in the
      // list, its limit)
      [
        [4, 7],
        [8, 9],
        [2, 3],
      ],
      // ClearSackList: 2..2 ends at the next expected segment 3 and is dropped
      [
        [4, 7],
        [8, 9],
      ],
      [[8, 9]],
      [],
      [[10, 11]],
    ]);
  });

  it('ns2: a new block covering the newest stack entries reveals only what the stack still holds', () => {
    // after 2, 4, 6, 8 the stack holds 8..8, 6..6, 4..4 (the new block and limit − 1 = 2 older);
    // 7 makes 6..8, which pops 8..8 and 6..6: 4..4 follows, and 2..2 is gone
    const ns2 = rig({ sackStyle: 'ns2' });
    expect(ns2.blocks(0, 2, 4, 6, 8, 7).at(-1)).toEqual([
      [6, 9],
      [4, 5],
    ]);
    // rfc2018 still remembers 2..2 and fills the third place with it
    const rfc = rig({ sackStyle: 'rfc2018' });
    expect(rfc.blocks(0, 2, 4, 6, 8, 7).at(-1)).toEqual([
      [6, 9],
      [4, 5],
      [2, 3],
    ]);
  });

  it('ns2: an in-order segment below a remaining hole adds no block, now or later', () => {
    const r = rig({ sackStyle: 'ns2' });
    // 1 is in order (cumulative ACK 1) but 2 is missing: only 3..3 is reported
    expect(r.blocks(0, 3, 1)).toEqual([[], [[3, 4]], [[3, 4]]]);
    // and nothing for 1 was pushed on the stack
    expect(r.blocks(5)).toEqual([
      [
        [5, 6],
        [3, 4],
      ],
    ]);
  });

  it('rfc2018 remembers more blocks than one ACK reports: older ones fill in when newer ones merge', () => {
    const r = rig({ sackStyle: 'rfc2018', sackBlocks: 4 });
    // five blocks 10, 8, 6, 4, 2 (four reported); 9 merges 8..10: the fifth, 2..2, comes back
    expect(r.blocks(0, 2, 4, 6, 8, 10, 9).at(-1)).toEqual([
      [8, 11],
      [6, 7],
      [4, 5],
      [2, 3],
    ]);
  });

  /**
   * Sequence B, four blocks: 2, 4, 6, 8, 10 make five holes' worth of blocks, then 3 arrives
   * between the oldest two.
   */
  const SEQ_B = [0, 2, 4, 6, 8, 10, 3];

  it('ns3 forgets the oldest block when a fifth appears, and a later block next to it does not take it in', () => {
    const r = rig({ sackStyle: 'ns3', sackBlocks: 4 });
    const got = r.blocks(...SEQ_B);
    // after 10 the list is 10, 8, 6, 4: 2..2 was forgotten
    expect(got[5]).toEqual([
      [10, 11],
      [8, 9],
      [6, 7],
      [4, 5],
    ]);
    // 3 merges right with 4..4 only: 3..4, although 2 is held
    expect(got[6]).toEqual([
      [3, 5],
      [10, 11],
      [8, 9],
      [6, 7],
    ]);
  });

  it('rfc2018 and ns2 report the whole contiguous block around the arriving segment instead', () => {
    for (const sackStyle of ['rfc2018', 'ns2'] as const) {
      const r = rig({ sackStyle, sackBlocks: 4 });
      const got = r.blocks(...SEQ_B);
      expect(got[5], sackStyle).toEqual([
        [10, 11],
        [8, 9],
        [6, 7],
        [4, 5],
      ]);
      // 2..4 is received contiguously: [2, 5) covers 2..2 and 4..4, which are dropped
      expect(got[6], sackStyle).toEqual([
        [2, 5],
        [10, 11],
        [8, 9],
        [6, 7],
      ]);
    }
  });

  it('ns3 with a limit below its list reports the newest blocks', () => {
    const r = rig({ sackStyle: 'ns3', sackBlocks: 2 });
    const got = r.blocks(0, 2, 4, 6);
    expect(got[3]).toEqual([
      [6, 7],
      [4, 5],
    ]);
  });
});

describe('TcpReceiver SACK option bytes', () => {
  it('ns2 counts 8 bytes per block', () => {
    const r = rig({ sackStyle: 'rfc2018', sackBlocks: 4, sackOptionBytes: 'ns2' });
    // 0, then one, two, three, four blocks: 40 + 8n
    expect(r.send(0, 2, 4, 6, 8).map((a) => a.size)).toEqual([40, 48, 56, 64, 72]);
  });

  it('rfc2018 counts the option as sent: 2 + 8n bytes padded to a multiple of 4 (12, 20, 28, 36)', () => {
    const r = rig({ sackStyle: 'rfc2018', sackBlocks: 4, sackOptionBytes: 'rfc2018' });
    expect(r.send(0, 2, 4, 6, 8).map((a) => a.size)).toEqual([40, 52, 60, 68, 76]);
  });

  it('counts only the blocks reported, not those remembered', () => {
    const r = rig({ sackStyle: 'rfc2018', sackBlocks: 2, sackOptionBytes: 'rfc2018' });
    // the fourth and fifth ACKs hold three and four blocks but report two: 40 + 20
    expect(r.send(0, 2, 4, 6, 8).map((a) => a.size)).toEqual([40, 52, 60, 60, 60]);
  });
});
