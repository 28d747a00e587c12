import type { BufferLimit } from '../core/units.js';
import type { NodeView } from '../net/QueueDisc.js';

/** Key of a router's SharedBuffer in `NodeView.shared`. */
export const SHARED_BUFFER = 'sharedBuffer';

/**
 * One buffer pooled by every egress port of a router (seed 000 §6.1.1: "each router has a buffer
 * associated with it, shared by all ports"), of B_i packets or bytes. Ports admit a data packet
 * only while the router's stored packets (bytes) plus it stay within B_i; the occupancy Θ(i) is
 * what the ports hold together (eqs. 6.1–6.2 hold by construction: what came in minus what went
 * out, never above B_i). Control packets are not stored in it.
 */
export class SharedBuffer {
  packets = 0;
  bytes = 0;
  /** Arrivals refused because the pool was full. */
  refused = 0;

  constructor(readonly limit: BufferLimit) {}

  /** The router's shared buffer, if it has one. */
  static of(node: NodeView): SharedBuffer | undefined {
    return node.shared.get(SHARED_BUFFER) as SharedBuffer | undefined;
  }

  /** Whether one more packet of `bytes` fits (at most B_i packets or bytes stored). */
  admits(bytes: number): boolean {
    const l = this.limit;
    return 'packets' in l ? this.packets + 1 <= l.packets : this.bytes + bytes <= l.bytes;
  }

  add(bytes: number): void {
    this.packets++;
    this.bytes += bytes;
  }

  remove(bytes: number): void {
    this.packets--;
    this.bytes -= bytes;
  }

  /** Occupancy in the buffer's own unit (packets or bytes). */
  get occupancy(): number {
    return 'packets' in this.limit ? this.packets : this.bytes;
  }

  /** B_i in the buffer's own unit. */
  get size(): number {
    return 'packets' in this.limit ? this.limit.packets : this.limit.bytes;
  }
}
