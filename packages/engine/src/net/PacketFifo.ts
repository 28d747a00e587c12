import type { Packet } from './Packet.js';

/**
 * A FIFO ring buffer of packets, growing as needed: the storage of the simple disciplines and of a
 * port's device queue. It sits in net/ below both so the port need not import a discipline.
 */
export class PacketFifo {
  private buf: (Packet | null)[];
  private head = 0;
  length = 0;
  /** Bytes of the packets held. */
  bytes = 0;

  /** `capacity` is rounded up to a power of two (indices wrap with a mask). */
  constructor(capacity = 64) {
    let cap = 4;
    while (cap < capacity) cap <<= 1;
    this.buf = new Array<Packet | null>(cap).fill(null);
  }

  push(p: Packet): void {
    if (this.length === this.buf.length) {
      const old = this.buf;
      const nb = new Array<Packet | null>(old.length * 2).fill(null);
      for (let i = 0; i < this.length; i++) nb[i] = old[(this.head + i) & (old.length - 1)]!;
      this.buf = nb;
      this.head = 0;
    }
    this.buf[(this.head + this.length) & (this.buf.length - 1)] = p;
    this.length++;
    this.bytes += p.sizeBytes;
  }

  shift(): Packet | null {
    if (this.length === 0) return null;
    const p = this.buf[this.head]!;
    this.buf[this.head] = null;
    this.head = (this.head + 1) & (this.buf.length - 1);
    this.length--;
    this.bytes -= p.sizeBytes;
    return p;
  }

  /** The oldest packet, without removing it. */
  peek(): Packet | null {
    return this.length === 0 ? null : this.buf[this.head]!;
  }

  /** The packet `index` places behind the oldest (0 = the oldest; `index` < `length`), without removing it. */
  at(index: number): Packet {
    return this.buf[(this.head + index) & (this.buf.length - 1)]!;
  }

  /** Removes and returns the packet `index` places behind the oldest (0 = the oldest). */
  removeAt(index: number): Packet {
    const mask = this.buf.length - 1;
    const p = this.buf[(this.head + index) & mask]!;
    for (let i = index; i < this.length - 1; i++)
      this.buf[(this.head + i) & mask] = this.buf[(this.head + i + 1) & mask]!;
    this.buf[(this.head + this.length - 1) & mask] = null;
    this.length--;
    this.bytes -= p.sizeBytes;
    return p;
  }

  /** Removes and returns the newest packet. */
  pop(): Packet | null {
    if (this.length === 0) return null;
    const i = (this.head + this.length - 1) & (this.buf.length - 1);
    const p = this.buf[i]!;
    this.buf[i] = null;
    this.length--;
    this.bytes -= p.sizeBytes;
    return p;
  }
}
