import { flightSize, type CcState, type CongestionEvent } from './CongestionControl.js';
import type { CcModel } from './CcModel.js';
import { num } from '../../model/params.js';
import { cwndInSegments, Ns3NewRenoFamily } from './Ns3NewRenoFamily.js';

export interface ScalableParams {
  /** Segments acknowledged per one-segment increase, at most (ns-3 AIFactor; Linux TCP_SCALABLE_AI_CNT). */
  aiFactor: number;
  /** Fraction of the flight taken off by a congestion event (ns-3 MDFactor; Kelly's b). */
  mdFactor: number;
}

/**
 * Scalable TCP (Kelly, "Scalable TCP: improving performance in highspeed wide area networks",
 * ACM SIGCOMM CCR 33(2), 2003) as ns-3.37's TcpScalable runs it (src/internet/model/tcp-scalable.cc,
 * after Linux tcp_scalable.c), derived from TcpNewReno:
 * - Kelly's law is cwnd += a per acknowledged segment (a = 0.01) and cwnd −= b·cwnd per
 *   congestion event (b = 0.125): a rate increase and a decrease both proportional to the window,
 *   so the time to recover from a loss does not grow with the window;
 * - ns-3 (like Linux) counts acknowledged segments in whole segments instead: congestion
 *   avoidance adds one segment per w = min(⌊cwnd⌋, aiFactor) acknowledged (aiFactor 50: 1/50 per
 *   segment from 50 segments up, i.e. a = 0.02, and Reno's 1/cwnd below); when the count has
 *   already reached w (w fell with the window) the ACK first adds one segment and restarts it;
 *   then the ACK's segments are added, and if they reach w the window grows by ⌊count/w⌋ and the
 *   count restarts at 0 (the remainder is dropped, unlike Linux's tcp_cong_avoid_ai);
 * - slow start as TcpNewReno (Ns3NewRenoFamily);
 * - a loss, an ECN echo or a timeout: ssthresh = ⌊max(2, ⌊FlightSize⌋·(1 − mdFactor))⌋ segments,
 *   from the bytes in flight (the SACK pipe; TcpScalable::GetSsThresh), and cwnd = ssthresh
 *   (one segment after a timeout). The counter is kept across reductions.
 */
export class Scalable extends Ns3NewRenoFamily {
  readonly id = 'scalable';
  /** Segments acknowledged towards the next increase (ns-3 m_ackCnt). */
  private ackCnt = 0;

  constructor(private readonly p: ScalableParams) {
    super();
  }

  protected congestionAvoidance(cwnd: number, acked: number): number {
    const old = cwndInSegments(cwnd);
    let seg = old;
    const w = Math.min(seg, this.p.aiFactor);
    if (this.ackCnt >= w) {
      this.ackCnt = 0;
      seg++;
    }
    this.ackCnt += acked;
    if (this.ackCnt >= w) {
      seg += Math.floor(this.ackCnt / w);
      this.ackCnt = 0;
    }
    return seg !== old ? seg : cwnd;
  }

  ssthreshAfter(s: CcState, _event: CongestionEvent): number {
    const flight = Math.floor(flightSize(s));
    return Math.floor(Math.max(2, flight * (1 - this.p.mdFactor)));
  }

  metrics(): Record<string, number> {
    return { ackCount: this.ackCnt };
  }
}

/** Registry entry (docs/models.md, Scalable TCP). */
export const scalableModel: CcModel = {
  info: {
    id: 'scalable',
    category: 'cc',
    name: 'Scalable TCP',
    description:
      'Multiplicative increase and decrease: +1 segment per 50 acknowledged (a = 0.02), −12.5 % per congestion event (ns-3.37 TcpScalable).',
    citation:
      'Kelly, "Scalable TCP", ACM SIGCOMM CCR 33(2) 2003; ns-3.37 src/internet/model/tcp-scalable.cc; Linux tcp_scalable.c',
    params: [
      {
        key: 'aiFactor',
        label: 'AI factor',
        kind: 'integer',
        default: 50,
        min: 1,
        max: 10000,
        unit: 'segments',
        description:
          "Congestion avoidance adds one segment per min(cwnd, aiFactor) acknowledged segments (ns-3.37 AIFactor 50, i.e. +0.02 per segment from 50 segments up; Kelly's a = 0.01 is aiFactor 100).",
      },
      {
        key: 'mdFactor',
        label: 'MD factor',
        kind: 'number',
        default: 0.125,
        min: 0.01,
        max: 0.9,
        unit: '×',
        description:
          "Fraction of the flight taken off on a congestion event: ssthresh = flight·(1 − mdFactor) (Kelly's b = 0.125).",
      },
    ],
  },
  defaultRecovery: 'sack',
  create: (p) => new Scalable({ aiFactor: num(p, 'aiFactor'), mdFactor: num(p, 'mdFactor') }),
};
