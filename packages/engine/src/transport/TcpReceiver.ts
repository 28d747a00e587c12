import { holdAsDoubles } from '../core/doubleFields.js';
import type { Timer, TimerOwner } from '../core/Simulator.js';
import { Ecn, MAX_SACK_BLOCKS, PacketKind, XcpMark, type Packet, type Route, byteCount } from '../net/Packet.js';
import { inject } from '../net/Port.js';
import type { FlowContext, FlowReceiver } from './Transport.js';

export interface TcpReceiverConfig {
  ackBytes: number;
  /** Payload bytes per data segment (packet size minus headers), for goodput. */
  payloadBytes: number;
  delayedAck: boolean;
  /** Acknowledge every `delAckCount` in-order segments (RFC 5681 §4.2: 2). */
  delAckCount: number;
  delAckTimeoutNs: number;
  /** Send SACK blocks (RFC 2018), up to this many (0 = no SACK). Each adds 8 bytes to the ACK. */
  sackBlocks: number;
  /**
   * How SACK blocks are chosen: 'rfc2018' keeps the most recent blocks trimmed to the cumulative
   * ACK; 'ns2' is ns-2's Sacker (tcp-sink.cc): the block around the arriving segment, then the
   * last reported blocks from a stack as large as the block limit, untrimmed, the stack popped of
   * blocks the new one covers and emptied when the cumulative ACK reaches the highest segment;
   * 'ns3' is ns-3.37's TcpRxBuffer::UpdateSackList: a list of at most 4 blocks, the arriving
   * out-of-order segment's block pushed in front and merged only with blocks adjacent to it, the
   * oldest block forgotten when a fifth appears (a later block next to a forgotten one does not
   * include it), blocks dropped once below the cumulative ACK.
   */
  sackStyle?: 'rfc2018' | 'ns2' | 'ns3';
  /**
   * Bytes the SACK option adds to an ACK: 'ns2' 8 per block (ns-2's count); 'rfc2018' the option
   * as sent (RFC 2018 §3: 2 bytes of kind and length plus 8 per block, padded to a multiple of 4
   * bytes: 12, 20, 28, 36 — ns-3, Linux).
   */
  sackOptionBytes?: 'ns2' | 'rfc2018';
  /**
   * How CE marks are echoed: 'rfc3168' sets ECE on every ACK from a CE mark until a segment with
   * CWR arrives (RFC 3168 §6.1.3); 'dctcp' echoes each segment's CE exactly (RFC 8257 §3.2).
   */
  ecnEcho?: 'rfc3168' | 'dctcp';
  /**
   * ACKs are sent ECT(0), as ns-3.37 sends every header-only packet of a DCTCP socket
   * (TcpSocketBase::AddSocketTags, ECN mode DctcpEcn); otherwise not ECN-capable (RFC 3168 §6.1.4).
   */
  ectAcks?: boolean;
  /** Segment 0 is the header-only opening segment and carries no payload. */
  handshake: boolean;
  /** Bytes of options on the ACK of the opening segment (a SYN-ACK's: 8 in ns-3.37). */
  synOptionBytes?: number;
  /**
   * With delayed ACKs, acknowledge the first data segment at once (ns-3.37 TcpSocketBase,
   * "always respond to first data packet to speed up the connection"; Linux's quick-ACK mode at
   * the start of a connection is similar).
   */
  quickAckFirst?: boolean;
  /**
   * XCP sink (ns-2 Agent/TCPSink/XCPSink): sum the feedback of the data packets received since
   * the last ACK and echo it in the next ACK, which is marked as XCP traffic.
   */
  xcp?: boolean;
}

