import { holdAsDoubles } from '../core/doubleFields.js';

/**
 * The virtual time V(t) of the fluid Generalized Processor Sharing system that WFQ / PGPS emulates
 * (Parekh & Gallager, "A generalized processor sharing approach to flow control in integrated
 * services networks: the single-node case", IEEE/ACM ToN 1(3), 1993; Demers, Keshav & Shenker,
 * SIGCOMM 1989):
 *
 *   dV/dt = C / Σ_{i ∈ B(t)} φ_i
 *
 * with C the link rate (bytes per ns) and B(t) the sub-queues backlogged in the fluid system: i is
 * in B while V < F_i, its last arrival's finish tag. V is piecewise linear; it bends at each fluid
 * departure, when V reaches the smallest F_i in B and i leaves B. `advance` replays the bends since
 * the last call, so V is exact at every arrival (the only time WFQ reads it). While B is empty V
 * stays where it is.
 */
export class GpsVirtualTime {
  /** V at `lastNs`, in bytes per unit weight. */
  v = 0;
  private lastNs = 0;
  /** `advance`'s arguments (fields: see `advanceTo`). */
  private toNs = 0;
  private bytesPerNs = 0;
  private sumWeights = 0;
  private readonly members: Int32Array;
  /** Position of each member in `members`. */
  private readonly positionOf: Int32Array;
  private memberCount = 0;
  private readonly isMember: Uint8Array;
  private readonly lastFinish: Float64Array;
  /** `arrive`'s tag, passed on to `arriveWith`. */
  private readonly scratch = new Float64Array(1);
  /**
   * Position in `members` of the member with the smallest finish tag (the first such position when
   * several tie, as a scan in position order finds it), or −1 when not known. Kept up to date by
   * `arrive` and `retract` where that is cheap, so that an arrival that moves no member out of the
   * fluid system does not scan them all; the choice, ties included, is the scan's.
   */
  private minPosition = -1;

  constructor(private readonly weights: Float64Array) {
    const n = weights.length;
    this.members = new Int32Array(n);
    this.positionOf = new Int32Array(n);
    this.isMember = new Uint8Array(n);
    this.lastFinish = new Float64Array(n);
    holdAsDoubles(this, ['v', 'lastNs', 'toNs', 'bytesPerNs', 'sumWeights']);
  }

  /** Sub-queues backlogged in the fluid system now (after `advance`). */
  get backlogged(): number {
    return this.memberCount;
  }

  /** The first position in `members` holding the smallest finish tag. */
  private scanForMin(): number {
    let k = 0;
    for (let m = 1; m < this.memberCount; m++)
      if (this.lastFinish[this.members[m]!]! < this.lastFinish[this.members[k]!]!) k = m;
    return k;
  }

  /** Brings V up to `nowNs` at `bytesPerNs` (the link rate); returns it. */
  advance(nowNs: number, bytesPerNs: number): number {
    this.toNs = nowNs;
    this.bytesPerNs = bytesPerNs;
    this.replay();
    return this.v;
  }

  /**
   * `advance` to the clock's time at the link's rate (bit/s), without a result (read `v`): a
   * double passed to or returned from a call V8 does not inline is a heap number allocated per
   * call, so the per-packet path passes the objects that hold them.
   */
  advanceTo(clock: { readonly now: number }, link: { readonly rateBps: number }): void {
    this.toNs = clock.now;
    this.bytesPerNs = link.rateBps / 8e9;
    this.replay();
  }

  /** Replays the fluid system from `lastNs` to `toNs` at `bytesPerNs`. */
  private replay(): void {
    const nowNs = this.toNs;
    const bytesPerNs = this.bytesPerNs;
    let t = this.lastNs;
    while (this.memberCount > 0) {
      // the member with the smallest finish tag is the next to leave the fluid system
      const k = this.minPosition >= 0 ? this.minPosition : this.scanForMin();
      this.minPosition = k;
      const j = this.members[k]!;
      const dt = ((this.lastFinish[j]! - this.v) * this.sumWeights) / bytesPerNs;
      if (t + dt > nowNs) {
        this.v += ((nowNs - t) * bytesPerNs) / this.sumWeights;
        break;
      }
      t += dt;
      this.v = this.lastFinish[j]!;
      const moved = this.members[--this.memberCount]!;
      this.members[k] = moved;
      this.positionOf[moved] = k;
      this.isMember[j] = 0;
      this.minPosition = -1;
      this.sumWeights = this.memberCount === 0 ? 0 : this.sumWeights - this.weights[j]!;
    }
    this.lastNs = nowNs;
  }

  /**
   * Member `i`'s finish tag changed (`grew`: it is larger than before): keeps `minPosition` the
   * scan's answer. (A flag, not the old tag: a double passed to a call V8 does not inline is a heap
   * number allocated per call.)
   */
  private finishChanged(i: number, grew: boolean): void {
    const k = this.minPosition;
    if (k < 0) return;
    const f = this.lastFinish[i]!;
    const p = this.positionOf[i]!;
    if (p === k) {
      // the minimum itself: still the first smallest unless it grew
      if (grew) this.minPosition = -1;
      return;
    }
    const fk = this.lastFinish[this.members[k]!]!;
    if (f < fk || (f === fk && p < k)) this.minPosition = p;
  }

  /**
   * Sub-queue `i`'s last finish tag moves back by `amount` (a packet it will never send was
   * discarded); if that reaches V, it leaves the fluid system at the next `advance`.
   */
  retract(i: number, amount: number): void {
    if (this.isMember[i] !== 1) return;
    const before = this.lastFinish[i]!;
    const after = before - amount;
    this.lastFinish[i] = after;
    this.finishChanged(i, after > before);
  }

  /** An arrival to sub-queue `i` with finish tag `finish` (> V): i is backlogged until V reaches it. */
  arrive(i: number, finish: number): void {
    this.scratch[0] = finish;
    this.arriveWith(i, this.scratch, 0);
  }

  /**
   * `arrive(i, finishOf[k])`, the tag read here: a double passed to a call V8 does not inline is a
   * heap number allocated per call (the per-packet path passes the array that holds it).
   */
  arriveWith(i: number, finishOf: Float64Array, k: number): void {
    const finish = finishOf[k]!;
    const before = this.lastFinish[i]!;
    this.lastFinish[i] = finish;
    if (this.isMember[i] === 1) {
      this.finishChanged(i, finish > before);
      return;
    }
    this.isMember[i] = 1;
    const p = this.memberCount++;
    this.members[p] = i;
    this.positionOf[i] = p;
    this.sumWeights += this.weights[i]!;
    // a new last position takes the minimum only with a strictly smaller tag
    if (p === 0) this.minPosition = 0;
    else if (this.minPosition >= 0 && finish < this.lastFinish[this.members[this.minPosition]!]!) this.minPosition = p;
  }
}
