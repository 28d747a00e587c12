import { NS_PER_SECOND } from '../core/units.js';
import { PacketKind, type Packet } from '../net/Packet.js';
import type { Port } from '../net/Port.js';
import { isForwardKind } from './Ns2TraceWriter.js';
import type { PortTracer } from '../net/PortTracer.js';
import type { TraceOutput } from './TraceOutput.js';
import { segmentOffset, type TracedFlow } from './traceFlows.js';

/** pcap magic for nanosecond timestamps (libpcap's pcap-savefile(5), NSEC_TCPDUMP_MAGIC). */
export const PCAP_MAGIC_NS = 0xa1b23c4d;
/** LINKTYPE_RAW: every record starts with an IPv4 header (tcpdump.org link-layer header types). */
export const LINKTYPE_RAW = 101;
/** The receiving side's TCP port; the sending side uses SENDER_PORT_BASE + flow index. */
export const RECEIVER_PORT = 5001;
export const SENDER_PORT_BASE = 10000;

const TCP_SYN = 0x02;
const TCP_ACK = 0x10;
const TCP_ECE = 0x40;
const TCP_CWR = 0x80;

/** IPv4 address of node `index`: 10.0.0.0/8, node 0 = 10.0.0.1. */
export function nodeAddress(index: number): number {
  return (0x0a000000 | (index + 1)) >>> 0;
}

/**
 * Writes the packets sent on its ports as a pcap file: one record per transmission (the "-"
 * event; the timestamp is when the first bit goes on the wire), holding a synthetic IPv4 header
 * and a TCP or UDP header — no payload bytes, the record's original length tells how long the
 * packet was — so that Wireshark's TCP analysis and stream graphs (Statistics › TCP Stream
 * Graphs) work on a simulated flow:
 * - addresses 10.0.0.(node index + 1); the sender's port SENDER_PORT_BASE + flow index, the
 *   receiver's RECEIVER_PORT;
 * - TCP sequence numbers are byte offsets: segment n starts at (n − first data segment) × payload,
 *   plus 1 after a SYN (a ns-2-style opening segment 0 is written as a SYN, and the ACK that
 *   answers it as SYN+ACK); ACK numbers and SACK blocks (RFC 2018 option) likewise; ECE, CWR and
 *   the IP ECN field from the packet;
 * - a TCP record's IP length is 40 header bytes (+ the SACK option) plus the segment's payload,
 *   so Wireshark's sequence analysis is consistent; it can differ from the simulated size by the
 *   TCP options the model counts (e.g. ns-2's 10-byte timestamp option). Other transports (UDP,
 *   DCCP, TFRC) are written as UDP datagrams of their simulated size.
 */
export class PcapWriter implements PortTracer {
  constructor(
    private readonly out: TraceOutput,
    private readonly flows: readonly TracedFlow[],
    private readonly now: () => number,
  ) {
    const r = out.reserve(24, false);
    if (r === null) return;
    const v = new DataView(r.buf.buffer, r.buf.byteOffset + r.at, 24);
    v.setUint32(0, PCAP_MAGIC_NS, true);
    v.setUint16(4, 2, true);
    v.setUint16(6, 4, true);
    v.setInt32(8, 0, true); // thiszone
    v.setUint32(12, 0, true); // sigfigs
    v.setUint32(16, 65535, true); // snaplen
    v.setUint32(20, LINKTYPE_RAW, true);
  }

  enqueue(): void {}
  drop(): void {}
  receive(): void {}

