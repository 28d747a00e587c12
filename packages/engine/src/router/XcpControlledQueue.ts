import type { Timer, TimerOwner } from '../core/Simulator.js';
import { XcpMark, type Packet } from '../net/Packet.js';
import { QueueDisc, type DropReason, type QueueContext, type QueueProbeSpec } from '../net/QueueDisc.js';
import { PacketFifo } from '../net/PacketFifo.js';
import type { BufferLimit } from '../core/units.js';
import { XcpFairness, type XcpFairnessParams } from './XcpFairness.js';

export interface XcpControlParams {
  /** Efficiency-controller gain on spare bandwidth (Katabi et al. 2002 §3.5: 0.4). */
  alpha: number;
  /** Efficiency-controller gain on the persistent queue (0.226). */
  beta: number;
  /** Shuffled fraction of the input traffic (0.1). */
  gamma: number;
  /** Control interval before the first RTT is known, s (ns-2 INITIAL_Te_VALUE 0.05). */
  initialIntervalS: number;
  /** Shortest control interval, s (ns-2 XCP_MIN_INTERVAL 0.001). */
  minIntervalS: number;
  /** RTTs above this count as this in the average, s (ns-2 XCP_MAX_INTERVAL 1.0). */
  maxRttS: number;
  /** Shortest persistent-queue interval T_q, s (ns-2 0.002). */
  minQueueIntervalS: number;
  /** Fraction of the link rate the controller manages (ns-2: 1, or the XCP weight with tcp_xcp_on_). */
  capacityFraction: number;
  /** Start the timers at N(T, 0.2·T) rather than at T (ns-2 setupTimers; desynchronises routers). */
  randomTimerStart: boolean;
  fairness: XcpFairnessParams;
}

const TQ_TIMER = 0;
const TE_TIMER = 1;

export const XCP_PROBES: readonly QueueProbeSpec[] = [
  {
    key: 'phiBps',
    label: 'φ (aggregate feedback)',
    unit: 'bit/s',
    description: 'α·(C − y) − β·Q/d at the last control interval.',
  },
  { key: 'shuffledBps', label: 'h (shuffled traffic)', unit: 'bit/s', description: 'max(0, γ·y − |φ|).' },
  { key: 'xiP', label: 'ξ_p', unit: '', description: 'Positive feedback per unit of positive shape.' },
  { key: 'xiN', label: 'ξ_n', unit: '', description: 'Negative feedback per unit of negative shape.' },
  {
    key: 'avgRttMs',
    label: 'Average RTT d',
    unit: 'ms',
    description: 'Σ rtt²/cwnd / Σ rtt/cwnd: the control interval.',
  },
  {
    key: 'persistentQueueBytes',
    label: 'Persistent queue Q',
    unit: 'B',
    description: 'Minimum XCP queue over the last T_q.',
  },
  {
    key: 'inputRateBps',
    label: 'Input rate y',
    unit: 'bit/s',
    description: 'XCP-queue arrivals over the last control interval.',
  },
];

/**
 * The XCP virtual queue of a router port with its estimation and control (ns-2.35 xcp/xcpq.cc,
 * `Queue/DropTail/XCPQ`; Katabi, Handley & Rohrs, "Congestion control for high bandwidth-delay
 * product networks", SIGCOMM 2002 §3.4–3.5). A DropTail FIFO (ns-2's qlim−1 rule) whose
 * arrivals and departures drive the controller; the line numbers "L n" are ns-2's:
 *
 * - arrival (L1–L6): input bytes += size; for an XCP data packet with an RTT, Σ x += x and
 *   Σ rtt·x += min(rtt, maxRtt)·x, where x = H_rtt / window (s/r);
 * - every control interval d (L7–L19, timer): d̄ = Σ rtt·x / Σ x (else 50 ms); y = input / d;
 *   φ = α·(C − y) − β·Q / d̄ (bytes/s); h = max(0, γ·y − |φ|); budgets P = max(φ, 0) + h and
 *   N = max(−φ, 0) + h; ξ_p = P / Σ p̂, ξ_n = N / Σ n̂ (AIMD: Σ n̂ = input bytes); next d = max(d̄, 1 ms);
 * - departure (L20–L31): pos = min(P_left, ξ_p·p̂), neg = min(N_left, ξ_n·n̂), fb = pos − neg; if the
 *   header asks for no more than fb it stays and the router's share is adjusted (neg grows to
 *   cover the difference, pos = header + neg), else the header gets fb; the budgets are used up
 *   and ξ set to 0 once one is spent;
 * - persistent queue (L32–L36, timer): Q = the minimum queue (bytes, before each departure) over
 *   the last T_q; T_q = max(2 ms, (d̄ − queue/C) / 2).
 * Feedback is computed in bytes/s as ns-2 does and written to the header as bytes of window,
 * bytes/s × H_rtt (see transport/XcpEndSystem.ts). The fairness law is pluggable (XcpFairness).
 */
