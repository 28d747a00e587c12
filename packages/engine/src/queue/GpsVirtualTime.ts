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
  private sumWeights = 0;
  private readonly members: Int32Array;
  private memberCount = 0;
  private readonly isMember: Uint8Array;
  private readonly lastFinish: Float64Array;

  constructor(private readonly weights: Float64Array) {
    const n = weights.length;
    this.members = new Int32Array(n);
    this.isMember = new Uint8Array(n);
    this.lastFinish = new Float64Array(n);
  }

  /** Sub-queues backlogged in the fluid system now (after `advance`). */
  get backlogged(): number {
    return this.memberCount;
  }

  /** Brings V up to `nowNs` at `bytesPerNs` (the link rate); returns it. */
  advance(nowNs: number, bytesPerNs: number): number {
    let t = this.lastNs;
    while (this.memberCount > 0) {
      // the member with the smallest finish tag is the next to leave the fluid system
      let k = 0;
      for (let m = 1; m < this.memberCount; m++)
        if (this.lastFinish[this.members[m]!]! < this.lastFinish[this.members[k]!]!) k = m;
      const j = this.members[k]!;
      const dt = ((this.lastFinish[j]! - this.v) * this.sumWeights) / bytesPerNs;
      if (t + dt > nowNs) {
        this.v += ((nowNs - t) * bytesPerNs) / this.sumWeights;
        break;
      }
      t += dt;
      this.v = this.lastFinish[j]!;
      this.members[k] = this.members[--this.memberCount]!;
      this.isMember[j] = 0;
      this.sumWeights = this.memberCount === 0 ? 0 : this.sumWeights - this.weights[j]!;
    }
    this.lastNs = nowNs;
    return this.v;
  }

  /**
   * Sub-queue `i`'s last finish tag moves back by `amount` (a packet it will never send was
   * discarded); if that reaches V, it leaves the fluid system at the next `advance`.
   */
  retract(i: number, amount: number): void {
    if (this.isMember[i] === 1) this.lastFinish[i]! -= amount;
  }

  /** An arrival to sub-queue `i` with finish tag `finish` (> V): i is backlogged until V reaches it. */
  arrive(i: number, finish: number): void {
    this.lastFinish[i] = finish;
    if (this.isMember[i] === 1) return;
    this.isMember[i] = 1;
    this.members[this.memberCount++] = i;
    this.sumWeights += this.weights[i]!;
  }
}
