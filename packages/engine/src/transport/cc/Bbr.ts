import { holdAsDoubles } from '../../core/doubleFields.js';
import {
  flightSize,
  type AckInfo,
  type CcState,
  type CongestionControl,
  type CongestionEvent,
  type RateSample,
} from './CongestionControl.js';
import { num, str } from '../../model/params.js';
import type { CcModel } from './CcModel.js';

export interface BbrParams {
  /** Startup pacing and cwnd gain (draft: 2/ln 2 ≈ 2.885). */
  highGain: number;
  /** cwnd gain in ProbeBW (draft: 2). */
  cwndGain: number;
  /** ProbeBW up-probe pacing gain (draft: 1.25; the down phase uses 2 − it). */
  probeGain: number;
  /** Bandwidth filter length, round trips (draft: 10). */
  bwWindowRounds: number;
  /** RTprop filter length, s (draft: 10). */
  minRttWindow: number;
  /** Time spent at the minimum window in ProbeRTT, s (draft: 0.2). */
  probeRttDuration: number;
  /**
   * 'draft': draft-cardwell-iccrg-bbr-congestion-control-00 as described below; 'ns-3.37': as
   * ns-3.37's TcpBbr (tcp-bbr.cc) runs it — RTprop is the minimum of the smoothed RTT (ns-3.37
   * passes TcpSocketState::m_lastRtt, the estimate, not the sample), the inflight targets add
   * three segments of send quantum (five in the ProbeBW up phase, as Linux's bbr_inflight), round
   * trips are counted only on ACKs that give a delivery-rate sample, and ProbeBW starts in one of
   * the phases 3–7 or 0 (ns-3 draws it; here it is spread deterministically).
   */
  impl?: 'draft' | 'ns-3.37';
}

const enum Mode {
  Startup = 0,
  Drain = 1,
  ProbeBw = 2,
  ProbeRtt = 3,
}

const MODE_NAMES = ['startup', 'drain', 'probe-bw', 'probe-rtt'];
const MIN_CWND = 4;
/** ns-3.37 / Linux: segments of send quantum added to every inflight target (3 × 1 MSS). */
const NS3_QUANTA = 3;

/**
 * BBR v1 (Cardwell, Cheng, Gunn, Hassas Yeganeh & Jacobson, "BBR: congestion-based congestion
 * control", ACM Queue 14(5) 2016; draft-cardwell-iccrg-bbr-congestion-control-00). A model of the
 * path — BtlBw = windowed max of delivery-rate samples over 10 round trips, RTprop = windowed min
 * RTT over 10 s — sets pacing_rate = pacing_gain·BtlBw and cwnd = cwnd_gain·BDP (BDP = BtlBw·RTprop):
 * - Startup: gains 2/ln 2 until BtlBw grows < 25 % for 3 rounds (full pipe, draft §4.3.2.2);
 * - Drain: pacing gain ln 2/2 until inflight ≤ BDP (§4.3.3);
 * - ProbeBW: pacing gain cycles 1.25, 0.75, 1 × 6, one RTprop per phase (§4.3.4);
 * - ProbeRTT: when RTprop has not been refreshed for 10 s, cwnd = 4 for 200 ms and a round
 *   (§4.3.5).
 * Losses do not reduce the model; they modulate cwnd (§4.2.3.4): on entering fast recovery cwnd =
 * pipe + delivered (packet conservation for one round: cwnd ≥ pipe + newly delivered on each ACK),
 * minus newly lost segments; a timeout sets cwnd to one segment; leaving recovery (fast or after a
 * timeout) restores cwnd to at least its value before the loss (prior_cwnd).
 */
export class Bbr implements CongestionControl {
  readonly id = 'bbr';
  private mode = Mode.Startup;
  private pacingGain: number;
  private cwndGainNow: number;
  /** Per-round maxima of the delivery rate (bit/s), a ring of bwWindowRounds entries. */
  private readonly bwRounds: Float64Array;
  private btlBwBps = 0;
  private rtPropNs = Infinity;
  private rtPropStampNs = 0;
  private roundCount = 0;
  private nextRoundDelivered = 0;
  private roundStart = false;
  private fullBwBps = 0;
  private fullBwCount = 0;
  private filledPipe = false;
  private cycleIndex = 0;
  private cycleStampNs = 0;
  private probeRttDoneNs = -1;
  private probeRttRoundDone = false;
  private priorCwnd = 0;
  /** cwnd saved on entering loss recovery (draft BBR.prior_cwnd, §4.2.3.4). */
  private lossPriorCwnd = 0;
  /** Packet conservation in the first round of fast recovery (BBR.packet_conservation). */
  private packetConservation = false;
  /** Highest segment sent at the last timeout while its recovery lasts, else −1. */
  private rtoRecoverSeq = -1;
  /** Segments newly delivered (ACKed or SACKed) by the latest ACK. */
  private lastDelivered = 0;
  private lastTotalDelivered = 0;
  private readonly gains: Float64Array;
  private readonly ns3: boolean;

