import type { Packet } from '../net/Packet.js';
import { bool, num, str } from '../model/params.js';
import type { ParamSpec, ResolvedParams } from '../model/types.js';
import { newtonControlGapNs, newtonStepRecInvSqrt, REC_INV_SQRT_ONE } from './codelControlLaw.js';
import type { QueueModel } from './QueueModel.js';
import { countByFlow, NO_FLOWS } from './FifoQueueDisc.js';
import { QueueDisc, type DropReason, type QueueContext, type QueueProbeSpec } from '../net/QueueDisc.js';
import { PacketFifo } from '../net/PacketFifo.js';

/** How `count` starts when CoDel re-enters the dropping state. */
export type CoDelReentry = 'rfc8289' | 'reset';

export interface CoDelParams {
  /** Acceptable standing queue delay (RFC 8289 TARGET), ns. */
  targetNs: number;
  /** Sliding window over which the minimum delay must exceed the target (INTERVAL), ns. */
  intervalNs: number;
  /**
   * No drop while fewer than this many bytes remain queued after the head packet left (ns-3
   * `MinBytes`; Linux's `backlog ≤ mtu` is minBytes = mtu + 1).
   */
  minBytes: number;
  /** Mark ECT packets CE instead of dropping them (RFC 8289 §4.4 / Linux `ecn`). */
  ecn: boolean;
  /** Mark every ECT packet whose sojourn exceeds this (Linux `ce_threshold`), ns; 0 = off. */
  ceThresholdNs: number;
  /** Count carried into a new dropping episode (RFC 8289 §5.5 = Linux = ns-3), or always 1. */
  reentry: CoDelReentry;
  /** 1/√count computed exactly (RFC 8289) or by Linux's / ns-3's one Newton step per change. */
  controlLaw: 'exact' | 'newton';
  /**
   * 'rfc8289' — RFC 8289 / Linux in exact nanoseconds; 'ns3' — ns-3.37's codel-queue-disc.cc:
   * CoDel time (now, sojourn, target, interval and drop_next truncated to 1024-ns units,
   * CODEL_SHIFT 10), first_above_time reached strictly after, a mark in the dropping state
   * schedules the next signal from now, and a dequeue from an empty queue leaves the dropping
   * state but keeps first_above_time.
   */
  variant?: 'rfc8289' | 'ns3';
}

/** Where the "backlog below one MTU" exception reads the backlog (FQ-CoDel: flow or whole qdisc). */
export interface BacklogSource {
  readonly lengthBytes: number;
}

/**
 * CoDel (Controlled Delay) AQM, RFC 8289: a FIFO that timestamps packets on arrival and, at
 * dequeue, drops (or CE-marks) the head while its sojourn time has stayed above `target` for at
 * least `interval`, with drops spaced interval/√count apart (the control law) until the sojourn
 * falls below the target. Follows the RFC's pseudocode (§5.4–5.6), which is the Linux
 * implementation's logic (include/net/codel_impl.h `codel_dequeue` / `codel_should_drop`); ns-3.37
 * (codel-queue-disc.cc) is the same algorithm. Where they differ it is written down below and in
 * docs/models.md.
 *
 * Used standalone (the port's limit applies: at most `limit` packets or bytes stored, as ns-3 and
 * Linux count) or as FQ-CoDel's per-flow queue (no limit of its own; the parent enforces it).
 */
export class CoDelQueueDisc extends QueueDisc {
  private readonly fifo = new PacketFifo(64);
  // RFC 8289 §5.2 per-queue state
  /** first_above_time: when the sojourn may be declared persistently above target; 0 = below. */
  private firstAboveNs = 0;
  /** drop_next: time of the next drop while dropping (kept after leaving, for re-entry). */
  private dropNextNs = 0;
  count = 0;
  private lastCount = 0;
  dropping = false;
  /** Q0.16 1/√count for the Newton control law. */
  private recInvSqrt = REC_INV_SQRT_ONE;
  /** Sojourn time of the last head packet examined (Linux `ldelay`), ns; NaN before any. */
  headSojournNs = NaN;
  /**
   * Nanoseconds per unit of CoDel time: 1, or 1024 with `variant: ns3` (firstAboveNs and
   * dropNextNs then hold units).
   */
  private readonly unit: number;

