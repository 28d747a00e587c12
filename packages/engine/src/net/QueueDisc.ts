import type { Packet } from './Packet.js';
import { Ecn } from './Packet.js';
import type { Simulator } from '../core/Simulator.js';
import type { Random } from '../core/Random.js';
import type { BufferLimit } from '../core/units.js';
import type { ControlChannel } from './ControlChannel.js';
import { holdAsDoubles } from '../core/doubleFields.js';

// The contract between a port and the discipline it drives: the abstract QueueDisc, the drop
// reasons and the views a discipline gets of its port, node and flows. It lives in net/ beside
// Port (which holds a QueueDisc) so the disciplines in queue/ and router/ build on the port layer
// and the port never imports a discipline.

/**
 * Why a queue discipline discarded or marked a packet. Counted per reason in statistics, drawn
 * differently by the lab, and reported once per packet to the port's drop observer.
 */
export type DropReason =
  | 'overflow' // buffer full: the arriving packet is refused (tail drop)
  | 'front' // drop-front: the oldest packet made room for a new one
  | 'early' // RED / PIE probabilistic early drop or mark
  | 'forced' // RED forced drop above the maximum threshold (or 2·max when gentle)
  | 'codel' // CoDel control-law drop or mark at dequeue (RFC 8289)
  | 'fq-overflow' // classful: the longest sub-queue pays for an arrival to a full shared buffer
  | 'memory' // FQ-CoDel memory limit (RFC 8290 §4.1.3)
  | 'step' // threshold (DCTCP K) marking, or the drop of a non-ECT packet in its place
  | 'policy'; // a router feature refused the packet

/** Every drop reason, in the order statistics and the lab list them. */
export const DROP_REASONS: readonly DropReason[] = [
  'overflow',
  'front',
  'early',
  'forced',
  'codel',
  'fq-overflow',
  'memory',
  'step',
  'policy',
];

/** Where a discarded packet was when it was discarded. */
export enum DropStage {
  /** The arriving packet was refused: it never entered storage. */
  BeforeEnqueue = 0,
  /** A packet in storage was removed (drop-front, longest-queue drop). */
  Queued = 1,
  /** A packet taken out of storage at dequeue was discarded (CoDel, PIE dequeue mode). */
  AfterDequeue = 2,
}

/**
 * Receives every drop and mark a queue discipline makes. A port listens to its root discipline;
 * a classful scheduler listens to its children, so a child's drop is counted in the child's and
 * every ancestor's statistics but reaches the port exactly once.
 */
export interface QueueDropListener {
  onQueueDrop(pkt: Packet, reason: DropReason, stage: DropStage): void;
  onQueueMark(pkt: Packet, reason: DropReason): void;
}

/**
 * Per-flow facts the scenario gives queue disciplines (the classifier's inputs). Indexed by flow
 * index, i.e. `Packet.flowId`.
 */
export interface FlowTable {
  readonly count: number;
  /** Scenario `flows[i].class` (default 0): priority band or class index. */
  readonly classOf: Int32Array;
  /** Scenario `flows[i].weight` (default 1): WFQ / DRR weight. */
  readonly weightOf: Float64Array;
  /**
   * Node index of the flow's source and destination (`flows[i].from` / `to`). Data travels from
   * → to, acknowledgements and feedback to → from; address-hashing schedulers (ns-2 DRR, SFQ)
   * classify by these, as ns-2 hashes node addresses.
   */
  readonly fromNodeOf: Int32Array;
  readonly toNodeOf: Int32Array;
  /** Flow ids (for messages; not in the hot path). */
  readonly ids: readonly string[];
  /**
   * Round-trip propagation delay of each flow's route, ns: filled in when the flows are routed,
   * before the run starts (0 until then).
   */
  readonly baseRttNs: Float64Array;
}

/** The port a discipline serves, as router features see it. */
export interface PortView {
  readonly name: string;
  /** Index of the node at the far end of the link. */
  readonly toNode: number;
  /** Current transmission rate, bit/s (may change over time on time-varying links). */
  readonly rateBps: number;
  readonly delayNs: number;
  /** Asks the port to try to transmit now (a pacer or shaper whose held packet became ready). */
  wake(): void;
}

