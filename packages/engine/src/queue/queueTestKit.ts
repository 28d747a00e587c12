/**
 * A bench for unit-testing queue disciplines without a network: a real Simulator whose clock the
 * test advances, a flow table, a drop/mark recorder and a packet factory. Used by the disciplines'
 * tests (hand-worked values) and the accounting property tests.
 */
import { Simulator } from '../core/Simulator.js';
import type { BufferLimit } from '../core/units.js';
import { Ecn, Packet, PacketKind, byteCount } from '../net/Packet.js';
import { ClassfulQueueDisc } from './ClassfulQueueDisc.js';
import { FifoQueueDisc } from './FifoQueueDisc.js';
import { queueModels } from '../registry/queueModels.js';
import type { QueueBuildContext, QueueModel } from './QueueModel.js';
import type { ControlChannel, ControlReceiver } from '../net/ControlChannel.js';
import { QueueDisc } from '../net/QueueDisc.js';
import { PacketFifo } from '../net/PacketFifo.js';
import type { DropReason, DropStage, FlowTable, NodeView, QueueDropListener } from '../net/QueueDisc.js';

/** A control message a discipline under test sent (the bench's channel records instead of sending). */
export interface SentControl {
  tNs: number;
  toNode: number;
  protocol: string;
  sizeBytes: number;
  body: unknown;
}

/**
 * The bench's control channel: records what is sent (node 1, the port's far end, is the only
 * neighbour) and lets the test deliver messages to the listeners.
 */
export class BenchControlChannel implements ControlChannel {
  readonly sent: SentControl[] = [];
  readonly receivers = new Map<string, ControlReceiver>();
  constructor(private readonly now: () => number) {}
  send(toNode: number, protocol: string, sizeBytes: number, body: unknown): boolean {
    if (toNode !== 1) return false;
    this.sent.push({ tNs: this.now(), toNode, protocol, sizeBytes, body });
    return true;
  }
  listen(protocol: string, receiver: ControlReceiver): void {
    this.receivers.set(protocol, receiver);
  }
  /** Node 1 runs every protocol unless the test says otherwise. */
  peerRuns = true;
  peerListens(toNode: number): boolean {
    return toNode === 1 && this.peerRuns;
  }
  /** Delivers a message of `protocol` from node `fromNode` as if a control packet had arrived. */
  deliver(protocol: string, fromNode: number, body: unknown): void {
    this.receivers.get(protocol)?.onControl({ protocol, fromNode, body });
  }
}

export interface DropRecord {
  tNs: number;
  flow: number;
  seq: number;
  reason: DropReason;
  stage: DropStage;
}

export interface QueueBenchOptions {
  limit?: BufferLimit;
  rateBps?: number;
  delayNs?: number;
  flows?: number;
  classes?: readonly number[];
  weights?: readonly number[];
  /**
   * Source and destination node of each flow; by default flow i goes from node 2 + 2i to 3 + 2i,
   * the ns-2 numbering of the reference dumbbell (r1 = 0, r2 = 1, then s0, d0, s1, d1, ...).
   */
  endpoints?: readonly (readonly [number, number])[];
  seed?: number;
}

export class QueueBench implements QueueDropListener {
  readonly sim: Simulator;
  readonly drops: DropRecord[] = [];
  readonly marks: { tNs: number; flow: number; reason: DropReason }[] = [];
  readonly flows: FlowTable;
  readonly control: BenchControlChannel;
  readonly node: NodeView;
  readonly limit: BufferLimit;
  readonly rateBps: number;
  readonly delayNs: number;
  wakes = 0;
  private nextSeq = 0;

  constructor(o: QueueBenchOptions = {}) {
    this.sim = new Simulator(o.seed ?? 1);
    this.control = new BenchControlChannel(() => this.sim.now);
    this.node = { index: 0, id: 'r1', kind: 'router', shared: new Map(), control: this.control };
    this.limit = o.limit ?? { packets: 100 };
    this.rateBps = o.rateBps ?? 10e6;
    this.delayNs = o.delayNs ?? 20e6;
    const n = o.flows ?? 4;
    this.flows = {
      count: n,
      classOf: Int32Array.from({ length: n }, (_, i) => o.classes?.[i] ?? 0),
      weightOf: Float64Array.from({ length: n }, (_, i) => o.weights?.[i] ?? 1),
      fromNodeOf: Int32Array.from({ length: n }, (_, i) => o.endpoints?.[i]?.[0] ?? 2 + 2 * i),
      toNodeOf: Int32Array.from({ length: n }, (_, i) => o.endpoints?.[i]?.[1] ?? 3 + 2 * i),
      ids: Array.from({ length: n }, (_, i) => `f${i}`),
      baseRttNs: new Float64Array(n).fill(2 * (o.delayNs ?? 20e6)),
    };
  }