  constructor(
    readonly params: CoDelParams,
    /** Enforce the port's buffer limit (standalone) or leave it to a parent scheduler. */
    private readonly ownLimit = true,
    /** Backlog the MTU exception reads; null = this queue's own bytes. */
    private backlogSource: BacklogSource | null = null,
  ) {
    super();
    this.unit = params.variant === 'ns3' ? 1024 : 1;
  }

  /**
   * As FQ-CoDel's flow queue (no limit of its own) it counts its per-flow backlog only when asked,
   * as the FIFO child does (FifoQueueDisc): per packet that array is two more cache lines of a
   * flow queue that the other flows' turns have made cold. Standalone (a port's discipline, whose
   * per-flow backlog the port samples) it keeps the counts up to date.
   */
  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    if (!this.ownLimit) this.backlogByFlow = NO_FLOWS;
  }

  override get flowBacklogPackets(): Float64Array {
    return this.ownLimit ? this.backlogByFlow : countByFlow(this.fifo, this.ctx.flows.count);
  }

  /** FQ-CoDel with Linux's semantics reads the whole qdisc's backlog (sch->qstats.backlog). */
  setBacklogSource(src: BacklogSource | null): void {
    this.backlogSource = src;
  }

  protected doEnqueue(pkt: Packet): boolean {
    if (this.ownLimit) {
      const l = this.ctx.limit;
      const over = 'packets' in l ? this.lengthPackets + 1 > l.packets : this.lengthBytes + pkt.sizeBytes > l.bytes;
      if (over) {
        this.dropBeforeEnqueue(pkt, 'overflow');
        return false;
      }
    }
    this.fifo.push(pkt);
    return true;
  }

  /**
   * Empty, and an arrival would be stored and handed straight back: its sojourn is 0, below a
   * positive target (in CoDel time units), so `dodequeue` finds it fine whatever the backlog —
   * `passThrough` applies what that dequeue changes.
   */
  override admitsPassThrough(pkt: Packet): boolean {
    if (this.lengthPackets !== 0 || Math.floor(this.params.targetNs / this.unit) <= 0) return false;
    if (!this.ownLimit) return true;
    const l = this.ctx.limit;
    return 'packets' in l ? 1 <= l.packets : pkt.sizeBytes <= l.bytes;
  }

  /**
   * `doDequeue` on the lone arrival: sojourn 0 (headSojourn), below target (first_above_time
   * cleared), leaving the dropping state if in it; no signal, no CE-threshold mark (0 is not above
   * any threshold).
   */
  override passThrough(pkt: Packet): void {
    super.passThrough(pkt);
    this.headSojournNs = 0;
    this.firstAboveNs = 0;
    this.dropping = false;
  }

  /**
   * `dequeue()` of an empty queue (FQ-CoDel asks every empty flow queue it meets): `doDequeue`'s
   * empty branch. The length integrals need no update — nothing is stored, so they would not
   * change — and neither do the statistics.
   */
  dequeueEmpty(): void {
    // empty: cannot be above target (RFC dodequeue; Linux leaves the dropping state; ns-3
    // only leaves the dropping state, codel-queue-disc.cc DoDequeue)
    if (this.unit === 1) this.firstAboveNs = 0;
    this.dropping = false;
  }

  /**
   * `enqueue(pkt)` as FQ-CoDel's flow queue, which has no limit of its own and always stores: the
   * same bookkeeping (no per-flow counts: see `attach`), without the virtual `doEnqueue` behind
   * `enqueue`, whose call site every discipline of a run shares. Called per packet by FQ-CoDel.
   */
  storeInFlowQueue(pkt: Packet): void {
    this.countStored(pkt);
    this.fifo.push(pkt);
  }

  /**
   * `dequeue()` as FQ-CoDel's flow queue (see `storeInFlowQueue`): `doDequeue` called directly,
   * the departure's statistics written out as in `QueueDisc.dequeue` (see there why not a call).
   */
  takeFromFlowQueue(): Packet | null {
    this.integrate();
    const pkt = this.doDequeue();
    if (pkt !== null) {
      const s = this.stats;
      s.departures++;
      s.departureBytes += pkt.sizeBytes;
      const soj = this.clock.now - pkt.enqueueNs;
      s.sojournSumNs += soj;
      this.lastSojournNs = soj;
    }
    return pkt;
  }

  private takeHead(): Packet | null {
    const p = this.fifo.shift();
    if (p !== null) this.removedFromStorage(p);
    return p;
  }

  /**
   * RFC 8289 §5.5 `dodequeue`'s test (Linux `codel_should_drop`): whether the head packet `p`
   * (already out of storage) has been above target for a whole interval. It reads the clock
   * itself (the dequeue's time: the clock does not move during a dequeue) rather than take it as
   * an argument: a double passed to a call V8 does not inline is a heap number allocated per call.
   */
  private okToDrop(p: Packet | null): boolean {
    if (p === null) {
      this.firstAboveNs = 0;
      return false;
    }
    const now = this.clock.now;
    const sojourn = now - p.enqueueNs;
    this.headSojournNs = sojourn;
    if (this.unit > 1) return this.okToDropUnits(p);
    // bytes still queued behind the head: this flow's, or the whole FQ-CoDel qdisc's (where the
    // head still counts until its parent sees it leave)
    const src = this.backlogSource;
    const remaining = src === null ? this.lengthBytes : src.lengthBytes - p.sizeBytes;
    const P = this.params;
    if (sojourn < P.targetNs || remaining < P.minBytes) {
      // went below: stay below for at least an interval
      this.firstAboveNs = 0;
      return false;
    }
    if (this.firstAboveNs === 0) {
      // just went above from below; if still above at first_above_time it is ok to drop
      this.firstAboveNs = now + P.intervalNs;
      return false;
    }
    // RFC 8289 §5.5: now >= first_above_time (Linux and ns-3: strictly after)
    return now >= this.firstAboveNs;
  }

  /**
   * okToDrop in ns-3.37's CoDel time (`variant: ns3`): 1024-ns units, sojourn truncated as a
   * difference, first_above_time passed strictly after (codel-queue-disc.cc OkToDrop).
   */
  private okToDropUnits(p: Packet): boolean {
    const now = this.clock.now;
    const u = this.unit;
    const nowU = Math.floor(now / u);
    const src = this.backlogSource;
    const remaining = src === null ? this.lengthBytes : src.lengthBytes - p.sizeBytes;
    const P = this.params;
    if (Math.floor((now - p.enqueueNs) / u) < Math.floor(P.targetNs / u) || remaining < P.minBytes) {
      this.firstAboveNs = 0;
      return false;
    }
    if (this.firstAboveNs === 0) {
      this.firstAboveNs = nowU + Math.floor(P.intervalNs / u);
      return false;
    }
    return nowU > this.firstAboveNs;
  }

  /** control_law(t): t + interval/√count. */
  private controlLaw(t: number): number {
    const P = this.params;
    if (this.unit > 1) return t + newtonControlGapNs(Math.floor(P.intervalNs / this.unit), this.recInvSqrt);
    return P.controlLaw === 'exact'
      ? t + P.intervalNs / Math.sqrt(this.count)
      : t + newtonControlGapNs(P.intervalNs, this.recInvSqrt);
  }

  private countChanged(): void {
    if (this.params.controlLaw === 'newton' || this.unit > 1)
      this.recInvSqrt = newtonStepRecInvSqrt(this.recInvSqrt, this.count);
  }

  /** Drops (or marks, with ECN) the packet; returns true when it was marked and goes on. */
  private signal(p: Packet): boolean {
    if (this.params.ecn && this.mark(p, 'codel')) return true;
    this.dropAfterDequeue(p, 'codel');
    return false;
  }

  protected doDequeue(): Packet | null {
    const now = this.now;
    // the control law's clock (ns-3: CoDel time units); okToDrop reads nanoseconds
    const t = this.unit > 1 ? Math.floor(now / this.unit) : now;
    let p = this.takeHead();
    if (p === null) {
      this.dequeueEmpty();
      return null;
    }
    const drop = this.okToDrop(p);
    let marked = false;
    if (this.dropping) {
      if (!drop) {
        // sojourn time below target: leave the dropping state
        this.dropping = false;
      } else {
        // time for the next drop(s): the while loop covers a backlog so large that the next
        // drop is already due (RFC 8289 §5.5)
        while (this.dropping && t >= this.dropNextNs) {
          this.count++;
          this.countChanged();
          if (this.signal(p!)) {
            // Linux: a mark schedules the next signal from drop_next (ns-3 from now)
            marked = true;
            this.dropNextNs = this.controlLaw(this.unit > 1 ? t : this.dropNextNs);
            break;
          }
          p = this.takeHead();
          if (!this.okToDrop(p)) this.dropping = false;
          else this.dropNextNs = this.controlLaw(this.dropNextNs);
        }
      }
    } else if (drop) {
      // above target for a whole interval: drop (or mark) and enter the dropping state
      if (this.signal(p)) marked = true;
      else {
        p = this.takeHead();
        this.okToDrop(p);
      }
      this.dropping = true;
      // RFC 8289 §5.5 (the Linux version): if the queue went above target soon after the last
      // episode, the drop rate that controlled it then is a good starting point now
      const delta = this.count - this.lastCount;
      const interval = this.unit > 1 ? Math.floor(this.params.intervalNs / this.unit) : this.params.intervalNs;
      if (this.params.reentry === 'rfc8289' && delta > 1 && t - this.dropNextNs < 16 * interval) {
        this.count = delta;
        this.countChanged();
      } else {
        this.count = 1;
        this.recInvSqrt = REC_INV_SQRT_ONE;
      }
      this.lastCount = this.count;
      this.dropNextNs = this.controlLaw(t);
    }
    const ce = this.params.ceThresholdNs;
    if (p !== null && ce > 0 && !marked && now - p.enqueueNs > ce) this.mark(p, 'codel');
    return p;
  }

  protected override doEvict(reason: DropReason): boolean {
    const p = this.fifo.shift();
    if (p === null) return false;
    this.dropQueued(p, reason);
    return true;
  }

  /** Size of the packet at the head (0 when empty), for FQ-CoDel's batch drop. */
  headBytes(): number {
    return this.fifo.peek()?.sizeBytes ?? 0;
  }

  /**
   * Linux fq_codel_drop: after a batch drop from this flow, `count += dropped` so that CoDel's
   * signal strengthens too.
   */
  addToCount(n: number): void {
    this.count += n;
    this.countChanged();
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return CODEL_PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    out[offset] = this.dropping ? 1 : 0;
    out[offset + 1] = this.count;
    out[offset + 2] = this.headSojournNs / 1e6;
    out[offset + 3] = this.dropping ? (this.dropNextNs * this.unit - this.now) / 1e6 : NaN;
  }
}

