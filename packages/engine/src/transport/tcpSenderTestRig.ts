// For unit tests of TcpSender driven by hand: a window law worked out on paper, and a sender wired
// to a capture sink that ACKs are fed to one at a time.
import { expect } from 'vitest';
import { Ecn, PacketKind, type Packet } from '../net/Packet.js';
import type { AckInfo, CcState, CongestionControl, TcpPhase } from './cc/CongestionControl.js';
import { TcpSender, type TcpDialect, type TcpSenderConfig } from './TcpSender.js';
import { flowContextForTests } from './transportTestKit.js';

/** One packet the sender put on the wire (for its pure ACK, `seq` is the ACK number). */
export interface Sent {
  at: number;
  seq: number;
  retx: boolean;
  size: number;
  ecn: Ecn;
  cwr: boolean;
  kind: PacketKind;
}

/**
 * A window law simple enough to work the sender's behaviour out by hand, so that these tests see
 * the sender's mechanisms and not an algorithm's: +1 segment per ACK of new data, ssthresh =
 * ⌊FlightSize / 2⌋ on any congestion event (RFC 5681 eq. 4; the sender floors it at 2), cwnd =
 * ssthresh after a loss or ECN (the sender's default) and 1 after a timeout. It records what
 * the sender tells it.
 */
export class StubCc implements CongestionControl {
  readonly id = 'stub';
  readonly acks: { acked: number; rtt: number; ackSeq: number }[] = [];
  readonly phases: string[] = [];
  onAck(s: CcState, info: AckInfo): number {
    this.acks.push({ acked: info.ackedSegments, rtt: info.rttNs, ackSeq: info.ackSeq });
    return s.cwnd + 1;
  }
  ssthreshAfter(s: CcState): number {
    return Math.floor(s.inFlight / 2);
  }
  onPhaseChange(s: CcState, previous: TcpPhase): void {
    this.phases.push(`${previous}→${s.phase} cwnd ${s.cwnd}`);
  }
}

export const MS = 1e6;

/** Settings to change from the rig's; the dialect switches one by one. */
export type Over = Omit<Partial<TcpSenderConfig>, 'dialect'> & { dialect?: Partial<TcpDialect> };

/**
 * A TcpSender (NewReno recovery, RFC 6298 RTO: initial 1 s, min 200 ms) wired to a capture sink.
 * ACKs are built by hand and delivered at a given time with `ack`. With `only.data` the sink
 * fails the test on anything but a data segment (no pure ACK of the handshake).
 */
export function senderRig(over: Over = {}, only: { data?: boolean } = {}) {
  const { ctx, sim, pool, stats, events } = flowContextForTests();
  const cc = new StubCc();
  const cfg: TcpSenderConfig = {
    packetBytes: 1000,
    headerBytes: 40,
    initialWindow: 3,
    initialSsthresh: 1000,
    maxWindow: 1000,
    dupAckThreshold: 3,
    recovery: 'newreno',
    rto: { kind: 'rfc6298', initialRtoNs: 1000 * MS, minRtoNs: 200 * MS, maxRtoNs: 60e9, granularityNs: MS },
    timestamps: false,
    ecn: false,
    maxBurst: 0,
    pacing: 'off',
    handshake: false,
    limitedTransmit: false,
    prr: false,
    ...over,
    dialect: {
      headerOnlyFirst: false,
      delayGrowth: false,
      rttSampling: 'timed',
      sackAfterTimeout: 'discard',
      recoveryTimer: 'every-ack',
      sackRecovery: 'rfc6675',
      synOptionBytes: 0,
      handshakeAck: false,
      ecnCwrState: false,
      ecnOnRetransmissions: false,
      ectControl: false,
      ...over.dialect,
    },
  };
  const sender = new TcpSender(ctx, cfg, cc);
  const sent: Sent[] = [];
  sender.setRoute({
    ports: [],
    sink: {
      receive: (p: Packet) => {
        if (only.data === true) expect(p.kind).toBe(PacketKind.TcpData);
        sent.push({
          at: sim.now,
          seq: p.kind === PacketKind.TcpAck ? p.ack : p.seq,
          retx: p.retransmission,
          size: p.sizeBytes,
          ecn: p.ecn,
          cwr: p.cwr,
          kind: p.kind,
        });
        pool.release(p);
      },
    },
  });
  /** Runs the clock to `atNs`, then delivers a cumulative ACK of `n`; returns the segments sent in response. */
  const ack = (atNs: number, n: number, o: { ece?: boolean; tsEchoNs?: number } = {}): number[] => {
    sim.run(atNs);
    const from = sent.length;
    const p = pool.alloc();
    p.kind = PacketKind.TcpAck;
    p.ack = n;
    p.ece = o.ece === true;
    p.tsEchoNs = o.tsEchoNs ?? 0;
    sender.receive(p);
    return sent.slice(from).map((s) => s.seq);
  };
  /** Runs the clock to `atNs`; returns the segments sent meanwhile (timers) as [time, seq]. */
  const runTo = (atNs: number): [number, number][] => {
    const from = sent.length;
    sim.run(atNs);
    return sent.slice(from).map((s) => [s.at, s.seq]);
  };
  const bulk = () => {
    sender.write(Infinity);
    sender.start();
    return sent.map((s) => s.seq);
  };
  return { sim, sender, cc, stats, events, sent, ack, runTo, bulk };
}
