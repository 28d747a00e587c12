import type { Simulator } from './core/Simulator.js';
import { findQueueModel } from './registry/queueModels.js';
import { FifoQueueDisc } from './queue/FifoQueueDisc.js';
import type { FlowTable, NodeView, QueueDisc } from './net/QueueDisc.js';
import type { BufferLimit } from './core/units.js';
import type { ResolvedQueue, ResolvedScenario } from './scenario/validate.js';
import { SharedBuffer, SHARED_BUFFER } from './router/SharedBuffer.js';
import { SharedBufferQueueDisc } from './router/SharedBufferQueueDisc.js';
import { NodeControlChannel } from './net/ControlChannel.js';
import { MAX_LIVE_PACKETS, PacketPool } from './net/Packet.js';
import { Port, type DropObserver, type PortArgs } from './net/Port.js';
import { findChannelModel } from './router/channel/channelModels.js';
import { BaseStation } from './router/bs/BaseStation.js';
import { BsDownlinkPort } from './router/bs/BsDownlinkPort.js';
import { findBsSchedulerModel } from './router/bs/index.js';
import { amcFromParams } from './router/channel/amc.js';
import { num } from './model/params.js';
import { shortestPath, type Edge } from './net/routing.js';

export interface NetworkNode extends NodeView {
  /** Egress ports of this node. */
  readonly ports: Port[];
  readonly control: NodeControlChannel;
}

/**
 * The topology built from a resolved scenario: nodes, one egress Port per link direction, and
 * routing. Ports are named "a->b" after the node ids.
 */
export class Network {
  readonly pool: PacketPool;
  readonly nodes: NetworkNode[];
  readonly ports: Port[] = [];
  private readonly portByPair = new Map<string, Port>();
  private readonly adj: Edge[][];
  /** Per-flow class and weight, as queue disciplines classify them. */
  readonly flowTable: FlowTable;
  /** The wireless base stations, each with its downlink ports (in link order). */
  readonly baseStations: BaseStation[] = [];

  constructor(
    readonly sim: Simulator,
    readonly scenario: ResolvedScenario,
    dropObserver: DropObserver | null,
    /** Most packets alive at once (MAX_LIVE_PACKETS unless a test or an embedder says less). */
    maxLivePackets = MAX_LIVE_PACKETS,
  ) {
    this.pool = new PacketPool(maxLivePackets);
    const flowCount = scenario.flows.length;
    const controlNet = {
      now: () => sim.now,
      pool: this.pool,
      port: (from: number, to: number) => this.port(from, to),
      channel: (i: number) => this.nodes[i]!.control,
      controlFlow: flowCount,
    };
    this.nodes = scenario.nodes.map((n) => {
      const shared = new Map<string, unknown>();
      if (n.buffer !== null) shared.set(SHARED_BUFFER, new SharedBuffer(n.buffer));
      return {
        index: n.index,
        id: n.id,
        kind: n.kind,
        ports: [],
        shared,
        control: new NodeControlChannel(n.index, controlNet),
      };
    });
    this.adj = scenario.nodes.map(() => []);
    this.flowTable = {
      count: flowCount,
      classOf: Int32Array.from(scenario.flows, (f) => f.class),
      weightOf: Float64Array.from(scenario.flows, (f) => f.weight),
      fromNodeOf: Int32Array.from(scenario.flows, (f) => f.from),
      toNodeOf: Int32Array.from(scenario.flows, (f) => f.to),
      ids: scenario.flows.map((f) => f.id),
      baseRttNs: new Float64Array(flowCount),
    };
    for (const link of scenario.links) {
      for (const d of link.dirs) {
        const name = `${this.nodes[d.from]!.id}->${this.nodes[d.to]!.id}`;
        const from = this.nodes[d.from]!;
        let disc = buildDisc(d.queue, d.queue.limit, name, link.rateBps, link.delayNs, from);
        const pool = SharedBuffer.of(from);
        if (pool !== undefined) disc = new SharedBufferQueueDisc(disc, pool);
        const args: PortArgs = [
          this.ports.length,
          name,
          d.from,
          d.to,
          link.rateBps,
          link.delayNs,
          disc,
          d.lossRate,
          sim,
          this.pool,
          sim.random(`link:${name}`),
          flowCount,
          dropObserver,
          d.queue.limit,
          { flows: this.flowTable, node: this.nodes[d.from]!, queueType: d.queue.type },
          link,
        ];
        const port = findChannelModel(d.channel.type)!.createPort(d.channel.params, {
          portArgs: args,
          random: sim.random(`channel:${name}`),
          bsDownlink: d.channel.bsDownlink,
        });
        port.setImpairment(d.impairments);
        this.ports.push(port);
        this.nodes[d.from]!.ports.push(port);
        this.portByPair.set(`${d.from},${d.to}`, port);
        this.adj[d.from]!.push({ to: d.to, metric: link.metric });
      }
    }
    for (const n of scenario.nodes) {
      if (n.bs === null) continue;
      const downlinks = this.nodes[n.index]!.ports.filter((p): p is BsDownlinkPort => p instanceof BsDownlinkPort);
      const { amc, symbolsPerSecond } = amcFromParams(n.bs.params);
      const slotNs = Math.max(1, Math.round(num(n.bs.params, 'slot') * 1e9));
      const scheduler = findBsSchedulerModel(n.bs.scheduler.type)!.create(n.bs.scheduler.params, {
        ueCount: downlinks.length,
        slotSeconds: slotNs / 1e9,
      });
      const bs = new BaseStation(n.id, sim, downlinks, scheduler, {
        slotNs,
        symbolsPerSecond,
        amc,
        ueIds: downlinks.map((p) => this.nodes[p.toNode]!.id),
        maxSlotPoints: scenario.probes.maxPoints,
      });
      this.nodes[n.index]!.shared.set('bs', bs);
      this.baseStations.push(bs);
      if (downlinks.length > 0) bs.start();
    }
  }

  port(from: number, to: number): Port | undefined {
    return this.portByPair.get(`${from},${to}`);
  }

  portByName(name: string): Port | undefined {
    return this.ports.find((p) => p.name === name);
  }

  /** Node path for a flow: its explicit path, or the shortest path. */
  route(from: number, to: number, explicit: number[] | null): number[] | null {
    return explicit ?? shortestPath(this.adj, from, to);
  }

  /** The egress ports along a node path. */
  portsAlong(path: readonly number[]): Port[] {
    const out: Port[] = [];
    for (let i = 0; i + 1 < path.length; i++) out.push(this.port(path[i]!, path[i + 1]!)!);
    return out;
  }
}

/**
 * Builds a port's discipline from its resolved spec; a scheduler's children come from the spec's
 * `child` (recursively), or are limitless FIFOs under the scheduler's shared limit.
 */
export function buildDisc(
  q: ResolvedQueue,
  limit: BufferLimit,
  portName: string,
  rateBps: number,
  delayNs: number,
  node: NodeView,
): QueueDisc {
  const model = findQueueModel(q.type)!;
  const child = q.child;
  return model.create(q.params, limit, {
    makeChild: child ? () => buildDisc(child, limit, portName, rateBps, delayNs, node) : () => new FifoQueueDisc(),
    portName,
    rateBps,
    delayNs,
    node,
  });
}
