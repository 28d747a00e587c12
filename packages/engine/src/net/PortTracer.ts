import type { Packet } from './Packet.js';
import type { Port } from './Port.js';

/**
 * Sees every packet event at a port, at the points ns-2's link traces sit (ns-2.35
 * tcl/lib/ns-link.tcl `SimpleLink trace`: EnqueTrace before the queue, DequeTrace between the
 * queue and the link, DropTrace on the queue's drop target, RecvTrace at the link's far end).
 * A port calls its tracer only when one is attached (Port.tracer), so tracing costs nothing
 * otherwise.
 */
export interface PortTracer {
  /** "+": the packet arrives at the port's queue, before the discipline decides. */
  enqueue(port: Port, pkt: Packet): void;
  /** "-": it leaves the queue and its transmission starts. */
  dequeue(port: Port, pkt: Packet): void;
  /** "d": it is discarded at this port (by the queue discipline, or lost on the wire). */
  drop(port: Port, pkt: Packet): void;
  /** "r": it has arrived at the far end of the link. */
  receive(port: Port, pkt: Packet): void;
}

/** Several tracers on one port (an ns-2 trace and a pcap of the same link). */
export class TracerFanout implements PortTracer {
  constructor(private readonly tracers: readonly PortTracer[]) {}
  enqueue(port: Port, pkt: Packet): void {
    for (const t of this.tracers) t.enqueue(port, pkt);
  }
  dequeue(port: Port, pkt: Packet): void {
    for (const t of this.tracers) t.dequeue(port, pkt);
  }
  drop(port: Port, pkt: Packet): void {
    for (const t of this.tracers) t.drop(port, pkt);
  }
  receive(port: Port, pkt: Packet): void {
    for (const t of this.tracers) t.receive(port, pkt);
  }
}
