import type { AckInfo, CcState, CongestionEvent } from './CongestionControl.js';
import { num, str } from '../../model/params.js';
import type { CcModel } from './CcModel.js';
import { Reno } from './Reno.js';

export interface DctcpParams {
  /** Weight g of the new sample in the moving average of the marked fraction (RFC 8257 §3.3: 1/16). */
  g: number;
  /** DCTCP.Alpha before the first update (RFC 8257 §3.3 and ns-3.37: 1; some Linux versions 0). */
  initialAlpha: number;
  /**
   * Reaction to a loss: 'halve' as conventional TCP (RFC 8257 §3.5), or 'alpha', the same
   * cwnd·(1 − α/2) as for marks (ns-3.37 TcpDctcp::GetSsThresh serves both).
   */
  lossReduction: 'halve' | 'alpha';
}

/**
 * DCTCP, Data Center TCP (RFC 8257; Alizadeh et al., "Data Center TCP (DCTCP)", SIGCOMM 2010).
 * The sender estimates the fraction of its data that met congestion from the ECN-Echo flags the
 * receiver returns exactly (the receiver's DCTCP echo, RFC 8257 §3.2, selected automatically):
 * - once per window of data (when SND.UNA reaches WindowEnd = SND.NXT at the last update, as
 *   Linux tcp_dctcp.c and ns-3.37 tcp-dctcp.cc test it; RFC 8257 §3.3 steps 1–8):
 *   F = bytes acknowledged with ECE / bytes acknowledged,  α ← (1 − g)·α + g·F  (§3.3 step 6);
 * - on ECN-Echo, at most once per window (the sender's RFC 3168 rule):
 *   cwnd ← cwnd·(1 − α/2), and ssthresh to the same value (§3.4);
 * - a loss is handled as by conventional TCP (§3.5), or with the same α-cut (`lossReduction`);
 * - growth as Linux Reno (slow start and congestion avoidance counting acknowledged segments;
 *   ns-3.37's TcpDctcp derives from TcpLinuxReno); data is sent ECT(0).
 * A timeout restarts from one segment.
 */
export class Dctcp extends Reno {
  private alpha: number;
  private ackedSegments = 0;
  private markedSegments = 0;
  /** The α update is due when SND.UNA reaches this segment (−1: set on the first ACK). */
  private windowEnd = -1;
  /** Cumulative ACK already counted. */
  private counted = -1;
  private cut = 2;

  constructor(private readonly d: DctcpParams) {
    super('dctcp', { increase: 1, beta: 0.5, growth: 'linux', reduceFrom: 'window' });
    this.alpha = d.initialAlpha;
  }

  /** RFC 8257 §3.3: count acknowledged and ECE-acknowledged data; update α once per window. */
  onAnyAck(s: CcState, ack: AckInfo): void {
    const from = Math.max(this.counted, s.firstDataSeq - 1);
    const acked = ack.ackSeq - from;
    if (acked <= 0) return;
    this.counted = ack.ackSeq;
    this.ackedSegments += acked;
    if (ack.ece) this.markedSegments += acked;
    if (this.windowEnd < 0) this.windowEnd = s.nextSeq;
    if (ack.ackSeq + 1 >= this.windowEnd) {
      this.alpha = this.updatedAlpha(this.markedSegments, this.ackedSegments);
      this.windowEnd = s.nextSeq;
      this.ackedSegments = 0;
      this.markedSegments = 0;
    }
  }

  /** α ← (1 − g)·α + g·F with F = marked/acked (RFC 8257 §3.3 steps 5–6). */
  updatedAlpha(marked: number, acked: number): number {
    const f = acked > 0 ? marked / acked : 0;
    return (1 - this.d.g) * this.alpha + this.d.g * f;
  }

  override ssthreshAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'ecn' || (event === 'loss' && this.d.lossReduction === 'alpha')) {
      // RFC 8257 §3.4: cwnd = cwnd × (1 − DCTCP.Alpha / 2)
      this.cut = Math.max(Math.min(s.cwnd, s.maxWindow) * (1 - this.alpha / 2), 2);
      return this.cut;
    }
    return super.ssthreshAfter(s, event);
  }

  override cwndAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'ecn' || (event === 'loss' && this.d.lossReduction === 'alpha')) return this.cut;
    return super.cwndAfter(s, event);
  }

  /** Current DCTCP.Alpha. */
  get alphaEstimate(): number {
    return this.alpha;
  }

  metrics(): Record<string, number> {
    return { alpha: this.alpha };
  }
}

/** Registry entry (docs/models.md). */
export const dctcpModel: CcModel = {
  info: {
    id: 'dctcp',
    category: 'cc',
    name: 'DCTCP',
    description:
      'Cuts cwnd in proportion to the fraction of ECN-marked data (α), so a step-marking queue stays near its threshold with full throughput.',
    citation:
      'RFC 8257 §3.2–3.5; Alizadeh et al., "Data Center TCP (DCTCP)", ACM SIGCOMM 2010; Linux tcp_dctcp.c; ns-3.37 tcp-dctcp.cc',
    params: [
      {
        key: 'g',
        label: 'Gain g',
        kind: 'number',
        default: 1 / 16,
        min: 0.001,
        max: 1,
        unit: '×',
        description: 'Weight of the newest marked fraction in α (RFC 8257 §3.3: 1/16).',
      },
      {
        key: 'initialAlpha',
        label: 'Initial α',
        kind: 'number',
        default: 1,
        min: 0,
        max: 1,
        description:
          'α before the first window is measured (RFC 8257 and ns-3.37: 1, a cautious first cut; some Linux versions 0).',
      },
      {
        key: 'lossReduction',
        label: 'On loss',
        kind: 'enum',
        default: 'halve',
        options: ['halve', 'alpha'],
        description:
          'halve: react to loss as conventional TCP (RFC 8257 §3.5); alpha: cut by α/2 as for marks (ns-3.37 TcpDctcp).',
      },
    ],
  },
  defaultRecovery: 'sack',
  ecn: 'dctcp',
  create: (p) =>
    new Dctcp({
      g: num(p, 'g'),
      initialAlpha: num(p, 'initialAlpha'),
      lossReduction: str(p, 'lossReduction') as 'halve' | 'alpha',
    }),
};
