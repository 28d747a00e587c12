/**
 * A bench for unit-testing one port (any channel model) without a network: a real Simulator, a
 * FIFO queue, packets injected at chosen times, and the time each reaches the far end recorded.
 * Used by the time-varying link and base-station tests.
 */
import { Simulator } from '../core/Simulator.js';
import type { EventHandler } from '../core/EventQueue.js';
import type { BufferLimit } from '../core/units.js';
import { FifoQueueDisc } from '../queue/FifoQueueDisc.js';
import type { FlowTable, NodeView, QueueDisc } from './QueueDisc.js';
import { resolveParams } from '../model/params.js';
import { findChannelModel } from '../router/channel/channelModels.js';
import { PacketKind, PacketPool, type Packet, type PacketSink, byteCount } from './Packet.js';
import type { Port, PortArgs } from './Port.js';
import { BenchControlChannel } from '../queue/queueTestKit.js';

export interface Delivery {
  /** Packet number in injection order. */
  n: number;
  sizeBytes: number;
  /** Time the packet reached the far end (ns). */
  tNs: number;
}

export interface PortBenchOptions {
  /** Channel model id and parameters ("fixed", "trace", "rayleigh"). */
  channel?: { type: string; params?: Record<string, unknown> };
  /** Build the port as a base station's downlink (grants come from outside). */
  bsDownlink?: boolean;
  rateBps?: number;
  delayNs?: number;
  limit?: BufferLimit;
  disc?: QueueDisc;
  seed?: number;
}

export class PortBench<P extends Port = Port> implements PacketSink, EventHandler {
  readonly sim: Simulator;
  readonly pool = new PacketPool();
  readonly port: P;
  readonly deliveries: Delivery[] = [];
  private readonly pending: (Packet | null)[] = [];
  private injected = 0;

  constructor(o: PortBenchOptions = {}) {
    this.sim = new Simulator(o.seed ?? 1);
    const flows: FlowTable = {
      count: 1,
      classOf: new Int32Array(1),
      weightOf: new Float64Array([1]),
      fromNodeOf: new Int32Array([0]),
      toNodeOf: new Int32Array([1]),
      ids: ['f0'],
      baseRttNs: new Float64Array(1),
    };
    const node: NodeView = {
      index: 0,
      id: 'a',
      kind: o.bsDownlink ? 'bs' : 'router',
      shared: new Map(),
      control: new BenchControlChannel(() => this.sim.now),
    };
    const limit = o.limit ?? { packets: 1_000_000 };
    const args: PortArgs = [
      0,
      'a->b',
      0,
      1,
      o.rateBps ?? 10e6,
      o.delayNs ?? 0,
      o.disc ?? new FifoQueueDisc(),
      0,
      this.sim,
      this.pool,
      this.sim.random('link:a->b'),
      1,
      null,
      limit,
      { flows, node, queueType: 'fifo' },
    ];
    const ch = o.channel ?? { type: 'fixed' };
    const model = findChannelModel(ch.type);
    if (!model) throw new Error(`no channel ${ch.type}`);
    const issues: { path: string; message: string }[] = [];
    const params = resolveParams(model.info.params, ch.params, 'channel.params', issues);
    if (issues.length > 0) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
    this.port = model.createPort(params, {
      portArgs: args,
      random: this.sim.random('channel:a->b'),
      bsDownlink: o.bsDownlink ?? false,
    }) as P;
  }

  /** Injects a packet of `sizeBytes` into the port at time `tNs` (≥ now). */
  send(tNs: number, sizeBytes: number): void {
    const p = this.pool.alloc();
    p.kind = PacketKind.Udp;
    p.sizeBytes = byteCount(sizeBytes);
    p.seq = this.injected++;
    p.route = { ports: [this.port], sink: this };
    p.hop = 0;
    this.pending.push(p);
    this.sim.schedule(tNs, this, 0, this.pending.length - 1);
  }

  handleEvent(_kind: number, index: number): void {
    const p = this.pending[index]!;
    this.pending[index] = null;
    this.port.receive(p);
  }

  receive(pkt: Packet): void {
    this.deliveries.push({ n: pkt.seq, sizeBytes: pkt.sizeBytes, tNs: this.sim.now });
    this.pool.release(pkt);
  }

  /** Runs until `tNs`. */
  runUntil(tNs: number): void {
    this.sim.run(tNs);
  }

  /** Delivery times in ms, in delivery order. */
  deliveredAtMs(): number[] {
    return this.deliveries.map((d) => d.tNs / 1e6);
  }
}
