import type { BufferLimit } from '../core/units.js';
import { Ecn, type Packet } from '../net/Packet.js';
import type { QueueModel } from './QueueModel.js';
import { QueueDisc, type DropReason, type QueueContext, type QueueProbeSpec } from '../net/QueueDisc.js';
import { PacketFifo } from '../net/PacketFifo.js';
import { RED_PARAMS, checkRed, deriveRed, redConfig, type RedConfig } from './redParams.js';

/** What the arrival's RED decision was (before the hard limit is applied). */
const enum Verdict {
  Accept = 0,
  EarlyDrop = 1,
  EarlyMark = 2,
  Forced = 3,
}

export const RED_PROBES: readonly QueueProbeSpec[] = [
  {
    key: 'avgQueue',
    label: 'Average queue',
    unit: 'packets',
    description:
      'RED’s EWMA of the queue at the last arrival, in packets; with queueInBytes the byte average divided by meanPktSize (the unit the thresholds are given in). In step mode, the instantaneous queue the last arrival found.',
  },
  {
    key: 'dropProb',
    label: 'Drop/mark probability',
    unit: '',
    description:
      'p_b at the last arrival: maxP·(avg − min)/(max − min) between the thresholds, the gentle ramp or 1 above, 0 below minThresh (before the count uniformisation and byte scaling). In step mode 1 when the last arrival found ≥ K packets, else 0.',
  },
  { key: 'minThresh', label: 'Min threshold', unit: 'packets', description: 'The minimum threshold in force.' },
  { key: 'maxThresh', label: 'Max threshold', unit: 'packets', description: 'The maximum threshold in force.' },
];

/**
 * Random Early Detection with ns-2.35's semantics (queue/red.cc `REDQueue::enque`,
 * `drop_early`, `calculate_p_new`, `modify_p`, `estimator`, `deque`; Floyd & Jacobson 1993).
 *
 * On every arrival: the average queue avg ← (1 − w)^(m+1)·avg + w·q, where q is the queue
 * (packets, or bytes with queueInBytes) the arrival finds and m = ⌊C · idle time⌋ is the number
 * of mean-size packets the link could have sent while the queue was empty (FJ93 §4; ns-2
 * `estimator`). With avg ≥ min and q > 1: a forced drop when avg ≥ max (2·max when gentle) and
 * useMarkP is off; else, on the first arrival after avg crossed min, count = 1; else p_b =
 * maxP·(avg − min)/(max − min) (gentle: from maxP to 1 between max and 2·max; otherwise 1 above
 * max), made uniform over the count n of packets since the last drop (p_b/(1 − n·p_b), or the
 * `wait` form), scaled by size/meanPktSize in byte mode, and the arrival is dropped — or marked,
 * with ECN — with that probability. An arrival finding the buffer full is a forced (overflow)
 * drop whatever the RED decision. With `stepThreshold` K > 0 the RED law is replaced by DCTCP's
 * step marking on the instantaneous queue (RFC 8257 §3.1).
 *
 * Where ns-2 and ns-3.37 (src/traffic-control/model/red-queue-disc.cc) differ, a parameter selects
 * the behaviour (useMarkP, hardDrop, limitMode, resetCountOnForcedDrop, idleFrom; see redParams).
 * No per-packet allocation: one ring buffer, scalar state.
 */
