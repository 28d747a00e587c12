import { PacketKind, XcpMark, type Packet } from '../net/Packet.js';
import { ClassfulQueueDisc } from '../queue/ClassfulQueueDisc.js';
import { FifoQueueDisc } from '../queue/FifoQueueDisc.js';
import type { QueueContext, QueueDisc, QueueProbeSpec } from '../net/QueueDisc.js';
import { XCP_PROBES, type XcpControlledQueue } from './XcpControlledQueue.js';

/** Virtual queues of an XCP port (ns-2 xcp.h XCPQ, TCPQ, OTHERQ). */
export const XCP_QUEUE = 0;
export const TCP_QUEUE = 1;
export const OTHER_QUEUE = 2;

export interface XcpQueueParts {
  readonly xcp: XcpControlledQueue;
  readonly tcp: QueueDisc;
  readonly other: QueueDisc;
  /** Round-robin weights of the three queues (ns-2 setVirtualQueues: 0.5, 0.5, 0). */
  readonly weights: readonly [number, number, number];
}

/**
 * An XCP router port (ns-2.35 xcp/xcp.cc `Queue/XCP`, XCPWrapQ): three virtual queues — XCP
 * traffic (data and ACKs of XCP flows, under the XCP controller), TCP traffic (ns-2: a RED queue)
 * and any other traffic (ns-2: RED) — each with the port's buffer limit as its own (ns-2
 * `Queue/XCP queue-limit` sets all three), served by ns-2's weighted round robin: entering queue
 * n sets its credit to weight − 1, each further packet of the same turn costs one credit, and an
 * empty queue passes the turn on. With weights below 1 (ns-2's 0.5 / 0.5 / 0) this is a packet-by-
 * packet round robin over the non-empty queues.
 */
export class XcpQueueDisc extends ClassfulQueueDisc {
  private current = 0; // qToDq_
  private readonly credit = new Float64Array(3); // wrrTemp_

  constructor(private readonly parts: XcpQueueParts) {
    super(() => new FifoQueueDisc());
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    this.setChild(XCP_QUEUE, this.parts.xcp);
    this.setChild(TCP_QUEUE, this.parts.tcp);
    this.setChild(OTHER_QUEUE, this.parts.other);
  }

  /** ns-2 XCPWrapQ::mark: XCP-enabled packets, then TCP data and ACKs, then the rest. */
  static classify(pkt: Packet): number {
    if (pkt.hdrXcp !== XcpMark.None) return XCP_QUEUE;
    return pkt.kind === PacketKind.TcpData || pkt.kind === PacketKind.TcpAck ? TCP_QUEUE : OTHER_QUEUE;
  }

  protected doEnqueue(pkt: Packet): boolean {
    const i = XcpQueueDisc.classify(pkt);
    // each virtual queue holds at most the port's buffer (a child without a limit of its own,
    // e.g. the default FIFO of `tcpQueue: child`, is held to it here)
    const c = this.child(i);
    const l = this.ctx.limit;
    if ('packets' in l ? c.lengthPackets + 1 > l.packets : c.lengthBytes + pkt.sizeBytes > l.bytes) {
      this.dropBeforeEnqueue(pkt, 'overflow');
      return false;
    }
    return this.enqueueToChild(i, pkt);
  }

  /** ns-2 XCPWrapQ::queueToDeque. */
  private queueToDequeue(): number {
    const w = this.parts.weights;
    const credit = this.credit;
    let n = this.current;
    if (credit[n]! <= 0) {
      n = (n + 1) % 3;
      credit[n] = w[n]! - 1;
    } else credit[n] = credit[n]! - 1;
    for (let i = 0; i < 3 && this.child(n).lengthPackets === 0; i++) {
      credit[n] = 0;
      n = (n + 1) % 3;
      credit[n] = w[n]! - 1;
    }
    this.current = n;
    return n;
  }

  protected doDequeue(): Packet | null {
    if (this.lengthPackets === 0) return null;
    return this.dequeueFromChild(this.queueToDequeue());
  }

  /** The XCP virtual queue and its controller. */
  get xcpQueue(): XcpControlledQueue {
    return this.parts.xcp;
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return XCP_PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    this.parts.xcp.probeValues(out, offset);
  }
}
