import { describe, expect, it } from 'vitest';
import { PacketKind, type Packet } from '../net/Packet.js';
import { flowContextForTests } from './transportTestKit.js';
import { createUdp } from './Udp.js';

/** A UDP sender wired straight to its sink (no ports), with `headerSize` bytes of header. */
function pair(headerSize: number) {
  const { ctx, sim, pool, stats } = flowContextForTests(3, { headerSize });
  const { sender, receiver, setRoutes } = createUdp(ctx);
  const seen: { seq: number; size: number; kind: PacketKind; flow: number; created: number }[] = [];
  setRoutes(
    {
      ports: [],
      sink: {
        receive: (p: Packet) => {
          seen.push({ seq: p.seq, size: p.sizeBytes, kind: p.kind, flow: p.flowId, created: p.createdNs });
          sim.schedule(sim.now + 7e6, { handleEvent: () => receiver.receive(p) }, 0);
        },
      },
    },
    { ports: [], sink: { receive: () => {} } },
  );
  return { sender, receiver, sim, pool, stats, seen };
}

describe('UDP', () => {
  it('sends each write at once as one datagram of the message plus the header, numbered in order', () => {
    const u = pair(28);
    u.sender.start();
    u.sender.write(1000);
    u.sim.run(1e6);
    u.sender.write(499.6);
    expect(u.seen).toEqual([
      { seq: 0, size: 1028, kind: PacketKind.Udp, flow: 3, created: 0 },
      { seq: 1, size: 528, kind: PacketKind.Udp, flow: 3, created: 1e6 },
    ]);
    expect([u.stats.packetsSent, u.stats.bytesSent]).toEqual([2, 1556]);
    expect(u.sender.congestion()).toBeNull();
  });

  it('sends nothing before start or after stop, nor for an empty or endless write', () => {
    const u = pair(0);
    u.sender.write(1000);
    u.sim.run(5e6);
    u.sender.start();
    expect(u.stats.startNs).toBe(5e6);
    u.sender.write(0);
    u.sender.write(Infinity);
    u.sender.write(NaN);
    expect(u.seen).toEqual([]);
    u.sender.write(10);
    u.sender.stop();
    u.sender.write(10);
    expect(u.seen.length).toBe(1);
  });

  it('the sink counts packets, bytes, goodput without the header, and the one-way delay', () => {
    const u = pair(40);
    u.sender.start();
    u.sender.write(960);
    u.sender.write(460);
    u.sim.run(1e9);
    expect([u.stats.packetsReceived, u.stats.bytesReceived, u.stats.goodputBytes]).toEqual([2, 1500, 1420]);
    expect(u.stats.meanDelayNs()).toBe(7e6);
    // every packet went back to the pool
    expect(u.pool.live).toBe(0);
  });

  it('the sender frees whatever comes back to it (UDP has no feedback)', () => {
    const u = pair(0);
    const p = u.pool.alloc();
    u.sender.receive(p);
    expect(u.pool.live).toBe(0);
  });
});
