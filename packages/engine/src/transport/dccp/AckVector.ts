/**
 * A DCCP Ack Vector (RFC 4340 §11.4) as carried on one ACK: the state of every packet from
 * `low + 1` up to the acknowledgement number `ackNo` (received, ECN-marked, or not yet received).
 * On the wire it is run-length encoded, one byte per run of up to 64 packets in the same state;
 * `encodedBytes()` gives that length for the packet size.
 *
 * Packets are pooled, so vectors are too: the receiver takes one from the flow's `AckVectorPool`,
 * the sender gives it back after reading it. A vector on an ACK dropped in the network is simply
 * not returned (and collected), so steady state allocates nothing.
 */
export const enum PacketState {
  NotReceived = 0,
  Received = 1,
  EcnMarked = 2,
}

export class AckVector {
  ackNo = 0;
  low = 0;
  /** state[i] is the state of packet low + 1 + i. */
  state = new Uint8Array(64);

  get length(): number {
    return this.ackNo - this.low;
  }

  stateOf(seq: number): PacketState {
    return this.state[seq - this.low - 1] as PacketState;
  }

  ensure(n: number): void {
    if (this.state.length < n) this.state = new Uint8Array(Math.max(n, this.state.length * 2));
  }

  /** Run-length encoded size in bytes (RFC 4340 §11.4: 2-bit state, 6-bit run length). */
  encodedBytes(): number {
    const n = this.length;
    if (n <= 0) return 0;
    let runs = 0;
    let i = n - 1;
    while (i >= 0) {
      const s = this.state[i];
      let run = 0;
      while (i >= 0 && this.state[i] === s && run < 64) {
        i--;
        run++;
      }
      runs++;
    }
    return runs;
  }
}

export class AckVectorPool {
  private readonly free: AckVector[] = [];

  take(): AckVector {
    return this.free.pop() ?? new AckVector();
  }

  give(v: AckVector): void {
    if (this.free.length < 4096) this.free.push(v);
  }
}