/** The node a port belongs to, as router features see it. */
export interface NodeView {
  readonly index: number;
  readonly id: string;
  readonly kind: 'host' | 'router' | 'bs';
  /**
   * State shared by every port of this node, keyed by feature (a router-wide shared buffer for
   * link-by-link congestion avoidance, an XCP router's per-node parameters, ...).
   */
  readonly shared: Map<string, unknown>;
  /** Sends packets to neighbouring nodes' router features and receives theirs (LbLCA feedback). */
  readonly control: ControlChannel;
}

/** What a queue discipline learns about its port when attached. */
export interface QueueContext {
  readonly sim: Simulator;
  /** Rate of the port at attach time, bit/s (`port.rateBps` is the current one). */
  readonly rateBps: number;
  readonly random: Random;
  readonly dropListener: QueueDropListener;
  readonly flows: FlowTable;
  readonly port: PortView;
  readonly node: NodeView;
  /** The buffer limit configured for the port (the one shared limit of a classful tree). */
  readonly limit: BufferLimit;
}

export interface QueueStats {
  arrivals: number;
  departures: number;
  /** Drops made here or in any child (each drop counted once per level of the tree). */
  drops: number;
  /** ECN marks (CE set instead of a drop), here or in any child. */
  marks: number;
  arrivalBytes: number;
  departureBytes: number;
  dropBytes: number;
  dropsByReason: Record<string, number>;
  marksByReason: Record<string, number>;
  /** Σ sojourn time of departed packets (ns): enqueue to dequeue. */
  sojournSumNs: number;
}

/** Named discipline state a probe can sample (RED's average queue, PIE's drop probability). */
export interface QueueProbeSpec {
  readonly key: string;
  readonly label: string;
  readonly unit: string;
  readonly description: string;
  /** A count since the start of the run (drops so far), not a level. */
  readonly cumulative?: boolean;
}

/**
 * A queue discipline (ns-3 style template methods; Linux tc's qdisc). The public `enqueue` /
 * `dequeue` keep the statistics, the time integral of the queue length, the per-flow backlog and
 * each packet's enqueue timestamp (for sojourn times); subclasses implement `doEnqueue` /
 * `doDequeue` and report discards only through `dropBeforeEnqueue`, `dropQueued` and
 * `dropAfterDequeue`, and marks through `mark`, each with a named reason. The identity
 * arrivals = departures + drops + queued holds at every node of a classful tree (tested).
 */
export abstract class QueueDisc {
  lengthPackets = 0;
  lengthBytes = 0;
  readonly stats: QueueStats = {
    arrivals: 0,
    departures: 0,
    drops: 0,
    marks: 0,
    arrivalBytes: 0,
    departureBytes: 0,
    dropBytes: 0,
    dropsByReason: {},
    marksByReason: {},
    sojournSumNs: 0,
  };
  /** ∫ queue length dt, in packet·ns and byte·ns, up to `lastChangeNs`. */
  integralPacketNs = 0;
  integralByteNs = 0;
  /**
   * Packets of each flow in storage, indexed by flow index (sized at attach), kept up to date by
   * the bookkeeping here; a discipline that counts them another way leaves it empty and overrides
   * `flowBacklogPackets` (FifoQueueDisc).
   */
  protected backlogByFlow: Float64Array = new Float64Array(0);
  /** Sojourn time of the last packet that departed (ns), or -1 before the first. */
  lastSojournNs = -1;
  private lastChangeNs = 0;
  protected ctx!: QueueContext;
  /**
   * `ctx.sim`, held here: the per-packet bookkeeping reads the clock without going through the
   * context object (one cache line fewer per packet when consecutive packets visit different ports).
   */
  protected clock!: Simulator;

  constructor() {
    // times, integrals and byte sums pass 2³¹ during a run: double fields from the start, so that
    // no representation change deprecates every discipline's hidden class mid-run (and the boxes
    // V8 keeps these doubles in are allocated beside their object, not wherever the change happens)
    holdAsDoubles(this, ['integralPacketNs', 'integralByteNs', 'lastSojournNs', 'lastChangeNs']);
    holdAsDoubles(this.stats, ['arrivalBytes', 'departureBytes', 'dropBytes', 'sojournSumNs']);
  }

  /** Called once by the port (or the parent scheduler) before the first packet. */
  attach(ctx: QueueContext): void {
    this.ctx = ctx;
    this.clock = ctx.sim;
    this.backlogByFlow = new Float64Array(ctx.flows.count);
  }