/**
 * TCP receiver (ns-2 TCPSink semantics): the cumulative ACK names the highest in-order segment
 * received; every segment is acknowledged unless delayed ACKs are on, in which case every
 * `delAckCount`-th in-order segment or the delayed-ACK timer triggers one, and out-of-order or
 * gap-filling segments are acknowledged at once (RFC 5681 §4.2). SACK blocks report the most
 * recently changed block first (RFC 2018 §4). CE marks are echoed until CWR arrives (RFC 3168),
 * or, in DCTCP mode, exactly per segment with RFC 8257 §3.2's two-state machine: the ECE flag
 * follows the CE state of the latest segment, and when that state changes while an ACK is being
 * delayed, the delayed segments are acknowledged at once with the old state. The opening
 * (handshake) segment is acknowledged at once, as a SYN is.
 */
export class TcpReceiver implements FlowReceiver, TimerOwner {
  private rev!: Route;
  /** Highest in-order segment received (the cumulative ACK). */
  private cumAck = -1;
  /**
   * Out-of-order segments above cumAck: a ring bitmap indexed by segment number, valid for
   * cumAck < s ≤ cumAck + capacity (grown as needed), with the count of segments set. Segments
   * are cleared as the cumulative ACK passes them. (A Set cost a hash lookup per segment.)
   */
  private oooBits = new Uint8Array(64);
  private oooMask = 63;
  private oooCount = 0;
  private maxSeen = -1;
  private pendingAcks = 0;
  private readonly delAckTimer: Timer;
  private lastTsNs = 0;
  private ece = false;
  /** A CE segment arrived since the last ACK was sent (RFC 3168 delayed-ACK rule). */
  private ceSinceAck = false;
  /** Most recent SACK blocks, most recent first: [start, end) pairs. */
  private readonly blocks: number[] = [];
  /** ns-2 Sacker history: [start, end) pairs, most recent first, and their count. */
  private readonly stack: Int32Array;
  private stackCount = 0;
  /** XCP feedback received and not yet echoed, bytes (ns-2 xcp_rev_fb_). */
  private xcpFeedbackBytes = 0;

  constructor(
    private readonly ctx: FlowContext,
    private readonly cfg: TcpReceiverConfig,
  ) {
    this.delAckTimer = ctx.sim.timer(this, 0);
    this.stack = new Int32Array(2 * Math.max(cfg.sackBlocks, 1));
    holdAsDoubles(this, ['lastTsNs']);
  }

  setRoute(rev: Route): void {
    this.rev = rev;
  }

  receive(pkt: Packet): void {
    if (pkt.kind === PacketKind.TcpAck) {
      // the sender's pure ACK completing a three-way handshake: nothing to deliver or acknowledge
      this.ctx.pool.release(pkt);
      return;
    }
    const now = this.ctx.sim.now;
    const stats = this.ctx.stats;
    const seq = pkt.seq;
    stats.packetsReceived++;
    stats.bytesReceived += pkt.sizeBytes;
    stats.recordDelay(now - pkt.createdNs);
    const ce = pkt.ecn === Ecn.Ce;
    if (this.cfg.ecnEcho === 'dctcp') {
      // RFC 8257 §3.2: a change of the CE state with an ACK pending first acknowledges the
      // segments received so far, echoing the state they arrived with
      if (ce !== this.ece && this.pendingAcks > 0) this.sendAck();
      this.ece = ce;
    } else {
      // RFC 3168 §6.1.3: ECE until CWR arrives — and, with delayed ACKs, on an ACK that covers
      // any CE segment, even when the CWR segment came in since (ns-3.37 TcpSocketBase::
      // DoForwardUp leaves ECN_CE_RCVD alone on CWR until an ACK has echoed it)
      if (ce) this.ece = this.ceSinceAck = true;
      if (pkt.cwr) this.ece = ce;
    }
    this.lastTsNs = pkt.sendTimeNs;
    if (pkt.hdrXcp === XcpMark.Data) this.xcpFeedbackBytes += pkt.hdrFeedbackBytes;
    this.ctx.pool.release(pkt);

    let inOrder = false;
    let filledGap = false;
    if (seq === this.cumAck + 1) {
      inOrder = true;
      filledGap = this.oooCount > 0;
      this.cumAck = seq;
      if (seq > 0 || !this.cfg.handshake) stats.goodputBytes += this.cfg.payloadBytes;
      if (this.oooCount > 0) {
        const bits = this.oooBits;
        const mask = this.oooMask;
        while (bits[(this.cumAck + 1) & mask] === 1) {
          bits[(this.cumAck + 1) & mask] = 0;
          this.oooCount--;
          this.cumAck++;
          stats.goodputBytes += this.cfg.payloadBytes;
        }
      }
    } else if (seq > this.cumAck + 1) {
      if (this.hasOutOfOrder(seq)) stats.duplicatesReceived++;
      else {
        this.addOutOfOrder(seq);
        if (this.cfg.sackStyle === 'ns3') this.ns3Blocks(seq);
      }
    } else {
      stats.duplicatesReceived++;
    }
    if (seq > this.maxSeen) this.maxSeen = seq;
    if (this.cfg.sackBlocks > 0 && this.cfg.sackStyle === 'ns2') this.ns2Blocks(seq);
    else if (this.cfg.sackStyle === 'ns3') this.pruneBlocks();
    else {
      if (this.cfg.sackBlocks > 0 && seq > this.cumAck) this.updateBlocks(seq);
      if (this.cfg.sackBlocks > 0) this.pruneBlocks();
    }

    const opening = seq === 0 && this.cfg.handshake;
    const quick = this.cfg.quickAckFirst === true && seq === (this.cfg.handshake ? 1 : 0);
    if (!this.cfg.delayedAck || !inOrder || filledGap || this.oooCount > 0 || opening || quick) {
      this.sendAck();
      return;
    }
    if (++this.pendingAcks >= this.cfg.delAckCount) this.sendAck();
    else if (!this.delAckTimer.armed) this.delAckTimer.setAfter(this.cfg.delAckTimeoutNs);
  }

