import type { EventHandler } from '../core/EventQueue.js';
import type { Packet } from '../net/Packet.js';
import { bool, num, str } from '../model/params.js';
import { pieUpdateProbability, type PieControllerParams } from './pieDropProbability.js';
import type { QueueModel } from './QueueModel.js';
import { QueueDisc, type DropReason, type QueueContext, type QueueProbeSpec } from '../net/QueueDisc.js';
import { PacketFifo } from '../net/PacketFifo.js';

/** How PIE estimates the queue delay it controls. */
export type PieDelayEstimator = 'sojourn' | 'departure-rate';

export interface PieParams extends PieControllerParams {
  /** Period of the probability update, ns. */
  readonly tUpdateNs: number;
  /** MAX_BURST, ns. */
  readonly maxBurstNs: number;
  readonly estimator: PieDelayEstimator;
  /** DQ_THRESHOLD for the departure-rate estimator, bytes. */
  readonly dqThresholdBytes: number;
  readonly derandomize: boolean;
  readonly ecn: boolean;
  /** Mark (rather than drop) ECT packets only while p ≤ this (RFC 8033 §5.1: 10 %). */
  readonly markEcnThreshold: number;
  /** MEAN_PKTSIZE: the "≤ 2 packets" safeguard and p scaling in byte mode, bytes. */
  readonly meanPktSizeBytes: number;
  /** Burst allowance as RFC 8033 §4.4 describes it, or as ns-3.37's PieQueueDisc implements it. */
  readonly burstMode: 'rfc8033' | 'ns3';
}

/** ns-3.37 pie-queue-disc.h BURST_RESET_TIMEOUT: calm time before the allowance can re-arm, s. */
const NS3_BURST_RESET_TIMEOUT_S = 1.5;
const NO_BURST = 0;
const IN_BURST = 1;
const IN_BURST_PROTECTING = 2;

/**
 * PIE (Proportional Integral controller Enhanced), RFC 8033: random early drop at enqueue with a
 * probability updated every T_UPDATE by a PI controller on the queue delay (§4.2, auto-tuned by the
 * §4.2 table, cap-drop adjustment §5.5), a burst allowance (§4.4), optional derandomisation (§5.4)
 * and ECN marking while p is small (§5.1). Queue delay is either the sojourn time of the last
 * departed packet (ns-3.37's default, Linux's default `dq_rate_estimator` off) or the RFC's
 * departure-rate estimate (§4.3, Appendix A). The update timer is an event on the simulator (this
 * object is its handler). Semantics read from RFC 8033 pseudocode, ns-3.37 pie-queue-disc.cc and
 * Linux net/sched/sch_pie.c; differences are in docs/models.md.
 */
export class PieQueueDisc extends QueueDisc implements EventHandler {
  private readonly fifo = new PacketFifo(64);
  /** drop_prob_. */
  dropProb = 0;
  /** Current queue delay estimate (ns) and the one at the previous update. */
  qdelayNs = 0;
  qdelayOldNs = 0;
  burstAllowanceNs: number;
  /** accu_prob_ (derandomisation). */
  accuProb = 0;
  // departure-rate estimator (RFC 8033 Appendix A)
  private inMeasurement = false;
  private measurementStartNs = 0;
  private dqCountBytes = 0;
  private avgDqTimeNs = 0;
  // ns-3.37 burst state machine (burstMode 'ns3')
  private burstState = NO_BURST;
  private burstReset = 0;

  constructor(readonly params: PieParams) {
    super();
    // RFC 8033: the allowance starts full; ns-3.37 arms it at the first early-drop check
    this.burstAllowanceNs = params.burstMode === 'rfc8033' ? params.maxBurstNs : 0;
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    ctx.sim.schedule(ctx.sim.now + this.params.tUpdateNs, this, 0);
  }

  /** The periodic update (calculate_drop_prob), every T_UPDATE. */
  handleEvent(): void {
    this.updateProbability();
    this.ctx.sim.schedule(this.now + this.params.tUpdateNs, this, 0);
  }

