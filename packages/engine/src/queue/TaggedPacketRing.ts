import type { Packet } from '../net/Packet.js';

/**
 * A FIFO of (packet, tag) pairs: the virtual finish times a fair-queueing scheduler assigned to the
 * packets of one sub-queue, in arrival order, beside the child discipline that stores the packets
 * themselves. Entries are removed when the packet leaves — sent, or discarded by the child
 * (usually its oldest; any other is found by a scan). Grows by doubling; no allocation per packet.
 *
 * Beside a FIFO child, whose packets leave only from its head (sent, or its oldest evicted), the
 * ring need not know the packets (`trackPackets` false): every removal is of the oldest entry, and
 * per packet the ring is then two objects (itself and its tags) instead of three
 * (docs/performance.md).
 */
export class TaggedPacketRing {
  private packets: (Packet | null)[];
  private tags: Float64Array;
  private head = 0;
  length = 0;
  /** The tag of the entry `remove` took out last (NaN if it found none). */
  removedTag = NaN;

  constructor(
    capacity = 16,
    /** Whether entries are matched to packets (`remove(p)` finds p), or always leave oldest first. */
    private readonly trackPackets = true,
  ) {
    let cap = 4;
    while (cap < capacity) cap <<= 1;
    this.packets = trackPackets ? new Array<Packet | null>(cap).fill(null) : [];
    this.tags = new Float64Array(cap);
  }

  /**
   * Appends `p` with the tag `tagOf[k]` (read here: a double passed to a call V8 does not inline
   * is a heap number allocated per call).
   */
  push(p: Packet, tagOf: Float64Array, k: number): void {
    const tag = tagOf[k]!;
    if (this.length === this.tags.length) this.grow();
    const i = (this.head + this.length) & (this.tags.length - 1);
    if (this.trackPackets) this.packets[i] = p;
    this.tags[i] = tag;
    this.length++;
  }

  /** Tag of the oldest entry (NaN when empty). */
  headTag(): number {
    return this.length === 0 ? NaN : this.tags[this.head]!;
  }

  /**
   * Writes the oldest entry's tag to `out[index]` (not empty): `headTag` for the per-packet path,
   * where a double returned from a call V8 does not inline is a heap number allocated per call.
   */
  headTagInto(out: Float64Array, index: number): void {
    out[index] = this.tags[this.head]!;
  }

  /** Tag of the newest entry (NaN when empty). */
  tailTag(): number {
    return this.length === 0 ? NaN : this.tags[(this.head + this.length - 1) & (this.tags.length - 1)]!;
  }

  /** Subtracts `delta` from every tag. */
  lowerTags(delta: number): void {
    const mask = this.tags.length - 1;
    for (let k = 0; k < this.length; k++) this.tags[(this.head + k) & mask]! -= delta;
  }

  /**
   * Removes `p`'s entry; `removedTag` then holds its tag, or NaN if `p` is not here. (A field, not
   * a return value: a double returned from a call V8 does not inline is a heap number allocated per
   * call.)
   */
  remove(p: Packet): void {
    const mask = this.tags.length - 1;
    if (!this.trackPackets) {
      // the oldest entry is p's (see the class comment)
      if (this.length === 0) {
        this.removedTag = NaN;
        return;
      }
      this.removedTag = this.tags[this.head]!;
      this.head = (this.head + 1) & mask;
      this.length--;
      return;
    }
    for (let k = 0; k < this.length; k++) {
      const i = (this.head + k) & mask;
      if (this.packets[i] !== p) continue;
      const tag = this.tags[i]!;
      // close the gap by moving the older entries one place on
      for (let j = k; j > 0; j--) {
        const to = (this.head + j) & mask;
        const from = (this.head + j - 1) & mask;
        this.packets[to] = this.packets[from]!;
        this.tags[to] = this.tags[from]!;
      }
      this.packets[this.head] = null;
      this.head = (this.head + 1) & mask;
      this.length--;
      this.removedTag = tag;
      return;
    }
    this.removedTag = NaN;
  }

  private grow(): void {
    const old = this.packets;
    const oldTags = this.tags;
    const mask = oldTags.length - 1;
    const packets = this.trackPackets ? new Array<Packet | null>(oldTags.length * 2).fill(null) : old;
    const tags = new Float64Array(oldTags.length * 2);
    for (let k = 0; k < this.length; k++) {
      if (this.trackPackets) packets[k] = old[(this.head + k) & mask]!;
      tags[k] = oldTags[(this.head + k) & mask]!;
    }
    this.packets = packets;
    this.tags = tags;
    this.head = 0;
  }
}
