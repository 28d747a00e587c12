import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import { ns2DumbbellScenario } from '../src/scenario/ns2Dumbbell.js';
import {
  LinuxScoreboard,
  SB_FLAG_LOST,
  SB_FLAG_SACKED,
  SB_LOST,
  SB_RETRANSMITTED,
  SB_SACKED,
} from '../src/transport/recovery/LinuxScoreboard.js';
import { LinuxCubic, linuxCubicRoot } from '../src/transport/cc/LinuxCubic.js';
import { FakeCcState, ackOf } from '../src/transport/cc/ccTestState.js';
import type { Packet } from '../src/net/Packet.js';
import { DropTailQueueDisc } from '../src/queue/DropTailQueueDisc.js';
import { QueueBench } from '../src/queue/queueTestKit.js';

/** 'linux' loss recovery (ns-2.35 Agent/TCP/Linux) and CUBIC impl 'linux-2.6.22'. */
describe('Linux scoreboard (ns-2 scoreboard1.cc)', () => {
  const blocks = (...b: number[]) => Float64Array.from(b);

  it('marks a hole lost only once the highest SACKed segment is dupThresh + 1 above it (FACK)', () => {
    const sb = new LinuxScoreboard(64, 3);
    // segments 0..19 sent, 0..4 acked, 5 lost, 6..8 SACKed: fack = 8, 8 − 5 = 3 → not yet lost
    expect(sb.update(4, blocks(6, 9), 1)).toBe(SB_FLAG_SACKED);
    expect(sb.stateOf(5)).toBe(0);
    expect(sb.inFlight(5, 20)).toBe(12);
    // 9 SACKed: fack − 5 = 4 → lost, and it leaves the packets in flight
    expect(sb.update(4, blocks(6, 10), 1) & SB_FLAG_LOST).toBe(SB_FLAG_LOST);
    expect(sb.stateOf(5)).toBe(SB_LOST);
    expect(sb.nextRetransmission()).toBe(5);
    expect(sb.inFlight(5, 20)).toBe(20 - 5 - 1 - 4);
  });

  it('detects a lost retransmission when data sent after it is SACKed', () => {
    const sb = new LinuxScoreboard(64, 3);
    sb.update(4, blocks(6, 10), 1); // 5 lost
    sb.markRetransmitted(5, 20); // retransmitted while snd_nxt = 20
    expect(sb.stateOf(5)).toBe(SB_RETRANSMITTED);
    expect(sb.inFlight(5, 20)).toBe(20 - 5 - 4); // counts once again
    sb.update(4, blocks(6, 19), 1); // up to 18 SACKed: nothing sent after the retransmission yet
    expect(sb.stateOf(5)).toBe(SB_RETRANSMITTED);
    const f = sb.update(4, blocks(6, 21), 1); // 20 (sent after it) SACKed → the retransmission was lost
    expect(f & SB_FLAG_LOST).toBe(SB_FLAG_LOST);
    expect(sb.stateOf(5)).toBe(SB_LOST);
    expect(sb.nextRetransmission()).toBe(5);
  });

  it('after a timeout marks every unSACKed segment lost and keeps the SACKed ones', () => {
    const sb = new LinuxScoreboard(64, 3);
    sb.update(4, blocks(8, 10), 1);
    sb.markLoss(5, 15);
    for (const s of [5, 6, 7, 10, 14]) expect(sb.stateOf(s)).toBe(SB_LOST);
    expect(sb.stateOf(8)).toBe(SB_SACKED);
    expect(sb.inFlight(5, 15)).toBe(0);
    expect(sb.nextRetransmission()).toBe(5);
  });
});

describe('CUBIC as Linux 2.6.22 (impl linux-2.6.22)', () => {
  it('cube root and β = 819/1024 as the kernel computes them', () => {
    for (const a of [1, 27, 1000, 12345678, 2681735677 * 60])
      expect(Math.abs(linuxCubicRoot(a) - Math.cbrt(a)) / Math.cbrt(a)).toBeLessThan(0.02);
    const cc = new LinuxCubic({ c: 0.4, beta: 819 / 1024, fastConvergence: true, renoFriendly: true, rtt: 'min' });
    const s = new FakeCcState();
    s.cwnd = 100;
    expect(cc.ssthreshAfter(s, 'loss')).toBe(79); // floor(100·819/1024)
  });

  it('settles its delayed-ACK ratio at 31/16 with one ACK per packet', () => {
    const cc = new LinuxCubic({ c: 0.4, beta: 819 / 1024, fastConvergence: true, renoFriendly: true, rtt: 'min' });
    const s = new FakeCcState();
    for (let i = 0; i < 100; i++) cc.onPacketsAcked(s, 1);
    expect(cc.metrics().delayedAck).toBe(31 / 16);
    s.cwnd = 10;
    s.ssthresh = 10;
    expect(cc.onAck(s, ackOf(0), 1e9)).toBe(11); // cwnd ≤ ssthresh is still slow start
  });
});