  /** Packets of each flow in storage, indexed by flow index (`Packet.flowId`). */
  get flowBacklogPackets(): Float64Array {
    return this.backlogByFlow;
  }

  protected get now(): number {
    return this.clock.now;
  }

  /** Brings the queue-length integrals up to now (call before changing the length). */
  protected integrate(): void {
    const now = this.clock.now;
    const dt = now - this.lastChangeNs;
    if (dt > 0) {
      this.integralPacketNs += this.lengthPackets * dt;
      this.integralByteNs += this.lengthBytes * dt;
      this.lastChangeNs = now;
    }
  }

  /** Offers a packet. Returns true when it was queued (it may still be dropped later). */
  enqueue(pkt: Packet): boolean {
    this.integrate();
    const s = this.stats;
    s.arrivals++;
    const size = pkt.sizeBytes;
    s.arrivalBytes += size;
    pkt.enqueueNs = this.clock.now;
    if (this.doEnqueue(pkt)) {
      this.lengthPackets++;
      this.lengthBytes += size;
      const f = pkt.flowId;
      if (f < this.backlogByFlow.length) this.backlogByFlow[f]!++;
      return true;
    }
    return false;
  }

  /**
   * Whether this discipline admits `pkt` into its empty storage and would hand it straight back
   * on the next dequeue, with nothing but bookkeeping in between (a FIFO under its limit). The
   * port's idle path (Port.receive) then calls `passThrough` instead of enqueue + dequeue. The
   * default is false: disciplines with state of their own (AQMs, schedulers) always see both.
   */
  admitsPassThrough(pkt: Packet): boolean {
    void pkt;
    return false;
  }

  /**
   * The statistics of `enqueue(pkt)` immediately followed by a `dequeue()` returning it, on an
   * empty queue (only after `admitsPassThrough(pkt)`): one arrival, one departure, zero sojourn;
   * the length and the length integrals are unchanged (zero before and after). The packet's
   * `enqueueNs` is not written: only a packet in storage is asked for it (sojourn at dequeue, a
   * drop's sojourn), and the next queue that stores it sets it; skipping the write spares every
   * uncongested hop a visit to the packet's boxed time field.
   */
  passThrough(pkt: Packet): void {
    const s = this.stats;
    const size = pkt.sizeBytes;
    s.arrivals++;
    s.arrivalBytes += size;
    s.departures++;
    s.departureBytes += size;
    this.lastSojournNs = 0;
  }

  /** Takes the next packet to transmit, or null (empty, or a shaper holding packets back). */
  dequeue(): Packet | null {
    this.integrate();
    const pkt = this.doDequeue();
    if (pkt !== null) {
      // written out, not a call: one more call level on the port's dequeue path makes V8 inline
      // the schedulers' child path differently, ≈ 17 more instructions per event under RR
      // (`cclab bench --per-event --queue rr` counts them)
      const s = this.stats;
      s.departures++;
      s.departureBytes += pkt.sizeBytes;
      const soj = this.clock.now - pkt.enqueueNs;
      s.sojournSumNs += soj;
      this.lastSojournNs = soj;
    }
    return pkt;
  }

  /**
   * `enqueue`'s bookkeeping for a packet that is stored without a decision (an arrival the
   * discipline always takes): the statistics, its enqueue time, the length. The caller stores it
   * (and, where it keeps them, counts it per flow). Disciplines a scheduler calls per packet use
   * this instead of `enqueue`, whose `doEnqueue` call site every discipline of a run shares.
   */
  protected countStored(pkt: Packet): void {
    this.integrate();
    const s = this.stats;
    const size = pkt.sizeBytes;
    s.arrivals++;
    s.arrivalBytes += size;
    pkt.enqueueNs = this.clock.now;
    this.lengthPackets++;
    this.lengthBytes += size;
  }

  /**
   * Discards one stored packet on a parent's request (longest-queue drop in a shared buffer);
   * returns whether one was discarded. Disciplines that cannot give up a packet return false.
   */
  evict(reason: DropReason): boolean {
    if (this.lengthPackets === 0) return false;
    this.integrate();
    return this.doEvict(reason);
  }

  /** For shapers and pacers: the earliest time (ns) a held packet may leave; Infinity if none. */
  nextReadyTimeNs(): number {
    return Infinity;
  }

