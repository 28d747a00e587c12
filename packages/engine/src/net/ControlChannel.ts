import type { PacketPool, PacketSink, Route } from './Packet.js';
import { PacketKind, type Packet, byteCount } from './Packet.js';
import { inject, type Port } from './Port.js';

/** What a control packet carries (in `Packet.ext`). */
export interface ControlMessage {
  /** Which router feature it is for ("lblca"). */
  readonly protocol: string;
  /** Index of the sending node. */
  readonly fromNode: number;
  readonly body: unknown;
}

/** A router feature that takes the control messages of its protocol addressed to its node. */
export interface ControlReceiver {
  onControl(msg: ControlMessage): void;
}

/**
 * How a router feature talks to its neighbours: messages between routers are packets on links
 * (DESIGN.md), one hop each, queued at the sending port like any packet (a discipline may give
 * them priority) and subject to its serialization, propagation and loss, so they are visible in
 * the animation and countable.
 */
export interface ControlChannel {
  /**
   * Sends `body` in a control packet of `sizeBytes` to neighbour `toNode` over the link between
   * them; false (nothing sent) when there is no such link.
   */
  send(toNode: number, protocol: string, sizeBytes: number, body: unknown): boolean;
  /** Delivers the control messages of `protocol` addressed to this node to `receiver`. */
  listen(protocol: string, receiver: ControlReceiver): void;
  /**
   * Whether neighbour `toNode` runs `protocol` (is listening for it): what a router learns from
   * its neighbours' hellos, so that it talks only to those that understand it.
   */
  peerListens(toNode: number, protocol: string): boolean;
}

/** What a node's channel needs from the network. */
export interface ControlNetwork {
  readonly now: () => number;
  readonly pool: PacketPool;
  /** The egress port from node `from` to `to`, if they are linked. */
  port(from: number, to: number): Port | undefined;
  /** The channel of node `i` (where a packet for it is delivered). */
  channel(i: number): NodeControlChannel;
  /** Flow index control packets carry: one past the last flow (per-flow arrays keep a slot for it). */
  readonly controlFlow: number;
}

/** A node's control channel in a built network. */
export class NodeControlChannel implements ControlChannel, PacketSink {
  private readonly receivers = new Map<string, ControlReceiver>();
  private readonly routes = new Map<number, Route>();
  /** Control packets this node sent and received. */
  sent = 0;
  received = 0;

  constructor(
    readonly node: number,
    private readonly net: ControlNetwork,
  ) {}

  send(toNode: number, protocol: string, sizeBytes: number, body: unknown): boolean {
    let route = this.routes.get(toNode);
    if (route === undefined) {
      const port = this.net.port(this.node, toNode);
      if (port === undefined) return false;
      route = { ports: [port], sink: this.net.channel(toNode) };
      this.routes.set(toNode, route);
    }
    const now = this.net.now();
    const pkt = this.net.pool.alloc();
    pkt.kind = PacketKind.Control;
    pkt.flowId = this.net.controlFlow;
    pkt.sizeBytes = byteCount(sizeBytes);
    pkt.createdNs = now;
    pkt.sendTimeNs = now;
    const msg: ControlMessage = { protocol, fromNode: this.node, body };
    pkt.ext = msg;
    pkt.route = route;
    this.sent++;
    inject(pkt);
    return true;
  }

  listen(protocol: string, receiver: ControlReceiver): void {
    this.receivers.set(protocol, receiver);
  }

  peerListens(toNode: number, protocol: string): boolean {
    return this.net.port(this.node, toNode) !== undefined && this.net.channel(toNode).listens(protocol);
  }

  /** Whether a receiver listens for `protocol` here. */
  listens(protocol: string): boolean {
    return this.receivers.has(protocol);
  }

  /** A control packet for this node arrived over its last hop. */
  receive(pkt: Packet): void {
    const msg = pkt.ext as ControlMessage;
    this.received++;
    this.receivers.get(msg.protocol)?.onControl(msg);
    this.net.pool.release(pkt);
  }
}
