import { describe, expect, it } from 'vitest';
import { Ecn, PacketKind, type Packet } from '../src/net/Packet.js';
import type { Port, PortHook } from '../src/net/Port.js';
import { runDumbbell, tcpFlow } from './ccHarness.js';
import { pathSimulation, sender } from './harness.js';

/**
 * Test-only marking discipline: an ECN-capable packet arriving at a queue of at least
 * `thresholdPackets` is marked CE instead of being left to overflow (a step marker, as DCTCP's
 * switches; real RED/CoDel marking lives in queue/).
 */
class ThresholdCeMarker implements PortHook {
  marks = 0;
  constructor(private readonly thresholdPackets: number) {}
  onArrival(pkt: Packet, port: Port): void {
    if ((pkt.ecn === Ecn.Ect0 || pkt.ecn === Ecn.Ect1) && port.disc.lengthPackets >= this.thresholdPackets) {
      pkt.ecn = Ecn.Ce;
      this.marks++;
    }
  }
}

function ecnRun(ecn: boolean, cc = 'newreno') {
  const r = runDumbbell(
    [{ transport: tcpFlow(cc, undefined, { ecn }) }, { transport: tcpFlow(cc, undefined, { ecn }), start: '0.5s' }],
    { buffer: '100 packets', duration: '60s' },
  );
  const marker = new ThresholdCeMarker(20);
  r.sim.probedPorts[0]!.addHook(marker);
  return { r, marker };
}

describe('ECN end to end (RFC 3168)', () => {
  it('an ECN-capable flow reacts to CE marks instead of losses: no drops, queue held near the marking threshold', () => {
    const { r, marker } = ecnRun(true);
    const q = r.meanQueue(10, 60);
    expect(marker.marks).toBeGreaterThan(0);
    expect(r.drops()).toBe(0);
    expect(q).toBeLessThan(25);
    const s = r.sim.summary();
    expect(s.flows[0]!.timeouts + s.flows[1]!.timeouts).toBe(0);
    // halving at a 20-packet threshold (≈ ¼ of the 75-packet BDP) leaves the link a little idle
    expect(((r.departedBytes(0) + r.departedBytes(1)) * 8) / 60).toBeGreaterThan(8.5e6);
  });

  it('reduces at most once per window of data (RFC 3168 §6.1.2), although every packet above the threshold is marked', () => {
    const { r, marker } = ecnRun(true);
    r.runTo(60);
    const flows = r.sim.flows;
    const reactions = flows.reduce((n, f) => n + f.stats.ecnReactions, 0);
    expect(reactions).toBeGreaterThan(10);
    // far fewer reductions than marks, and no more than one per RTT (≥ 61 ms here) per flow
    expect(reactions).toBeLessThan(marker.marks / 2);
    for (const f of flows) expect(f.stats.ecnReactions).toBeLessThanOrEqual(60 / 0.061);
  });

  it('packets of a flow without ECN are not ECN-capable, so the marker leaves them and the buffer overflows', () => {
    const { r, marker } = ecnRun(false);
    r.runTo(60);
    expect(marker.marks).toBe(0);
    expect(r.drops()).toBeGreaterThan(0);
    expect(r.sim.flows[0]!.stats.ecnReactions).toBe(0);
  });

  it('CUBIC, binomial and SIMD also react to ECN-Echo through the same reduction, without loss', () => {
    for (const cc of ['cubic', 'binomial', 'simd']) {
      const { r } = ecnRun(true, cc);
      r.runTo(30);
      expect(r.drops(), cc).toBe(0);
      expect(r.sim.flows[0]!.stats.ecnReactions, cc).toBeGreaterThan(0);
    }
  });
});

