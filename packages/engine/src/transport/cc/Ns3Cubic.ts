import type { AckInfo, CcState, CongestionControl, CongestionEvent } from './CongestionControl.js';
import type { CubicParams } from './Cubic.js';

/** HyStart: segments below which it stays off (ns-3.37 HyStartLowWindow). */
const HYSTART_LOW_WINDOW = 16;
/** HyStart: RTT samples per round before the delay test (HyStartMinSamples). */
const HYSTART_MIN_SAMPLES = 8;
/** HyStart: ACKs closer than this belong to one train (HyStartAckDelta), ns. */
const HYSTART_ACK_DELTA_NS = 2e6;
/** HyStart delay threshold clamp (HyStartDelayMin / HyStartDelayMax), ns. */
const HYSTART_DELAY_MIN_NS = 4e6;
const HYSTART_DELAY_MAX_NS = 1000e6;
/** RTT samples are ignored this long after an epoch starts (CubicDelta), ns. */
const CUBIC_DELTA_NS = 10e6;
/** Before the first loss cwnd grows by at least one segment per this many acknowledged (CntClamp). */
const CNT_CLAMP = 20;

/**
 * CUBIC as ns-3.37's TcpCubic runs it (src/internet/model/tcp-cubic.cc, a port of Linux's
 * bictcp), which differs from RFC 9438 (class Cubic) in ways that matter for cross-checks:
 * - the window is a whole number of segments: congestion avoidance counts acknowledged segments
 *   and adds one segment once `cnt` of them have been acknowledged, where
 *   cnt = ⌊cwnd / (target − cwnd)⌋ (100·cwnd when the target is not above cwnd), at least 2 (at
 *   most one segment per two acknowledged) and, before the first loss, at most 20;
 * - target = origin ± ⌊C·|t − K|³⌋ with t = now + delay_min − epoch start (one minimum RTT
 *   ahead), K = ∛((W_max − cwnd)/C) and origin = W_max (or cwnd when W_max ≤ cwnd, K = 0);
 *   delay_min is the smallest RTT passed to the algorithm — in ns-3.37 the smoothed RTT, not a
 *   raw sample — ignoring those within 10 ms of an epoch start;
 * - no Reno-friendly region;
 * - slow start counts acknowledged segments (RFC 3465 byte counting: +1 per segment, not capped
 *   at ssthresh);
 * - HyStart (Ha & Rhee 2011) from cwnd 16: a round starts when the data sent at the last round
 *   start is acknowledged; within a round, ACKs spaced ≤ 2 ms form a train and slow start ends
 *   (ssthresh = cwnd) once the train spans more than delay_min, or once the smallest of the first
 *   8 RTTs of a round exceeds delay_min + clamp(delay_min, 4 ms, 1 s);
 * - on loss or ECN: W_max = cwnd (·(1 + β)/2 if below the previous W_max, fast convergence),
 *   ssthresh = cwnd = max(⌊β·cwnd⌋, 2); a timeout also forgets W_max, delay_min and HyStart's
 *   state (CubicReset) and restarts from one segment.
 */
export class Ns3Cubic implements CongestionControl {
  readonly id = 'cubic';
  private cwndCnt = 0;
  private lastMaxCwnd = 0;
  private originPoint = 0;
  private k = 0;
  /** Smallest RTT seen (ns), −1 = none. */
  private delayMin = -1;
  /** Start of the current epoch (ns), −1 = none. */
  private epochStart = -1;
  private found = false;
  private roundStart = 0;
  /** The round ends when this segment is acknowledged (ns-3 m_endSeq). */
  private endSeq = -2;
  private lastAck = 0;
  private currRtt = -1;
  private sampleCnt = 0;

  /** The slow-start threshold the last onAck left: HyStart's exit sets it (ssthreshAfterUpdate). */
  private ssthresh = 0;

  constructor(private readonly p: CubicParams) {}

  onAck(s: CcState, ack: AckInfo, nowNs: number): number {
    this.ssthresh = s.ssthresh;
    if (ack.ackSeq < s.firstDataSeq) return s.cwnd; // the handshake: no data acknowledged
    const acked = ack.ackedSegments;
    this.pktsAcked(s, nowNs);
    let cwnd = s.cwnd;
    let segs = acked;
    if (cwnd < this.ssthresh) {
      if (s.highestAck > this.endSeq) this.hystartReset(s, nowNs);
      cwnd += segs; // byte-counted slow start (ns-3's stand-in for Linux QUICKACK)
      segs = 0;
    }
    if (cwnd >= this.ssthresh && segs > 0) {
      this.cwndCnt += segs;
      const cnt = this.update(Math.floor(cwnd), nowNs);
      if (this.cwndCnt >= cnt) {
        cwnd += 1;
        this.cwndCnt -= cnt;
      }
    }
    return cwnd;
  }

