import { num } from '../../model/params.js';
import type { LinuxAckHooks } from './recoveryHooks.js';
import type { CcModel } from './CcModel.js';
import type { AckInfo, CcState, CongestionControl, CongestionEvent } from './CongestionControl.js';

/** ns-2.35 tcp_compound.c constants: α = 2^−3, k = 3/4 (qroot of w³), ζ (TCP_COMPOUND_BETA) = 1. */
const ALPHA_SHIFT = 3;
const V_PARAM_SHIFT = 1;
const U32 = 0x7fffffff;

/** Linux qroot(): the quartic root by Newton–Raphson from 2^(fls(a)/4), in integers. */
export function qroot(a: number): number {
  let bits = 0;
  for (let x = a; x >= 1; x = Math.floor(x / 2)) bits++;
  let x = 2 ** (bits >> 2);
  let prev: number;
  do {
    prev = x;
    const x3 = x * x * x;
    x = Math.floor((3 * x + Math.floor(a / x3)) / 4);
  } while (Math.abs(prev - x) > 1);
  return x;
}

/**
 * TCP Compound as ns-2.35 runs it: the Linux module tcp/linux/src/tcp_compound.c (Castellani &
 * Hemminger, after Tan, Song, Zhang & Sridharan, "A Compound TCP approach for high-speed and long
 * distance networks", INFOCOM 2006; MSR-TR-2005-86) inside ns-2's Agent/TCP/Linux (ns-2 "compound";
 * use the 'linux' loss recovery). The window is a loss-based part cwnd plus a delay-based part
 * dwnd, snd_cwnd = cwnd + dwnd:
 * - cwnd: Reno — +1 per ACK while cwnd ≤ ssthresh, else +1 per snd_cwnd ACKs (counted against the
 *   whole window), only when the window was the limit (in flight ≥ snd_cwnd);
 * - dwnd, once per RTT (the ACK passing the snd_nxt recorded at the RTT's start) and only with more
 *   than two RTT samples in it: with Vegas's diff = w − w·baseRTT/minRTT (w the segments sent in
 *   the last RTT; in half-segments, V_PARAM_SHIFT 1), dwnd += max(⌊w^{3/4}⌋/8 − 1, 0) while
 *   diff < γ (30 segments), else dwnd −= ζ·diff (ζ = 1), not below 0;
 * - RTT samples (µs + 1) on every ACK: baseRTT the minimum ever, minRTT the minimum within the RTT;
 * - returning to the Open state restarts the RTT bookkeeping (cvegas_enable);
 * - a loss: ssthresh = max(snd_cwnd/2, 2) (tcp_reno_ssthresh) and — ns-2's glue applies the
 *   module's min_cwnd — snd_cwnd = ssthresh/2 (tcp_reno_min_cwnd); a timeout: cwnd 1. At the next
 *   window update the parts are re-split: cwnd = snd_cwnd − dwnd, or dwnd = 0 if either part
 *   alone exceeds snd_cwnd.
 * Integer arithmetic as in the module (windows in whole segments).
 */
export class Compound implements CongestionControl, LinuxAckHooks {
  readonly id = 'compound';
  readonly checksCwndLimited = true;
  private initialized = false;
  private cwndPart = 0;
  private dwnd = 0;
  private cwndCnt = 0;
  private begSndNxt = 0;
  private begSndUna = 0;
  private cntRtt = 0;
  private minRttUs = U32;
  private baseRttUs = U32;
  private sampledThisAck = false;
  private lastPhase = 'open';

  constructor(private readonly gamma: number) {}

  private initialise(s: CcState): void {
    // tcp_compound_init, called by ns-2 on the first ACK
    this.initialized = true;
    this.baseRttUs = U32;
    this.enable(s);
    this.dwnd = 0;
    this.cwndPart = Math.floor(s.cwnd);
  }

  /** cvegas_enable: a new RTT of samples starts at the next segment to send. */
  private enable(s: CcState): void {
    this.begSndNxt = s.nextSeq;
    this.cntRtt = 0;
    this.minRttUs = U32;
  }

  /** tcp_compound_rtt_calc with ns-2's microsecond sample. */
  private sample(s: CcState): void {
    if (!(s.lastRttNs > 0)) return;
    const vrtt = Math.round(s.lastRttNs / 1000) + 1;
    if (vrtt < this.baseRttUs) this.baseRttUs = vrtt;
    this.minRttUs = Math.min(this.minRttUs, vrtt);
    this.cntRtt = Math.min(this.cntRtt + 1, 0xffff);
  }

  /** ns-2 calls pkts_acked (and takes the RTT sample) before the window update. */
  onPacketsAcked(s: CcState): void {
    if (!this.initialized) this.initialise(s);
    this.sample(s);
    this.sampledThisAck = true;
  }

