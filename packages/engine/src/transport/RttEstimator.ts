/**
 * Retransmission-timeout estimation.
 *
 * Two estimators share one interface:
 * - `rfc6298`: RFC 6298 §2 in floating point: SRTT ← 7/8·SRTT + 1/8·R, RTTVAR ← 3/4·RTTVAR +
 *   1/4·|SRTT − R|, RTO = SRTT + max(G, 4·RTTVAR), clamped to [minRto, maxRto] (§2.4, §2.5), with
 *   exponential backoff (§5.5).
 * - `ns2`: ns-2.35's tick-integer estimator (tcp.cc rtt_update / rtt_timeout): samples counted in
 *   whole clock ticks, srtt kept ×8 and rttvar ×4 as integers, RTO = floor(srtt + 4·rttvar)
 *   ticks, min RTO applied before backoff (rfc2988_ true), and after 8 backoffs srtt is folded into
 *   rttvar. Used to reproduce ns-2 reference runs exactly where timer granularity matters.
 */

import { holdAsDoubles } from '../core/doubleFields.js';

export type RttEstimatorKind = 'rfc6298' | 'ns2';

export interface RtoConfig {
  kind: RttEstimatorKind;
  initialRtoNs: number;
  minRtoNs: number;
  maxRtoNs: number;
  /** Clock granularity G (ns). */
  granularityNs: number;
}

export class RttEstimator {
  srttNs = 0;
  rttvarNs = 0;
  /** Backoff multiplier (1, 2, 4, ... capped at 64). */
  backoff = 1;
  private hasSample = false;
  private rtoBaseNs: number;
  // ns-2 tick-integer state
  private tSrtt = 0;
  private tRttvar = 0;

  constructor(private readonly cfg: RtoConfig) {
    this.rtoBaseNs = cfg.initialRtoNs;
    holdAsDoubles(this, ['srttNs', 'rttvarNs', 'rtoBaseNs']);
  }

  get sampled(): boolean {
    return this.hasSample;
  }

  /** Adds an RTT sample of `rttNs` for a segment sent at `sentNs`. */
  sample(rttNs: number, sentNs: number, fromTimestamp: boolean): void {
    if (this.cfg.kind === 'ns2') this.sampleNs2(rttNs, sentNs, fromTimestamp);
    else this.sampleRfc(rttNs);
    this.hasSample = true;
  }

  private sampleRfc(r: number): void {
    if (!this.hasSample) {
      this.srttNs = r;
      this.rttvarNs = r / 2;
    } else {
      this.rttvarNs = 0.75 * this.rttvarNs + 0.25 * Math.abs(this.srttNs - r);
      this.srttNs = 0.875 * this.srttNs + 0.125 * r;
    }
    this.rtoBaseNs = this.srttNs + Math.max(this.cfg.granularityNs, 4 * this.rttvarNs);
  }

  private sampleNs2(r: number, sentNs: number, fromTimestamp: boolean): void {
    const tick = this.cfg.granularityNs;
    // timestamps: round to the nearest tick; timed segment: count tick boundaries crossed
    let t = fromTimestamp ? Math.floor(r / tick + 0.5) : Math.floor((sentNs + r) / tick) - Math.floor(sentNs / tick);
    if (t < 1) t = 1;
    if (this.tSrtt !== 0) {
      let delta = t - (this.tSrtt >> 3);
      this.tSrtt += delta;
      if (this.tSrtt <= 0) this.tSrtt = 1;
      if (delta < 0) delta = -delta;
      delta -= this.tRttvar >> 2;
      this.tRttvar += delta;
      if (this.tRttvar <= 0) this.tRttvar = 1;
    } else {
      this.tSrtt = t << 3;
      this.tRttvar = t << 1;
    }
    this.srttNs = (this.tSrtt / 8) * tick;
    this.rttvarNs = (this.tRttvar / 4) * tick;
    // t_rtxcur_ = (((t_rttvar_ << 3) + t_srtt_) >> 3) ticks = floor(srtt + 4·rttvar)
    this.rtoBaseNs = ((this.tSrtt + (this.tRttvar << 3)) >> 3) * tick;
  }

  /** Current retransmission timeout including backoff (ns). */
  rtoNs(): number {
    const c = this.cfg;
    let rto: number;
    if (c.kind === 'ns2') {
      rto = (this.rtoBaseNs < c.minRtoNs ? c.minRtoNs : this.rtoBaseNs) * this.backoff;
      if (rto > c.maxRtoNs) rto = c.maxRtoNs;
      if (rto < 2 * c.granularityNs) rto = 2 * c.granularityNs;
    } else {
      rto = Math.max(c.minRtoNs, this.rtoBaseNs) * this.backoff;
      if (rto > c.maxRtoNs) rto = c.maxRtoNs;
    }
    return Math.round(rto);
  }

  /** Doubles the timeout after an expiry (RFC 6298 §5.5). */
  backOff(): void {
    if (this.backoff < 64 || this.rtoNs() < this.cfg.maxRtoNs) this.backoff *= 2;
    if (this.cfg.kind === 'ns2' && this.backoff > 8) {
      this.tRttvar += this.tSrtt >> 3;
      this.tSrtt = 0;
    }
  }

  resetBackoff(): void {
    this.backoff = 1;
  }
}