  constructor(private readonly p: BbrParams) {
    this.ns3 = p.impl === 'ns-3.37';
    this.pacingGain = p.highGain;
    this.cwndGainNow = p.highGain;
    this.bwRounds = new Float64Array(Math.max(1, p.bwWindowRounds));
    this.gains = new Float64Array([p.probeGain, 2 - p.probeGain, 1, 1, 1, 1, 1, 1]);
    holdAsDoubles(this, ['cycleStampNs', 'probeRttDoneNs', 'priorCwnd']);
  }

  /** BDP in segments for a gain (ns-3.37: plus the send quanta of TcpBbr::InFlight). */
  private bdp(s: CcState, gain: number): number {
    if (this.btlBwBps <= 0 || !Number.isFinite(this.rtPropNs)) return s.cwnd;
    const bdp = (gain * this.btlBwBps * this.rtPropNs) / (8e9 * s.segmentBytes);
    if (!this.ns3) return bdp;
    return bdp + NS3_QUANTA + (this.mode === Mode.ProbeBw && this.cycleIndex === 0 ? 2 : 0);
  }

  onRateSample(s: CcState, rs: RateSample, nowNs: number): number {
    this.lastDelivered = rs.newlyAcked;
    this.lastTotalDelivered = rs.totalDelivered;
    // round counting (draft §4.1.1.3; ns-3.37 only on ACKs with a rate sample)
    this.roundStart = false;
    const counts = !this.ns3 || rs.deliveryRateBps > 0;
    if (counts && rs.priorDelivered >= 0 && rs.priorDelivered >= this.nextRoundDelivered) {
      this.nextRoundDelivered = rs.totalDelivered;
      this.roundCount++;
      this.roundStart = true;
      this.bwRounds[this.roundCount % this.bwRounds.length] = 0;
    }
    // BtlBw: max filter over the last rounds (§4.1.1); app-limited samples only if they raise it
    if (rs.deliveryRateBps > 0 && (!rs.isAppLimited || rs.deliveryRateBps >= this.btlBwBps)) {
      const slot = this.roundCount % this.bwRounds.length;
      if (rs.deliveryRateBps > this.bwRounds[slot]!) this.bwRounds[slot] = rs.deliveryRateBps;
    }
    let bw = 0;
    for (let i = 0; i < this.bwRounds.length; i++) if (this.bwRounds[i]! > bw) bw = this.bwRounds[i]!;
    this.btlBwBps = bw;
    // RTprop: min filter over minRttWindow (§4.1.2); ns-3.37 filters the smoothed RTT
    const expired = nowNs - this.rtPropStampNs > this.p.minRttWindow * 1e9;
    const rtt = this.ns3 ? s.srttNs : rs.rttNs;
    if (rtt > 0 && (rtt <= this.rtPropNs || expired)) {
      this.rtPropNs = rtt;
      this.rtPropStampNs = nowNs;
    }
    this.updateMode(s, rs, nowNs, expired);
    // one round of fast recovery ends packet conservation (§4.2.3.4)
    if (this.roundStart) this.packetConservation = false;
    // fast recovery: the sender does not call onAck, so cwnd is set here, before the recovery
    // sends on this ACK (BBRSetCwnd with BBRModulateCwndForRecovery, §4.2.3.4 and §4.2.3.6)
    return s.phase === 'recovery' ? this.recoveryCwnd(s, rs) : s.cwnd;
  }

  private recoveryCwnd(s: CcState, rs: RateSample): number {
    let cwnd = s.cwnd;
    if (rs.newlyLost > 0) cwnd = Math.max(cwnd - rs.newlyLost, 1);
    if (this.packetConservation) cwnd = Math.max(cwnd, flightSize(s) + rs.newlyAcked);
    else {
      const target = this.btlBwBps > 0 ? Math.max(this.bdp(s, this.cwndGainNow), MIN_CWND) : Infinity;
      if (this.filledPipe) cwnd = Math.min(cwnd + rs.newlyAcked, target);
      else if (cwnd < target) cwnd += rs.newlyAcked;
      cwnd = Math.max(cwnd, MIN_CWND);
    }
    if (this.mode === Mode.ProbeRtt) cwnd = Math.min(cwnd, MIN_CWND);
    return cwnd;
  }

  /** BBRSaveCwnd (§4.2.3.4): the window to come back to after loss recovery. */
  private saveCwnd(s: CcState): number {
    const inLoss = s.phase === 'recovery' || this.rtoRecoverSeq >= 0;
    if (!inLoss && this.mode !== Mode.ProbeRtt) return s.cwnd;
    return Math.max(this.lossPriorCwnd, this.priorCwnd, s.cwnd);
  }

