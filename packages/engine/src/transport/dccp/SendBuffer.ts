/**
 * Application data waiting for an unreliable, congestion-controlled transport (DCCP, TFRC): a FIFO
 * of datagram payload sizes. A write larger than the segment size is split into full segments and
 * a final shorter one. `Infinity` switches to an unlimited backlog (ns-2 FTP: infinite_send_).
 * When full (`capacity` datagrams, ns-2 Agent/DCCP sb_size_ 1000) new data is discarded, like
 * ns-2's send buffer; `discardedBytes` counts it.
 */
export class SendBuffer {
  private sizes: Float64Array;
  private head = 0;
  private count = 0;
  infinite = false;
  discardedBytes = 0;

  constructor(
    private readonly segmentBytes: number,
    private readonly capacity: number,
  ) {
    this.sizes = new Float64Array(Math.min(capacity, 64));
  }

  get empty(): boolean {
    return !this.infinite && this.count === 0;
  }

  get length(): number {
    return this.infinite ? Infinity : this.count;
  }

  write(bytes: number): void {
    if (bytes === Infinity) {
      this.infinite = true;
      return;
    }
    let left = Math.round(bytes);
    while (left > 0) {
      const seg = Math.min(left, this.segmentBytes);
      left -= seg;
      if (this.count >= this.capacity) {
        this.discardedBytes += seg;
        continue;
      }
      if (this.count === this.sizes.length) this.grow();
      this.sizes[(this.head + this.count) % this.sizes.length] = seg;
      this.count++;
    }
  }

  /** Payload bytes of the next datagram (removing it), or 0 when empty. */
  shift(): number {
    if (this.infinite) return this.segmentBytes;
    if (this.count === 0) return 0;
    const v = this.sizes[this.head]!;
    this.head = (this.head + 1) % this.sizes.length;
    this.count--;
    return v;
  }

  /** Drops everything queued (application stop). */
  clear(): void {
    this.infinite = false;
    this.count = 0;
  }

  private grow(): void {
    const next = new Float64Array(Math.min(this.capacity, this.sizes.length * 2));
    for (let i = 0; i < this.count; i++) next[i] = this.sizes[(this.head + i) % this.sizes.length]!;
    this.sizes = next;
    this.head = 0;
  }
}