export class RedQueueDisc extends QueueDisc {
  protected readonly fifo = new PacketFifo();
  /** Packet time constant C (mean-size packets per second), from the link rate at attach. */
  ptc = 0;
  /** The EWMA weight in force (after the automatic rules). */
  qWeight = 0;
  minThreshPackets = 0;
  maxThreshPackets = 0;
  /** Thresholds in the average's unit (bytes with queueInBytes, else packets). */
  protected thMin = 0;
  protected thMax = 0;
  /** max_p in force (adapted by Adaptive RED). */
  curMaxP: number;
  // p_b = vA·avg + vB (× max_p) between the thresholds, vC·avg + vD on the gentle ramp (ns-2 reset)
  private vA = 0;
  private vB = 0;
  private vC = 0;
  private vD = 0;
  private oneMinusW = 1;
  /** Average queue, in the average's unit. */
  avg = 0;
  /** Packets (and bytes) since the last drop or mark. */
  count = 0;
  countBytes = 0;
  /** Whether the average was already above min at the previous arrival (ns-2 edv_.old). */
  private old = false;
  /** p_b and p_a of the last early decision. */
  probB = 0;
  probA = 0;
  private idle = true;
  private idleSinceNs = 0;
  private limitPackets = Infinity;
  private limitBytes = Infinity;
  private readonly fit: boolean;
  private readonly stepK: number;
  private readonly meanPkt: number;

  constructor(
    readonly config: RedConfig,
    limit: BufferLimit,
  ) {
    super();
    this.curMaxP = config.maxP;
    this.fit = config.limitMode === 'fit';
    this.stepK = config.stepThresholdPackets;
    this.meanPkt = config.meanPktSizeBytes;
    if ('packets' in limit) {
      this.limitPackets = limit.packets;
      // ns-2 red.cc enque: qlim = qlim_ × mean_pktsize when the queue is measured in bytes (not
      // in step mode, which counts packets: ns-3's StepRED)
      if (!this.fit && config.queueInBytes && this.stepK === 0)
        this.limitBytes = limit.packets * config.meanPktSizeBytes;
    } else this.limitBytes = limit.bytes;
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    const c = this.config;
    const d = deriveRed(c, ctx.rateBps, ctx.port.delayNs / 1e9);
    this.ptc = d.ptc;
    this.qWeight = d.qWeight;
    this.oneMinusW = 1 - d.qWeight;
    this.minThreshPackets = this.stepK > 0 ? this.stepK : d.minThreshPackets;
    this.maxThreshPackets = this.stepK > 0 ? this.stepK : d.maxThreshPackets;
    const unit = c.queueInBytes ? c.meanPktSizeBytes : 1;
    this.thMin = d.minThreshPackets * unit;
    this.thMax = d.maxThreshPackets * unit;
    // ns-2 reset(): a zero threshold difference is taken as 1
    const diff = this.thMax - this.thMin === 0 ? 1 : this.thMax - this.thMin;
    this.vA = 1 / diff;
    this.vB = -this.thMin / diff;
    // the gentle ramp is fixed at the initial max_p (ns-2 reset and ns-3 InitializeParams compute
    // v_c, v_d once; Adaptive RED's max_p moves only the part below max)
    this.vC = (1 - c.maxP) / this.thMax;
    this.vD = 2 * c.maxP - 1;
    this.onAttach(d.bottom);
  }

  /** Subclass hook at the end of `attach` (Adaptive RED takes its automatic bottom). */
  protected onAttach(bottom: number): void {
    void bottom;
  }

  /** Subclass hook after the average is updated at an arrival (Adaptive RED). */
  protected afterAverage(avg: number): void {
    void avg;
  }

  /** p_b for an average (ns-2 calculate_p_new). */
  dropProbability(avg: number): number {
    let p: number;
    if (avg >= this.thMax) p = this.config.gentle ? this.vC * avg + this.vD : 1;
    else p = (this.vA * avg + this.vB) * this.curMaxP;
    return p > 1 ? 1 : p;
  }

  /** p_a from p_b, the count since the last drop and the packet size (ns-2 modify_p). */
  uniformProbability(pb: number, sizeBytes: number): number {
    const c = this.config;
    const n = c.byteMode ? Math.floor(this.countBytes / this.meanPkt) : this.count;
    const np = n * pb;
    let p: number;
    if (c.wait) p = np < 1 ? 0 : np < 2 ? pb / (2 - np) : 1;
    else p = np < 1 ? pb / (1 - np) : 1;
    if (c.byteMode && p < 1) p = (p * sizeBytes) / this.meanPkt;
    return p > 1 ? 1 : p;
  }

