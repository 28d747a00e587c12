import {
  flightSize,
  type AckInfo,
  type CcState,
  type CongestionControl,
  type CongestionEvent,
} from './CongestionControl.js';
import type { CcModel } from './CcModel.js';
import { bool, num } from '../../model/params.js';
import { cwndInSegments } from './Ns3NewRenoFamily.js';

export interface BicParams {
  /** Lower W_max to β·cwnd when a loss comes below the previous W_max (ns-3 FastConvergence). */
  fastConvergence: boolean;
  /** Window kept after a congestion event (ns-3 Beta). */
  beta: number;
  /** Largest increase per round trip, segments (S_max; ns-3 MaxIncr). */
  maxIncr: number;
  /** Below this window BIC behaves as NewReno (ns-3 LowWnd). */
  lowWnd: number;
  /** Round trips to cover the last segments to W_max, and the first beyond it (ns-3 SmoothPart). */
  smoothPart: number;
  /** The binary search divides the distance to W_max by this (ns-3 BinarySearchCoefficient). */
  b: number;
}

/**
 * BIC (Xu, Harfoush & Rhee, "Binary Increase Congestion Control (BIC) for Fast Long-Distance
 * Networks", IEEE INFOCOM 2004) as ns-3.37's TcpBic runs it (src/internet/model/tcp-bic.cc, after
 * Linux tcp_bic.c). The window after a loss searches for the last maximum W_max: far below it
 * it grows linearly by S_max = maxIncr segments per round trip (additive increase), closer by the
 * distance to W_max divided by b each round trip (binary search increase; the paper's midpoint is
 * b = 2), within b segments of W_max by b/smoothPart segments per round trip; beyond W_max it
 * probes slowly at first and then faster (max probing), up to maxIncr per round trip. In ns-3's
 * integer form, congestion avoidance adds one segment once more than `cnt` segments have been
 * acknowledged since the last increase (the count then restarts at 0), with w = ⌊cwnd⌋:
 * - w < lowWnd: cnt = w (NewReno);
 * - w < W_max, d = ⌊(W_max − w)/b⌋: d > maxIncr → cnt = ⌊w/maxIncr⌋; d ≤ 1 →
 *   cnt = ⌊w·smoothPart/b⌋; otherwise cnt = ⌊w/d⌋;
 * - w ≥ W_max: w < W_max + b → cnt = ⌊w·smoothPart/b⌋; w < W_max + maxIncr·(b − 1) →
 *   cnt = ⌊w·(b − 1)/(w − W_max)⌋ (slow start beyond W_max); otherwise cnt = ⌊w/maxIncr⌋;
 * - while W_max = 0 (no loss yet) cnt ≤ 20, and cnt ≥ 1.
 * Slow start below ssthresh adds one segment per ACK and passes the rest of the ACK to
 * congestion avoidance (ns-3 counts them in unsigned integers: an ACK that acknowledges nothing,
 * the one that ends the Loss state exactly at the recovery point, still adds a segment in slow
 * start, and its count −1 wraps round — modelled as ns-3 does it).
 * A loss, an ECN echo or a timeout (TcpBic::GetSsThresh): W_max = ⌊β·w⌋ when w < W_max and fast
 * convergence is on, else w; ssthresh = max(β·w, 2) — a fraction of a segment kept, as ns-3's
 * byte-counted window keeps it — or, below lowWnd, max(2, FlightSize/2); cwnd = ssthresh (one
 * segment after a timeout). Linux's fast convergence sets W_max = (1 + β)/2·w; ns-3.37's β·w is
 * followed here.
 */
export class Bic implements CongestionControl {
  readonly id = 'bic';
  /** Segments acknowledged since the last increase (ns-3 m_cWndCnt; unsigned). */
  private cwndCnt = 0;
  /** W_max, whole segments (ns-3 m_lastMaxCwnd). */
  private lastMaxCwnd = 0;

  constructor(private readonly p: BicParams) {}

  onAck(s: CcState, ack: AckInfo): number {
    if (ack.ackSeq < s.firstDataSeq) return s.cwnd; // the handshake: no data acknowledged
    let cwnd = s.cwnd;
    let acked = ack.ackedSegments;
    if (cwnd < s.ssthresh) {
      cwnd += 1;
      acked = (acked - 1) >>> 0; // uint32_t segmentsAcked -= 1
    }
    if (cwnd >= s.ssthresh && acked > 0) {
      this.cwndCnt = (this.cwndCnt + acked) >>> 0;
      if (this.cwndCnt > this.cnt(cwndInSegments(cwnd))) {
        cwnd += 1;
        this.cwndCnt = 0;
      }
    }
    return cwnd;
  }

