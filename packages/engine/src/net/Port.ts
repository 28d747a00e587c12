import type { EventHandler } from '../core/EventQueue.js';
import type { Simulator } from '../core/Simulator.js';
import type { Random } from '../core/Random.js';
import type { CounterBlock } from '../core/CounterBlock.js';
import { holdAsDoubles } from '../core/doubleFields.js';
import { NS_PER_SECOND } from '../core/units.js';
import type {
  DropReason,
  DropStage,
  FlowTable,
  NodeView,
  PortView,
  QueueDisc,
  QueueDropListener,
  QueueProbeSpec,
} from './QueueDisc.js';
import type { BufferLimit } from '../core/units.js';
import { copyPacket, isDataKind, type Packet, type PacketPool } from './Packet.js';
import { impairs, LinkImpairment, ReorderingWire, type ImpairmentSpec } from './LinkImpairment.js';
import {} from './QueueDisc.js';
import { PacketFifo } from './PacketFifo.js';
import type { PortTracer } from './PortTracer.js';

/** Event kinds a port schedules on itself (subclasses add their own above these). */
export const TX_DONE = 0;
export const ARRIVE = 1;
export const WAKE = 2;

/** Numbers per packet in `Port.inFlight()`: flowId, departNs, arriveNs, sizeBytes, isData (1/0). */
export const IN_FLIGHT_STRIDE = 5;

/** Numbers per slot of a port's in-flight ring (arrival time, arrival's event sequence, departure time). */
const FLIGHT_STRIDE = 3;

/** The arguments every port is built from (subclasses add their channel in front). */
export type PortArgs = ConstructorParameters<typeof Port>;

/** Receives every discard (and ECN mark) in the network (metrics, animation). */
export interface DropObserver {
  onDrop(port: Port, pkt: Packet, reason: DropReason | 'link-loss'): void;
  onMark?(port: Port, pkt: Packet, reason: DropReason): void;
}

/**
 * Link-layer properties of a port that are not the queue discipline's business (scenario link
 * fields `framingBytes`, `deviceQueuePackets`; docs/scenario-format.md).
 */
export interface LinkLayer {
  /**
   * Bytes of link-layer framing added to every packet on the wire (PPP: 2): they take
   * transmission time but are not part of the packet's size in queues and statistics.
   */
  readonly framingBytes: number;
  /**
   * Packets held between the queue discipline and the transmitter (ns-3's NetDevice queue, a
   * Linux driver ring): when a transmission starts, the discipline hands over its next packet at
   * once, so it waits beside the one on the wire and is neither counted nor seen by the
   * discipline (an AQM's sojourn times exclude it). 0 = the transmitter takes packets from the
   * discipline only when it is free.
   */
  readonly deviceQueuePackets: number;
}

const NO_LINK_LAYER: LinkLayer = { framingBytes: 0, deviceQueuePackets: 0 };

/** What the network tells a port about its surroundings (passed on to its queue discipline). */
export interface PortEnvironment {
  readonly flows: FlowTable;
  readonly node: NodeView;
  /** Registry id of the port's root queue discipline. */
  readonly queueType: string;
}

/**
 * A router feature attached to an egress port. Hooks run at well-defined points and may read or
 * write packet header fields; they never reach into senders.
 */
export interface PortHook {
  /** A packet arrives at the port, before the queue discipline sees it. */
  onArrival?(pkt: Packet, port: Port): void;
  /** A packet leaves the queue and starts transmission. */
  beforeTransmit?(pkt: Packet, port: Port): void;
}

/**
 * One direction of a link: the egress queue of node `fromNode` towards `toNode`, the transmitter
 * (rate) and the propagation delay. Packets in propagation are kept in the port's own FIFO —
 * they arrive in the order they were sent — so a port has at most one pending arrival event and
 * one pending transmission-complete event.
 */
