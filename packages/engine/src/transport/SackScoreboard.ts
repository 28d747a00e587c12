/**
 * Sender-side SACK scoreboard (RFC 6675 §3, §4): which segments above the cumulative ACK the
 * receiver has reported (SACKed), which are deemed lost, and which have been retransmitted during
 * the current recovery. Kept as a circular byte array indexed by segment number.
 */

const SACKED = 1;
const RETRANSMITTED = 2;
/** Counted once as newly lost (markNewlyLost); only used when a congestion control asks. */
const LOST = 4;

export class SackScoreboard {
  private flags: Uint8Array;
  private mask: number;
  /** Lowest segment tracked (= cumulative ack + 1). */
  base = 0;
  /** Highest segment ever SACKed, or base − 1. */
  highSacked = -1;
  sackedCount = 0;
  /** Called for each newly SACKed segment when set (delivery-rate sampling for BBR). */
  onNewlySacked: ((seq: number) => void) | null = null;

  constructor(capacity = 1024) {
    let cap = 1;
    while (cap < capacity) cap <<= 1;
    this.flags = new Uint8Array(cap);
    this.mask = cap - 1;
  }

  private ensure(seq: number): void {
    const need = seq - this.base + 1;
    const old = this.flags.length;
    if (need <= old) return;
    let cap = old;
    while (cap < need) cap <<= 1;
    const nf = new Uint8Array(cap);
    for (let k = 0; k < old; k++) {
      const s = this.base + k;
      nf[s & (cap - 1)] = this.flags[s & this.mask]!;
    }
    this.flags = nf;
    this.mask = cap - 1;
  }

  /** Cumulative ACK advanced to `ack` (highest in-order segment received). */
  advance(ack: number): void {
    while (this.base <= ack) {
      const i = this.base & this.mask;
      if (this.flags[i]! & SACKED) this.sackedCount--;
      this.flags[i] = 0;
      this.base++;
    }
    if (this.highSacked < this.base - 1) this.highSacked = this.base - 1;
  }

  /** Marks [start, end) as SACKed. */
  markSacked(start: number, end: number): void {
    if (start < this.base) start = this.base;
    if (end - 1 > this.highSacked) this.ensure(end - 1);
    for (let s = start; s < end; s++) {
      const i = s & this.mask;
      if (!(this.flags[i]! & SACKED)) {
        this.flags[i] = this.flags[i]! | SACKED;
        this.sackedCount++;
        if (this.onNewlySacked !== null) this.onNewlySacked(s);
      }
    }
    if (end - 1 > this.highSacked) this.highSacked = end - 1;
  }

  isSacked(seq: number): boolean {
    return seq >= this.base && seq <= this.highSacked && (this.flags[seq & this.mask]! & SACKED) !== 0;
  }

  isRetransmitted(seq: number): boolean {
    return (
      seq >= this.base && seq - this.base < this.flags.length && (this.flags[seq & this.mask]! & RETRANSMITTED) !== 0
    );
  }

  markRetransmitted(seq: number): void {
    if (seq < this.base) return;
    this.ensure(seq);
    this.flags[seq & this.mask] = this.flags[seq & this.mask]! | RETRANSMITTED;
  }

  /**
   * RFC 6675 IsLost(seq): DupThresh discontiguous SACKed segments above it (counted in whole
   * segments here, since every segment has the same size).
   */
  isLost(seq: number, dupThresh: number): boolean {
    let count = 0;
    for (let s = seq + 1; s <= this.highSacked; s++) {
      if (this.flags[s & this.mask]! & SACKED) {
        if (++count >= dupThresh) return true;
      }
    }
    return false;
  }

  /**
   * RFC 6675 §4 SetPipe over the outstanding segments [base, highData]: a segment not SACKed
   * counts once unless IsLost(dupThresh) deems it lost, and once more if it was retransmitted
   * (segments retransmitted in this recovery are flagged; RFC 6675 compares with HighRxt).
   */
  pipe(highData: number, dupThresh: number): number {
    let pipe = 0;
    let sackedAbove = this.sackedCount; // SACKed segments above the one looked at
    for (let q = this.base; q <= highData; q++) {
      if (this.isSacked(q)) {
        sackedAbove--;
        continue;
      }
      if (sackedAbove < dupThresh) pipe++; // not deemed lost (IsLost: DupThresh SACKed above)
      if (this.isRetransmitted(q)) pipe++;
    }
    return pipe;
  }

  /** Number of SACKed segments above `seq`. */
  sackedAbove(seq: number): number {
    let count = 0;
    for (let s = seq + 1; s <= this.highSacked; s++) if (this.flags[s & this.mask]! & SACKED) count++;
    return count;
  }

  /**
   * Marks the holes that IsLost(dupThresh) deems lost and were not marked before; returns how
   * many were newly marked (the "packets_lost" of draft-cardwell-iccrg-bbr-congestion-control-00).
   */
  markNewlyLost(dupThresh: number): number {
    let sacked = 0;
    let n = 0;
    for (let s = this.highSacked; s >= this.base; s--) {
      const i = s & this.mask;
      const f = this.flags[i]!;
      if (f & SACKED) sacked++;
      else if (sacked >= dupThresh && !(f & LOST)) {
        this.flags[i] = f | LOST;
        n++;
      }
    }
    return n;
  }

  clearRetransmitted(): void {
    const f = this.flags;
    for (let i = 0; i < f.length; i++) f[i] = f[i]! & ~RETRANSMITTED;
  }

  /** Forgets all SACK information (after a retransmission timeout, RFC 6675 §5.1). */
  reset(): void {
    this.flags.fill(0);
    this.sackedCount = 0;
    this.highSacked = this.base - 1;
  }
}