  /** TcpBic::Update: more than this many acknowledged segments give one more segment. */
  cnt(w: number): number {
    const { maxIncr, b, smoothPart, lowWnd } = this.p;
    if (w < lowWnd) return w;
    const wMax = this.lastMaxCwnd;
    let cnt: number;
    if (w < wMax) {
      const dist = Math.floor((wMax - w) / b);
      if (dist > maxIncr) cnt = Math.floor(w / maxIncr);
      else if (dist <= 1) cnt = Math.floor((w * smoothPart) / b);
      else cnt = Math.floor(w / dist);
    } else if (w < wMax + b) cnt = Math.floor((w * smoothPart) / b);
    else if (w < wMax + maxIncr * (b - 1)) cnt = Math.floor((w * (b - 1)) / (w - wMax));
    else cnt = Math.floor(w / maxIncr);
    if (wMax === 0 && cnt > 20) cnt = 20;
    return Math.max(cnt, 1);
  }

  ssthreshAfter(s: CcState, _event: CongestionEvent): number {
    const w = cwndInSegments(s.cwnd);
    if (w < this.lastMaxCwnd && this.p.fastConvergence) this.lastMaxCwnd = Math.floor(this.p.beta * w);
    else this.lastMaxCwnd = w;
    if (w < this.p.lowWnd) return Math.max(2, flightSize(s) / 2);
    return Math.max(w * this.p.beta, 2);
  }

  metrics(): Record<string, number> {
    return { wMax: this.lastMaxCwnd };
  }
}

/** Registry entry (docs/models.md, BIC). */
export const bicModel: CcModel = {
  info: {
    id: 'bic',
    category: 'cc',
    name: 'BIC',
    description:
      'Binary search for the last maximum window after a loss, linear growth far from it, max probing beyond it (ns-3.37 TcpBic).',
    citation:
      'Xu, Harfoush & Rhee, "Binary Increase Congestion Control (BIC) for Fast Long-Distance Networks", IEEE INFOCOM 2004; ns-3.37 src/internet/model/tcp-bic.cc; Linux tcp_bic.c',
    params: [
      {
        key: 'beta',
        label: 'β',
        kind: 'number',
        default: 0.8,
        min: 0.1,
        max: 0.95,
        unit: '×',
        description: 'Window kept after a congestion event: ssthresh = β·cwnd (ns-3.37 Beta 0.8).',
      },
      {
        key: 'maxIncr',
        label: 'S_max',
        kind: 'integer',
        default: 16,
        min: 1,
        max: 1000,
        unit: 'segments/RTT',
        description: 'Largest increase per round trip, far below or far above W_max (ns-3.37 MaxIncr 16).',
      },
      {
        key: 'lowWnd',
        label: 'Low window',
        kind: 'integer',
        default: 14,
        min: 0,
        max: 100000,
        unit: 'segments',
        description: 'Below this window BIC grows and reduces as NewReno (ns-3.37 LowWnd 14).',
      },
      {
        key: 'smoothPart',
        label: 'Smooth part',
        kind: 'integer',
        default: 5,
        min: 1,
        max: 1000,
        unit: 'RTTs',
        description:
          'Round trips to cover the last b segments to W_max, and the first b beyond it (ns-3.37 SmoothPart 5).',
      },
      {
        key: 'b',
        label: 'Binary search coefficient',
        kind: 'integer',
        default: 4,
        min: 2,
        max: 255,
        description:
          "The binary search adds the distance to W_max divided by b per round trip (ns-3.37 and Linux 4; the paper's midpoint is 2).",
      },
      {
        key: 'fastConvergence',
        label: 'Fast convergence',
        kind: 'boolean',
        default: true,
        description: 'A loss below the previous W_max sets W_max = β·cwnd, releasing bandwidth sooner (ns-3.37).',
      },
    ],
  },
  defaultRecovery: 'sack',
  create: (p) =>
    new Bic({
      beta: num(p, 'beta'),
      maxIncr: num(p, 'maxIncr'),
      lowWnd: num(p, 'lowWnd'),
      smoothPart: num(p, 'smoothPart'),
      b: num(p, 'b'),
      fastConvergence: bool(p, 'fastConvergence'),
    }),
};