const CODEL_PROBES: readonly QueueProbeSpec[] = [
  {
    key: 'dropping',
    label: 'Dropping state',
    unit: '0/1',
    description: 'CoDel is in its dropping state (1) or not (0).',
  },
  {
    key: 'count',
    label: 'Drop count',
    unit: 'packets',
    description: 'Drops (or marks) in the current dropping episode, the count of the control law interval/√count.',
  },
  {
    key: 'sojournMs',
    label: 'Head sojourn',
    unit: 'ms',
    description: 'Sojourn time of the last packet CoDel examined at the head of the queue.',
  },
  {
    key: 'dropNextMs',
    label: 'Next drop in',
    unit: 'ms',
    description: 'Time until the next scheduled drop while dropping; empty (NaN) otherwise.',
  },
];

/**
 * CoDel's parameters; FQ-CoDel repeats them (they configure each flow queue). Each description says
 * exactly what the value means, and how to express ns-3.37's and Linux's settings.
 */
export const CODEL_PARAM_SPECS: readonly ParamSpec[] = [
  {
    key: 'target',
    label: 'Target',
    kind: 'duration',
    default: 0.005,
    min: 0,
    max: 10,
    description:
      'TARGET (RFC 8289 §4.3): acceptable standing sojourn time. A head packet whose sojourn is at least this, for a whole interval, starts drops. ns-3 Target / Linux target, 5 ms.',
  },
  {
    key: 'interval',
    label: 'Interval',
    kind: 'duration',
    default: 0.1,
    min: 0.000001,
    max: 100,
    description:
      'INTERVAL (RFC 8289 §4.2): how long the sojourn must stay above target before the first drop, and the scale of the control law (next drop after interval/√count). ns-3 Interval / Linux interval, 100 ms.',
  },
  {
    key: 'minBytes',
    label: 'Min backlog',
    kind: 'size',
    default: 1500,
    min: 0,
    description:
      'No drop while fewer than this many bytes remain queued once the head packet has left (RFC 8289 §5.5 "bytes() <= maxpacket"): ns-3 MinBytes (1500, the default, same comparison); Linux drops only when the remaining backlog exceeds the device MTU, i.e. minBytes = MTU + 1 (1515 for Ethernet\'s 1514). 0 disables the exception.',
  },
  {
    key: 'ecn',
    label: 'ECN',
    kind: 'boolean',
    default: false,
    description:
      'Set CE on ECN-capable packets instead of dropping them (RFC 8289 §4.4); non-ECT packets are still dropped. ns-3 UseEcn (CoDel default false; FqCoDel default true) / Linux ecn.',
  },
  {
    key: 'ceThreshold',
    label: 'CE threshold',
    kind: 'duration',
    default: 0,
    min: 0,
    max: 10,
    description:
      'Linux ce_threshold: also CE-mark every ECT packet whose sojourn exceeds this, at dequeue, whatever the control law (for DCTCP-style senders). 0 = off (the default, as ns-3 CeThreshold = Time::Max and Linux without ce_threshold).',
  },
  {
    key: 'reentry',
    label: 'Count on re-entry',
    kind: 'enum',
    default: 'rfc8289',
    options: ['rfc8289', 'reset'],
    description:
      "Count when the dropping state is entered again. rfc8289: RFC 8289 §5.5, which is Linux's and ns-3's rule — if count grew by δ = count − lastcount > 1 in the last episode and that episode's next drop was less than 16 intervals ago, start at δ, else at 1. reset: always start at 1 (no memory of the previous episode).",
  },
  {
    key: 'controlLaw',
    label: 'Control law',
    kind: 'enum',
    default: 'exact',
    options: ['exact', 'newton'],
    description:
      "exact: next drop = t + interval/√count computed exactly (RFC 8289 §5.6). newton: Linux's and ns-3's fixed-point 1/√count, one Newton step per count change (the 2nd drop of an episode comes after interval·0.5 instead of interval/√2; it converges within a few drops). Use newton to match ns-3 or Linux.",
  },
  {
    key: 'variant',
    label: 'Variant',
    kind: 'enum',
    default: 'rfc8289',
    options: ['rfc8289', 'ns3'],
    description:
      "rfc8289: RFC 8289 / Linux, exact nanoseconds. ns3: ns-3.37's codel-queue-disc.cc — now, sojourn, target, interval and drop_next truncated to 1024-ns units (CODEL_SHIFT), first_above_time passed strictly after, a mark in the dropping state scheduling the next signal from now, a dequeue from an empty queue leaving the dropping state but keeping first_above_time; implies the newton control law. Use it to reproduce ns-3's drop times exactly.",
  },
];

export function codelParamsFrom(p: ResolvedParams): CoDelParams {
  return {
    targetNs: Math.round(num(p, 'target') * 1e9),
    intervalNs: Math.round(num(p, 'interval') * 1e9),
    minBytes: num(p, 'minBytes'),
    ecn: bool(p, 'ecn'),
    ceThresholdNs: Math.round(num(p, 'ceThreshold') * 1e9),
    reentry: str(p, 'reentry') as CoDelReentry,
    controlLaw: str(p, 'controlLaw') as 'exact' | 'newton',
    variant: str(p, 'variant') as 'rfc8289' | 'ns3',
  };
}

export const codelModel: QueueModel = {
  info: {
    id: 'codel',
    category: 'queue',
    name: 'CoDel',
    description:
      'Controlled Delay: drops (or marks) at the head once packets have waited more than target for an interval, then at interval/√count.',
    citation: 'RFC 8289 §3–5 (pseudocode §5.4–5.6); Linux include/net/codel_impl.h; ns-3.37 codel-queue-disc.cc',
    params: CODEL_PARAM_SPECS,
    probes: CODEL_PROBES,
  },
  create: (p) => new CoDelQueueDisc(codelParamsFrom(p)),
};
