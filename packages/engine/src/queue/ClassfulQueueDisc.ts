import type { Packet } from '../net/Packet.js';
import { DropStage, QueueDisc, type DropReason, type QueueContext, type QueueDropListener } from '../net/QueueDisc.js';
import { FifoQueueDisc } from './FifoQueueDisc.js';

/** Builds one child discipline of a scheduler (the scenario's `queue.child`, or a plain FIFO). */
export type ChildFactory = () => QueueDisc;

/**
 * A classful queue discipline (Linux tc's classful qdisc; ns-3's QueueDisc with internal queue
 * discs): a scheduler that owns child disciplines — any QueueDisc, e.g. DRR over CoDel children —
 * classifies each arrival to one child and chooses which child sends next.
 *
 * Accounting: every node of the tree keeps its own statistics. A child reports its drops and marks
 * to this scheduler (its drop listener); the scheduler counts them in its own statistics too and
 * passes them up, so a drop is counted at every level but reaches the port exactly once. The
 * scheduler's length is the sum of its children's: arrivals = departures + drops + queued holds
 * for the parent and for each child.
 *
 * One buffer limit (the port's) is shared by all children; `overLimit` tells when an arrival
 * would exceed it, and `longestChild` finds the child to evict from where the algorithm says so
 * (ns-2 drr.cc / sfq.cc, RFC 8290 §4.1).
 */
export abstract class ClassfulQueueDisc extends QueueDisc implements QueueDropListener {
  /** Children by class index; created on first use. */
  protected readonly children: (QueueDisc | undefined)[] = [];
  private childCtx!: QueueContext;

  constructor(private readonly makeChild: ChildFactory) {
    super();
  }

  /** The shared limit as two numbers, the one not in use Infinity (`overLimit` without `in`). */
  private limitPackets = Infinity;
  private limitBytes = Infinity;

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    this.childCtx = { ...ctx, dropListener: this };
    const l = ctx.limit;
    this.limitPackets = 'packets' in l ? l.packets : Infinity;
    this.limitBytes = 'packets' in l ? Infinity : l.bytes;
  }

  /** The child for class `i`, created and attached on first use. */
  protected child(i: number): QueueDisc {
    let c = this.children[i];
    if (c === undefined) {
      c = this.makeChild();
      c.attach(this.childCtx);
      this.children[i] = c;
    }
    return c;
  }

  /**
   * Installs `c` as the child of class `i` and attaches it (a scheduler whose classes hold
   * different disciplines, e.g. XCP's virtual queues).
   */
  protected setChild(i: number, c: QueueDisc): void {
    c.attach(this.childCtx);
    this.children[i] = c;
  }

  /** Number of child slots created so far (some may be undefined). */
  get childCount(): number {
    return this.children.length;
  }

  /** The child at `i` if it exists (for statistics and probes). */
  childAt(i: number): QueueDisc | undefined {
    return this.children[i];
  }

  onQueueDrop(pkt: Packet, reason: DropReason, stage: DropStage): void {
    if (stage !== DropStage.BeforeEnqueue) {
      // the packet was counted in this scheduler's storage: it leaves it now
      this.integrate();
      this.removedFromStorage(pkt);
    }
    this.recordDrop(pkt, reason, stage);
  }

  onQueueMark(pkt: Packet, reason: DropReason): void {
    this.recordMark(pkt, reason);
  }

  /**
   * Whether storing one more packet of `bytes` would exceed the shared limit, counting at most
   * `limit` packets (or bytes) in storage. (DropTail's ns-2 qlim−1 rule is DropTail's own.)
   */
  protected overLimit(bytes: number): boolean {
    return this.lengthPackets + 1 > this.limitPackets || this.lengthBytes + bytes > this.limitBytes;
  }

  /** Index of the child holding the most bytes (or packets), or -1 when all are empty. */
  protected longestChild(byBytes = true): number {
    let best = -1;
    let most = 0;
    for (let i = 0; i < this.children.length; i++) {
      const c = this.children[i];
      if (c === undefined) continue;
      const v = byBytes ? c.lengthBytes : c.lengthPackets;
      if (v > most) {
        most = v;
        best = i;
      }
    }
    return best;
  }

  /** Offers the packet to child `i`; the child reports its own refusal (drop listener). */
  protected enqueueToChild(i: number, pkt: Packet): boolean {
    const c = this.child(i);
    if (c instanceof FifoQueueDisc) {
      c.store(pkt);
      return true;
    }
    return c.enqueue(pkt);
  }

  /**
   * Takes the next packet of child `i` (which may discard packets on the way, e.g. CoDel) and
   * accounts it as leaving this scheduler's storage.
   */
  protected dequeueFromChild(i: number): Packet | null {
    const c = this.child(i);
    const p = c instanceof FifoQueueDisc ? c.take() : c.dequeue();
    if (p !== null) this.removedFromStorage(p);
    return p;
  }

  /** Asks child `i` to discard one stored packet (counted as a drop with `reason`). */
  protected evictFromChild(i: number, reason: DropReason): boolean {
    return this.child(i).evict(reason);
  }

  protected override doEvict(reason: DropReason): boolean {
    const i = this.longestChild();
    return i >= 0 && this.evictFromChild(i, reason);
  }
}