export class Port implements EventHandler, QueueDropListener, PortView {
  // Fields in the order of first use on the per-packet path (V8 lays them out in declaration
  // order): what every hop reads shares the object's first lines, the rest follows
  // (docs/performance.md, "Queue disciplines": under a fair scheduler each hop finds its port cold).
  protected readonly sim: Simulator;
  private _disc: QueueDisc;
  /**
   * How many hooks are attached: the per-packet path reads this number (in the port's first cache
   * line) and touches the hooks' array only when there are any (`addHook`).
   */
  protected hookCount = 0;
  private readonly hookList: PortHook[] = [];
  /** Packet trace of this port (ns-2 trace, pcap), or null (trace/attachTraces.ts). */
  tracer: PortTracer | null = null;
  /** Packets handed over by the discipline and waiting for the transmitter (see LinkLayer), or null. */
  private readonly device: PacketFifo | null;
  protected txDonePending = false;
  /** End of the current (or last) serialization. */
  protected busyUntilNs = 0;
  /** Transmission time committed so far (ns), for utilisation. */
  protected busyNs = 0;
  protected nsPerByte: number;
  private readonly framingBytes: number;
  /** Event-order sequence reserved for the end of the current transmission. */
  protected txEndSeq = 0;
  protected txPacket: Packet | null = null;
  private _lossRate: number;
  private _delayNs: number;
  /** Burst loss, jitter and duplication (netem's impairments), or null: none. */
  private impairment: LinkImpairment | null = null;
  /** Packets that jitter may reorder, each with its own arrival event; null unless `reorder`. */
  private wire: ReorderingWire | null = null;
  /** Duplication, or null: none. */
  private copies: CopyArrivals | null = null;
  // in-flight FIFO (ring buffer of packets and their arrival times)
  private flightPkts: (Packet | null)[] = new Array<Packet | null>(16).fill(null);
  /**
   * Per in-flight slot i, FLIGHT_STRIDE numbers from i·FLIGHT_STRIDE: arrival time, event-order
   * sequence reserved for the arrival when its transmission started, departure time. One array,
   * not three, so that a packet's times share a cache line (docs/performance.md, "Where the
   * schedulers' extra time goes": under a fair scheduler consecutive events visit different ports,
   * whose state is then cold).
   */
  private flightTimes = new Float64Array(16 * FLIGHT_STRIDE);
  private flightHead = 0;
  flightCount = 0;
  /**
   * Per flow f, packets sent at counters.data[txBase + 2f] and bytes sent at the next index: one
   * cache line per departure, in an array all ports share (core/CounterBlock.ts). One flow more
   * than there are, for control packets (router-to-router messages carry flow index = the flow
   * count); likewise `flowDrops`, indexed by flow id.
   */
  private readonly counters: CounterBlock;
  private readonly txBase: number;
  flowDrops: Float64Array;
  protected readonly pool: PacketPool;
  protected readonly random: Random;
  protected readonly dropObserver: DropObserver | null;
  protected wakePending = Infinity;
  linkLosses = 0;
  /** ECN marks made by this port's queue discipline. */
  marks = 0;
  protected _rateBps: number;
  /** Registry id of the root queue discipline ("droptail", "red", ...). */
  queueType: string;
  private _bufferLimit: BufferLimit;
  private readonly env: PortEnvironment;
  private readonly deviceCapacity: number;
  readonly id: number;
  readonly name: string;
  readonly fromNode: number;
  readonly toNode: number;

  constructor(
    id: number,
    name: string,
    fromNode: number,
    toNode: number,
    rateBps: number,
    delayNs: number,
    disc: QueueDisc,
    lossRate: number,
    sim: Simulator,
    pool: PacketPool,
    random: Random,
    flowCount: number,
    dropObserver: DropObserver | null,
    /** The egress buffer limit (packets or bytes) this port's queue was configured with. */
    bufferLimit: BufferLimit,
    env: PortEnvironment,
    link: LinkLayer = NO_LINK_LAYER,
  ) {
    this.id = id;
    this.name = name;
    this.fromNode = fromNode;
    this.toNode = toNode;
    this.sim = sim;
    this.pool = pool;
    this.random = random;
    this.dropObserver = dropObserver;
    this.framingBytes = link.framingBytes;
    this.deviceCapacity = link.deviceQueuePackets;
    this.device = link.deviceQueuePackets > 0 ? new PacketFifo(link.deviceQueuePackets) : null;
    this._rateBps = rateBps;
    this._delayNs = delayNs;
    this._disc = disc;
    this._lossRate = lossRate;
    this._bufferLimit = bufferLimit;
    this.env = env;
    this.queueType = env.queueType;
    this.nsPerByte = (8 * NS_PER_SECOND) / rateBps;
    this.counters = sim.counters;
    this.txBase = sim.counters.alloc(2 * (flowCount + 1));
    this.flowDrops = new Float64Array(flowCount + 1);
    holdAsDoubles(this, ['busyNs', 'busyUntilNs']);
    this.attachDisc(disc);
  }

