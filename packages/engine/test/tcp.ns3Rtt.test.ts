import { describe, expect, it } from 'vitest';
import type { Packet } from '../src/net/Packet.js';
import { pathSimulation, sender } from './harness.js';

/**
 * ns-3.37's RTT history (`rttSampling: ns3`) against ns-2's single timed segment (`timed`):
 * ns-3 TcpSocketBase::NewAck recomputes m_rto = max(srtt + max(G, 4·rttvar), minRto) on every
 * ACK that advances the cumulative ACK, which forgets the exponential backoff of a timeout at
 * once, and EstimateRtt samples every such ACK from the oldest segment it acknowledges unless
 * that segment was retransmitted. ns-2 (and RFC 6298 §5.5 with Karn's rule) keeps the backed-off
 * RTO until a segment sent after the timeout has been timed.
 *
 * Path: RTT 2·(1 + 1 + 48) ms = 100 ms; minRto 1 s; the first transmissions of data segments 1
 * and 2 (the whole initial window of 2 after the handshake) are lost, so the only ACK that can
 * arrive is the one for segment 1's retransmission after the first timeout (backoff 2).
 */
function rtoAfterFirstNewAck(rttSampling: 'timed' | 'ns3'): { ackedSeq: number; rtoNs: number } {
  const sim = pathSimulation({
    rate: '1Gbps',
    delay: '48ms',
    transport: { type: 'tcp', cc: 'newreno', params: { minRto: '1s', maxRto: '60s', rttSampling } },
    drop: '1,2',
    duration: '3s',
  });
  const snd = sender(sim);
  let seen: { ackedSeq: number; rtoNs: number } | null = null;
  const receive = snd.receive.bind(snd);
  snd.receive = (p: Packet) => {
    const ack = p.ack;
    receive(p);
    if (seen === null && ack >= 1) seen = { ackedSeq: ack, rtoNs: snd.rtoNs };
  };
  sim.runUntil(sim.durationNs);
  expect(sim.flows[0]!.stats.timeouts).toBeGreaterThanOrEqual(1);
  return seen!;
}

describe('RTT sampling and RTO backoff: ns-3.37 vs ns-2', () => {
  it('ns3: the first new ACK after a timeout drops the backoff (ns-3 NewAck recomputes the RTO)', () => {
    // srtt 100 ms, rttvar 50 ms from the handshake: srtt + 4·rttvar = 300 ms < minRto → 1 s, ×1
    expect(rtoAfterFirstNewAck('ns3')).toEqual({ ackedSeq: 1, rtoNs: 1e9 });
  });

  it('timed: the backed-off RTO stays until a segment sent after the timeout is timed (Karn)', () => {
    // the ACK acknowledges a retransmission, which gives no sample: 1 s × 2
    expect(rtoAfterFirstNewAck('timed')).toEqual({ ackedSeq: 1, rtoNs: 2e9 });
  });
});
