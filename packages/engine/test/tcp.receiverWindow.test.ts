import { describe, expect, it } from 'vitest';
import type { TransportSpec } from '../src/scenario/types.js';
import { pathSimulation, sender } from './harness.js';

/**
 * The receiver window bounds what is outstanding in fast recovery too. Reno's recovery inflates
 * the usable window by one segment per duplicate ACK (RFC 5681 §3.2 step 4; ns-2's `dupwnd_`),
 * but the sender may still never send past the receiver's advertised window (RFC 793 §3.7;
 * RFC 5681 §3.2: "if allowed by the new value of cwnd and the receiver's advertised window").
 * ns-2.35 caps the sum — RenoTcpAgent::window() is min(int(cwnd_) + dupwnd_, int(wnd_)) — and
 * the references reno-win30-recovery and newreno-win30-recovery (test/fixtures/ns2-extra) show it:
 * with the cap on the integer cwnd only, recovery kept sending and the flows got 87 % and 35 %
 * more than ns-2.
 *
 * Path: 1 Gb/s, RTT 100 ms, receiver window 20 segments. After the opening segment 0, slow start
 * sends rounds 1–2, 3–6, 7–14 and 15–30; segment 30 is dropped. The ACKs of 15–29 release 31–49
 * (cwnd 31, but 29 + 20 = 49 is as far as the window reaches), whose 19 duplicate ACKs drive
 * the recovery: at the third, 30 is retransmitted and cwnd = ssthresh = min(31, 20)/2 = 10; the
 * inflated window 10 + k passes 20 from the 11th on, but segments 30–49 are all outstanding, so
 * with the cap nothing new leaves before the ACK of 49 ends the recovery.
 */
const tcp = (cc: string): TransportSpec => ({
  type: 'tcp',
  cc,
  params: { minRto: '1s', initialSsthresh: 1000, maxWindow: 20, limitedTransmit: false },
});

function run(cc: string) {
  const sim = pathSimulation({ rate: '1Gbps', delay: '48ms', transport: tcp(cc), drop: '30', duration: '3s' });
  const s = sender(sim);
  let maxAhead = 0;
  let sentInRecovery = 0;
  let recoveryEntries = 0;
  const output = s.output.bind(s);
  s.output = (seq: number) => {
    maxAhead = Math.max(maxAhead, seq - s.highestAck);
    if (s.phase === 'recovery') sentInRecovery++;
    output(seq);
  };
  const enter = s.receive.bind(s);
  s.receive = (pkt) => {
    const was = s.phase;
    enter(pkt);
    if (was !== 'recovery' && s.phase === 'recovery') recoveryEntries++;
  };
  sim.runUntil(sim.durationNs);
  return { maxAhead, sentInRecovery, recoveryEntries, delivered: sim.flows[0]!.stats.packetsSent };
}

describe('receiver window during fast recovery', () => {
  for (const cc of ['reno', 'newreno']) {
    it(`${cc}: never more than 20 segments beyond the cumulative ACK, recovery or not`, () => {
      const r = run(cc);
      expect(r.recoveryEntries).toBe(1);
      // the retransmission of segment 30 is the only segment recovery sends (all of 30–49 were
      // outstanding when it began, and the inflated window never passes the receiver's 20)
      expect(r.sentInRecovery).toBe(1);
      expect(r.maxAhead).toBe(20);
    });
  }
});
