import { describe, expect, it } from 'vitest';
import type { CcState, TcpPhase } from '../src/transport/cc/CongestionControl.js';
import { pathSimulation, sender } from './harness.js';

/**
 * The sender tells its congestion control of every change of congestion state (onPhaseChange,
 * ns-3 CongestionStateSet). Path and loss as in tcp.recovery.test.ts: IW 2, RTT 100 ms at 1 Gb/s,
 * segment 31 — the first of the 32-segment round — dropped once, no Limited Transmit; the third
 * duplicate ACK starts fast recovery with cwnd 32, so the reduction leaves ssthresh = 32/2 = 16
 * (RFC 5681 §3.2 step 2), and the ACK of the retransmission ends it.
 */
describe('congestion-state events from the sender to its congestion control', () => {
  for (const [cc, lossRecovery] of [
    ['newreno', 'auto'],
    ['sack', 'auto'],
    ['newreno', 'linux'],
  ] as const) {
    it(`${cc} with ${lossRecovery} recovery: Open → Recovery after the reduction, Recovery → Open at its end`, () => {
      const sim = pathSimulation({
        rate: '1Gbps',
        delay: '48ms',
        transport: {
          type: 'tcp',
          cc,
          params: { minRto: '1s', initialSsthresh: 1000, limitedTransmit: false, lossRecovery },
        },
        drop: '31',
        duration: '2s',
      });
      const snd = sender(sim);
      const seen: { from: TcpPhase; to: TcpPhase; ssthresh: number }[] = [];
      snd.cc.onPhaseChange = (s: CcState, previous: TcpPhase) => {
        seen.push({ from: previous, to: s.phase, ssthresh: s.ssthresh });
      };
      sim.runUntil(sim.durationNs);
      expect(seen).toEqual([
        { from: 'open', to: 'recovery', ssthresh: 16 },
        { from: 'recovery', to: 'open', ssthresh: 16 },
      ]);
      expect(sim.flows[0]!.stats.timeouts).toBe(0);
    });
  }
});
