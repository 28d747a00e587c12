import {
  flightSize,
  type AckInfo,
  type CcState,
  type CongestionControl,
  type CongestionEvent,
} from './CongestionControl.js';
import { num, str } from '../../model/params.js';
import type { LossRecovery } from './CcModel.js';
import type { CcModel } from './CcModel.js';

export interface RenoParams {
  /** Congestion-avoidance increase per RTT, segments (ns-2 increase_num_). */
  increase: number;
  /** Multiplicative decrease factor: ssthresh = (1 − decrease)·window... expressed as the kept fraction β. */
  beta: number;
  /**
   * Window growth: 'per-ack' — +1 per ACK in slow start, +increase/cwnd per ACK in congestion
   * avoidance (ns-2's agents, ns-3.37 TcpNewReno), so delayed ACKs halve it; 'linux' — counts
   * acknowledged segments (Linux tcp_slow_start / tcp_cong_avoid_ai, ns-3.37 TcpLinuxReno):
   * slow start +1 per segment up to ssthresh, congestion avoidance +increase per ⌊cwnd⌋ segments.
   */
  growth?: 'per-ack' | 'linux';
  /**
   * What a reduction is taken from: 'window' — β·min(cwnd, rwnd) (ns-2 slowdown()); 'flight' —
   * β·FlightSize (RFC 5681 eq. 4; ns-3.37 TcpNewReno::GetSsThresh with BytesInFlight, i.e. the
   * SACK pipe), and cwnd = ssthresh, fractional.
   */
  reduceFrom?: 'window' | 'flight';
  /**
   * When > 0, 'per-ack' congestion avoidance adds whole bytes of segments this size, as ns-3.37's
   * TcpNewReno does with its byte-counted window: max(1, ⌊size²/cwnd_bytes⌋) bytes per ACK (about
   * 4–7 % less than 1/cwnd segments at 60–90 segments); 0 = exact fractions.
   */
  cwndByteSize?: number;
}

/**
 * The standard TCP window law (RFC 5681 §3.1): slow start adds one segment per ACK below
 * ssthresh, congestion avoidance adds `increase`/cwnd per ACK (≈ `increase` segments per RTT), and
 * a loss sets cwnd = β·min(cwnd, rwnd) (β = ½, kept fractional) and ssthresh to its integer part
 * with a floor of 2 (ns-2.35 tcp.cc slowdown() with precisionReduce_). A timeout restarts from
 * one segment (RFC 5681 §3.1 loss window). Shared by Tahoe, Reno, NewReno and SACK, which differ only in loss recovery.
 */
export class Reno implements CongestionControl {
  /** 'linux' growth: segments acknowledged towards the next increase (Linux snd_cwnd_cnt). */
  private cwndCount = 0;
  private reduced = 2;

  constructor(
    readonly id: string,
    private readonly p: RenoParams,
  ) {}

  /** ns-2 windowd(): min(cwnd, receiver window), not truncated (precisionReduce_). */
  protected usableWindow(s: CcState): number {
    return Math.min(s.cwnd, s.maxWindow);
  }

  onAck(s: CcState, ack: AckInfo): number {
    if (this.p.growth === 'linux') return this.linuxGrowth(s.cwnd, s.ssthresh, ack.ackedSegments);
    if (s.cwnd < s.ssthresh) return s.cwnd + 1;
    const mss = this.p.cwndByteSize ?? 0;
    if (mss > 0) {
      // ns-3.37 TcpNewReno::CongestionAvoidance: adder = max(1, ⌊MSS·MSS/cWnd⌋) bytes
      const bytes = Math.round(s.cwnd * mss);
      return (bytes + Math.max(1, Math.floor((this.p.increase * mss * mss) / bytes))) / mss;
    }
    return s.cwnd + this.p.increase / s.cwnd;
  }

  /**
   * Linux tcp_reno_cong_avoid as ns-3.37's TcpLinuxReno has it (tcp-linux-reno.cc): slow start
   * adds the acknowledged segments up to ssthresh (the rest of that ACK is not used); congestion
   * avoidance counts acknowledged segments and adds `increase` per w = ⌊cwnd⌋ of them
   * (tcp_cong_avoid_ai, including its carry-over of the counter).
   */
  protected linuxGrowth(cwnd: number, ssthresh: number, acked: number): number {
    if (acked <= 0) return cwnd;
    if (cwnd < ssthresh) return Math.min(cwnd + acked, ssthresh);
    const w = Math.max(Math.floor(cwnd), 1);
    if (this.cwndCount >= w) {
      this.cwndCount = 0;
      cwnd += this.p.increase;
    }
    this.cwndCount += acked;
    if (this.cwndCount >= w) {
      const delta = Math.floor(this.cwndCount / w);
      this.cwndCount -= delta * w;
      cwnd += delta * this.p.increase;
    }
    return cwnd;
  }