  /** Time-average queue length in packets over [0, now]. */
  meanLengthPackets(): number {
    this.integrate();
    const now = this.clock.now;
    return now > 0 ? this.integralPacketNs / now : 0;
  }

  /** Time-average queue length in bytes over [0, now]. */
  meanLengthBytes(): number {
    this.integrate();
    const now = this.clock.now;
    return now > 0 ? this.integralByteNs / now : 0;
  }

  /** Mean sojourn time of departed packets (ns), or NaN before the first departure. */
  meanSojournNs(): number {
    return this.stats.departures > 0 ? this.stats.sojournSumNs / this.stats.departures : NaN;
  }

  /** Discipline state a probe samples (see `probeSpecs`); `out` receives one value per spec. */
  probeValues(out: Float64Array, offset: number): void {
    void out;
    void offset;
  }

  /** The state `probeValues` writes, in order. Empty for disciplines without internal state. */
  probeSpecs(): readonly QueueProbeSpec[] {
    return NO_PROBES;
  }

  /** Stores the packet, or calls `dropBeforeEnqueue` and returns false. */
  protected abstract doEnqueue(pkt: Packet): boolean;

  /**
   * Removes the next packet from storage and returns it (calling `removedFromStorage` for it), or
   * returns null. Packets discarded at dequeue go through `dropAfterDequeue`.
   */
  protected abstract doDequeue(): Packet | null;

  /**
   * Takes one packet out of storage (normally the oldest) and discards it through `dropQueued`;
   * returns false if this discipline cannot. The default cannot.
   */
  protected doEvict(reason: DropReason): boolean {
    void reason;
    return false;
  }

  /** Subclasses call this for every packet they take out of storage (sent or dropped). */
  protected removedFromStorage(pkt: Packet): void {
    this.lengthPackets--;
    this.lengthBytes -= pkt.sizeBytes;
    const f = pkt.flowId;
    if (f < this.backlogByFlow.length) this.backlogByFlow[f]!--;
  }

  /** Counts a drop here and passes it up (to the parent scheduler, or the port). */
  protected recordDrop(pkt: Packet, reason: DropReason, stage: DropStage): void {
    const s = this.stats;
    s.drops++;
    s.dropBytes += pkt.sizeBytes;
    s.dropsByReason[reason] = (s.dropsByReason[reason] ?? 0) + 1;
    this.ctx.dropListener.onQueueDrop(pkt, reason, stage);
  }

  /** Counts a mark here and passes it up. */
  protected recordMark(pkt: Packet, reason: DropReason): void {
    const s = this.stats;
    s.marks++;
    s.marksByReason[reason] = (s.marksByReason[reason] ?? 0) + 1;
    this.ctx.dropListener.onQueueMark(pkt, reason);
  }

  /** The arriving packet is refused. */
  protected dropBeforeEnqueue(pkt: Packet, reason: DropReason): void {
    this.recordDrop(pkt, reason, DropStage.BeforeEnqueue);
  }

  /** A packet already in storage is discarded (drop-front, longest-queue drop). */
  protected dropQueued(pkt: Packet, reason: DropReason): void {
    this.integrate();
    this.removedFromStorage(pkt);
    this.recordDrop(pkt, reason, DropStage.Queued);
  }

  /**
   * A packet taken out of storage at dequeue time (already passed to `removedFromStorage`) is
   * discarded (CoDel).
   */
  protected dropAfterDequeue(pkt: Packet, reason: DropReason): void {
    this.recordDrop(pkt, reason, DropStage.AfterDequeue);
  }

  /** Sets Congestion Experienced on an ECN-capable packet; returns false if it is not ECT. */
  protected mark(pkt: Packet, reason: DropReason): boolean {
    if (pkt.ecn === Ecn.NotEct) return false;
    pkt.ecn = Ecn.Ce;
    this.recordMark(pkt, reason);
    return true;
  }

  /** Whether `extra` more bytes (one more packet) fit under `limit` with ns-2's qlim−1 rule. */
  protected static fitsUnder(limit: BufferLimit, packets: number, bytes: number, extraBytes: number): boolean {
    return 'packets' in limit ? packets + 1 < limit.packets : bytes + extraBytes < limit.bytes;
  }
}

const NO_PROBES: readonly QueueProbeSpec[] = [];
