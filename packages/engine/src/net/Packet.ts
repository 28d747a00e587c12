import { holdAsDoubles } from '../core/doubleFields.js';
import { groupThousands } from '../core/limits.js';
import { PacketLimitError } from '../core/SimulationError.js';
import type { Port } from './Port.js';

/**
 * Most packets alive at once in one run (queued, on the wire or being handled by an endpoint):
 * about 0.9 GB of packet objects. Far above what a sound scenario needs (the largest buffer holds
 * 1,000,000 packets); reaching it means a source outruns its bottleneck into a huge buffer, and
 * the run stops with a PacketLimitError naming the port instead of exhausting the heap.
 */
export const MAX_LIVE_PACKETS = 2_000_000;

/** Where a packet goes after the last port of its route: a transport endpoint. */
export interface PacketSink {
  receive(pkt: Packet): void;
}

/**
 * A precomputed source route: the egress ports a packet crosses, then the endpoint that consumes
 * it. Forwarding is an array index per hop (no table lookups in the hot path).
 */
export interface Route {
  readonly ports: readonly Port[];
  readonly sink: PacketSink;
}

export enum PacketKind {
  TcpData = 0,
  TcpAck = 1,
  Udp = 2,
  DccpData = 3,
  DccpAck = 4,
  TfrcData = 5,
  TfrcFeedback = 6,
  /**
   * A message between neighbouring nodes' router features (LbLCA feedback): one hop on one link,
   * sent and received through the nodes' ControlChannel; `ext` holds its ControlMessage.
   */
  Control = 7,
}

/** Whether a packet carries data (as opposed to an acknowledgement or feedback report). */
export function isDataKind(kind: PacketKind): boolean {
  return (
    kind === PacketKind.TcpData ||
    kind === PacketKind.Udp ||
    kind === PacketKind.DccpData ||
    kind === PacketKind.TfrcData
  );
}

/** ECN codepoints (RFC 3168 §5). */
export enum Ecn {
  NotEct = 0,
  Ect1 = 1,
  Ect0 = 2,
  Ce = 3,
}

export const MAX_SACK_BLOCKS = 4;

/**
 * What an XCP header says about its packet (ns-2.35 xcp-end-sys.h hdr_xcp::xcp_enabled_): none,
 * a data packet of an XCP flow (routers read and lower its feedback), or an XCP flow's ACK
 * (classified as XCP traffic, carries the echoed feedback, not controlled).
 */
export enum XcpMark {
  None = 0,
  Data = 1,
  Ack = 2,
}

/**
 * Packet fields that hold times in double representation (core/doubleFields.ts). Not `sizeBytes`:
 * a whole number of bytes, kept in the object itself as a small integer (a double field is a
 * separate heap box, one more cache line for every hop that reads the size; docs/performance.md).
 */
const PACKET_DOUBLE_FIELDS = ['sendTimeNs', 'tsEchoNs', 'createdNs', 'enqueueNs'] as const;

/**
 * A packet size for `Packet.sizeBytes`: a whole number of bytes as a small integer, anything else
 * unchanged. V8 keeps a field that has only ever held small integers in the object itself; one
 * store of a heap number — an integral size read from a configuration that was parsed or
 * computed as a double, e.g. 1040.0 — turns the field into a boxed double for every packet of the
 * process, and each hop then reads the size from a box of its own (one more cache line per hop,
 * counted by `cclab bench --per-event`). Every store of a size goes through this.
 */
export function byteCount(n: number): number {
  const i = n | 0;
  return i === n ? i : n;
}

/**
 * A packet. Instances are pooled (see PacketPool) and reused: every field is reset by `reset`.
 * Sequence numbers count packets (segments), as in ns-2, not bytes.
 */
