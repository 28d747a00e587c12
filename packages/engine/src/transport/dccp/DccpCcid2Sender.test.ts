import { describe, expect, it } from 'vitest';
import { PacketKind, type Packet } from '../../net/Packet.js';
import { Simulation } from '../../Simulation.js';
import { dumbbell } from '../../scenario/builders.js';
import { ns2DumbbellScenario } from '../../scenario/ns2Dumbbell.js';
import { AckVector, AckVectorPool, PacketState } from './AckVector.js';
import { DccpCcid2Sender, type Ccid2SenderConfig } from './DccpCcid2Sender.js';
import { Ccid2Slot } from './dccpHeader.js';
import { flowContextForTests } from '../transportTestKit.js';

/** A sender wired to a capture sink; ACKs are built by hand. */
function rig(over: Partial<Ccid2SenderConfig> = {}) {
  const { ctx, sim, pool } = flowContextForTests();
  const sent: number[] = [];
  const vpool = new AckVectorPool();
  const sender = new DccpCcid2Sender(ctx, {
    payloadBytes: 1000,
    initialCwnd: 3,
    cwndAfterTimeout: 1,
    initialSsthresh: 65535,
    ssGrowth: 2,
    reduction: 0.5,
    lossThreshold: 3,
    initialRtoNs: 3e9,
    minRtoNs: 1e9,
    granularityNs: 1e7,
    initialAckRatio: 2,
    handshake: false,
    ecn: false,
    sendBufferPackets: 1000,
    pool: vpool,
    ...over,
  });
  sender.setRoute({
    ports: [],
    sink: {
      receive: (p: Packet) => {
        sent.push(p.seq);
        pool.release(p);
      },
    },
  });
  let ackSeq = 0;
  /** Delivers an ACK whose vector says `received` (seq list) arrived, acknowledging the highest. */
  const ack = (received: number[], opts: { skipAckSeq?: number } = {}) => {
    const v = new AckVector();
    v.ackNo = Math.max(...received);
    v.low = -1;
    v.ensure(v.ackNo + 1);
    v.state.fill(PacketState.NotReceived, 0, v.ackNo + 1);
    for (const s of received) v.state[s + 0] = PacketState.Received;
    const p = pool.alloc();
    p.kind = PacketKind.DccpAck;
    ackSeq += 1 + (opts.skipAckSeq ?? 0);
    p.seq = ackSeq;
    p.ack = v.ackNo;
    p.ext = v;
    p.sack[Ccid2Slot.ElapsedNs] = 0;
    sender.receive(p);
  };
  return { sim, sender, sent, ack };
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('DCCP CCID-2 sender', () => {
  it('starts with three packets in flight and grows cwnd by at most Ack Ratio per ACK in slow start', () => {
    const r = rig();
    r.sender.start();
    r.sender.write(Infinity);
    expect(r.sent).toEqual([0, 1, 2]);
    r.sim.now = 1e8;
    r.ack([0, 1, 2]); // 3 newly acked, Ack Ratio 2 → cwnd 3 + 2
    expect(r.sender.cwnd).toBe(5);
    expect(r.sender.pipe).toBe(5);
  });

  it('keeps the Ack Ratio within ⌈cwnd/2⌉ and at least 2 once cwnd ≥ 4 (RFC 4341 §6.1.2)', () => {
    const r = rig({ initialAckRatio: 9 });
    r.sender.cwnd = 5;
    r.sender.checkAckRatio();
    expect(r.sender.ackRatio).toBe(3);
    r.sender.ackRatio = 1;
    r.sender.cwnd = 4;
    r.sender.checkAckRatio();
    expect(r.sender.ackRatio).toBe(2);
    r.sender.ackRatio = 1;
    r.sender.cwnd = 3;
    expect(r.sender.checkAckRatio()).toBe(false);
    expect(r.sender.ackRatio).toBe(1);
  });

  it('doubles the Ack Ratio when an ACK is lost', () => {
    const r = rig({ initialCwnd: 20 });
    r.sender.start();
    r.sender.write(Infinity);
    r.sim.now = 1e8;
    r.ack(range(0, 1));
    expect(r.sender.ackRatio).toBe(2);
    r.ack(range(0, 3), { skipAckSeq: 1 }); // ACK number 2 never arrived
    expect(r.sender.ackRatio).toBe(4);
  });

  it('declares a packet lost only after three later packets are reported received', () => {
    const r = rig({ initialCwnd: 20, initialSsthresh: 20 });
    r.sender.start();
    r.sender.write(Infinity);
    r.sim.now = 1e8;
    r.ack([0, 1, 2, 3, 5, 6]); // 4 missing, two later packets
    expect(r.sender.reductions).toBe(0);
    const cwnd = r.sender.cwnd;
    r.ack([0, 1, 2, 3, 5, 6, 7]); // third later packet
    expect(r.sender.reductions).toBe(1);
    expect(r.sender.cwnd).toBe(Math.floor(cwnd / 2));
    expect(r.sender.ssthresh).toBe(r.sender.cwnd);
  });

  it('reduces at most once per window of data', () => {
    const r = rig({ initialCwnd: 20, initialSsthresh: 20 });
    r.sender.start();
    r.sender.write(Infinity);
    r.sim.now = 1e8;
    r.ack([0, 1, 2, 3, 5, 6, 7]); // 4 lost → first reduction (cwnd 20 → 10)
    const after = r.sender.cwnd;
    const recv = [0, 1, 2, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14]; // 10 lost, but sent before the reduction
    r.ack(recv);
    expect(r.sender.reductions).toBe(1);
    expect(r.sender.cwnd).toBeGreaterThanOrEqual(after);
    // a packet sent after the reduction is lost: a new window, a new reduction
    const lastSent = Math.max(...r.sent);
    const later = [...recv, ...range(15, lastSent)].filter((s) => s !== lastSent - 3);
    r.ack(later);
    expect(r.sender.reductions).toBe(2);
  });

  it('on timeout sets ssthresh to cwnd/2, cwnd to 1, Ack Ratio to 1 and doubles the RTO', () => {
    const r = rig({ initialCwnd: 20 });
    r.sender.start();
    r.sender.write(Infinity);
    r.sim.now = 1e8;
    r.ack(range(0, 5));
    const cwnd = r.sender.cwnd;
    const rto = r.sender.rtoNs;
    expect(rto).toBe(1e9); // min RTO 1 s
    r.sim.run(r.sim.now + 1.05e9); // just past the first expiry
    expect(r.sender.ssthresh).toBe(Math.floor(cwnd / 2));
    expect(r.sender.cwnd).toBe(1);
    expect(r.sender.ackRatio).toBe(1);
    expect(r.sender.rtoNs).toBeGreaterThanOrEqual(2 * rto);
  });
});

/** One DCCP CCID-2 flow over a 2 Mb/s bottleneck with 300 ms one-way delay (seed 002's long-delay link; BDP ≈ 150 packets). */
function longDelay(params: Record<string, unknown>, seconds = 40) {
  const sim = new Simulation(
    dumbbell({
      name: 'long delay',
      flows: [{ transport: { type: 'dccp-ccid2', params: { packetSize: '1000B', ...params } } }],
      bottleneckRate: '2Mbps',
      bottleneckDelay: '300ms',
      bottleneckBuffer: '50 packets',
      accessRate: '100Mbps',
      accessDelay: '1ms',
      duration: `${seconds}s`,
    }),
  );
  const st = sim.flows[0]!.stats;
  const perSecond: number[] = [];
  let last = 0;
  for (let t = 1; t <= seconds; t++) {
    sim.runUntil(t * 1e9);
    perSecond.push(((st.bytesReceived - last) * 8) / 1e6);
    last = st.bytesReceived;
  }
  return { sim, perSecond, totalMb: (st.bytesReceived * 8) / 1e6 };
}

describe('TCP-like TW knobs on a 300 ms link (seed 002 claims 3–5)', () => {
  it('a higher initial ssthresh shortens the ramp-up', () => {
    const low = longDelay({ initialSsthresh: 20 }, 20);
    const high = longDelay({ initialSsthresh: 200 }, 20);
    const firstAbove = (xs: number[]) => xs.findIndex((x) => x > 1.2);
    expect(firstAbove(high.perSecond)).toBeGreaterThanOrEqual(0);
    expect(firstAbove(high.perSecond)).toBeLessThan(firstAbove(low.perSecond) < 0 ? 99 : firstAbove(low.perSecond));
    expect(high.totalMb).toBeGreaterThan(low.totalMb * 1.2);
  });

  it('a smaller cwnd cut raises throughput', () => {
    const half = longDelay({ reduction: 0.5, initialSsthresh: 200 }, 30);
    const quarter = longDelay({ reduction: 0.25, initialSsthresh: 200 }, 30);
    const five = longDelay({ reduction: 0.05, initialSsthresh: 200 }, 30);
    expect(quarter.totalMb).toBeGreaterThan(half.totalMb);
    expect(five.totalMb).toBeGreaterThan(half.totalMb);
  });
});

describe('ns-2.35 reference dccp-tcplike-vs-newreno', () => {
  it('agrees within the validation tolerances', () => {
    const ref = { per: [4776101.3, 4996819.7], agg: 9772921.1, jain: 0.9995, drops: 181, meanQ: 23.027 };
    const sum = new Simulation(
      ns2DumbbellScenario('dccp-tcplike-vs-newreno', { flows: 'Newreno,DCCP:TCPlike', T: '60' }),
    ).run();
    const port = sum.ports.find((p) => p.name === 'r1->r2')!;
    const per = Object.values(port.flowThroughputBps);
    const agg = per.reduce((a, b) => a + b, 0);
    const jain = (agg * agg) / (per.length * per.reduce((a, b) => a + b * b, 0));
    expect(Math.abs(agg / ref.agg - 1)).toBeLessThan(0.03);
    expect(Math.abs(jain - ref.jain)).toBeLessThan(0.05);
    expect(Math.abs(port.drops - ref.drops)).toBeLessThan(ref.drops * 0.5);
    expect(Math.abs(port.meanQueuePackets - ref.meanQ)).toBeLessThan(Math.max(2, ref.meanQ * 0.25));
    expect(per[1]! / per[0]!).toBeGreaterThan(0.9); // DCCP slightly ahead in ns-2 (ratio 1.05)
    expect(per[1]! / per[0]!).toBeLessThan(1.25);
  });
});