  /** A build context for `QueueModel.create` (children are limitless FIFOs unless given). */
  build(makeChild: () => QueueDisc = () => new FifoQueueDisc()): QueueBuildContext {
    return { makeChild, portName: 'r1->r2', rateBps: this.rateBps, delayNs: this.delayNs, node: this.node };
  }

  /** Attaches `disc` as a port would; returns it. */
  attach<T extends QueueDisc>(disc: T): T {
    const rateOf = () => this.rateBps;
    disc.attach({
      sim: this.sim,
      rateBps: this.rateBps,
      random: this.sim.random('queue:r1->r2'),
      dropListener: this,
      flows: this.flows,
      limit: this.limit,
      node: this.node,
      port: {
        name: 'r1->r2',
        toNode: 1,
        get rateBps() {
          return rateOf();
        },
        delayNs: this.delayNs,
        wake: () => void this.wakes++,
      },
    });
    return disc;
  }

  /** A data packet of `flow` (ECT when `ecn`), numbered in creation order. */
  packet(flow = 0, sizeBytes = 1000, ecn = false): Packet {
    const p = new Packet();
    p.kind = PacketKind.TcpData;
    p.flowId = flow;
    p.sizeBytes = byteCount(sizeBytes);
    p.seq = this.nextSeq++;
    p.ecn = ecn ? Ecn.Ect0 : Ecn.NotEct;
    return p;
  }

  /** Moves the clock to `tNs` (running any events the discipline scheduled before it). */
  advanceTo(tNs: number): void {
    this.sim.run(tNs);
    if (this.sim.now < tNs) this.sim.now = tNs;
  }

  onQueueDrop(pkt: Packet, reason: DropReason, stage: DropStage): void {
    this.drops.push({ tNs: this.sim.now, flow: pkt.flowId, seq: pkt.seq, reason, stage });
  }

  onQueueMark(pkt: Packet, reason: DropReason): void {
    this.marks.push({ tNs: this.sim.now, flow: pkt.flowId, reason });
  }
}

/** arrivals = departures + drops + queued, for a discipline and (recursively) its children. */
export function accountingHolds(d: QueueDisc): boolean {
  const s = d.stats;
  return s.arrivals === s.departures + s.drops + d.lengthPackets;
}

/** A discipline and, recursively, every child of a classful one (the nodes of the tree). */
export function queueTreeNodes(d: QueueDisc): QueueDisc[] {
  const out = [d];
  if (d instanceof ClassfulQueueDisc)
    for (let i = 0; i < d.childCount; i++) {
      const c = d.childAt(i);
      if (c) out.push(...queueTreeNodes(c));
    }
  return out;
}

/** The defaults, then each enum option and each flipped boolean, one parameter at a time. */
export function parameterVariants(model: QueueModel): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [{}];
  for (const p of model.info.params) {
    if (p.kind === 'enum') for (const o of p.options ?? []) if (o !== p.default) out.push({ [p.key]: o });
    if (p.kind === 'boolean') out.push({ [p.key]: !p.default });
  }
  return out;
}

/** The buffers the property tests run every discipline under. */
export const PROPERTY_LIMITS: BufferLimit[] = [{ packets: 12 }, { bytes: 9000 }];

/** Every registered discipline (not the test-only ones). */
export const registeredQueueModels = (): QueueModel[] => queueModels.filter((m) => !m.info.id.startsWith('test-'));

/** `it.each` rows: every registered discipline × each parameter variant × each buffer of PROPERTY_LIMITS. */
export function disciplineVariantCases() {
  return registeredQueueModels().flatMap((m) =>
    parameterVariants(m).flatMap((v) =>
      PROPERTY_LIMITS.map((l) => [m.info.id, JSON.stringify(v), JSON.stringify(l), m, v, l] as const),
    ),
  );
}

/**
 * Holds every packet until `releaseNs` (a pacer in its simplest form), then sends FIFO; tells the
 * port when it will be ready (`nextReadyTimeNs`), and `releaseAt` moves the release earlier and
 * wakes the port (the `PortView.wake` path).
 */
export class HoldUntilQueueDisc extends QueueDisc {
  private readonly fifo = new PacketFifo();
  constructor(private releaseNs: number) {
    super();
  }
  protected doEnqueue(pkt: Packet): boolean {
    this.fifo.push(pkt);
    return true;
  }
  protected doDequeue(): Packet | null {
    if (this.now < this.releaseNs) return null;
    const p = this.fifo.shift();
    if (p) this.removedFromStorage(p);
    return p;
  }
  override nextReadyTimeNs(): number {
    return this.fifo.length > 0 && this.now < this.releaseNs ? this.releaseNs : Infinity;
  }
  releaseAt(t: number): void {
    this.releaseNs = t;
    this.ctx.port.wake();
  }
}