  dequeue(_port: Port, pkt: Packet): void {
    const f = this.flows[pkt.flowId];
    // router control packets (LbLCA feedback) belong to no flow and have no IP header of ours
    if (!f || pkt.kind === PacketKind.Control) return;
    const fwd = isForwardKind(pkt.kind);
    const tcp = f.tcp && (pkt.kind === PacketKind.TcpData || pkt.kind === PacketKind.TcpAck);
    const sack = tcp && !fwd ? pkt.sackCount : 0;
    const l4Header = tcp ? 20 + (sack > 0 ? 4 + 8 * sack : 0) : 8;
    const captured = 20 + l4Header;
    let ipLength: number;
    if (tcp) {
      const payload = fwd && !(pkt.seq === 0 && f.headerOnlyFirst) ? f.payloadBytes : 0;
      ipLength = captured + payload;
    } else ipLength = Math.max(pkt.sizeBytes, captured);
    const r = this.out.reserve(16 + captured);
    if (r === null) return;
    const v = new DataView(r.buf.buffer, r.buf.byteOffset + r.at, 16 + captured);
    const t = this.now();
    v.setUint32(0, Math.floor(t / NS_PER_SECOND), true);
    v.setUint32(4, t % NS_PER_SECOND, true);
    v.setUint32(8, captured, true);
    v.setUint32(12, Math.min(ipLength, 0xffff), true);
    // IPv4 header (RFC 791), big-endian from here on
    const src = nodeAddress(fwd ? f.fromNode : f.toNode);
    const dst = nodeAddress(fwd ? f.toNode : f.fromNode);
    v.setUint8(16, 0x45);
    v.setUint8(17, pkt.ecn); // DSCP 0, ECN codepoint (RFC 3168 §5: the Ecn enum's values)
    v.setUint16(18, Math.min(ipLength, 0xffff));
    v.setUint16(20, pkt.uid & 0xffff);
    v.setUint16(22, 0x4000); // DF
    v.setUint8(24, 64);
    v.setUint8(25, tcp ? 6 : 17);
    v.setUint16(26, 0);
    v.setUint32(28, src);
    v.setUint32(32, dst);
    v.setUint16(26, ipChecksum(v, 16));
    const l4 = 36;
    const sport = fwd ? SENDER_PORT_BASE + pkt.flowId : RECEIVER_PORT;
    const dport = fwd ? RECEIVER_PORT : SENDER_PORT_BASE + pkt.flowId;
    v.setUint16(l4, sport & 0xffff);
    v.setUint16(l4 + 2, dport & 0xffff);
    if (!tcp) {
      v.setUint16(l4 + 4, Math.min(ipLength - 20, 0xffff));
      v.setUint16(l4 + 6, 0);
      return;
    }
    // TCP header (RFC 9293 §3.1)
    const isn = f.syn ? 1 : 0; // the other side's SYN took one sequence number
    let seq: number;
    let ack: number;
    let flags = TCP_ACK;
    if (fwd) {
      seq = segmentOffset(f, pkt.seq);
      ack = isn;
      if (pkt.seq === 0 && f.syn) {
        flags = TCP_SYN;
        ack = 0;
      }
      if (pkt.cwr) flags |= TCP_CWR;
    } else {
      seq = pkt.ack === 0 && f.syn ? 0 : isn;
      ack = segmentOffset(f, pkt.ack + 1);
      if (pkt.ack === 0 && f.syn) flags |= TCP_SYN;
      if (pkt.ece) flags |= TCP_ECE;
    }
    v.setUint32(l4 + 4, seq >>> 0);
    v.setUint32(l4 + 8, ack >>> 0);
    v.setUint8(l4 + 12, (l4Header / 4) << 4);
    v.setUint8(l4 + 13, flags);
    v.setUint16(l4 + 14, 65535); // window
    v.setUint16(l4 + 16, 0); // checksum (not computed: no payload is captured)
    v.setUint16(l4 + 18, 0);
    if (sack > 0) {
      // NOP, NOP, SACK (kind 5, length 2 + 8n), then the blocks as byte offsets
      v.setUint8(l4 + 20, 1);
      v.setUint8(l4 + 21, 1);
      v.setUint8(l4 + 22, 5);
      v.setUint8(l4 + 23, 2 + 8 * sack);
      for (let i = 0; i < sack; i++) {
        v.setUint32(l4 + 24 + 8 * i, segmentOffset(f, pkt.sack[2 * i]!) >>> 0);
        v.setUint32(l4 + 28 + 8 * i, segmentOffset(f, pkt.sack[2 * i + 1]!) >>> 0);
      }
    }
  }
}

/** RFC 791 header checksum of the 20-byte IPv4 header at `offset`. */
export function ipChecksum(v: DataView, offset: number): number {
  let sum = 0;
  for (let i = 0; i < 20; i += 2) sum += v.getUint16(offset + i);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}
