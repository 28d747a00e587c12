import type { Packet } from '../net/Packet.js';
import { num } from '../model/params.js';
import type { ChildFactory } from './ClassfulQueueDisc.js';
import { FifoQueueDisc } from './FifoQueueDisc.js';
import type { DropReason, QueueContext } from '../net/QueueDisc.js';
import type { QueueModel } from './QueueModel.js';
import { SubQueueScheduler } from './SubQueueScheduler.js';

export interface FqParams {
  /** Packets one flow may have waiting, its head-of-line packet included (0: no per-flow limit). */
  flowLimitPackets: number;
}

/**
 * Per-flow fair queueing as ns-2.35's Queue/FQ does it (queue/fq.cc, with FQLink in
 * tcl/lib/ns-queue.tcl) — the "FQ" of the seed-001 stability control:
 *
 * - One sub-queue per flow id (ns-2: one DropTail queue per flow id, created by FQLink).
 * - Each backlogged flow's head-of-line packet is taken out of its sub-queue and waits in the
 *   scheduler with a start time S (fq.cc `recv`): S = max(now, F_prev), F_prev being the flow's
 *   last finish time, taken when the packet becomes head of line — on arrival to an idle flow, or
 *   when the flow's previous packet is sent.
 * - At each transmission opportunity (fq.cc `deque`), with n the number of flows with a
 *   head-of-line packet and δ = L·8/C its transmission time at the link rate C, the flow with the
 *   smallest F = S + δ·n is sent (the lowest flow id on a tie), and F becomes its F_prev. n is
 *   counted now, not when the packet arrived: the finish time assumes the link shared equally
 *   by the flows backlogged at this instant. This is ns-2's approximation of fair queueing, not
 *   a GPS emulation (see `wfq` for that).
 * - Buffer: ns-2's per-flow DropTail queues take the class default limit_ of 50 packets and keep
 *   the qlim−1 rule; with the head-of-line packet held by FQ a flow has at most 50 packets waiting
 *   (`flowLimit`). ns-2 never reads the FQ link's own queue-limit. Here the port's buffer is also a
 *   shared limit (not in ns-2): when it is full, the flow with the most bytes loses its oldest
 *   packet, or the arrival is refused if its own flow would be the longest (as DRR does).
 *
 * Not reproduced: ns-2 aborts beyond 32 flow ids (MAXFLOW); here any number of flows works. The
 * time unit is the nanosecond (ns-2 uses seconds in a double), so ties between equal finish times
 * always go to the lower flow id.
 */
export class FqQueueDisc extends SubQueueScheduler {
  /** Per flow: start / last finish time (ns) and δ of the head-of-line packet (ns). */
  private finishNs = new Float64Array(0);
  private deltaNs = new Float64Array(0);
  private flows = 0;
  /**
   * Whether some flow may have packets in its sub-queue but none head of line (its head was
   * discarded to make room, or its child gave nothing when asked): the next dequeue pulls them
   * first, as fq.cc's would have. Otherwise every backlogged flow has its head of line and the
   * dequeue need not look for them.
   */
  private pullPending = false;

  constructor(
    readonly params: FqParams,
    makeChild: ChildFactory,
  ) {
    super(makeChild);
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    this.flows = ctx.flows.count;
    this.reserveSubQueues(this.flows);
    this.finishNs = new Float64Array(this.flows);
    this.deltaNs = new Float64Array(this.flows);
  }

  /** Finish time (ns) of flow `f`'s current head-of-line packet start, or of its last one sent. */
  finishTimeNs(f: number): number {
    return this.finishNs[f]!;
  }

  protected doEnqueue(pkt: Packet): boolean {
    const f = pkt.flowId;
    const limit = this.params.flowLimitPackets;
    // ns-2's per-flow DropTail: waiting (head of line excluded) + 1 ≥ limit_ refuses the arrival
    const waiting = this.children[f]?.lengthPackets ?? 0;
    if (limit > 0 && waiting + 1 >= limit) {
      this.dropBeforeEnqueue(pkt, 'overflow');
      return false;
    }
    if (!this.makeRoomByLongestDrop(f, pkt)) return false;
    if (!this.enqueueToChild(f, pkt)) return false;
    if (this.held[f] === null) this.pullHeadOfLine(f);
    return true;
  }