  private attachDisc(disc: QueueDisc): void {
    disc.attach({
      sim: this.sim,
      rateBps: this._rateBps,
      random: this.sim.random(`queue:${this.name}`),
      dropListener: this,
      flows: this.env.flows,
      port: this,
      node: this.env.node,
      limit: this._bufferLimit,
    });
  }

  /** Attaches a router feature; hooks run in the order they were added. */
  addHook(hook: PortHook): void {
    this.hookList.push(hook);
    this.hookCount = this.hookList.length;
  }

  protected runArrivalHooks(pkt: Packet): void {
    const hooks = this.hookList;
    for (let i = 0; i < hooks.length; i++) hooks[i]!.onArrival?.(pkt, this);
  }

  protected runTransmitHooks(pkt: Packet): void {
    const hooks = this.hookList;
    for (let i = 0; i < hooks.length; i++) hooks[i]!.beforeTransmit?.(pkt, this);
  }

  /** The queue discipline (replaced by `replaceDisc`). */
  get disc(): QueueDisc {
    return this._disc;
  }

  /** Packets of flow `f` (the flow count: control packets) this port has sent. */
  departuresOf(f: number): number {
    return this.counters.data[this.txBase + 2 * f]!;
  }

  /** Bytes of flow `f` (the flow count: control packets) this port has sent. */
  departureBytesOf(f: number): number {
    return this.counters.data[this.txBase + 2 * f + 1]!;
  }

  /** Counts a packet as sent (every departure: the transmitter's and a base station's). */
  protected countDeparture(pkt: Packet): void {
    const d = this.counters.data;
    const k = this.txBase + 2 * pkt.flowId;
    d[k]!++;
    d[k + 1]! += pkt.sizeBytes;
  }

  /** Propagation delay, ns. */
  get delayNs(): number {
    return this._delayNs;
  }

  /** Probability that a transmitted packet is lost on the wire. */
  get lossRate(): number {
    return this._lossRate;
  }

  /** The egress buffer limit (packets or bytes) of the current queue discipline. */
  get bufferLimit(): BufferLimit {
    return this._bufferLimit;
  }

  /**
   * Changes the propagation delay from now on. Packets already on the wire keep their arrival
   * times; a link delivers in order, so a packet sent after a decrease arrives no earlier than
   * the one sent before it.
   */
  setDelayNs(ns: number): void {
    if (!(ns >= 0) || !Number.isFinite(ns)) throw new RangeError(`port ${this.name}: delay ${ns} is not ≥ 0`);
    this._delayNs = ns;
  }

  /** Burst loss, jitter and duplication of this direction, or null when it has none. */
  get impairments(): LinkImpairment | null {
    return this.impairment;
  }

  /**
   * Sets this direction's impairments (before the run starts). Their draws come from a random
   * stream of the port's own (`impair:<port>`), so they change no other draw of the run.
   */
  setImpairment(spec: ImpairmentSpec | null): void {
    if (spec === null || !impairs(spec)) {
      this.impairment = null;
      this.wire = null;
      this.copies = null;
      return;
    }
    this.impairment = new LinkImpairment(spec, this.sim.random(`impair:${this.name}`));
    this.wire = spec.reorder && spec.jitterNs > 0 ? new ReorderingWire(this.sim.queue, (p) => this.arrive(p)) : null;
    this.copies = spec.duplicate > 0 ? new CopyArrivals(this, this.pool, this.impairment) : null;
  }

  /** Duplication of an arriving packet (subclasses that override `receive` call this first). */
  protected duplicateArrival(pkt: Packet): void {
    if (this.copies !== null) this.copies.consider(pkt);
  }

  /** Packets propagating on the link now (with reordering jitter, each on its own event). */
  get onWireCount(): number {
    return this.flightCount + (this.wire === null ? 0 : this.wire.count);
  }