  /** TcpCubic::PktsAcked with ns-3.37's RTT (the smoothed estimate). */
  private pktsAcked(s: CcState, nowNs: number): void {
    if (this.epochStart >= 0 && nowNs - this.epochStart < CUBIC_DELTA_NS) return;
    const rtt = s.srttNs;
    if (!(rtt > 0)) return;
    if (this.delayMin < 0 || this.delayMin > rtt) this.delayMin = rtt;
    if (s.cwnd <= this.ssthresh && s.cwnd >= HYSTART_LOW_WINDOW) this.hystartUpdate(s, rtt, nowNs);
  }

  private hystartReset(s: CcState, nowNs: number): void {
    this.roundStart = this.lastAck = nowNs;
    this.endSeq = s.maxSeqSent;
    this.currRtt = -1;
    this.sampleCnt = 0;
  }

  private hystartUpdate(s: CcState, delay: number, nowNs: number): void {
    if (this.found) return;
    if (nowNs - this.lastAck <= HYSTART_ACK_DELTA_NS) {
      this.lastAck = nowNs;
      if (nowNs - this.roundStart > this.delayMin) this.found = true; // ACK train
    }
    if (this.sampleCnt < HYSTART_MIN_SAMPLES) {
      if (this.currRtt < 0 || this.currRtt > delay) this.currRtt = delay;
      this.sampleCnt++;
    } else {
      const thresh = Math.min(Math.max(this.delayMin, HYSTART_DELAY_MIN_NS), HYSTART_DELAY_MAX_NS);
      if (this.currRtt > this.delayMin + thresh) this.found = true; // delay increase
    }
    if (this.found) this.ssthresh = s.cwnd;
  }

  ssthreshAfterUpdate(): number {
    return this.ssthresh;
  }

  /** TcpCubic::Update: segments to acknowledge per one-segment increase. */
  update(segCwnd: number, nowNs: number): number {
    if (this.epochStart < 0) {
      this.epochStart = nowNs;
      if (this.lastMaxCwnd <= segCwnd) {
        this.k = 0;
        this.originPoint = segCwnd;
      } else {
        this.k = Math.cbrt((this.lastMaxCwnd - segCwnd) / this.p.c);
        this.originPoint = this.lastMaxCwnd;
      }
    }
    const t = (nowNs + Math.max(this.delayMin, 0) - this.epochStart) / 1e9;
    const offs = t < this.k ? this.k - t : t - this.k;
    const delta = Math.floor(this.p.c * offs * offs * offs);
    const target = t < this.k ? this.originPoint - delta : this.originPoint + delta;
    let cnt = target > segCwnd ? Math.floor(segCwnd / (target - segCwnd)) : 100 * segCwnd;
    if (this.lastMaxCwnd === 0 && cnt > CNT_CLAMP) cnt = CNT_CLAMP;
    return Math.max(cnt, 2);
  }

  ssthreshAfter(s: CcState, event: CongestionEvent, nowNs: number): number {
    const segCwnd = Math.floor(s.cwnd);
    if (segCwnd < this.lastMaxCwnd && this.p.fastConvergence)
      this.lastMaxCwnd = Math.floor((segCwnd * (1 + this.p.beta)) / 2);
    else this.lastMaxCwnd = segCwnd;
    this.epochStart = -1;
    const ssthresh = Math.max(Math.floor(segCwnd * this.p.beta), 2);
    if (event === 'timeout') {
      // CongestionStateSet(CA_LOSS): CubicReset and HystartReset
      this.lastMaxCwnd = 0;
      this.originPoint = 0;
      this.k = 0;
      this.delayMin = -1;
      this.found = false;
      this.hystartReset(s, nowNs);
    }
    return ssthresh;
  }

  cwndAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'timeout') return 1;
    return Math.max(Math.floor(Math.floor(s.cwnd) * this.p.beta), 2);
  }

  metrics(): Record<string, number> {
    return { wMax: this.lastMaxCwnd, k: this.k, origin: this.originPoint };
  }
}
