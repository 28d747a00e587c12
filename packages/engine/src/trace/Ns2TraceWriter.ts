import { NS_PER_SECOND } from '../core/units.js';
import { Ecn, PacketKind, type Packet } from '../net/Packet.js';
import type { Port } from '../net/Port.js';
import type { PortTracer } from '../net/PortTracer.js';
import type { TraceOutput } from './TraceOutput.js';
import type { TracedFlow } from './traceFlows.js';

/** ns-2 packet type names (common/packet.h p_info::initName) of our packet kinds. */
const NS2_TYPE: Record<PacketKind, string> = {
  [PacketKind.TcpData]: 'tcp',
  [PacketKind.TcpAck]: 'ack',
  [PacketKind.Udp]: 'cbr',
  [PacketKind.DccpData]: 'DCCP_Data',
  [PacketKind.DccpAck]: 'DCCP_Ack',
  [PacketKind.TfrcData]: 'tcpFriend',
  [PacketKind.TfrcFeedback]: 'tcpFriendCtl',
  // router-to-router control (LbLCA feedback; the thesis's ns-2 header is LbLCA_packet.h)
  [PacketKind.Control]: 'LbLCA',
};

/** Whether a packet of this kind travels from the flow's sender to its receiver. */
export function isForwardKind(kind: PacketKind): boolean {
  return (
    kind === PacketKind.TcpData ||
    kind === PacketKind.Udp ||
    kind === PacketKind.DccpData ||
    kind === PacketKind.TfrcData
  );
}

/**
 * ns-2's trace time: rounded to the microsecond (BaseTrace::round, PRECISION 1e6) and printed
 * with C's "%.15g" (trace/basetrace.h TIME_FORMAT): no trailing zeros, an exponent below 1e-4.
 */
export function ns2TraceTime(tNs: number): string {
  const x = Math.floor((tNs / NS_PER_SECOND) * 1e6 + 0.5) / 1e6;
  if (x !== 0 && Math.abs(x) < 1e-4) {
    // %g's exponent form: mantissa without trailing zeros, "e-" and at least two exponent digits
    const [m, e] = x.toExponential(14).split('e') as [string, string];
    const mant = m.replace(/\.?0+$/, '');
    const exp = Number(e);
    return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return String(Number(x.toPrecision(15)));
}

/**
 * ns-2's seven flag characters (trace/trace.cc Trace::format): C = ECN-Echo, A = congestion
 * action (the first segment after a window reduction, ns-2 tcp.cc slowdown/output; or ECN's
 * CWR), E = congestion experienced (CE), N = ECN-capable transport; P and F (priority, fast
 * start) are never set here.
 */
export function ns2Flags(pkt: Packet): string {
  return (
    (pkt.ece ? 'C' : '-') +
    '--' +
    (pkt.cwr || pkt.congestionAction ? 'A' : '-') +
    (pkt.ecn === Ecn.Ce ? 'E' : '-') +
    '-' +
    (pkt.ecn !== Ecn.NotEct ? 'N' : '-')
  );
}

/**
 * Writes ns-2's default (untagged) trace lines for the ports it is attached to:
 * `event time from to type size flags fid src.port dst.port seqno uid` (trace.cc, the
 * `!show_tcphdr_` format), e.g. `+ 0.1 2 0 tcp 40 ------- 0 2.0 3.0 0 1`. Nodes are numbered in
 * scenario order (for the ns-2 dumbbell translations these are ns-2's own numbers), each agent
 * is port 0 of its node, the flow id is the flow's index, seqno is the segment number (TCP data),
 * the cumulative ACK (TCP ACKs) or the packet number, and uid numbers packets from 0 in creation
 * order (ns-2 Agent::initpkt uidcnt_).
 */
export class Ns2TraceWriter implements PortTracer {
  constructor(
    private readonly out: TraceOutput,
    private readonly flows: readonly TracedFlow[],
    private readonly now: () => number,
  ) {}

  private line(event: string, port: Port, pkt: Packet): void {
    const f = this.flows[pkt.flowId];
    const fwd = isForwardKind(pkt.kind);
    // a control packet belongs to no flow: it goes one hop, between neighbouring routers
    const src = f ? (fwd ? f.fromNode : f.toNode) : port.fromNode;
    const dst = f ? (fwd ? f.toNode : f.fromNode) : port.toNode;
    const seqno = pkt.kind === PacketKind.TcpAck ? pkt.ack : pkt.seq;
    this.out.writeAsciiLine(
      `${event} ${ns2TraceTime(this.now())} ${port.fromNode} ${port.toNode} ${NS2_TYPE[pkt.kind]} ${pkt.sizeBytes} ${ns2Flags(pkt)} ${pkt.flowId} ${src}.0 ${dst}.0 ${seqno} ${pkt.uid - 1}`,
    );
  }

  enqueue(port: Port, pkt: Packet): void {
    this.line('+', port, pkt);
  }
  dequeue(port: Port, pkt: Packet): void {
    this.line('-', port, pkt);
  }
  drop(port: Port, pkt: Packet): void {
    this.line('d', port, pkt);
  }
  receive(port: Port, pkt: Packet): void {
    this.line('r', port, pkt);
  }
}