  ssthreshAfter(s: CcState, _event: CongestionEvent): number {
    if (this.p.reduceFrom === 'flight') {
      this.reduced = Math.max(flightSize(s) * this.p.beta, 2);
      return this.reduced;
    }
    return Math.max(Math.floor(this.usableWindow(s) * this.p.beta), 2);
  }

  cwndAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'timeout') return 1;
    if (this.p.reduceFrom === 'flight') return this.reduced;
    return Math.max(this.usableWindow(s) * this.p.beta, 1);
  }
}

const aimdParams = [
  {
    key: 'increase',
    label: 'Additive increase',
    kind: 'number',
    default: 1,
    min: 0.01,
    max: 100,
    unit: 'segments/RTT',
    description: 'Congestion-avoidance increase per round trip (ns-2 increase_num_).',
  },
  {
    key: 'beta',
    label: 'Decrease factor β',
    kind: 'number',
    default: 0.5,
    min: 0.05,
    max: 0.95,
    unit: '×',
    description: 'Window kept after a loss: ssthresh = β·window (RFC 5681: ½).',
  },
  {
    key: 'growth',
    label: 'Growth counting',
    kind: 'enum',
    default: 'per-ack',
    options: ['per-ack', 'linux'],
    description:
      'per-ack: +1 per ACK in slow start, +increase/cwnd per ACK after (ns-2, ns-3 TcpNewReno; delayed ACKs halve it); linux: counts acknowledged segments (slow start +1 per segment up to ssthresh, then +increase per cwnd segments; Linux tcp_cong_avoid_ai, ns-3 TcpLinuxReno).',
  },
  {
    key: 'cwndByteSize',
    label: 'Whole-byte window',
    kind: 'integer',
    default: 0,
    min: 0,
    max: 65535,
    unit: 'B',
    description:
      'per-ack growth: when > 0, add max(1, ⌊size²/cwnd bytes⌋) whole bytes per ACK in congestion avoidance, as ns-3.37 TcpNewReno does for its segment size; 0: exact 1/cwnd segments.',
  },
  {
    key: 'reduceFrom',
    label: 'Reduce from',
    kind: 'enum',
    default: 'window',
    options: ['window', 'flight'],
    description:
      'window: ssthresh = ⌊β·min(cwnd, rwnd)⌋ (ns-2); flight: ssthresh = cwnd = β·FlightSize, the SACK pipe (RFC 5681 eq. 4, ns-3 TcpNewReno).',
  },
] as const;

/** Parameters shared by the FAST-family laws (DelayBasedWindow). */

function aimd(id: string, name: string, recovery: LossRecovery, description: string, citation: string): CcModel {
  return {
    info: { id, category: 'cc', name, description, citation, params: aimdParams },
    defaultRecovery: recovery,
    create: (p) =>
      new Reno(id, {
        increase: num(p, 'increase'),
        beta: num(p, 'beta'),
        growth: str(p, 'growth') as 'per-ack' | 'linux',
        reduceFrom: str(p, 'reduceFrom') as 'window' | 'flight',
        cwndByteSize: num(p, 'cwndByteSize'),
      }),
  };
}

export const tahoeModel: CcModel = aimd(
  'tahoe',
  'Tahoe',
  'tahoe',
  'Slow start, congestion avoidance, fast retransmit; every loss restarts from one segment.',
  'Jacobson 1988, "Congestion Avoidance and Control"; RFC 5681 §3.1–3.2; ns-2 Agent/TCP',
);

export const renoModel: CcModel = aimd(
  'reno',
  'Reno',
  'reno',
  'AIMD with fast retransmit and fast recovery (window inflation); one loss per window.',
  'RFC 5681 §3.2; ns-2 Agent/TCP/Reno (tcp-reno.cc)',
);

export const newRenoModel: CcModel = aimd(
  'newreno',
  'NewReno',
  'newreno',
  'Reno whose fast recovery survives partial ACKs, repairing one hole per RTT.',
  'RFC 6582; ns-2 Agent/TCP/Newreno (tcp-newreno.cc)',
);

export const sackModel: CcModel = aimd(
  'sack',
  'SACK',
  'sack',
  'AIMD with selective acknowledgements and conservative pipe-based loss recovery.',
  'RFC 2018 (SACK option), RFC 6675 (loss recovery); ns-2 Agent/TCP/Sack1',
);