export class XcpControlledQueue extends QueueDisc implements TimerOwner {
  private readonly fifo = new PacketFifo();
  private fair!: XcpFairness;
  private tqTimer!: Timer;
  private teTimer!: Timer;
  // --- estimation state (ns-2 names in comments) ---
  private teS: number; // Te_
  private tqS: number; // Tq_
  private avgRttS: number; // avg_rtt_
  private inputBytes = 0; // input_traffic_bytes_
  private sumX = 0; // sum_inv_throughput_ (AIMD's Σ p̂)
  private sumRttX = 0; // sum_rtt_by_throughput_
  private sumPosShape = 0;
  private sumNegShape = 0;
  private runningMinQueueBytes = 0; // running_min_queue_bytes_
  private queueBytes = 0; // queue_bytes_ (persistent queue)
  private xiP = 0; // Cp_
  private xiN = 0; // Cn_
  private residuePos = 0; // residue_pos_fbk_
  private residueNeg = 0; // residue_neg_fbk_
  private phiBps = 0;
  private shuffledBps = 0;
  private inputRateBps = 0;

  constructor(
    readonly params: XcpControlParams,
    readonly limit: BufferLimit,
  ) {
    super();
    this.teS = params.initialIntervalS;
    this.tqS = params.initialIntervalS;
    this.avgRttS = params.initialIntervalS;
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    this.fair = new XcpFairness(this.params.fairness, ctx.flows.count);
    this.tqTimer = ctx.sim.timer(this, TQ_TIMER);
    this.teTimer = ctx.sim.timer(this, TE_TIMER);
    this.tqTimer.setAfter(this.firstTimeoutNs(this.tqS));
    this.teTimer.setAfter(this.firstTimeoutNs(this.teS));
  }

  /** ns-2 setupTimers: max(4 ms, N(T, 0.2·T)). */
  private firstTimeoutNs(t: number): number {
    const s = this.params.randomTimerStart ? Math.max(0.004, t + 0.2 * t * this.ctx.random.normal()) : t;
    return Math.round(s * 1e9);
  }

  /** Link capacity the controller manages, bytes/s. */
  private capacityBytesPerS(): number {
    return (this.ctx.port.rateBps / 8) * this.params.capacityFraction;
  }

  protected doEnqueue(pkt: Packet): boolean {
    this.onArrival(pkt); // ns-2 counts the packet before DropTail may refuse it
    if (!QueueDisc.fitsUnder(this.limit, this.lengthPackets, this.lengthBytes, pkt.sizeBytes)) {
      this.dropBeforeEnqueue(pkt, 'overflow');
      return false;
    }
    this.fifo.push(pkt);
    return true;
  }

  private onArrival(pkt: Packet): void {
    const size = pkt.sizeBytes;
    this.inputBytes += size; // L1
    if (pkt.hdrXcp !== XcpMark.Data || pkt.hdrRttNs === 0 || pkt.hdrCwndBytes <= 0) return;
    const rtt = pkt.hdrRttNs / 1e9;
    const x = (rtt * size) / pkt.hdrCwndBytes; // ns-2 x_ = srtt / window
    this.sumX += x; // L2
    this.sumRttX += Math.min(rtt, this.params.maxRttS) * x; // L3–L6
    const fair = this.fair;
    fair.observe(pkt.flowId, size, x);
    this.sumPosShape += fair.positive(pkt.flowId, size, x, rtt);
    this.sumNegShape += fair.negative(size, x);
  }

  protected doDequeue(): Packet | null {
    const inst = this.lengthBytes; // L32: the queue before this departure
    if (inst < this.runningMinQueueBytes) this.runningMinQueueBytes = inst;
    const p = this.fifo.shift();
    if (p === null) return null;
    this.removedFromStorage(p);
    if (p.hdrXcp === XcpMark.Data) this.beforeDeparture(p);
    return p;
  }

  protected override doEvict(reason: DropReason): boolean {
    const p = this.fifo.shift();
    if (p === null) return false;
    this.dropQueued(p, reason);
    return true;
  }