  /**
   * An empty scheduler hands an arrival its flow's FIFO child passes through, within the per-flow
   * and shared limits, straight back: the packet becomes head of line (start time max(now, F)),
   * is the only one (n = 1) and is sent at once, its finish time S + δ becoming F — which is all
   * `passThrough` computes, in the same operations.
   */
  override admitsPassThrough(pkt: Packet): boolean {
    const limit = this.params.flowLimitPackets;
    return !(limit > 0 && 1 >= limit) && this.emptyAndChildPassesThrough(pkt.flowId, pkt);
  }

  override passThrough(pkt: Packet): void {
    const f = pkt.flowId;
    this.passThroughSubQueue(f, pkt);
    const now = this.now;
    if (now > this.finishNs[f]!) this.finishNs[f] = now;
    this.deltaNs[f] = (pkt.sizeBytes * 8e9) / this.ctx.port.rateBps;
    this.finishNs[f] = this.finishNs[f]! + this.deltaNs[f]! * 1;
  }

  /** fq.cc `recv`: the flow's next packet becomes head of line, with its start time. */
  private pullHeadOfLine(f: number): void {
    const c = this.child(f);
    const p = c instanceof FifoQueueDisc ? c.take() : c.dequeue();
    this.held[f] = p;
    if (p === null) {
      if (c.lengthPackets > 0) this.pullPending = true;
      return;
    }
    const now = this.now;
    if (now > this.finishNs[f]!) this.finishNs[f] = now;
    this.deltaNs[f] = (p.sizeBytes * 8e9) / this.ctx.port.rateBps;
  }

  /** A discarded head of line leaves its flow's next packet to be pulled at the next dequeue. */
  protected override dropHead(i: number, reason: DropReason): boolean {
    this.pullPending = true;
    return super.dropHead(i, reason);
  }

  protected doDequeue(): Packet | null {
    const held = this.held;
    const n = this.flows;
    if (this.pullPending) {
      this.pullPending = false;
      for (let f = 0; f < n; f++)
        if (held[f] === null && (this.children[f]?.lengthPackets ?? 0) > 0) this.pullHeadOfLine(f);
    }
    let active = 0;
    for (let f = 0; f < n; f++) if (held[f] !== null) active++;
    let target = -1;
    let best = Infinity;
    const finishNs = this.finishNs;
    const deltaNs = this.deltaNs;
    for (let f = 0; f < n; f++) {
      if (held[f] === null) continue;
      const finish = finishNs[f]! + deltaNs[f]! * active;
      if (target < 0 || finish < best) {
        target = f;
        best = finish;
      }
    }
    if (target < 0) return null;
    const p = held[target]!;
    held[target] = null;
    this.removedFromStorage(p);
    this.finishNs[target] = best;
    this.pullHeadOfLine(target);
    return p;
  }
}

export const fqModel: QueueModel = {
  info: {
    id: 'fq',
    category: 'queue',
    name: 'FQ (ns-2 fair queueing)',
    description:
      "Per-flow queues served in order of finish time S + n·L/C (n flows backlogged now); ns-2 Queue/FQ, the seed-001 stability control's FQ.",
    citation: 'Demers, Keshav & Shenker, SIGCOMM 1989; ns-2.35 queue/fq.cc and FQLink (tcl/lib/ns-queue.tcl)',
    classful: true,
    params: [
      {
        key: 'flowLimit',
        label: 'Per-flow limit',
        kind: 'integer',
        default: 50,
        min: 0,
        max: 1_000_000,
        unit: 'packets',
        description:
          "Packets one flow may have waiting (ns-2: its DropTail queue's limit_, 50 by default, plus the head of line). The port's buffer is shared (longest-queue drop when full); 0 = no per-flow limit.",
      },
    ],
  },
  create: (p, _limit, build) => new FqQueueDisc({ flowLimitPackets: num(p, 'flowLimit') }, build.makeChild),
};