export class Packet {
  // The fields every hop reads come first, so that they share the object's first cache line
  // (V8 lays fields out in the order they are declared here); endpoints' fields follow.
  /** Routing state. */
  route: Route | null = null;
  hop = 0;
  flowId = 0;
  sizeBytes = 0;
  /** Time it entered the queue it is in (set by QueueDisc.enqueue; sojourn = dequeue − this). */
  enqueueNs = 0;
  kind: PacketKind = PacketKind.Udp;
  ecn: Ecn = Ecn.NotEct;
  uid = 0;
  /** Data: segment number. ACK: the cumulative ack (highest in-order segment received). */
  seq = 0;
  ack = 0;
  /** Time the packet (or the data packet this ACK answers) was sent, for RTT samples (ns). */
  sendTimeNs = 0;
  tsEchoNs = 0;
  /** Time the application/transport created it (for one-way delay). */
  createdNs = 0;
  /** TCP ECE / CWR flags (RFC 3168 §6.1). */
  ece = false;
  cwr = false;
  retransmission = false;
  /**
   * The first segment a TCP sender sends after it reduced its window (ns-2 hdr_flags
   * cong_action_, the "A" of an ns-2 trace; set also on retransmissions, SetCWRonRetransmit_).
   * Only traces read it; the ECN CWR flag is `cwr`.
   */
  congestionAction = false;
  /** SACK blocks as [start, end) segment ranges, `sackCount` of them valid. */
  readonly sack = new Float64Array(MAX_SACK_BLOCKS * 2);
  sackCount = 0;
  /**
   * Router feedback header slot (XCP: Katabi et al. 2002 §3.1): sender cwnd (bytes), rtt (ns, 0 =
   * no estimate yet) and feedback (bytes of cwnd change; routers may only lower it). On an XCP
   * ACK, hdrFeedbackBytes is the echoed feedback. `hdrXcp` says whether the header is in use.
   */
  hdrXcp: XcpMark = XcpMark.None;
  hdrCwndBytes = 0;
  hdrRttNs = 0;
  hdrFeedbackBytes = 0;
  /** Free-form extension slot for other protocols (DCCP Ack Vector, TFRC feedback report). */
  ext: unknown = null;

  constructor() {
    holdAsDoubles(this, PACKET_DOUBLE_FIELDS);
  }

  reset(): void {
    this.kind = PacketKind.Udp;
    this.flowId = 0;
    this.sizeBytes = 0;
    this.seq = 0;
    this.ack = 0;
    this.sendTimeNs = 0;
    this.tsEchoNs = 0;
    this.createdNs = 0;
    this.enqueueNs = 0;
    this.ecn = Ecn.NotEct;
    this.ece = false;
    this.cwr = false;
    this.retransmission = false;
    this.congestionAction = false;
    this.sackCount = 0;
    this.hdrXcp = XcpMark.None;
    this.hdrCwndBytes = 0;
    this.hdrRttNs = 0;
    this.hdrFeedbackBytes = 0;
    this.ext = null;
    this.route = null;
    this.hop = 0;
  }
}

/**
 * Free list of packets. `allocated - freed` is the number of packets alive in the network. The
 * pool only grows when the free list is empty, and only then checks MAX_LIVE_PACKETS (nothing on
 * the hot path).
 */
/**
 * A new packet from `pool` equal to `pkt` in every field but its uid (a link's duplicate, which
 * netem makes with skb_clone). `pkt.ext` is shared, not copied: callers copy only packets without one.
 */
export function copyPacket(pool: PacketPool, pkt: Packet): Packet {
  const c = pool.alloc();
  c.route = pkt.route;
  c.hop = pkt.hop;
  c.flowId = pkt.flowId;
  c.sizeBytes = pkt.sizeBytes;
  c.enqueueNs = pkt.enqueueNs;
  c.kind = pkt.kind;
  c.ecn = pkt.ecn;
  c.seq = pkt.seq;
  c.ack = pkt.ack;
  c.sendTimeNs = pkt.sendTimeNs;
  c.tsEchoNs = pkt.tsEchoNs;
  c.createdNs = pkt.createdNs;
  c.ece = pkt.ece;
  c.cwr = pkt.cwr;
  c.retransmission = pkt.retransmission;
  c.congestionAction = pkt.congestionAction;
  c.sack.set(pkt.sack);
  c.sackCount = pkt.sackCount;
  c.hdrXcp = pkt.hdrXcp;
  c.hdrCwndBytes = pkt.hdrCwndBytes;
  c.hdrRttNs = pkt.hdrRttNs;
  c.hdrFeedbackBytes = pkt.hdrFeedbackBytes;
  c.ext = pkt.ext;
  return c;
}

export class PacketPool {
  private free: Packet[] = [];
  private nextUid = 1;
  /** Packet objects created so far (alive ones plus the free list). */
  private created = 0;
  allocated = 0;
  freed = 0;

  constructor(private readonly maxLive = MAX_LIVE_PACKETS) {}

  alloc(): Packet {
    const p = this.free.pop() ?? this.grow();
    p.uid = this.nextUid++;
    this.allocated++;
    return p;
  }

  release(p: Packet): void {
    p.reset();
    this.freed++;
    this.free.push(p);
  }

  get live(): number {
    return this.allocated - this.freed;
  }

  private grow(): Packet {
    // every created packet is alive when the free list is empty
    if (this.created >= this.maxLive)
      throw new PacketLimitError(`more than ${groupThousands(this.maxLive)} packets alive at once`, NaN);
    this.created++;
    return new Packet();
  }
}