  onTimer(): void {
    if (this.pendingAcks > 0) this.sendAck();
  }

  private sendAck(): void {
    this.pendingAcks = 0;
    this.delAckTimer.cancel();
    const pkt = this.ctx.pool.alloc();
    pkt.kind = PacketKind.TcpAck;
    pkt.flowId = this.ctx.flowIndex;
    pkt.sizeBytes = byteCount(
      this.cfg.ackBytes + (this.cumAck === 0 && this.cfg.handshake ? (this.cfg.synOptionBytes ?? 0) : 0),
    );
    pkt.ack = this.cumAck;
    pkt.tsEchoNs = this.lastTsNs;
    pkt.sendTimeNs = this.ctx.sim.now;
    pkt.createdNs = this.ctx.sim.now;
    pkt.ece = this.ece || this.ceSinceAck;
    if (this.cfg.ectAcks === true) pkt.ecn = Ecn.Ect0;
    this.ceSinceAck = false;
    pkt.route = this.rev;
    if (this.cfg.xcp === true) {
      pkt.hdrXcp = XcpMark.Ack;
      pkt.hdrFeedbackBytes = this.xcpFeedbackBytes;
      this.xcpFeedbackBytes = 0;
    }
    const n = Math.min(this.blocks.length / 2, this.cfg.sackBlocks, MAX_SACK_BLOCKS);
    for (let i = 0; i < n; i++) {
      pkt.sack[2 * i] = this.blocks[2 * i]!;
      pkt.sack[2 * i + 1] = this.blocks[2 * i + 1]!;
    }
    pkt.sackCount = n;
    if (n > 0) pkt.sizeBytes += this.cfg.sackOptionBytes === 'rfc2018' ? ((2 + 8 * n + 3) >> 2) << 2 : 8 * n;
    inject(pkt);
  }

  /** Rebuilds the block containing `seq` and moves it to the front (RFC 2018 §4). */
  private updateBlocks(seq: number): void {
    let start = seq;
    let end = seq + 1;
    while (this.hasOutOfOrder(start - 1)) start--;
    while (this.hasOutOfOrder(end)) end++;
    // drop blocks now covered by [start, end)
    for (let i = this.blocks.length - 2; i >= 0; i -= 2) {
      if (this.blocks[i]! >= start && this.blocks[i + 1]! <= end) this.blocks.splice(i, 2);
    }
    this.blocks.unshift(start, end);
    if (this.blocks.length > 2 * MAX_SACK_BLOCKS * 2) this.blocks.length = 2 * MAX_SACK_BLOCKS * 2;
  }