  /** Changes the random loss probability of packets transmitted from now on. */
  setLossRate(p: number): void {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`port ${this.name}: loss rate ${p} is not within 0–1`);
    this._lossRate = p;
  }

  /**
   * Replaces the queue discipline (a new discipline, or the same with another buffer) from now
   * on. The packets waiting in the old one are handed to the new one in the order the old one
   * releases them (an AQM may still drop one on the way out, as it would have); what the new one
   * refuses under its limit is dropped there. Counts carry over, so the port's statistics cover
   * the whole run: a handed-over packet is neither a departure of the old discipline nor an
   * arrival of the new one, and keeps its enqueue time (its sojourn counts from its first arrival).
   */
  replaceDisc(disc: QueueDisc, queueType: string, limit: BufferLimit): void {
    const old = this._disc;
    const moved: Packet[] = [];
    let sojournNs = 0;
    for (;;) {
      const pkt = old.dequeue();
      if (pkt === null) break;
      sojournNs += this.sim.now - pkt.enqueueNs;
      moved.push(pkt);
    }
    // a pacer may hold packets it will not release yet: they go with the old discipline
    while (old.lengthPackets > 0 && old.evict('policy'));
    this._disc = disc;
    this.queueType = queueType;
    this._bufferLimit = limit;
    this.attachDisc(disc);
    const o = old.stats;
    const n = disc.stats;
    let movedBytes = 0;
    for (const pkt of moved) {
      const enqueuedAt = pkt.enqueueNs;
      movedBytes += pkt.sizeBytes;
      if (disc.enqueue(pkt)) pkt.enqueueNs = enqueuedAt;
    }
    n.arrivals += o.arrivals - moved.length;
    n.arrivalBytes += o.arrivalBytes - movedBytes;
    n.departures += o.departures - moved.length;
    n.departureBytes += o.departureBytes - movedBytes;
    n.drops += o.drops;
    n.dropBytes += o.dropBytes;
    n.marks += o.marks;
    n.sojournSumNs += o.sojournSumNs - sojournNs;
    for (const [k, v] of Object.entries(o.dropsByReason)) n.dropsByReason[k] = (n.dropsByReason[k] ?? 0) + v;
    for (const [k, v] of Object.entries(o.marksByReason)) n.marksByReason[k] = (n.marksByReason[k] ?? 0) + v;
    if (!this.txDonePending && this.sim.now >= this.busyUntilNs) this.startTransmission();
  }

  /** Current transmission rate, bit/s. */
  get rateBps(): number {
    return this._rateBps;
  }

  /**
   * Changes the transmission rate from now on (time-varying links). The packet being serialized
   * keeps the end time it was given; the next one is serialized at the new rate.
   */
  setRateBps(bps: number): void {
    if (!(bps > 0) || !Number.isFinite(bps)) throw new RangeError(`port ${this.name}: rate ${bps} is not positive`);
    this._rateBps = bps;
    this.nsPerByte = (8 * NS_PER_SECOND) / bps;
  }

  /**
   * Asks the port to try to transmit now: a pacer or shaper calls this when a packet it held back
   * becomes ready earlier than the time it last reported.
   */
  wake(): void {
    const now = this.sim.now;
    if (this.txDonePending || now < this.busyUntilNs || this.wakePending <= now) return;
    this.wakePending = now;
    this.sim.schedule(now, this, WAKE, 0);
  }

  /** Serialization time of a packet of `bytes` (link-layer framing added) on this port, ns. */
  txTimeNs(bytes: number): number {
    return Math.round((bytes + this.framingBytes) * this.nsPerByte);
  }

  /** Packets waiting in the device queue (handed over by the discipline, not yet on the wire). */
  get deviceQueueLength(): number {
    return this.device === null ? 0 : this.device.length;
  }

  /** Whether a packet waits for the transmitter (in the device queue or the discipline). */
  private get backlogged(): boolean {
    return this.disc.lengthPackets > 0 || (this.device !== null && this.device.length > 0);
  }

  /**
   * Moves packets from the discipline into the device queue while it has room (ns-3
   * QueueDisc::Run). Like ns-3, it asks the discipline even when it holds nothing: every
   * packet leaving the device queue wakes the queue disc, whose DoDequeue then runs on an empty
   * queue too (FQ-CoDel retires its emptied flows there; CoDel leaves its dropping state).
   */
  private fillDevice(): void {
    const dev = this.device!;
    while (dev.length < this.deviceCapacity) {
      const p = this.disc.dequeue();
      if (p === null) break;
      dev.push(p);
    }
  }

  /** A packet arrives at this port to be sent on (from a node or a local endpoint). */
  receive(pkt: Packet): void {
    if (this.copies !== null) this.copies.consider(pkt);
    if (this.hookCount !== 0) this.runArrivalHooks(pkt);
    if (this.tracer !== null) this.tracer.enqueue(this, pkt);
    const disc = this._disc;
    if (
      this.device === null &&
      !this.txDonePending &&
      this.sim.now >= this.busyUntilNs &&
      disc.admitsPassThrough(pkt)
    ) {
      // idle transmitter, empty FIFO: the packet goes straight on the wire (enqueue + dequeue
      // reduced to their bookkeeping; most packet-hops of an uncongested access link). Not with a
      // device queue, whose ns-3 semantics ask the discipline after every departure.
      disc.passThrough(pkt);
      this.transmit(pkt);
      return;
    }
    if (!disc.enqueue(pkt) || this.txDonePending) {
      if (this.device !== null && this.txDonePending) this.fillDevice();
      return;
    }
    if (this.sim.now < this.busyUntilNs) {
      if (this.device !== null) this.fillDevice();
      // the transmitter is serializing: make sure it comes back for this packet
      this.txDonePending = true;
      this.sim.queue.pushReserved(this.busyUntilNs, this.txEndSeq, this, TX_DONE, 0);
    } else {
      this.startTransmission();
    }
  }

  onQueueDrop(pkt: Packet, reason: DropReason, stage: DropStage): void {
    void stage;
    this.flowDrops[pkt.flowId]!++;
    if (this.tracer !== null) this.tracer.drop(this, pkt);
    if (this.dropObserver !== null) this.dropObserver.onDrop(this, pkt, reason);
    this.pool.release(pkt);
  }

  onQueueMark(pkt: Packet, reason: DropReason): void {
    this.marks++;
    if (this.dropObserver !== null) this.dropObserver.onMark?.(this, pkt, reason);
  }

  /**
   * Takes the next packet from the queue and puts it on the wire. The packet's arrival at the far
   * end is known at once (now + serialization + propagation), so it joins the in-flight FIFO
   * immediately; a transmission-complete event is scheduled only if another packet is waiting
   * (or arrives) while this one is being serialized.
   */
  protected startTransmission(): void {
    const dev = this.device;
    const pkt = dev !== null && dev.length > 0 ? dev.shift() : this._disc.dequeue();
    if (pkt === null) {
      if (this._disc.lengthPackets > 0) {
        const t = this._disc.nextReadyTimeNs();
        if (t < this.wakePending && t !== Infinity) {
          this.wakePending = t;
          this.sim.schedule(Math.max(t, this.sim.now), this, WAKE, 0);
        }
      }
      return;
    }
    this.transmit(pkt);
  }

  /** Puts a packet just taken from the queue (or passed through it) on the wire. */
  private transmit(pkt: Packet): void {
    if (this.hookCount !== 0) this.runTransmitHooks(pkt);
    if (this.tracer !== null) this.tracer.dequeue(this, pkt);
    // countDeparture's body, written out: as a call it costs RR ≈ 38 instructions and 0.35 L1
    // misses more per event in transmit (`cclab bench --per-event --queue rr` counts them)
    const size = pkt.sizeBytes;
    const d = this.counters.data;
    const k = this.txBase + 2 * pkt.flowId;
    d[k]!++;
    d[k + 1]! += size;
    const now = this.sim.now;
    const txEnd = now + Math.round((size + this.framingBytes) * this.nsPerByte);
    // Event order as if both events were scheduled now, as ns-2's LinkDelay::recv does (arrival at
    // the far end first, then the end of transmission), though they are pushed only when needed:
    // among events at the same instant, what was scheduled earlier runs first.
    const q = this.sim.queue;
    const arrivalSeq = q.reserveSeq();
    this.txEndSeq = q.reserveSeq();
    this.txPacket = pkt;
    this.busyUntilNs = txEnd;
    this.busyNs += txEnd - now;
    if (this._lossRate > 0 && this.random.next() < this._lossRate) {
      // lost on the wire: it still occupies the transmitter
      this.loseOnLink(pkt);
      this.txPacket = null;
    } else if (this.impairment === null) {
      this.pushFlight(pkt, txEnd, txEnd + this._delayNs, arrivalSeq);
    } else {
      this.launchImpaired(pkt, txEnd, arrivalSeq);
    }
    if (this.device !== null) this.fillDevice();
    if (this.backlogged) {
      this.txDonePending = true;
      q.pushReserved(txEnd, this.txEndSeq, this, TX_DONE, 0);
    }
  }

  handleEvent(kind: number): void {
    if (kind === ARRIVE) {
      this.deliverHead();
    } else if (kind === TX_DONE) {
      this.txDonePending = false;
      this.startTransmission();
    } else {
      this.wakePending = Infinity;
      if (!this.txDonePending && this.sim.now >= this.busyUntilNs) this.startTransmission();
    }
  }

  /** A packet lost on the wire: counted, traced ("d"), reported as 'link-loss', freed. */
  protected loseOnLink(pkt: Packet): void {
    this.linkLosses++;
    this.flowDrops[pkt.flowId]!++;
    if (this.tracer !== null) this.tracer.drop(this, pkt);
    if (this.dropObserver !== null) this.dropObserver.onDrop(this, pkt, 'link-loss');
    this.pool.release(pkt);
  }

  /**
   * A packet whose last byte leaves at `departNs` goes on the wire: it propagates, or the burst
   * loss takes it; with jitter it arrives at its own time (in order unless `reorder`).
   */
  protected launch(pkt: Packet, departNs: number, seq: number): void {
    if (this.impairment === null) this.pushFlight(pkt, departNs, departNs + this._delayNs, seq);
    else this.launchImpaired(pkt, departNs, seq);
  }

  private launchImpaired(pkt: Packet, departNs: number, seq: number): void {
    const imp = this.impairment!;
    if (imp.lostInBurst()) {
      this.loseOnLink(pkt);
      if (this.txPacket === pkt) this.txPacket = null;
      return;
    }
    // a packet cannot arrive before it left: the jitter is cut at minus the propagation delay
    const arriveNs = departNs + Math.max(0, this._delayNs + Math.round(imp.jitterNs()));
    if (this.wire !== null) this.wire.push(pkt, departNs, arriveNs, seq);
    else this.pushFlight(pkt, departNs, arriveNs, seq);
  }

  /** A packet reaches the far end of the link. */
  private arrive(pkt: Packet): void {
    if (this.tracer !== null) this.tracer.receive(this, pkt);
    forward(pkt);
  }

  protected pushFlight(pkt: Packet, departNs: number, arriveNs: number, seq: number): void {
    let cap = this.flightPkts.length;
    if (this.flightCount === cap) {
      const np = new Array<Packet | null>(cap * 2).fill(null);
      const nt = new Float64Array(cap * 2 * FLIGHT_STRIDE);
      for (let i = 0; i < this.flightCount; i++) {
        const j = (this.flightHead + i) & (cap - 1);
        np[i] = this.flightPkts[j]!;
        nt.set(this.flightTimes.subarray(j * FLIGHT_STRIDE, (j + 1) * FLIGHT_STRIDE), i * FLIGHT_STRIDE);
      }
      this.flightPkts = np;
      this.flightTimes = nt;
      this.flightHead = 0;
      cap *= 2;
    }
    const idx = (this.flightHead + this.flightCount) & (cap - 1);
    const times = this.flightTimes;
    // in order even after the delay was lowered (setDelayNs)
    if (this.flightCount > 0) {
      const last = times[((idx - 1) & (cap - 1)) * FLIGHT_STRIDE]!;
      if (arriveNs < last) arriveNs = last;
    }
    this.flightPkts[idx] = pkt;
    const k = idx * FLIGHT_STRIDE;
    times[k] = arriveNs;
    times[k + 1] = seq;
    times[k + 2] = departNs;
    if (this.flightCount++ === 0) this.sim.queue.pushReserved(arriveNs, seq, this, ARRIVE, 0);
  }

  protected deliverHead(): void {
    const mask = this.flightPkts.length - 1;
    const head = this.flightHead;
    const pkt = this.flightPkts[head]!;
    this.flightPkts[head] = null;
    const next = (head + 1) & mask;
    this.flightHead = next;
    if (--this.flightCount > 0) {
      const k = next * FLIGHT_STRIDE;
      this.sim.queue.pushReserved(this.flightTimes[k]!, this.flightTimes[k + 1]!, this, ARRIVE, 0);
    }
    if (this.tracer !== null) this.tracer.receive(this, pkt);
    forward(pkt);
  }

  /** Packets currently propagating on the link, IN_FLIGHT_STRIDE numbers each (see above). */
  inFlight(out: number[] = []): number[] {
    const cap = this.flightPkts.length;
    for (let i = 0; i < this.flightCount; i++) {
      const j = (this.flightHead + i) & (cap - 1);
      const p = this.flightPkts[j]!;
      const arriveNs = this.flightTimes[j * FLIGHT_STRIDE]!;
      const departNs = this.flightTimes[j * FLIGHT_STRIDE + 2]!;
      if (departNs > this.sim.now) continue; // still being serialized
      out.push(p.flowId, departNs, arriveNs, p.sizeBytes, isDataKind(p.kind) ? 1 : 0);
    }
    this.wire?.forEach((p, departNs, arriveNs) => {
      if (departNs <= this.sim.now) out.push(p.flowId, departNs, arriveNs, p.sizeBytes, isDataKind(p.kind) ? 1 : 0);
    });
    return out;
  }

  /** Whether the transmitter is serializing a packet now. */
  get busy(): boolean {
    return this.sim.now < this.busyUntilNs;
  }

  /** The packet being serialized, or null. */
  get transmitting(): Packet | null {
    return this.sim.now < this.busyUntilNs ? this.txPacket : null;
  }

  /**
   * Channel state a probe records on a time-varying link (`link:<key>` columns of the port's
   * series: SNR, rate, the base station's current user). None on a fixed-rate link.
   */
  probeSpecs(): readonly QueueProbeSpec[] {
    return NO_PORT_PROBES;
  }

  /** Writes one value per `probeSpecs()` entry into `out` from `offset`. */
  probeValues(out: Float64Array, offset: number): void {
    void out;
    void offset;
  }

  /** Time the transmitter has been busy up to now (ns). */
  busyTimeNs(): number {
    const ahead = this.busyUntilNs - this.sim.now;
    return this.busyNs - (ahead > 0 ? ahead : 0);
  }
}