describe("'linux' loss recovery in the ns-2 cubic-2flows scenario", () => {
  it('recovers from the slow-start overshoot without a timeout and with ns-2-like retransmissions', () => {
    const sim = new Simulation(ns2DumbbellScenario('cubic-2flows', { flows: 'Linux:cubic,Linux:cubic', T: '20' }));
    const s = sim.run();
    expect(sim.flowEvents().filter((e) => e.kind === 'timeout')).toEqual([]);
    for (const f of s.flows) expect(f.timeouts ?? 0).toBe(0);
    // ns-2.35 retransmits 567 + 127 segments in 60 s, most of them in the first 2 s
    const rtx = (sim as unknown as { flows: { stats: { retransmits: number } }[] }).flows.reduce(
      (a, f) => a + f.stats.retransmits,
      0,
    );
    expect(rtx).toBeGreaterThan(300);
    expect(rtx).toBeLessThan(1000);
  });

  it('rate-halves: the window drops to ssthresh at once, packets in flight follow one per two ACKs', () => {
    const sim = new Simulation(ns2DumbbellScenario('cubic-1flow', { flows: 'Linux:cubic', T: '3' }));
    // the rate-halving allowance is internal to the Linux recovery strategy
    const snd = (
      sim as unknown as {
        flows: { sender: { phase: string; cwnd: number; ssthresh: number; recovery: { nextPif: number } } }[];
      }
    ).flows[0]!.sender;
    let seen = false;
    for (let t = 0.3; t < 3 && !seen; t += 0.001) {
      sim.runUntil(Math.round(t * 1e9));
      if (snd.phase === 'recovery') {
        seen = true;
        expect(snd.cwnd).toBe(snd.ssthresh);
        expect(snd.recovery.nextPif).toBeGreaterThan(snd.cwnd); // the allowance starts above the new window
      }
    }
    expect(seen).toBe(true);
  });
});

/**
 * ns-2 details that decide how far a slow-start overshoot goes with the Linux agent: DropTail
 * lets qlim − 1 packets wait and orders same-instant events by when they were scheduled (an arrival
 * scheduled before the bottleneck's current transmission started is queued before the next
 * departure; slow-start pairs arrive exactly as the bottleneck finishes a packet), segment 0 is a
 * 40-byte header-only one, and the Sack1 sink chooses blocks as ns-2's Sacker does. With them the
 * one-flow overshoot reproduces ns-2's bottleneck trace packet for packet (checked with trace-all).
 */
describe('ns-2 queue and sink details (Linux cross-checks)', () => {
  it('DropTail keeps limit − 1 packets waiting beside the one on the wire (ns-2 drop-tail.cc)', () => {
    const bench = new QueueBench({ limit: { packets: 3 } });
    const d = bench.attach(new DropTailQueueDisc({ limit: bench.limit, dropFrom: 'tail' }));
    expect([0, 1, 2].map(() => d.enqueue(bench.packet(0, 1050)))).toEqual([true, true, false]);
  });

  it('the one-flow overshoot loses its first packet when ns-2 does (trace: d 0.411553 seq 224)', () => {
    const s = new Simulation(ns2DumbbellScenario('overshoot', { flows: 'Linux:cubic', T: '0.42' }));
    s.run();
    // ns-2 prints microseconds; this needs ns-2's queue limit and its order of same-instant events
    // (a slow-start pair reaches the bottleneck exactly as it finishes sending a packet)
    expect(Math.abs(s.drainDrops()[0]!.tNs - 411_553_000)).toBeLessThan(1000);
  });

  it('segment 0 of the Linux agent is a 40-byte header-only segment sent with the initial window', () => {
    const sc = ns2DumbbellScenario('syn', { flows: 'Linux:cubic', T: '0.05' });
    const s = new Simulation(sc);
    const sizes: number[] = [];
    const first = s.network.ports[s.flows[0]!.forwardPorts[0]!.id]!;
    first.addHook({ onArrival: (p: Packet) => void sizes.push(p.sizeBytes) });
    s.run();
    expect(sizes.slice(0, 2)).toEqual([40, 1050]);
  });
});