  /** ns-2 do_before_packet_departure (L20–L31). */
  private beforeDeparture(p: Packet): void {
    if (p.hdrRttNs === 0) {
      p.hdrFeedbackBytes = 0;
      return;
    }
    const rtt = p.hdrRttNs / 1e9;
    const size = p.sizeBytes;
    const x = (rtt * size) / p.hdrCwndBytes;
    const fair = this.fair;
    let pos = Math.min(this.residuePos, this.xiP * fair.positive(p.flowId, size, x, rtt)); // L20
    let neg = Math.min(this.residueNeg, this.xiN * fair.negative(size, x)); // L21
    const feedback = pos - neg; // L22
    const asked = p.hdrFeedbackBytes / rtt; // the header's request, bytes/s
    if (asked >= feedback) {
      p.hdrFeedbackBytes = feedback * rtt; // L23–L24
    } else {
      neg = Math.min(this.residueNeg, neg + (feedback - asked)); // L26
      pos = asked + neg; // L27
    }
    this.residuePos = Math.max(0, this.residuePos - pos); // L28
    this.residueNeg = Math.max(0, this.residueNeg - neg); // L29
    if (this.residuePos === 0) this.xiP = 0; // L30
    if (this.residueNeg === 0) this.xiN = 0; // L31
  }

  onTimer(kind: number): void {
    if (kind === TQ_TIMER) this.queueTimeout();
    else this.controlTimeout();
  }

  /** ns-2 Tq_timeout (L33–L36). */
  private queueTimeout(): void {
    const inst = this.lengthBytes;
    this.queueBytes = this.runningMinQueueBytes;
    this.runningMinQueueBytes = inst;
    this.tqS = Math.max(this.params.minQueueIntervalS, (this.avgRttS - inst / this.capacityBytesPerS()) / 2);
    this.tqTimer.setAfter(Math.round(this.tqS * 1e9));
  }

  /** ns-2 Te_timeout (L7–L19): the efficiency and fairness controllers' per-interval step. */
  private controlTimeout(): void {
    const p = this.params;
    const inputBw = this.inputBytes / this.teS; // L8
    this.avgRttS = this.sumX !== 0 ? this.sumRttX / this.sumX : p.initialIntervalS; // L7
    let phi = 0;
    let shuffled = 0;
    if (this.inputBytes > 0) {
      phi = p.alpha * (this.capacityBytesPerS() - inputBw) - (p.beta * this.queueBytes) / this.avgRttS; // L9
      shuffled = Math.max(0, p.gamma * inputBw - Math.abs(phi)); // L10
    }
    this.residuePos = Math.max(0, phi) + shuffled; // L11
    this.residueNeg = Math.max(0, -phi) + shuffled; // L12
    if (this.inputBytes > 0) {
      const posDen = this.fair.params.law === 'aimd' ? this.sumX : this.sumPosShape;
      const negDen = this.fair.negativeOverAllBytes ? this.inputBytes : this.sumNegShape;
      this.xiP = posDen !== 0 ? this.residuePos / posDen : this.residuePos; // L13 (Σ x = 0 → 1)
      this.xiN = negDen !== 0 ? this.residueNeg / negDen : 0; // L14
    } else {
      this.xiP = 0;
      this.xiN = 0;
    }
    this.phiBps = phi * 8;
    this.shuffledBps = shuffled * 8;
    this.inputRateBps = inputBw * 8;
    this.fair.endInterval();
    this.inputBytes = 0; // L15
    this.sumX = 0; // L16
    this.sumRttX = 0; // L17
    this.sumPosShape = 0;
    this.sumNegShape = 0;
    this.teS = Math.max(this.avgRttS, p.minIntervalS); // L18
    this.teTimer.setAfter(Math.round(this.teS * 1e9)); // L19
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return XCP_PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    out[offset] = this.phiBps;
    out[offset + 1] = this.shuffledBps;
    out[offset + 2] = this.xiP;
    out[offset + 3] = this.xiN;
    out[offset + 4] = this.avgRttS * 1e3;
    out[offset + 5] = this.queueBytes;
    out[offset + 6] = this.inputRateBps;
  }

  /** Controller state after the last control interval (tests). */
  state(): {
    phiBps: number;
    shuffledBps: number;
    xiP: number;
    xiN: number;
    avgRttS: number;
    persistentQueueBytes: number;
    inputRateBps: number;
    intervalS: number;
    queueIntervalS: number;
    residuePos: number;
    residueNeg: number;
  } {
    return {
      phiBps: this.phiBps,
      shuffledBps: this.shuffledBps,
      xiP: this.xiP,
      xiN: this.xiN,
      avgRttS: this.avgRttS,
      persistentQueueBytes: this.queueBytes,
      inputRateBps: this.inputRateBps,
      intervalS: this.teS,
      queueIntervalS: this.tqS,
      residuePos: this.residuePos,
      residueNeg: this.residueNeg,
    };
  }

  /** The fairness controller (tests). */
  get fairness(): XcpFairness {
    return this.fair;
  }
}
