import type { AckInfo, CcState, CongestionControl, CongestionEvent } from './CongestionControl.js';
import { num } from '../../registry/params.js';
import type { LossRecovery } from '../TcpSender.js';
import type { CcModel } from './CcModel.js';

export interface RenoParams {
  /** Congestion-avoidance increase per RTT, segments (ns-2 increase_num_). */
  increase: number;
  /** Multiplicative decrease factor: ssthresh = (1 − decrease)·window... expressed as the kept fraction β. */
  beta: number;
}

/**
 * The standard TCP window law (RFC 5681 §3.1): slow start adds one segment per ACK below
 * ssthresh, congestion avoidance adds `increase`/cwnd per ACK (≈ `increase` segments per RTT), and
 * a loss sets cwnd = β·min(cwnd, rwnd) (β = ½, kept fractional) and ssthresh to its integer part
 * with a floor of 2 (ns-2.35 tcp.cc slowdown() with precisionReduce_). A timeout restarts from
 * one segment (RFC 5681 §3.1 loss window). Shared by Tahoe, Reno, NewReno and SACK, which differ only in loss recovery.
 */
export class Reno implements CongestionControl {
  constructor(
    readonly id: string,
    private readonly p: RenoParams,
  ) {}

  /** ns-2 windowd(): min(cwnd, receiver window), not truncated (precisionReduce_). */
  protected usableWindow(s: CcState): number {
    return Math.min(s.cwnd, s.maxWindow);
  }

  onAck(s: CcState, _ack: AckInfo): number {
    if (s.cwnd < s.ssthresh) return s.cwnd + 1;
    return s.cwnd + this.p.increase / s.cwnd;
  }

  ssthreshAfter(s: CcState, _event: CongestionEvent): number {
    return Math.max(Math.floor(this.usableWindow(s) * this.p.beta), 2);
  }

  cwndAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'timeout') return 1;
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
] as const;

/** Parameters shared by the FAST-family laws (DelayBasedWindow). */

function aimd(id: string, name: string, recovery: LossRecovery, description: string, citation: string): CcModel {
  return {
    info: { id, category: 'cc', name, description, citation, params: aimdParams },
    defaultRecovery: recovery,
    create: (p) => new Reno(id, { increase: num(p, 'increase'), beta: num(p, 'beta') }),
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
