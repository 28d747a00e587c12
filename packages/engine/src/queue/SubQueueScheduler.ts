import type { Packet } from '../net/Packet.js';
import type { ActiveRing } from './ActiveRing.js';
import { ClassfulQueueDisc } from './ClassfulQueueDisc.js';
import { FifoQueueDisc } from './FifoQueueDisc.js';
import type { DropReason } from '../net/QueueDisc.js';

/**
 * What the packet schedulers (prio, rr, drr, sfq, fq, wfq) share on top of `ClassfulQueueDisc`:
 * sub-queue backlog, peeking at a sub-queue's next packet, and longest-queue drop in the shared
 * buffer.
 *
 * Sub-queues are child disciplines, which may discard packets when asked for one (CoDel) or refuse
 * arrivals (RED, a DropTail with its own limit). A scheduler that must know the size of a
 * sub-queue's next packet before deciding to send it (DRR's deficit test) peeks: a plain FIFO
 * child is read in place; any other child is asked for its packet at once, which then waits here,
 * still in the scheduler's storage, until it is sent — Linux's `qdisc_peek_dequeued` (the child's
 * dequeue-time decisions are taken when the scheduler first looks at its head).
 */
export abstract class SubQueueScheduler extends ClassfulQueueDisc {
  /** Head-of-line packets already taken from a child and not yet sent, by sub-queue. */
  protected held: (Packet | null)[] = [];

  /** Sizes the per-sub-queue state for `n` sub-queues (more are added on demand). */
  protected reserveSubQueues(n: number): void {
    while (this.held.length < n) this.held.push(null);
  }

  /** Whether sub-queue `i` holds any packet (held here or in its child). */
  protected backlogged(i: number): boolean {
    if (i < this.held.length && this.held[i] !== null) return true;
    const c = this.children[i];
    return c !== undefined && c.lengthPackets > 0;
  }

  /** Bytes stored for sub-queue `i` (its child's and its held head's). */
  protected backlogBytes(i: number): number {
    const c = this.children[i];
    const h = i < this.held.length ? this.held[i] : null;
    return (c === undefined ? 0 : c.lengthBytes) + (h ? h.sizeBytes : 0);
  }

  /**
   * The packet sub-queue `i` would send next, without sending it, or null if it has none (a child
   * that dropped everything it had when asked, or a shaper holding its packets back).
   */
  protected peekHead(i: number): Packet | null {
    if (i >= this.held.length) this.reserveSubQueues(i + 1);
    const h = this.held[i]!;
    if (h !== null) return h;
    const c = this.child(i);
    if (c instanceof FifoQueueDisc) return c.head();
    if (c.lengthPackets === 0) return null;
    const p = c.dequeue();
    this.held[i] = p;
    return p;
  }

  /** Sends sub-queue `i`'s next packet (the peeked one if any). */
  protected takeHead(i: number): Packet | null {
    const h = i < this.held.length ? this.held[i]! : null;
    if (h !== null) {
      this.held[i] = null;
      this.removedFromStorage(h);
      return h;
    }
    return this.dequeueFromChild(i);
  }

  /** Discards sub-queue `i`'s oldest packet (the held head, else the child's choice). */
  protected dropHead(i: number, reason: DropReason): boolean {
    const h = i < this.held.length ? this.held[i]! : null;
    if (h !== null) {
      this.held[i] = null;
      this.dropQueued(h, reason);
      return true;
    }
    return this.evictFromChild(i, reason);
  }

  /**
   * The part of `admitsPassThrough` every scheduler shares: it stores nothing, the arrival fits in
   * the shared buffer, and sub-queue `i` already has a child that would hand the arrival straight
   * back (a FIFO; a child with state of its own — CoDel, RED — never does, and the first packet of
   * a sub-queue takes the full path, which creates the child). A scheduler that stores nothing is
   * work-conserving on that one packet: the enqueue puts it in sub-queue `i`, the dequeue that
   * follows at once sends it, and what remains of their effect on the scheduler's own state is
   * what its `passThrough` applies.
   */
  protected emptyAndChildPassesThrough(i: number, pkt: Packet): boolean {
    if (this.lengthPackets !== 0 || this.overSharedLimit(pkt.sizeBytes)) return false;
    const c = this.children[i];
    return c !== undefined && c.admitsPassThrough(pkt);
  }

