import { describe, expect, it } from 'vitest';
import type { Packet } from '../src/net/Packet.js';
import type { Dctcp } from '../src/transport/cc/Dctcp.js';
import { runDumbbell, tcpFlow } from './ccHarness.js';
import { pathSimulation, sender } from './harness.js';
import { stepMarker } from './stepMarking.js';

/** (cumulative ACK, ECE) of every ACK flow 0's sender receives up to segment `upTo`. */
function ackStream(ecnEcho: 'auto' | 'rfc3168', mark: string, upTo: number): [number, boolean][] {
  const sim = pathSimulation({
    rate: '10Mbps',
    delay: '20ms',
    transport: tcpFlow('dctcp', undefined, {
      delayedAck: true,
      delAckCount: 2,
      initialWindow: 10,
      ecnEcho,
    }),
    mark,
    duration: '1s',
  });
  const snd = sender(sim);
  const seen: [number, boolean][] = [];
  const receive = snd.receive.bind(snd);
  snd.receive = (pkt: Packet) => {
    if (pkt.ack <= upTo) seen.push([pkt.ack, pkt.ece]);
    receive(pkt);
  };
  sim.runUntil(sim.durationNs);
  return seen;
}

describe('DCTCP receiver (RFC 8257 §3.2)', () => {
  it('echoes each segment’s CE exactly, acknowledging delayed segments at once when the CE state changes', () => {
    // segments 1..10 (the initial window) arrive in order; 6 is marked. Hand-worked with one ACK
    // per two segments: 2 and 4 as usual; 6 changes the state while 5 waits, so 5 is ACKed at
    // once without ECE; 7 changes it back while 6 waits, so 6 is ACKed at once with ECE; then
    // 8 and 10 without ECE (0 is the handshake segment, acknowledged at once)
    expect(ackStream('auto', '6', 10)).toEqual([
      [0, false],
      [2, false],
      [4, false],
      [5, false],
      [6, true],
      [8, false],
      [10, false],
    ]);
  });

  it('differs from RFC 3168, which keeps ECE on every ACK from the mark until CWR arrives', () => {
    expect(ackStream('rfc3168', '6', 10)).toEqual([
      [0, false],
      [2, false],
      [4, false],
      [6, true],
      [8, true],
      [10, true],
    ]);
  });
});

describe('DCTCP sender in a network', () => {
  it('cuts at most once per window, by α/2 with the α of that moment, however many segments are marked', () => {
    const marks = Array.from({ length: 20 }, (_, i) => 60 + i).join(',');
    const sim = pathSimulation({
      rate: '10Mbps',
      delay: '20ms',
      transport: tcpFlow('dctcp'),
      mark: marks,
      duration: '2s',
    });
    const snd = sender(sim);
    const cc = snd.cc as Dctcp;
    const cuts: { before: number; after: number; alpha: number }[] = [];
    let before = snd.cwnd;
    let alpha = cc.alphaEstimate;
    while (!sim.done) {
      before = snd.cwnd;
      alpha = cc.alphaEstimate;
      const reactions = snd.ctx.stats.ecnReactions;
      sim.step(1);
      if (snd.ctx.stats.ecnReactions > reactions) cuts.push({ before, after: snd.cwnd, alpha });
    }
    expect(cuts.length).toBe(1);
    const c = cuts[0]!;
    expect(c.alpha).toBeLessThan(1); // α has decayed from 1 over the unmarked windows before
    expect(c.after).toBeCloseTo(c.before * (1 - c.alpha / 2), 9);
  });
});

describe('DCTCP on a step-marking queue (Alizadeh et al., SIGCOMM 2010 §3.3)', () => {
  // 2 flows, 20 Mb/s (2404 packets/s of 1040 B), RTT 40 ms + serialization ≈ 41 ms: C·RTT ≈ 98.6
  // packets, K = 20. The paper's fluid analysis (eqs. 8–10) gives the queue's sawtooth: maximum
  // Q_max = K + N = 22, amplitude A = ½·√(2N(C·RTT + K)) ≈ 10.9, minimum Q_min ≈ 11.1.
  const K = 20;
  const cRtt = (20e6 / (8 * 1040)) * 0.041;
  const qMax = K + 2;
  const qMin = qMax - 0.5 * Math.sqrt(2 * 2 * (cRtt + K));
  const run = (cc: string) =>
    runDumbbell(
      [
        { transport: tcpFlow(cc, undefined, { ecn: true }) },
        { transport: tcpFlow(cc, undefined, { ecn: true }), start: '0.1s' },
      ],
      { rate: '20Mbps', delay: '10ms', buffer: '500 packets', queue: stepMarker(K), duration: '40s' },
    );

  it('DCTCP holds the mean queue between the sawtooth’s bounds near K, without loss, at full throughput', () => {
    const r = run('dctcp');
    const q = r.meanQueue(10, 40);
    expect(q).toBeGreaterThan(qMin);
    expect(q).toBeLessThan(qMax);
    expect(r.drops()).toBe(0);
    const bits = (r.departedBytes(0) + r.departedBytes(1)) * 8;
    expect(bits / 40 / 20e6).toBeGreaterThan(0.95);
  });

  it('NewReno with ECN halves on each mark: the queue drains below the DCTCP sawtooth and the link idles', () => {
    const dctcp = run('dctcp');
    const reno = run('newreno');
    const qReno = reno.meanQueue(10, 40);
    expect(qReno).toBeLessThan(qMin);
    expect(qReno).toBeLessThan(dctcp.meanQueue(10, 40) / 2);
    const util = (r: typeof reno) => ((r.departedBytes(0) + r.departedBytes(1)) * 8) / 40 / 20e6;
    expect(util(reno)).toBeLessThan(util(dctcp));
  });
});
