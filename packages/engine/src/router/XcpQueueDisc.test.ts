import { describe, expect, it } from 'vitest';
import { PacketKind, XcpMark } from '../net/Packet.js';
import { accountingHolds, QueueBench } from '../queue/queueTestKit.js';
import { resolveParams } from '../model/params.js';
import { XcpQueueDisc } from './XcpQueueDisc.js';
import { xcpModel } from './xcpModel.js';

function port(limit = 4) {
  const bench = new QueueBench({ limit: { packets: limit }, rateBps: 10e6 });
  const params = resolveParams(xcpModel.info.params, { tcpQueue: 'droptail', randomTimerStart: false }, 'q', []);
  const d = bench.attach(xcpModel.create(params, bench.limit, bench.build()) as XcpQueueDisc);
  return { bench, d };
}

describe('XCP port: virtual queues and round robin (ns-2.35 xcp.cc XCPWrapQ)', () => {
  it('classifies XCP packets (data and ACKs), TCP packets and the rest', () => {
    const { bench } = port();
    const x = bench.packet(0);
    x.hdrXcp = XcpMark.Data;
    const xa = bench.packet(0);
    xa.kind = PacketKind.TcpAck;
    xa.hdrXcp = XcpMark.Ack;
    const t = bench.packet(1);
    const ta = bench.packet(1);
    ta.kind = PacketKind.TcpAck;
    const u = bench.packet(2);
    u.kind = PacketKind.Udp;
    expect([x, xa, t, ta, u].map((p) => XcpQueueDisc.classify(p))).toEqual([0, 0, 1, 1, 2]);
  });

  it('serves the non-empty queues one packet each in turn (weights 0.5 / 0.5 / 0), TCP first', () => {
    const { bench, d } = port(10);
    const order: string[] = [];
    const tag = new Map<number, string>();
    for (let i = 0; i < 3; i++) {
      const x = bench.packet(0);
      x.hdrXcp = XcpMark.Data;
      tag.set(x.seq, 'X');
      d.enqueue(x);
      const t = bench.packet(1);
      tag.set(t.seq, 'T');
      d.enqueue(t);
    }
    const u = bench.packet(2);
    u.kind = PacketKind.Udp;
    tag.set(u.seq, 'O');
    d.enqueue(u);
    for (let p = d.dequeue(); p !== null; p = d.dequeue()) order.push(tag.get(p.seq)!);
    // ns-2 queueToDeque from qToDq_ 0 with credit 0: moves on to TCP, then other, then XCP, ...
    expect(order.join('')).toBe('TOXTXTX');
    expect(accountingHolds(d)).toBe(true);
  });

  it('each virtual queue has the whole buffer as its own limit (ns-2 queue-limit sets all three)', () => {
    const { bench, d } = port(4);
    for (let i = 0; i < 5; i++) {
      const x = bench.packet(0);
      x.hdrXcp = XcpMark.Data;
      d.enqueue(x);
      d.enqueue(bench.packet(1));
    }
    // DropTail's qlim − 1 rule in each: 3 XCP + 3 TCP held, 2 + 2 refused
    expect(d.lengthPackets).toBe(6);
    expect(d.stats.drops).toBe(4);
    expect(bench.drops.map((r) => r.flow).sort()).toEqual([0, 0, 1, 1]);
    expect(accountingHolds(d)).toBe(true);
  });
});