  private updateProbability(): void {
    const P = this.params;
    if (P.estimator === 'departure-rate')
      this.qdelayNs = this.avgDqTimeNs > 0 ? (this.lengthBytes * this.avgDqTimeNs) / P.dqThresholdBytes : 0;
    const q = this.qdelayNs;
    const qOld = this.qdelayOldNs;
    const ns3 = P.burstMode === 'ns3';
    // ns-3.37 CalculateP holds p at 0 while a burst allowance remains; the RFC keeps integrating
    this.dropProb = ns3 && this.burstAllowanceNs > 0 ? 0 : pieUpdateProbability(this.dropProb, q / 1e9, qOld / 1e9, P);
    // §4.4: the allowance shrinks by T_UPDATE per update ...
    const b = this.burstAllowanceNs - P.tUpdateNs;
    this.burstAllowanceNs = b > 0 ? b : 0;
    const half = P.targetS * 5e8;
    const calm = this.dropProb === 0 && q < half && qOld < half;
    if (!ns3) {
      // ... and is restored once the queue is calm (p = 0, both delays below target/2)
      if (calm) this.burstAllowanceNs = P.maxBurstNs;
    } else if (calm && this.burstAllowanceNs === 0) {
      // ns-3.37: re-armed (at the next arrival) only after BURST_RESET_TIMEOUT of calm updates
      if (this.burstState === IN_BURST_PROTECTING) {
        this.burstState = IN_BURST;
        this.burstReset = 0;
      } else if (
        this.burstState === IN_BURST &&
        ++this.burstReset > Math.floor(NS3_BURST_RESET_TIMEOUT_S / (P.tUpdateNs / 1e9))
      ) {
        this.burstReset = 0;
        this.burstState = NO_BURST;
      }
    } else if (this.burstState === IN_BURST) {
      this.burstReset = 0;
    }
    this.qdelayOldNs = q;
  }

  private byteMode(): boolean {
    return 'bytes' in this.ctx.limit;
  }

  /** drop_early(): whether the arriving packet is chosen for an early drop (or mark). */
  private dropEarly(pkt: Packet): boolean {
    const P = this.params;
    // §4.4: bursts within the allowance pass untouched
    if (this.burstAllowanceNs > 0) return false;
    if (P.burstMode === 'ns3' && this.burstState === NO_BURST) {
      // ns-3.37 DropEarly: the first check after a calm spell arms the allowance (this arrival
      // is still tested)
      this.burstState = IN_BURST_PROTECTING;
      this.burstAllowanceNs = P.maxBurstNs;
    }
    const p = this.dropProb;
    // §4.1 safeguards: not congested (old delay below half the target, p below 20 %) ...
    if (this.qdelayOldNs < P.targetS * 5e8 && p < 0.2) return false;
    // ... or too few packets queued to matter (≤ 2 packets; ≤ 2 mean packets in byte mode)
    if (this.byteMode() ? this.lengthBytes <= 2 * P.meanPktSizeBytes : this.lengthPackets <= 2) return false;
    // byte mode (ns-3): a packet's probability scales with its size
    const local = this.byteMode() ? (p * pkt.sizeBytes) / P.meanPktSizeBytes : p;
    if (P.derandomize) {
      // §5.4: accumulate p between drops; no drop below 0.85, certain drop from 8.5
      if (p === 0) this.accuProb = 0;
      this.accuProb += p;
      if (this.accuProb < 0.85) return false;
      if (this.accuProb >= 8.5) return true;
    }
    return this.ctx.random.next() < local;
  }

  protected doEnqueue(pkt: Packet): boolean {
    const l = this.ctx.limit;
    if ('packets' in l ? this.lengthPackets + 1 > l.packets : this.lengthBytes + pkt.sizeBytes > l.bytes) {
      this.dropBeforeEnqueue(pkt, 'overflow');
      this.accuProb = 0;
      return false;
    }
    if (this.dropEarly(pkt)) {
      // §5.1: ECN-capable packets are marked instead while p ≤ 10 %
      const markable = this.params.ecn && this.dropProb <= this.params.markEcnThreshold;
      if (!markable || !this.mark(pkt, 'early')) {
        this.dropBeforeEnqueue(pkt, 'early');
        this.accuProb = 0;
        return false;
      }
    }
    this.fifo.push(pkt);
    return true;
  }

