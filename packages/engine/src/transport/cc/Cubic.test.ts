import { describe, expect, it } from 'vitest';
import { Cubic } from './Cubic.js';
import { FakeCcState, ackOf } from './ccTestState.js';
import { runDumbbell, tcpFlow } from '../../../test/ccHarness.js';

const RTT_NS = 100e6;

/** Drives a CC with one ACK per segment, cwnd ACKs per RTT; returns cwnd at the sample times (s). */
function drive(cc: Cubic, s: FakeCcState, t0Ns: number, untilS: number, sampleS: number[]): number[] {
  const out: number[] = [];
  let now = t0Ns;
  let seq = 0;
  let next = 0;
  while (now < t0Ns + untilS * 1e9) {
    s.cwnd = cc.onAck(s, ackOf(seq++, RTT_NS), now);
    now += RTT_NS / s.cwnd;
    while (next < sampleS.length && now >= t0Ns + sampleS[next]! * 1e9) {
      out.push(s.cwnd);
      next++;
    }
  }
  return out;
}

describe('CUBIC', () => {
  it('follows W(t) = C(t − K)³ + W_max between losses (RFC 9438 eqs. 1, 2)', () => {
    const cc = new Cubic({ c: 0.4, beta: 0.7, fastConvergence: true, renoFriendly: false, rtt: 'srtt' });
    const s = new FakeCcState();
    s.cwnd = 200;
    s.ssthresh = 100;
    s.ssthresh = cc.ssthreshAfter(s, 'loss');
    s.cwnd = cc.cwndAfter(s, 'loss');
    expect(s.cwnd).toBeCloseTo(140, 9); // β·W_max
    const k = Math.cbrt((200 * 0.3) / 0.4); // RFC 9438 eq. 2: ≈ 5.31 s
    const times = [1, 2, 3, 4, k, 6, 7, 8];
    const got = drive(cc, s, 1e9, 8.01, times);
    times.forEach((t, i) => {
      // cwnd tracks the target one RTT ahead, so it lies between W(t) and W(t + RTT)
      const lo = 0.4 * (t - k) ** 3 + 200;
      const hi = 0.4 * (t + 0.1 - k) ** 3 + 200;
      expect(got[i]!).toBeGreaterThanOrEqual(lo - 1);
      expect(got[i]!).toBeLessThanOrEqual(hi + 1);
    });
    expect(cc.metrics().k).toBeCloseTo(k, 9);
  });

  it('fast convergence lowers W_max to (1 + β)/2 of the window when losses come below the last maximum (RFC 9438 §4.7)', () => {
    const cc = new Cubic({ c: 0.4, beta: 0.7, fastConvergence: true, renoFriendly: true, rtt: 'srtt' });
    const s = new FakeCcState();
    s.cwnd = 100;
    cc.ssthreshAfter(s, 'loss');
    expect(cc.metrics().wMax).toBe(100);
    s.cwnd = 80;
    cc.ssthreshAfter(s, 'loss');
    expect(cc.metrics().wMax).toBeCloseTo(80 * 0.85, 9);
  });

  it('grows at least as fast as AIMD with α = 3(1 − β)/(1 + β) in the Reno-friendly region (RFC 9438 eq. 4)', () => {
    const cc = new Cubic({ c: 0.4, beta: 0.7, fastConvergence: false, renoFriendly: true, rtt: 'srtt' });
    const s = new FakeCcState();
    s.cwnd = 10; // small window, short RTT: the cubic is slow here, Reno-friendliness dominates
    s.ssthresh = cc.ssthreshAfter(s, 'loss');
    s.cwnd = cc.cwndAfter(s, 'loss');
    const [w] = drive(cc, s, 0, 1.01, [1]); // 10 RTTs
    const alpha = (3 * 0.3) / 1.7;
    expect(w!).toBeGreaterThanOrEqual(7 + 10 * alpha * 0.9);
  });

  it('fills a DropTail buffer: the mean queue stays high', () => {
    const r = runDumbbell([{ transport: tcpFlow('cubic') }], { buffer: '100 packets', duration: '60s' });
    expect(r.meanQueue(20, 60)).toBeGreaterThan(40);
    expect(r.drops()).toBeGreaterThan(0);
  });
});