  /** ns-3.37 TcpRxBuffer::UpdateSackList for a newly stored out-of-order segment (see sackStyle). */
  private ns3Blocks(seq: number): void {
    const b = this.blocks;
    b.unshift(seq, seq + 1);
    for (let i = 2; i < b.length; i += 2) {
      let merged = false;
      if (b[0] === b[i + 1]) {
        b[0] = b[i]!; // left merge: [current][new]
        merged = true;
      } else if (b[1] === b[i]) {
        b[1] = b[i + 1]!; // right merge: [new][current]
        merged = true;
      }
      if (merged) {
        b.splice(i, 2);
        i = 0; // rescan from the second block
      }
    }
    if (b.length > 8) b.length = 8; // at most 4 blocks: the oldest is forgotten
  }

  private received(s: number): boolean {
    return s <= this.cumAck || this.hasOutOfOrder(s);
  }

  /** Whether segment `s` (above the cumulative ACK) has been received out of order. */
  private hasOutOfOrder(s: number): boolean {
    const d = s - this.cumAck;
    return d > 0 && d <= this.oooBits.length && this.oooBits[s & this.oooMask] === 1;
  }

  private addOutOfOrder(s: number): void {
    if (s - this.cumAck > this.oooBits.length) {
      // grow: copy the segments of the current window (cumAck, cumAck + capacity]
      let cap = this.oooBits.length;
      while (cap < s - this.cumAck) cap *= 2;
      const bits = new Uint8Array(cap);
      for (let q = this.cumAck + 1; q <= this.cumAck + this.oooBits.length; q++)
        bits[q & (cap - 1)] = this.oooBits[q & this.oooMask]!;
      this.oooBits = bits;
      this.oooMask = cap - 1;
    }
    this.oooBits[s & this.oooMask] = 1;
    this.oooCount++;
  }

  /** ns-2 Sacker::append_ack for the segment `seq` just received (see sackStyle). */
  private ns2Blocks(seq: number): void {
    const out = this.blocks;
    const st = this.stack;
    out.length = 0;
    const cum = this.cumAck;
    const max = this.maxSeen;
    if (cum >= max) {
      this.stackCount = 0;
      return;
    }
    // the block around the arriving segment: up to the first hole at or after it ...
    let right = max + 1;
    for (let i = seq; i <= max; i++) {
      if (!this.received(i)) {
        right = i;
        break;
      }
    }
    // ... and down to the hole below it; a segment at or below the cumulative ACK gives none
    let left = 0;
    if (seq > cum) {
      for (let i = right - 1; i > cum; i--) {
        if (!this.received(i)) {
          left = i + 1;
          break;
        }
      }
      out.push(left, right);
    }
    const limit = this.cfg.sackBlocks;
    let k = 0;
    while (out.length < 2 * limit && k < this.stackCount) {
      const l = st[2 * k]!;
      const r = st[2 * k + 1]!;
      if (r > max + 1) break;
      if (left <= l && right >= r) {
        // covered by the new block: forget it
        st.copyWithin(2 * k, 2 * k + 2, 2 * this.stackCount);
        this.stackCount--;
        continue;
      }
      out.push(l, r);
      k++;
    }
    if (seq > cum) {
      const n = Math.min(this.stackCount, limit - 1);
      st.copyWithin(2, 0, 2 * n);
      st[0] = left;
      st[1] = right;
      this.stackCount = n + 1;
    }
  }

  private pruneBlocks(): void {
    for (let i = this.blocks.length - 2; i >= 0; i -= 2) {
      if (this.blocks[i + 1]! <= this.cumAck + 1) this.blocks.splice(i, 2);
      else if (this.blocks[i]! <= this.cumAck) this.blocks[i] = this.cumAck + 1;
    }
  }

  close(): void {
    this.delAckTimer.cancel();
  }
}