  /** The statistics of the pass-through at this scheduler and at sub-queue `i`'s child. */
  protected passThroughSubQueue(i: number, pkt: Packet): void {
    super.passThrough(pkt);
    this.children[i]!.passThrough(pkt);
  }

  /** Whether storing one more packet of `bytes` would exceed the shared limit. */
  protected overSharedLimit(bytes: number): boolean {
    return this.overLimit(bytes);
  }

  /**
   * The sub-queue holding the most bytes, the arrival of `arrivalBytes` to sub-queue `arrival`
   * counted in its own (ns-2 drr.cc counts a packet before it looks for the longest flow). Ties go
   * to the lowest index. −1 when nothing is stored.
   */
  protected longestSubQueue(arrival: number, arrivalBytes: number): number {
    let best = -1;
    let most = 0;
    const n = Math.max(this.children.length, arrival + 1);
    for (let i = 0; i < n; i++) {
      const b = this.backlogBytes(i) + (i === arrival ? arrivalBytes : 0);
      if (b > most) {
        most = b;
        best = i;
      }
    }
    return best;
  }

  /**
   * One packet per backlogged sub-queue in turn (rr, sfq): the head of the ring's current
   * sub-queue, which then leaves the ring if it is empty or passes the turn on. A sub-queue that
   * gives nothing now — it discarded what it had (CoDel) or holds it back (a shaper) — is passed
   * over; when every one in the ring has been, nothing can be sent now.
   */
  protected takeRoundRobin(ring: ActiveRing): Packet | null {
    let stalled = 0;
    while (ring.head >= 0) {
      const c = ring.head;
      const p = this.takeHead(c);
      if (!this.backlogged(c)) ring.idle(c);
      else ring.advance();
      if (p !== null) return p;
      if (this.backlogged(c) && ++stalled >= ring.size) return null;
    }
    return null;
  }

  /** Called when a drop made room by emptying sub-queue `i` (round-robin lists unlink it). */
  protected subQueueEmptied(i: number): void {
    void i;
  }

  /**
   * Longest-queue drop in the shared buffer (ns-2.35 drr.cc `enque`): while storing `pkt` in
   * sub-queue `i` would exceed the shared limit, the oldest packet of the longest sub-queue is
   * discarded; when that would be the arrival itself (its own sub-queue is the longest and holds
   * nothing else) the arrival is refused. Returns whether `pkt` may now be stored.
   */
  protected makeRoomByLongestDrop(i: number, pkt: Packet): boolean {
    const size = pkt.sizeBytes;
    while (this.overSharedLimit(size)) {
      const v = this.longestSubQueue(i, size);
      if (v === i && !this.backlogged(i)) {
        this.dropBeforeEnqueue(pkt, 'fq-overflow');
        return false;
      }
      if (v < 0 || !this.dropHead(v, 'fq-overflow')) {
        this.dropBeforeEnqueue(pkt, 'overflow');
        return false;
      }
      // the arrival's own sub-queue stays listed: the arrival is about to join it
      if (v !== i && !this.backlogged(v)) this.subQueueEmptied(v);
    }
    return true;
  }

  protected override doEvict(reason: DropReason): boolean {
    const v = this.longestSubQueue(-1, 0);
    if (v < 0 || !this.dropHead(v, reason)) return false;
    if (!this.backlogged(v)) this.subQueueEmptied(v);
    return true;
  }

  override nextReadyTimeNs(): number {
    let t = Infinity;
    for (let i = 0; i < this.children.length; i++) {
      const c = this.children[i];
      if (c !== undefined && c.lengthPackets > 0) t = Math.min(t, c.nextReadyTimeNs());
    }
    return t;
  }
}