  protected doDequeue(): Packet | null {
    const p = this.fifo.shift();
    if (p === null) return null;
    this.removedFromStorage(p);
    const now = this.now;
    if (this.params.estimator === 'sojourn') {
      // ns-3.37 / Linux: the last departure's sojourn, 0 once the queue has drained
      this.qdelayNs = this.lengthBytes === 0 ? 0 : now - p.enqueueNs;
    } else {
      this.measureDeparture(p.sizeBytes, now);
    }
    return p;
  }

  /** RFC 8033 Appendix A `deque`: average time to drain DQ_THRESHOLD bytes. */
  private measureDeparture(bytes: number, now: number): void {
    const th = this.params.dqThresholdBytes;
    if (this.inMeasurement) {
      this.dqCountBytes += bytes;
      if (this.dqCountBytes >= th) {
        const dqTime = now - this.measurementStartNs;
        const w = th / 65536;
        this.avgDqTimeNs = this.avgDqTimeNs === 0 ? dqTime : dqTime * w + this.avgDqTimeNs * (1 - w);
        this.inMeasurement = false;
      }
    }
    if (!this.inMeasurement && this.lengthBytes >= th) {
      this.inMeasurement = true;
      this.measurementStartNs = now;
      this.dqCountBytes = 0;
    }
  }

  protected override doEvict(reason: DropReason): boolean {
    const p = this.fifo.shift();
    if (p === null) return false;
    this.dropQueued(p, reason);
    return true;
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return PIE_PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    out[offset] = this.dropProb;
    out[offset + 1] = this.qdelayNs / 1e6;
    out[offset + 2] = this.burstAllowanceNs / 1e6;
  }
}

const PIE_PROBES: readonly QueueProbeSpec[] = [
  { key: 'dropProb', label: 'Drop probability', unit: 'p', description: 'PIE drop_prob, updated every T_UPDATE.' },
  {
    key: 'qdelayMs',
    label: 'Queue delay estimate',
    unit: 'ms',
    description: 'The queue delay PIE controls (last sojourn, or backlog / departure rate).',
  },
  {
    key: 'burstAllowanceMs',
    label: 'Burst allowance',
    unit: 'ms',
    description: 'Remaining burst allowance; no early drops while it is above 0.',
  },
];

