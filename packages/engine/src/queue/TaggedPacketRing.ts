import type { Packet } from '../net/Packet.js';

/**
 * A FIFO of (packet, tag) pairs: the virtual finish times a fair-queueing scheduler assigned to the
 * packets of one sub-queue, in arrival order, beside the child discipline that stores the packets
 * themselves. Entries are removed when the packet leaves — sent, or discarded by the child
 * (usually its oldest; any other is found by a scan). Grows by doubling; no allocation per packet.
 */
export class TaggedPacketRing {
  private packets: (Packet | null)[];
  private tags: Float64Array;
  private head = 0;
  length = 0;
  /** The tag of the entry `remove` took out last (NaN if it found none). */
  removedTag = NaN;

  constructor(capacity = 16) {
    let cap = 4;
    while (cap < capacity) cap <<= 1;
    this.packets = new Array<Packet | null>(cap).fill(null);
    this.tags = new Float64Array(cap);
  }

  /**
   * Appends `p` with the tag `tagOf[k]` (read here: a double passed to a call V8 does not inline
   * is a heap number allocated per call).
   */
  push(p: Packet, tagOf: Float64Array, k: number): void {
    const tag = tagOf[k]!;
    const cap = this.packets.length;
    if (this.length === cap) this.grow();
    const i = (this.head + this.length) & (this.packets.length - 1);
    this.packets[i] = p;
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
    return this.length === 0 ? NaN : this.tags[(this.head + this.length - 1) & (this.packets.length - 1)]!;
  }

  /** Subtracts `delta` from every tag. */
  lowerTags(delta: number): void {
    const mask = this.packets.length - 1;
    for (let k = 0; k < this.length; k++) this.tags[(this.head + k) & mask]! -= delta;
  }

  /**
   * Removes `p`'s entry; `removedTag` then holds its tag, or NaN if `p` is not here. (A field, not
   * a return value: a double returned from a call V8 does not inline is a heap number allocated per
   * call.)
   */
  remove(p: Packet): void {
    const mask = this.packets.length - 1;
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
    const mask = old.length - 1;
    const packets = new Array<Packet | null>(old.length * 2).fill(null);
    const tags = new Float64Array(old.length * 2);
    for (let k = 0; k < this.length; k++) {
      packets[k] = old[(this.head + k) & mask]!;
      tags[k] = oldTags[(this.head + k) & mask]!;
    }
    this.packets = packets;
    this.tags = tags;
    this.head = 0;
  }
}
