import { describe, expect, it } from 'vitest';
import { Cubic } from './Cubic.js';
import { FakeCcState, ackOf } from './ccTestState.js';
import { runDumbbell, tcpFlow } from '../../../test/ccHarness.js';
import type { TcpSender } from '../TcpSender.js';

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
  it('slow start counts the segments an ACK covers and ends at ssthresh (RFC 9438 §4.10; Linux tcp_slow_start)', () => {
    const cc = new Cubic({ c: 0.4, beta: 0.7, fastConvergence: true, renoFriendly: false, rtt: 'srtt' });
    const s = new FakeCcState();
    s.cwnd = 10;
    s.ssthresh = 100;
    expect(cc.onAck(s, ackOf(0, RTT_NS, 2), 0)).toBe(12); // a delayed ACK covers two segments
    // after a timeout (cwnd 1, ssthresh 76) the cumulative ACK that ends a go-back-N retransmission
    // covers the 400 segments the receiver kept: slow start stops at ssthresh, not at 401
    s.cwnd = 1;
    s.ssthresh = 76;
    expect(cc.onAck(s, ackOf(400, RTT_NS, 400), 0)).toBe(76);
  });

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

  it('fills a DropTail buffer with a concave climb back to W_max, one loss about every K', () => {
    // One flow, 10 Mb/s, base RTT 60 ms, 100-packet buffer: losses recur at W ≈ 176 segments.
    // Worked from RFC 9438 with C = 0.4, β = 0.7 (fast convergence off, so W_max = W):
    //  - each loss leaves cwnd = β·W (NewReno: W/2);
    //  - K = ∛(W·(1 − β)/C) ≈ 5.1 s (eq. 2), and the window follows W_cubic(t) = W − C(K − t)³,
    //    so a quarter of K after recovery it has regained 1 − (3/4)³ = 58 % of the lost 0.3·W and
    //    at K/2 already 7/8 of it — NewReno, adding one segment per RTT, is near a third and half;
    //  - the next loss comes when the window is back at W: within ∛(1/C) ≈ 1.36 s of K, the time
    //    the cubic spends within one segment of W_max (NewReno needs W/2 RTTs, over 9 s here).
    const r = runDumbbell([{ transport: tcpFlow('cubic', { fastConvergence: false }) }], {
      buffer: '100 packets',
      duration: '60s',
    });
    const sim = r.sim;
    const snd = sim.flows[0]!.sender as TcpSender;
    const losses: { tNs: number; w: number }[] = [];
    const ssthreshAfter = snd.cc.ssthreshAfter.bind(snd.cc);
    snd.cc.ssthreshAfter = (s, e, now) => {
      losses.push({ tNs: now, w: s.cwnd });
      return ssthreshAfter(s, e, now);
    };
    // window at recovery exit, and at K/4 and K/2 after it
    const epochs: { loss: number; exitNs: number; exitCwnd: number; k: number; quarter: number; half: number }[] = [];
    const disc = sim.probedPorts[0]!.disc;
    let queueIntegralAt20 = -1;
    let wasRecovery = false;
    let open: (typeof epochs)[number] | null = null;
    while (!sim.done) {
      sim.step(1);
      const now = sim.sim.now;
      if (queueIntegralAt20 < 0 && now >= 20e9) {
        disc.meanLengthPackets(); // brings the integral up to now
        queueIntegralAt20 = disc.integralPacketNs;
      }
      if (open !== null) {
        if (open.quarter < 0 && now >= open.exitNs + (open.k / 4) * 1e9) open.quarter = snd.cwnd;
        if (open.half < 0 && now >= open.exitNs + (open.k / 2) * 1e9) open.half = snd.cwnd;
      }
      const inRecovery = snd.phase === 'recovery';
      if (wasRecovery && !inRecovery) {
        const w = losses[losses.length - 1]!.w;
        open = {
          loss: losses.length - 1,
          exitNs: now,
          exitCwnd: snd.cwnd,
          k: Math.cbrt((w * 0.3) / 0.4),
          quarter: -1,
          half: -1,
        };
        epochs.push(open);
      }
      wasRecovery = inRecovery;
    }
    disc.meanLengthPackets();
    expect((disc.integralPacketNs - queueIntegralAt20) / 40e9).toBeGreaterThan(40); // mean queue, 20–60 s
    // the epochs that start after the slow-start overshoot has settled and see the next loss
    const steady = epochs.filter((e) => e.exitNs > 20e9 && e.loss + 1 < losses.length);
    expect(steady.length).toBeGreaterThanOrEqual(5);
    const cubic = (w: number, k: number, t: number) => w - 0.4 * (k - t) ** 3;
    for (const e of steady) {
      const w = losses[e.loss]!.w;
      expect(w).toBeGreaterThan(150);
      expect(e.exitCwnd).toBeCloseTo(0.7 * w, 9);
      // cwnd tracks the target one RTT (≤ 0.2 s here) ahead: between W_cubic(t) and W_cubic(t + 0.2)
      for (const [got, t] of [
        [e.quarter, e.k / 4],
        [e.half, e.k / 2],
      ] as const) {
        expect(got).toBeGreaterThanOrEqual(cubic(w, e.k, t) - 1);
        expect(got).toBeLessThanOrEqual(cubic(w, e.k, t + 0.2) + 1);
      }
      const nextLossS = (losses[e.loss + 1]!.tNs - e.exitNs) / 1e9;
      expect(Math.abs(nextLossS - e.k)).toBeLessThan(Math.cbrt(1 / 0.4));
    }
  });
});