export const pieModel: QueueModel = {
  info: {
    id: 'pie',
    category: 'queue',
    name: 'PIE',
    description:
      'Proportional Integral controller Enhanced: random early drop with a probability driven by the queue delay error.',
    citation: 'RFC 8033 §4–5 and Appendix A; ns-3.37 pie-queue-disc.cc; Linux net/sched/sch_pie.c',
    params: [
      {
        key: 'target',
        label: 'Target delay',
        kind: 'duration',
        default: 0.015,
        min: 0,
        max: 10,
        description:
          'QDELAY_REF (RFC 8033 §4.2): the queue delay the controller aims at. ns-3 QueueDelayReference 15 ms (the RFC and Linux also 15 ms).',
      },
      {
        key: 'tUpdate',
        label: 'Update period',
        kind: 'duration',
        default: 0.015,
        min: 0.0001,
        max: 10,
        description:
          'T_UPDATE: the drop probability is recomputed every this often, on the simulator clock (first update one period after the start). ns-3 Tupdate 15 ms; Linux tupdate 15 ms.',
      },
      {
        key: 'alpha',
        label: 'α',
        kind: 'number',
        default: 0.125,
        min: 0,
        max: 100,
        unit: 'Hz',
        description:
          'Weight of the delay error (qdelay − target, in seconds) in each update, before the §4.2 scaling. ns-3 A 0.125; Linux alpha 2 means 2/16 = 0.125.',
      },
      {
        key: 'beta',
        label: 'β',
        kind: 'number',
        default: 1.25,
        min: 0,
        max: 100,
        unit: 'Hz',
        description:
          'Weight of the delay trend (qdelay − qdelay_old, in seconds) in each update, before the §4.2 scaling. ns-3 B 1.25; Linux beta 20 means 20/16 = 1.25.',
      },
      {
        key: 'maxBurst',
        label: 'Max burst',
        kind: 'duration',
        default: 0.15,
        min: 0,
        max: 100,
        description:
          'MAX_BURST (RFC 8033 §4.4): no early drops until the allowance, which starts here, loses T_UPDATE per update to 0; it is restored when p = 0 and both the current and previous delays are below target/2. ns-3 MaxBurstAllowance 150 ms.',
      },
      {
        key: 'burstMode',
        label: 'Burst allowance rule',
        kind: 'enum',
        default: 'rfc8033',
        options: ['rfc8033', 'ns3'],
        description:
          'rfc8033 (§4.4, Linux): the allowance starts at maxBurst, p is still updated while it lasts, and it is restored whenever p = 0 and both delays are below target/2. ns3 (ns-3.37 PieQueueDisc): it is armed at the first early-drop check, p is held at 0 while it lasts, and it is armed again only after 1.5 s of such calm (BURST_RESET_TIMEOUT). Use ns3 to match ns-3.',
      },
      {
        key: 'estimator',
        label: 'Delay estimator',
        kind: 'enum',
        default: 'sojourn',
        options: ['sojourn', 'departure-rate'],
        description:
          'sojourn: the queue delay is the sojourn time of the last dequeued packet, 0 once the queue is empty (ns-3.37 UseDequeueRateEstimator false, the ns-3 and Linux default). departure-rate: RFC 8033 §4.3/Appendix A — the time to drain dqThreshold bytes is measured while that much is queued, averaged (weight dqThreshold/65536), and qdelay = backlog × avg time / dqThreshold at each update.',
      },
      {
        key: 'dqThreshold',
        label: 'Rate-measurement bytes',
        kind: 'size',
        default: 16384,
        min: 1,
        description:
          'DQ_THRESHOLD (departure-rate estimator only): bytes per measurement cycle, 2^14 as in the RFC and ns-3 DequeueThreshold.',
      },
      {
        key: 'capDropAdjustment',
        label: 'Cap drop adjustment',
        kind: 'boolean',
        default: true,
        description:
          'RFC 8033 §5.5: once p ≥ 10 %, a single update raises p by at most 2 %. ns-3 UseCapDropAdjustment (default true); always on in Linux.',
      },
      {
        key: 'derandomize',
        label: 'Derandomisation',
        kind: 'boolean',
        default: false,
        description:
          'RFC 8033 §5.4: accumulate p over arrivals (reset at each drop); no early drop while the sum is below 0.85, a certain drop from 8.5, a random one with p in between. ns-3 UseDerandomization (default false); always on in Linux.',
      },
      {
        key: 'ecn',
        label: 'ECN',
        kind: 'boolean',
        default: false,
        description:
          'Mark ECN-capable packets CE instead of dropping them while p ≤ markEcnThreshold (RFC 8033 §5.1); above it they are dropped. ns-3 UseEcn / Linux ecn.',
      },
      {
        key: 'markEcnThreshold',
        label: 'ECN mark threshold',
        kind: 'number',
        default: 0.1,
        min: 0,
        max: 1,
        description:
          'Largest drop probability at which ECT packets are marked rather than dropped: mark while p ≤ this (RFC 8033 §5.1, Linux: 10 %). ns-3 MarkEcnThreshold 0.1 marks while p < 0.1.',
      },
      {
        key: 'meanPktSize',
        label: 'Mean packet size',
        kind: 'size',
        default: 1000,
        min: 1,
        description:
          'MEAN_PKTSIZE, used only with a buffer in bytes: no early drop while at most 2 × this is queued, and each packet\'s probability is scaled by its size / this (ns-3 MeanPktSize 1000, byte mode). With a buffer in packets the safeguard is "at most 2 packets queued".',
      },
    ],
    probes: PIE_PROBES,
  },
  create: (p) =>
    new PieQueueDisc({
      targetS: num(p, 'target'),
      tUpdateNs: Math.round(num(p, 'tUpdate') * 1e9),
      alpha: num(p, 'alpha'),
      beta: num(p, 'beta'),
      maxBurstNs: Math.round(num(p, 'maxBurst') * 1e9),
      estimator: str(p, 'estimator') as PieDelayEstimator,
      dqThresholdBytes: num(p, 'dqThreshold'),
      capDropAdjustment: bool(p, 'capDropAdjustment'),
      derandomize: bool(p, 'derandomize'),
      ecn: bool(p, 'ecn'),
      markEcnThreshold: num(p, 'markEcnThreshold'),
      meanPktSizeBytes: num(p, 'meanPktSize'),
      burstMode: str(p, 'burstMode') as 'rfc8033' | 'ns3',
    }),
};
