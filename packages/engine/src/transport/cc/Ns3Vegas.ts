import type { AckInfo, CcState, CongestionControl, CongestionEvent, TcpPhase } from './CongestionControl.js';
import type { VegasParams } from './Vegas.js';

/**
 * Vegas as ns-3.37's TcpVegas runs it (src/internet/model/tcp-vegas.cc, a port of Linux
 * tcp_vegas.c), which is not ns-2's agent (class Vegas):
 * - RTT samples are the ones ns-3.37 hands to congestion controls — the smoothed RTT — and
 *   BaseRTT is their minimum, minRTT the minimum within the current round;
 * - once per round (when the data sent at the last round start is acknowledged), with more than
 *   two samples: target = ⌊cwnd·BaseRTT/minRTT⌋, diff = cwnd − target (whole segments);
 *   in slow start, diff > γ sets cwnd = min(cwnd, target + 1) and ends slow start
 *   (ssthresh = max(min(ssthresh, cwnd − 1), 2)); in congestion avoidance diff > β takes one
 *   segment off (and lowers ssthresh likewise), diff < α adds one; ssthresh ≥ ¾·cwnd;
 * - with two samples or fewer in a round, NewReno's per-ACK growth; between round ends, slow
 *   start grows by one segment per ACK and congestion avoidance holds cwnd;
 * - outside the Open state (recovery, loss) Vegas is off and NewReno grows; it restarts its round
 *   when the state returns to Open;
 * - a loss or an ECN echo: ssthresh = cwnd = max(min(ssthresh, cwnd − 1), 2) — one segment;
 *   a timeout restarts from one segment.
 */
export class Ns3Vegas implements CongestionControl {
  readonly id = 'vegas';
  private baseRtt = Infinity;
  private minRtt = Infinity;
  private cntRtt = 0;
  private doingVegas = false;
  /** The round ends when SND.UNA reaches this segment (ns-3 m_begSndNxt). */
  private begSndNxt = 0;
  private lastDiff = 0;
  /** The slow-start threshold the last onAck left (ssthreshAfterUpdate). */
  private ssthresh = 0;

  constructor(private readonly p: VegasParams) {}

  /** TcpVegas::CongestionStateSet: Vegas is off outside CA_OPEN (DisableVegas). */
  onPhaseChange(s: CcState, _previous: TcpPhase): void {
    if (s.phase !== 'open') this.doingVegas = false;
  }

  onAck(s: CcState, ack: AckInfo): number {
    this.ssthresh = s.ssthresh;
    if (ack.ackSeq < s.firstDataSeq) return s.cwnd; // the handshake: no data acknowledged
    if (s.phase === 'open' && !this.doingVegas) {
      // TcpVegas::EnableVegas on entering CA_OPEN, taken on the first ACK in it
      this.doingVegas = true;
      this.begSndNxt = s.nextSeq;
      this.cntRtt = 0;
      this.minRtt = Infinity;
    }
    // TcpVegas::PktsAcked
    const rtt = s.srttNs;
    if (rtt > 0) {
      this.minRtt = Math.min(this.minRtt, rtt);
      this.baseRtt = Math.min(this.baseRtt, rtt);
      this.cntRtt++;
    }
    if (!this.doingVegas) return this.newRenoGrowth(s);
    if (ack.ackSeq + 1 >= this.begSndNxt) {
      this.begSndNxt = s.nextSeq;
      let cwnd = s.cwnd;
      if (this.cntRtt <= 2) cwnd = this.newRenoGrowth(s);
      else {
        let segCwnd = Math.floor(cwnd);
        const target = Math.floor(segCwnd * (this.baseRtt / this.minRtt));
        const diff = segCwnd - target;
        this.lastDiff = diff;
        if (diff > this.p.gamma && cwnd < this.ssthresh) {
          segCwnd = Math.min(segCwnd, target + 1);
          cwnd = segCwnd;
          this.ssthresh = this.reducedSsthresh(this.ssthresh, cwnd);
        } else if (cwnd < this.ssthresh) cwnd += 1;
        else if (diff > this.p.beta) {
          cwnd = segCwnd - 1;
          this.ssthresh = this.reducedSsthresh(this.ssthresh, cwnd);
        } else if (diff < this.p.alpha) cwnd = segCwnd + 1;
        this.ssthresh = Math.max(this.ssthresh, 0.75 * cwnd);
      }
      this.cntRtt = 0;
      this.minRtt = Infinity;
      return cwnd;
    }
    return s.cwnd < s.ssthresh ? s.cwnd + 1 : s.cwnd;
  }

  ssthreshAfterUpdate(): number {
    return this.ssthresh;
  }

  /** TcpNewReno::IncreaseWindow: +1 per ACK in slow start, +1/cwnd per ACK after. */
  private newRenoGrowth(s: CcState): number {
    if (s.cwnd < s.ssthresh) return s.cwnd + 1;
    return s.cwnd + 1 / s.cwnd;
  }

  /** TcpVegas::GetSsThresh: max(min(ssthresh, cwnd − 1), 2). */
  private reducedSsthresh(ssthresh: number, cwnd: number): number {
    return Math.max(Math.min(ssthresh, cwnd - 1), 2);
  }

  ssthreshAfter(s: CcState, _event: CongestionEvent): number {
    this.doingVegas = false;
    return this.reducedSsthresh(s.ssthresh, s.cwnd);
  }

  cwndAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'timeout') return 1;
    return this.reducedSsthresh(s.ssthresh, s.cwnd);
  }

  metrics(): Record<string, number> {
    return { baseRttMs: Number.isFinite(this.baseRtt) ? this.baseRtt / 1e6 : 0, diff: this.lastDiff };
  }
}
