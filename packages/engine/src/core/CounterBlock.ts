/**
 * One array of counters shared by many owners (every port of a simulation), each owning a
 * contiguous range from `alloc`. Per-packet counters kept this way cost one cache line of data
 * per update: the array object and this holder are shared, so they stay cached, where an array
 * per owner costs its own object's lines as well as its data's (docs/performance.md, "What makes
 * it fast"). Ranges are allocated while the network is built; `data` is replaced when it grows,
 * so owners read it through the block, never keep it.
 */
export class CounterBlock {
  data = new Float64Array(256);
  private used = 0;

  /** Reserves `n` counters, all 0; returns the index of the first. */
  alloc(n: number): number {
    const base = this.used;
    if (base + n > this.data.length) {
      let cap = this.data.length;
      while (cap < base + n) cap *= 2;
      const next = new Float64Array(cap);
      next.set(this.data);
      this.data = next;
    }
    this.used = base + n;
    return base;
  }
}