  private enterProbeBw(nowNs: number): void {
    this.mode = Mode.ProbeBw;
    this.cwndGainNow = this.p.cwndGain;
    // the draft picks a random phase other than the down phase (ns-3.37: one of 3–7 or 0); a
    // deterministic spread here
    if (this.ns3) {
      const r = Math.floor(this.rtPropNs / 1000) % 6;
      this.cycleIndex = r === 5 ? 0 : r + 3;
    } else {
      const r = Math.floor(this.rtPropNs / 1000) % 7;
      this.cycleIndex = r === 0 ? 0 : r + 1;
    }
    this.pacingGain = this.gains[this.cycleIndex]!;
    this.cycleStampNs = nowNs;
  }

  private updateMode(s: CcState, rs: RateSample, nowNs: number, rtPropExpired: boolean): void {
    // full pipe (§4.3.2.2)
    if (!this.filledPipe && this.roundStart && !rs.isAppLimited) {
      if (this.btlBwBps >= this.fullBwBps * 1.25) {
        this.fullBwBps = this.btlBwBps;
        this.fullBwCount = 0;
      } else if (++this.fullBwCount >= 3) this.filledPipe = true;
    }
    if (this.mode === Mode.Startup && this.filledPipe) {
      this.mode = Mode.Drain;
      this.pacingGain = 1 / this.p.highGain;
      this.cwndGainNow = this.p.highGain;
    }
    if (this.mode === Mode.Drain && s.inFlight <= this.bdp(s, 1)) this.enterProbeBw(nowNs);
    if (this.mode === Mode.ProbeBw) {
      // advance the gain cycle (§4.3.4.3)
      const elapsed = nowNs - this.cycleStampNs > this.rtPropNs;
      const g = this.pacingGain;
      let next = elapsed;
      if (g > 1) next = elapsed && (rs.newlyLost > 0 || s.inFlight >= this.bdp(s, g));
      else if (g < 1) next = elapsed || s.inFlight <= this.bdp(s, 1);
      if (next) {
        this.cycleIndex = (this.cycleIndex + 1) % this.gains.length;
        this.pacingGain = this.gains[this.cycleIndex]!;
        this.cycleStampNs = nowNs;
      }
    }
    // ProbeRTT (§4.3.5)
    if (this.mode !== Mode.ProbeRtt && rtPropExpired && this.filledPipe) {
      this.mode = Mode.ProbeRtt;
      this.pacingGain = 1;
      this.cwndGainNow = 1;
      this.priorCwnd = s.cwnd;
      this.probeRttDoneNs = -1;
    }
    if (this.mode === Mode.ProbeRtt) {
      if (this.probeRttDoneNs < 0 && s.inFlight <= MIN_CWND) {
        this.probeRttDoneNs = nowNs + this.p.probeRttDuration * 1e9;
        this.probeRttRoundDone = false;
        this.nextRoundDelivered = rs.totalDelivered;
      } else if (this.probeRttDoneNs >= 0) {
        if (this.roundStart) this.probeRttRoundDone = true;
        if (this.probeRttRoundDone && nowNs > this.probeRttDoneNs) {
          this.rtPropStampNs = nowNs;
          this.enterProbeBw(nowNs);
        }
      }
    }
  }

  onAck(s: CcState, ack: AckInfo): number {
    let cwnd = s.cwnd;
    if (this.rtoRecoverSeq >= 0 && s.highestAck >= this.rtoRecoverSeq) {
      // recovery after a timeout is over: BBRRestoreCwnd (§4.2.3.4)
      this.rtoRecoverSeq = -1;
      cwnd = Math.max(cwnd, this.lossPriorCwnd);
    }
    if (this.mode === Mode.ProbeRtt) return MIN_CWND;
    if (this.priorCwnd > 0 && cwnd < this.priorCwnd) {
      cwnd = this.priorCwnd; // restore after ProbeRTT
      this.priorCwnd = 0;
    }
    const target = this.btlBwBps > 0 ? Math.max(this.bdp(s, this.cwndGainNow), MIN_CWND) : Infinity;
    if (this.filledPipe) cwnd = Math.min(cwnd + ack.ackedSegments, target);
    else if (cwnd < target) cwnd += ack.ackedSegments;
    return Math.max(cwnd, MIN_CWND);
  }

  pacingRateBps(s: CcState): number {
    if (this.btlBwBps > 0) return this.pacingGain * this.btlBwBps;
    // before the first sample: high gain times the initial window over the first RTT (§4.2.1)
    if (s.srttNs > 0) return (this.p.highGain * s.cwnd * s.segmentBytes * 8e9) / s.srttNs;
    return 0;
  }

