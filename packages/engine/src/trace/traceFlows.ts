import type { Simulation } from '../Simulation.js';
import { TcpSender } from '../transport/TcpSender.js';

/** What a trace needs to know about a flow to write its packets' headers. */
export interface TracedFlow {
  /** Node index of the sender and of the receiver (ns-2 node numbers for ns-2 translations). */
  fromNode: number;
  toNode: number;
  tcp: boolean;
  /** TCP: payload bytes of a full segment (packet size − header size). */
  payloadBytes: number;
  /** TCP: segment 0 is a header-only opening segment (a SYN when `syn`). */
  headerOnlyFirst: boolean;
  syn: boolean;
}

/** The flows of a simulation as traces see them, by flow index. */
export function tracedFlows(sim: Simulation): TracedFlow[] {
  return sim.flows.map((f) => {
    const s = f.sender;
    const tcp = s instanceof TcpSender;
    return {
      fromNode: f.spec.from,
      toNode: f.spec.to,
      tcp,
      payloadBytes: tcp ? s.cfg.packetBytes - s.cfg.headerBytes : 0,
      headerOnlyFirst: tcp && (s.cfg.handshake || s.cfg.dialect.headerOnlyFirst === true),
      syn: tcp && s.cfg.handshake,
    };
  });
}

/**
 * Byte offset of TCP segment `seg` in a flow's sequence space, segments being counted as in
 * ns-2: a SYN takes one sequence number, a header-only segment 0 none, and every data segment
 * `payloadBytes`.
 */
export function segmentOffset(f: TracedFlow, seg: number): number {
  if (seg <= 0) return 0;
  const first = f.headerOnlyFirst ? 1 : 0;
  return (f.syn ? 1 : 0) + (seg - first) * f.payloadBytes;
}