const NO_PORT_PROBES: readonly QueueProbeSpec[] = [];

/** Moves a packet to its next hop: the next port of its route, or the route's endpoint. */
export function forward(pkt: Packet): void {
  const route = pkt.route!;
  const hop = ++pkt.hop;
  if (hop < route.ports.length) route.ports[hop]!.receive(pkt);
  else route.sink.receive(pkt);
}

/** Injects a packet at the first port of its route (called by endpoints). */
export function inject(pkt: Packet): void {
  pkt.hop = 0;
  const route = pkt.route!;
  if (route.ports.length === 0) route.sink.receive(pkt);
  else route.ports[0]!.receive(pkt);
}

/**
 * Duplication (netem `duplicate`): a packet arriving at the port is, with the impairment's
 * probability, copied, and the copy is queued just before it (as netem enqueues its clone first),
 * to be sent like any packet. A copy is never copied again, and packets that carry an object of
 * their own (a DCCP Ack Vector, a router's control message) are not copied.
 */
class CopyArrivals {
  private copyArriving = false;

  constructor(
    private readonly port: Port,
    private readonly pool: PacketPool,
    private readonly impairment: LinkImpairment,
  ) {}

  consider(pkt: Packet): void {
    if (this.copyArriving) {
      this.copyArriving = false;
      return;
    }
    if (pkt.ext !== null || !this.impairment.duplicates()) return;
    this.copyArriving = true;
    this.port.receive(copyPacket(this.pool, pkt));
  }
}