describe('ECN-Echo with delayed ACKs (RFC 3168 §6.1.3)', () => {
  it('an ACK covering a CE segment carries ECE even when the CWR segment came in since', () => {
    // initial window 11, one ACK per two segments; 2 and 13 are marked. 2's mark is echoed on
    // every ACK (2 … 12) until the CWR segment arrives. The sender's reaction to the first ECE
    // follows the processing of that ACK (which released 12 and 13), so CWR rides on 14 — the
    // second segment of the pair (13, 14) whose first was marked: the ACK of 14 must still echo
    // 13's mark (ns-3.37's receiver keeps ECN_CE_RCVD over a CWR until an ACK has echoed it)
    const sim = pathSimulation({
      rate: '10Mbps',
      delay: '20ms',
      transport: tcpFlow('newreno', undefined, {
        delayedAck: true,
        delAckCount: 2,
        initialWindow: 11,
        ecn: true,
        ecnEcho: 'rfc3168',
      }),
      mark: '2,13',
      duration: '1s',
    });
    const snd = sender(sim);
    const rcv = sim.flows[0]!.receiver as unknown as { receive(p: Packet): void };
    const cwrOn: number[] = [];
    const deliver = rcv.receive.bind(rcv);
    rcv.receive = (p: Packet) => {
      if (p.cwr && p.seq <= 14) cwrOn.push(p.seq);
      deliver(p);
    };
    const acks: [number, boolean][] = [];
    const receive = snd.receive.bind(snd);
    snd.receive = (p: Packet) => {
      if (p.ack <= 14) acks.push([p.ack, p.ece]);
      receive(p);
    };
    sim.runUntil(sim.durationNs);
    expect(cwrOn).toEqual([14]);
    expect(acks).toEqual([
      [0, false],
      [2, true],
      [4, true],
      [6, true],
      [8, true],
      [10, true],
      [12, true],
      [14, true],
    ]);
  });
});

describe('ECN on header-only packets (RFC 3168 §6.1.1 and §6.1.4; ns-3.37 DCTCP sockets)', () => {
  /** ECN codepoints of the packets the bottleneck sees in both directions during a 1-s run, by role. */
  function codepoints(cc: string, params: Record<string, unknown>) {
    const r = runDumbbell([{ transport: tcpFlow(cc, undefined, { handshake: true, handshakeAck: true, ...params }) }], {
      duration: '1s',
    });
    const seen = {
      syn: [] as Ecn[],
      handshakeAck: [] as Ecn[],
      data: [] as Ecn[],
      retx: [] as Ecn[],
      acks: [] as Ecn[],
    };
    const fwd = r.sim.probedPorts[0]!;
    const rev = r.sim.network.portByName(`${fwd.name.split('->')[1]}->${fwd.name.split('->')[0]}`)!;
    fwd.addHook({
      onArrival: (p: Packet) => {
        if (p.kind === PacketKind.TcpAck) seen.handshakeAck.push(p.ecn);
        else if (p.seq === 0) seen.syn.push(p.ecn);
        else (p.retransmission ? seen.retx : seen.data).push(p.ecn);
      },
    });
    rev.addHook({ onArrival: (p: Packet) => void seen.acks.push(p.ecn) });
    r.runTo(1);
    return seen;
  }

  it('with ECN (RFC 3168) the data segments are ECT(0); the SYN, the handshake ACK, retransmissions and ACKs are not', () => {
    const s = codepoints('newreno', { ecn: true });
    // the 100-packet DropTail overflows in slow start: there are retransmissions to look at
    expect(s.retx.length).toBeGreaterThan(0);
    expect(new Set(s.retx)).toEqual(new Set([Ecn.NotEct]));
    expect(s.syn).toEqual([Ecn.NotEct]);
    expect(s.handshakeAck).toEqual([Ecn.NotEct]);
    expect(s.data.length).toBeGreaterThan(100);
    expect(new Set(s.data)).toEqual(new Set([Ecn.Ect0]));
    expect(s.acks.length).toBeGreaterThan(50);
    expect(new Set(s.acks)).toEqual(new Set([Ecn.NotEct]));
  });

  it('as an ns-3.37 DCTCP socket (ectControl, ecnOnRetransmissions) every packet is ECT(0), ACKs included', () => {
    const s = codepoints('dctcp', { ectControl: true, ecnOnRetransmissions: true });
    expect(s.retx.length).toBeGreaterThan(0);
    expect(new Set(s.retx)).toEqual(new Set([Ecn.Ect0]));
    expect(s.syn).toEqual([Ecn.Ect0]);
    expect(s.handshakeAck).toEqual([Ecn.Ect0]);
    expect(new Set(s.data)).toEqual(new Set([Ecn.Ect0]));
    expect(s.acks.length).toBeGreaterThan(50);
    expect(new Set(s.acks)).toEqual(new Set([Ecn.Ect0]));
  });
});