  private overLimit(sizeBytes: number): boolean {
    return this.fit
      ? this.lengthPackets + 1 > this.limitPackets || this.lengthBytes + sizeBytes > this.limitBytes
      : this.lengthPackets >= this.limitPackets || this.lengthBytes >= this.limitBytes;
  }

  protected doEnqueue(pkt: Packet): boolean {
    if (this.stepK > 0) return this.stepEnqueue(pkt);
    const c = this.config;
    const size = pkt.sizeBytes;
    const q = c.queueInBytes ? this.lengthBytes : this.lengthPackets;
    let m = 0;
    if (this.idle) {
      this.idle = false;
      const idleNs = this.now - this.idleSinceNs;
      if (idleNs > 0) m = Math.floor((this.ptc * idleNs) / 1e9);
    }
    // ns-2 estimator: (1 − w)^(m+1)·avg + w·q
    const decay = m === 0 ? this.oneMinusW : Math.pow(this.oneMinusW, m + 1);
    const avg = this.avg * decay + this.qWeight * q;
    this.avg = avg;
    this.afterAverage(avg);
    this.count++;
    this.countBytes += size;
    let verdict = Verdict.Accept;
    if (avg >= this.thMin && q > 1) {
      if (!c.useMarkP && avg >= (c.gentle ? 2 * this.thMax : this.thMax)) {
        verdict = Verdict.Forced;
        this.probB = 1;
      } else if (!this.old) {
        // the average has just crossed min (or the queue was empty): start counting
        this.count = 1;
        this.countBytes = size;
        this.old = true;
        this.probB = this.dropProbability(avg);
      } else verdict = this.earlyDecision(pkt);
    } else {
      this.old = false;
      this.probB = 0;
      this.probA = 0;
    }
    if (this.overLimit(size)) return this.forcedDrop(pkt, 'overflow');
    if (verdict === Verdict.Accept) {
      this.fifo.push(pkt);
      return true;
    }
    if (verdict === Verdict.EarlyMark) {
      this.mark(pkt, 'early');
      this.fifo.push(pkt);
      return true;
    }
    if (verdict === Verdict.EarlyDrop) {
      this.dropBeforeEnqueue(pkt, 'early');
      return false;
    }
    // forced by the average (useMarkP off): ns-3 UseHardDrop off marks ECT packets instead
    if (c.ecn && !c.hardDrop && this.mark(pkt, 'forced')) {
      this.fifo.push(pkt);
      return true;
    }
    return this.forcedDrop(pkt, 'forced');
  }

  /** ns-2 drop_early: decides on p_a; the count restarts on a drop or mark. */
  private earlyDecision(pkt: Packet): Verdict {
    const c = this.config;
    const pb = this.dropProbability(this.avg);
    const pa = this.uniformProbability(pb, pkt.sizeBytes);
    this.probB = pb;
    this.probA = pa;
    if (this.ctx.random.next() > pa) return Verdict.Accept;
    this.count = 0;
    this.countBytes = 0;
    // ns-2.35: mark only while p_b < mark_p when use_mark_p_ (strict <; a DCTCP patch makes it ≤)
    if (c.ecn && pkt.ecn !== Ecn.NotEct && (!c.useMarkP || pb < c.markP)) return Verdict.EarlyMark;
    return Verdict.EarlyDrop;
  }