  onAnyAck(s: CcState): void {
    if (!this.initialized) this.initialise(s);
    if (!this.sampledThisAck) this.sample(s); // a duplicate ACK still carries an RTT sample
    this.sampledThisAck = false;
    // tcp_compound_state: entering Open restarts the RTT bookkeeping
    if (s.phase !== this.lastPhase && s.phase === 'open') this.enable(s);
    this.lastPhase = s.phase;
  }

  onAck(s: CcState, ack: AckInfo): number {
    if (!this.initialized) this.initialise(s);
    const snd = Math.floor(s.cwnd);
    if (this.cwndPart + this.dwnd > snd) {
      if (this.cwndPart > snd || this.dwnd > snd) {
        this.cwndPart = snd;
        this.dwnd = 0;
      } else this.cwndPart = snd - this.dwnd;
    }
    const prior = ack.priorInFlight ?? -1;
    if (prior >= 0 && prior < snd) return s.cwnd; // tcp_is_cwnd_limited
    let inc = false;
    if (this.cwndPart <= s.ssthresh) inc = true;
    else if (this.cwndCnt < snd) this.cwndCnt++;
    if (this.cwndCnt >= snd) {
      inc = true;
      this.cwndCnt = 0;
    }
    if (inc && snd < s.maxWindow) this.cwndPart++;
    if (ack.ackSeq + 1 > this.begSndNxt) this.perRtt(s);
    return this.cwndPart + this.dwnd;
  }

  /** The once-per-RTT Vegas-style update of dwnd. */
  private perRtt(s: CcState): void {
    const oldWnd = this.begSndNxt - this.begSndUna;
    this.begSndUna = this.begSndNxt;
    this.begSndNxt = s.nextSeq;
    if (this.cntRtt > 2) {
      const rtt = this.minRttUs;
      const target = Math.floor((oldWnd * this.baseRttUs * 2 ** V_PARAM_SHIFT) / rtt);
      const diff = oldWnd * 2 ** V_PARAM_SHIFT - target;
      let dwnd = this.dwnd;
      if (diff < this.gamma * 2 ** V_PARAM_SHIFT) {
        const x = Math.floor(qroot(oldWnd * oldWnd * oldWnd) / 2 ** ALPHA_SHIFT);
        dwnd = (x > 1 ? x - 1 : 0) + this.dwnd;
      } else if (dwnd * 2 ** V_PARAM_SHIFT < diff) dwnd = 0;
      else dwnd = Math.floor((dwnd * 2 ** V_PARAM_SHIFT - diff) / 2 ** V_PARAM_SHIFT);
      this.dwnd = dwnd;
    }
    this.cntRtt = 0;
    this.minRttUs = U32;
  }

  /** tcp_reno_ssthresh on the whole window. */
  ssthreshAfter(s: CcState, event: CongestionEvent): number {
    void event;
    this.cwndCnt = 0;
    return Math.max(Math.floor(Math.floor(s.cwnd) / 2), 2);
  }

  /** ns-2's glue: snd_cwnd = min_cwnd = ssthresh/2 on a loss or ECN; 1 after a timeout. */
  cwndAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'timeout') return 1;
    return Math.max(Math.floor(Math.max(Math.floor(Math.floor(s.cwnd) / 2), 2) / 2), 1);
  }

  metrics(): Record<string, number> {
    return {
      cwndPart: this.cwndPart,
      dwnd: this.dwnd,
      baseRttMs: this.baseRttUs === U32 ? NaN : this.baseRttUs / 1000,
    };
  }
}

/** Registry entry (docs/models.md). */
export const compoundModel: CcModel = {
  info: {
    id: 'compound',
    category: 'cc',
    name: 'Compound TCP',
    description:
      'Windows Compound TCP: a Reno window plus a delay-based window that grows (α·w^¾ per RTT) while the queue Vegas estimates stays under γ and shrinks by it beyond (ns-2.35 Linux "compound").',
    citation:
      'Tan, Song, Zhang & Sridharan, INFOCOM 2006 (MSR-TR-2005-86); ns-2.35 tcp/linux/src/tcp_compound.c with tcp/tcp-linux.cc',
    params: [
      {
        key: 'gamma',
        label: 'γ',
        kind: 'number',
        default: 30,
        min: 1,
        max: 1000,
        unit: 'segments',
        description: 'Queue (Vegas diff) below which the delay window grows (TCP_COMPOUND_GAMMA 30).',
      },
    ],
  },
  defaultRecovery: 'linux',
  create: (p) => new Compound(num(p, 'gamma')),
};
