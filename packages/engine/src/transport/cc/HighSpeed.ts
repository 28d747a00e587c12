import { flightSize, type CcState, type CongestionEvent } from './CongestionControl.js';
import type { CcModel } from './CcModel.js';
import { cwndInSegments, Ns3NewRenoFamily } from './Ns3NewRenoFamily.js';

/**
 * RFC 3649 Appendix B: the table of a(w) and b(w) computed from §5's formulas with
 * Low_Window = 38, High_Window = 83000, High_P = 10⁻⁷, High_Decrease = 0.1. Row i holds the
 * largest window W_i it applies to (W_{i−1} < w ≤ W_i), whose increase is a(w) = i + 1 and
 * decrease b(w) = HSTCP_B[i]; beyond the last row a = 73, b = 0.09. ns-3.37's TableLookupA/B and
 * Linux's hstcp_aimd_vals use the same table.
 */
const HSTCP_W: readonly number[] = [
  38, 118, 221, 347, 495, 663, 851, 1058, 1284, 1529, 1793, 2076, 2378, 2699, 3039, 3399, 3778, 4177, 4596, 5036, 5497,
  5979, 6483, 7009, 7558, 8130, 8726, 9346, 9991, 10661, 11358, 12082, 12834, 13614, 14424, 15265, 16137, 17042, 17981,
  18955, 19965, 21013, 22101, 23230, 24402, 25618, 26881, 28193, 29557, 30975, 32450, 33986, 35586, 37253, 38992, 40808,
  42707, 44694, 46776, 48961, 51258, 53667, 56230, 58932, 61799, 64851, 68113, 71617, 75401, 79517, 84035, 89053, 94717,
];
const HSTCP_B: readonly number[] = [
  0.5, 0.44, 0.41, 0.38, 0.37, 0.35, 0.34, 0.33, 0.32, 0.31, 0.3, 0.29, 0.28, 0.28, 0.27, 0.27, 0.26, 0.26, 0.25, 0.25,
  0.24, 0.24, 0.23, 0.23, 0.22, 0.22, 0.22, 0.21, 0.21, 0.21, 0.2, 0.2, 0.2, 0.19, 0.19, 0.19, 0.19, 0.18, 0.18, 0.18,
  0.17, 0.17, 0.17, 0.17, 0.16, 0.16, 0.16, 0.16, 0.15, 0.15, 0.15, 0.15, 0.14, 0.14, 0.14, 0.14, 0.13, 0.13, 0.13,
  0.13, 0.13, 0.12, 0.12, 0.12, 0.12, 0.11, 0.11, 0.11, 0.1, 0.1, 0.1, 0.1, 0.09,
];

/** The table row for window `w` segments (the last row beyond it). */
function row(w: number): number {
  let i = 0;
  while (i < HSTCP_W.length - 1 && w > HSTCP_W[i]!) i++;
  return i;
}

/** RFC 3649 a(w): segments added per round trip at window w (Appendix B's table). */
export function highSpeedA(w: number): number {
  return row(w) + 1;
}

/** RFC 3649 b(w): fraction of the window taken off by a congestion event (Appendix B's table). */
export function highSpeedB(w: number): number {
  return HSTCP_B[row(w)]!;
}

/**
 * HighSpeed TCP (RFC 3649, Floyd 2003) as ns-3.37's TcpHighSpeed runs it
 * (src/internet/model/tcp-highspeed.cc), derived from TcpNewReno:
 * - RFC 3649 §5: per ACK w += a(w)/w, per congestion event w −= b(w)·w, with a(w) = 1 and
 *   b(w) = ½ (standard TCP) up to Low_Window = 38 segments and a(w) growing, b(w) falling above
 *   it (b(w) = (High_Decrease − ½)·(ln w − ln 38)/(ln 83000 − ln 38) + ½,
 *   a(w) = w²·p(w)·2·b(w)/(2 − b(w)) with p(w) = 0.078/w^1.2), taken from Appendix B's table;
 * - ns-3 counts in whole segments: each acknowledged segment adds a(⌊cwnd⌋) to a counter, and
 *   while the counter holds at least the window it gives one segment and loses that window
 *   (the window growing by one each time); the counter is kept across reductions;
 * - slow start as TcpNewReno (Ns3NewRenoFamily);
 * - a loss, an ECN echo or a timeout: with F = ⌊FlightSize⌋ (the bytes in flight, the SACK pipe),
 *   ssthresh = ⌊max(2, F·(1 − b(F)))⌋ segments and cwnd = ssthresh (one segment after a timeout).
 * No parameters: ns-3.37 has none (the table fixes Low_Window, High_Window and High_Decrease).
 */
export class HighSpeed extends Ns3NewRenoFamily {
  readonly id = 'highspeed';
  /** Weighted segments acknowledged towards the next increase (ns-3 m_ackCnt). */
  private ackCnt = 0;

  protected congestionAvoidance(cwnd: number, acked: number): number {
    const old = cwndInSegments(cwnd);
    let seg = old;
    if (acked > 0) this.ackCnt += acked * highSpeedA(seg);
    while (this.ackCnt >= seg) {
      this.ackCnt -= seg;
      seg++;
    }
    return seg !== old ? seg : cwnd;
  }

  ssthreshAfter(s: CcState, _event: CongestionEvent): number {
    const flight = Math.floor(flightSize(s));
    return Math.floor(Math.max(2, flight * (1 - highSpeedB(flight))));
  }

  metrics(): Record<string, number> {
    return { ackCount: this.ackCnt };
  }
}

/** Registry entry (docs/models.md, HighSpeed TCP). */
export const highSpeedModel: CcModel = {
  info: {
    id: 'highspeed',
    category: 'cc',
    name: 'HighSpeed TCP',
    description:
      'Standard TCP up to 38 segments; above, a(w) segments per RTT and a decrease b(w) from RFC 3649’s table (ns-3.37 TcpHighSpeed).',
    citation: 'RFC 3649 §5 and Appendix B; ns-3.37 src/internet/model/tcp-highspeed.cc; Linux tcp_highspeed.c',
    params: [],
  },
  defaultRecovery: 'sack',
  create: () => new HighSpeed(),
};