  /**
   * A forced or overflow drop (ns-2 enque, DTYPE_FORCED): the arrival joins the queue and the
   * victim chosen by `dropFrom` is discarded (ns-2 pickPacketToDrop). Returns whether the arrival
   * stays.
   */
  private forcedDrop(pkt: Packet, reason: DropReason): boolean {
    if (this.config.resetCountOnForcedDrop) {
      this.count = 0;
      this.countBytes = 0;
    }
    const from = this.config.dropFrom;
    const n = this.fifo.length + 1; // with the arrival at the tail
    const victim =
      from === 'tail' ? n - 1 : from === 'front' ? Math.min(1, n - 1) : Math.floor(this.ctx.random.next() * n);
    if (victim === n - 1) {
      this.dropBeforeEnqueue(pkt, reason);
      return false;
    }
    this.fifo.push(pkt);
    this.dropQueued(this.fifo.removeAt(victim), reason);
    // ns-2 takes one victim, so a byte-limited queue would creep past its limit whenever the
    // victim is smaller than the arrival; further victims (same rule, among the packets waiting
    // before the arrival) go until the arrival fits. With equal sizes one victim always suffices.
    while (this.fifo.length > 1 && this.overLimit(pkt.sizeBytes)) {
      const waiting = this.fifo.length - 1;
      const i = from === 'front' ? Math.min(1, waiting - 1) : Math.floor(this.ctx.random.next() * waiting);
      this.dropQueued(this.fifo.removeAt(i), reason);
    }
    return true;
  }

  /**
   * DCTCP step marking (RFC 8257 §3.1; ns-3.37 RedQueueDisc with MinTh = MaxTh = K, QW 1, gentle
   * off, ECN on, no hard drop): an arrival finding ≥ K packets waiting, and more than one, is
   * marked CE if ECT and dropped if not.
   */
  private stepEnqueue(pkt: Packet): boolean {
    const q = this.lengthPackets;
    this.avg = q;
    const above = q >= this.stepK && q > 1;
    this.probB = above ? 1 : 0;
    if (this.overLimit(pkt.sizeBytes)) return this.forcedDrop(pkt, 'overflow');
    if (above && !this.mark(pkt, 'step')) {
      this.dropBeforeEnqueue(pkt, 'step');
      return false;
    }
    this.fifo.push(pkt);
    return true;
  }

  protected doDequeue(): Packet | null {
    const p = this.fifo.shift();
    if (p === null) {
      this.goIdle(this.now);
      return null;
    }
    this.removedFromStorage(p);
    if (this.fifo.length === 0) {
      // idle from the end of this packet's transmission (ns-2 Queue::resume finds the queue
      // empty) or from now (ns-3 DoDequeue on an empty queue)
      const rate = this.ctx.port.rateBps;
      this.goIdle(
        this.config.idleFrom === 'transmitEnd' ? this.now + Math.round(p.sizeBytes * ((8 * 1e9) / rate)) : this.now,
      );
    }
    return p;
  }

  private goIdle(sinceNs: number): void {
    if (this.idle) return;
    this.idle = true;
    this.idleSinceNs = sinceNs;
  }

  protected override doEvict(reason: DropReason): boolean {
    const p = this.fifo.shift();
    if (p === null) return false;
    this.dropQueued(p, reason);
    if (this.fifo.length === 0) this.goIdle(this.now);
    return true;
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return RED_PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    out[offset] = this.stepK === 0 && this.config.queueInBytes ? this.avg / this.meanPkt : this.avg;
    out[offset + 1] = this.probB;
    out[offset + 2] = this.minThreshPackets;
    out[offset + 3] = this.maxThreshPackets;
  }
}

export const redModel: QueueModel = {
  info: {
    id: 'red',
    category: 'queue',
    name: 'RED',
    description:
      'Random Early Detection with ns-2.35 Queue/RED defaults (byte mode, automatic thresholds and weight, gentle, wait); optional ECN marking and DCTCP step marking.',
    citation:
      'Floyd & Jacobson 1993 (IEEE/ACM ToN 1(4)) §4; ns-2.35 queue/red.cc and tcl/lib/ns-default.tcl; ns-3.37 red-queue-disc.cc; RFC 3168 §7 (ECN); RFC 8257 §3.1 (DCTCP marking)',
    params: RED_PARAMS,
    probes: RED_PROBES,
  },
  create: (p, limit) => new RedQueueDisc(redConfig(p, false), limit),
  check: (p, env) => checkRed(p, env, false),
};