  ssthreshAfter(s: CcState, _event: CongestionEvent): number {
    return s.ssthresh; // BBR v1 does not use ssthresh
  }

  cwndAfter(s: CcState, event: CongestionEvent): number {
    if (event === 'ecn') return s.cwnd; // BBR v1 does not react to ECN
    this.lossPriorCwnd = this.saveCwnd(s);
    if (event === 'timeout') {
      // BBROnEnterRTO: the loss window, the model is kept (§4.2.3.4)
      this.packetConservation = false;
      this.rtoRecoverSeq = s.maxSeqSent;
      return 1;
    }
    // BBROnEnterFastRecovery: what is still in flight plus at least one for the fast
    // retransmit, packet conservation for one round (a round starts now)
    this.packetConservation = true;
    this.nextRoundDelivered = this.lastTotalDelivered;
    return flightSize(s) + Math.max(this.lastDelivered, 1);
  }

  cwndOnRecoveryExit(s: CcState): number {
    // BBRRestoreCwnd (§4.2.3.4)
    this.packetConservation = false;
    this.rtoRecoverSeq = -1;
    return Math.max(s.cwnd, this.lossPriorCwnd);
  }

  metrics(): Record<string, number> {
    return {
      btlBwMbps: this.btlBwBps / 1e6,
      rtPropMs: Number.isFinite(this.rtPropNs) ? this.rtPropNs / 1e6 : 0,
      pacingGain: this.pacingGain,
      mode: this.mode,
    };
  }

  /** Current state machine mode, for tests and probes. */
  get modeName(): string {
    return MODE_NAMES[this.mode]!;
  }
}

/** Registry entry (docs/models.md). */
export const bbrModel: CcModel = {
  info: {
    id: 'bbr',
    category: 'cc',
    name: 'BBR v1',
    description:
      'Model-based: paces at the measured bottleneck bandwidth and caps inflight at 2·BDP; probes bandwidth and RTT.',
    citation:
      'Cardwell et al., ACM Queue 14(5) 2016; draft-cardwell-iccrg-bbr-congestion-control-00; draft-cheng-iccrg-delivery-rate-estimation-02',
    params: [
      {
        key: 'highGain',
        label: 'Startup gain',
        kind: 'number',
        default: 2 / Math.LN2,
        min: 1,
        max: 10,
        unit: '×',
        description: 'Pacing and cwnd gain in Startup (2/ln 2); Drain paces at its inverse.',
      },
      {
        key: 'cwndGain',
        label: 'cwnd gain',
        kind: 'number',
        default: 2,
        min: 1,
        max: 10,
        unit: '×',
        description: 'cwnd = gain·BDP in ProbeBW.',
      },
      {
        key: 'probeGain',
        label: 'Probe gain',
        kind: 'number',
        default: 1.25,
        min: 1,
        max: 2,
        unit: '×',
        description: 'ProbeBW up-phase pacing gain (down phase: 2 − gain).',
      },
      {
        key: 'bwWindowRounds',
        label: 'BtlBw window',
        kind: 'integer',
        default: 10,
        min: 1,
        max: 100,
        unit: 'RTTs',
        description: 'Max-filter length for the bottleneck bandwidth.',
      },
      {
        key: 'minRttWindow',
        label: 'RTprop window',
        kind: 'duration',
        default: 10,
        min: 0.1,
        max: 600,
        unit: 's',
        description: 'Min-filter length for the round-trip propagation time; ProbeRTT when it expires.',
      },
      {
        key: 'probeRttDuration',
        label: 'ProbeRTT time',
        kind: 'duration',
        default: 0.2,
        min: 0.01,
        max: 10,
        unit: 's',
        description: 'Time held at 4 segments in ProbeRTT.',
      },
      {
        key: 'impl',
        label: 'Implementation',
        kind: 'enum',
        default: 'draft',
        options: ['draft', 'ns-3.37'],
        description:
          "draft-cardwell-iccrg-bbr-congestion-control-00, or ns-3.37's TcpBbr (RTprop from the smoothed RTT, 3 segments of send quantum on every inflight target, rounds counted on rate samples only).",
      },
    ],
  },
  defaultRecovery: 'sack',
  create: (p) =>
    new Bbr({
      highGain: num(p, 'highGain'),
      cwndGain: num(p, 'cwndGain'),
      probeGain: num(p, 'probeGain'),
      bwWindowRounds: num(p, 'bwWindowRounds'),
      minRttWindow: num(p, 'minRttWindow'),
      probeRttDuration: num(p, 'probeRttDuration'),
      impl: str(p, 'impl') as 'draft' | 'ns-3.37',
    }),
};
