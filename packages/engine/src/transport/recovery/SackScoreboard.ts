/**
 * Sender-side SACK scoreboard (RFC 6675 §3, §4): which segments above the cumulative ACK the
 * receiver has reported (SACKed), which are deemed lost, and which have been retransmitted during
 * the current recovery. Kept as a circular byte array indexed by segment number.
 *
 * Every segment has the same size here, so RFC 6675's IsLost(S) — DupThresh discontiguous SACKed
 * segments above S — holds exactly for the segments below the DupThresh-th highest SACKed one
 * (the "loss boundary"). The scoreboard keeps that boundary, the count of retransmitted segments
 * not yet SACKed and a cursor on the lowest hole not yet retransmitted, so that SetPipe, IsLost
 * and NextSeg cost O(1) amortised per ACK instead of a scan of the window (an O(window²) recovery
 * with many losses).
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
  /** Retransmitted segments at or above base that are not SACKed. */
  private retransmittedUnsacked = 0;
  /** Cached loss boundary for `boundaryThresh` (NaN: recompute). */
  private boundary = NaN;
  private boundaryThresh = 0;
  /** Every segment in [base, holeCursor) is SACKed or retransmitted. */
  private holeCursor = 0;
  /** Every segment in [base, lostCursor) below the loss boundary is SACKed or marked LOST. */
  private lostCursor = 0;

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
    const sackedBefore = this.sackedCount;
    while (this.base <= ack) {
      const i = this.base & this.mask;
      const f = this.flags[i]!;
      if (f & SACKED) this.sackedCount--;
      else if (f & RETRANSMITTED) this.retransmittedUnsacked--;
      this.flags[i] = 0;
      this.base++;
    }
    if (this.highSacked < this.base - 1) this.highSacked = this.base - 1;
    if (this.holeCursor < this.base) this.holeCursor = this.base;
    if (this.lostCursor < this.base) this.lostCursor = this.base;
    if (this.sackedCount !== sackedBefore) this.boundary = NaN;
  }

  /** Marks [start, end) as SACKed. */
  markSacked(start: number, end: number): void {
    if (start < this.base) start = this.base;
    if (end - 1 > this.highSacked) this.ensure(end - 1);
    for (let s = start; s < end; s++) {
      const i = s & this.mask;
      const f = this.flags[i]!;
      if (!(f & SACKED)) {
        this.flags[i] = f | SACKED;
        this.sackedCount++;
        if (f & RETRANSMITTED) this.retransmittedUnsacked--;
        this.boundary = NaN;
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
    const i = seq & this.mask;
    const f = this.flags[i]!;
    if (!(f & (RETRANSMITTED | SACKED))) this.retransmittedUnsacked++;
    this.flags[i] = f | RETRANSMITTED;
  }

  /**
   * The DupThresh-th highest SACKed segment: RFC 6675 IsLost(S) holds exactly for S below it
   * (counted in whole segments, every segment having the same size). -Infinity when fewer than
   * `dupThresh` segments are SACKed.
   */
  lossBoundary(dupThresh: number): number {
    if (this.boundary === this.boundary && this.boundaryThresh === dupThresh) return this.boundary;
    let b = -Infinity;
    if (this.sackedCount >= dupThresh) {
      let count = 0;
      for (let s = this.highSacked; s >= this.base; s--) {
        if (this.flags[s & this.mask]! & SACKED && ++count === dupThresh) {
          b = s;
          break;
        }
      }
    }
    this.boundary = b;
    this.boundaryThresh = dupThresh;
    return b;
  }

  /** RFC 6675 IsLost(seq): DupThresh discontiguous SACKed segments above it. */
  isLost(seq: number, dupThresh: number): boolean {
    return seq < this.lossBoundary(dupThresh);
  }

  /**
   * RFC 6675 §3 SetPipe over [base, highData]: un-SACKed segments not deemed lost, plus
   * retransmitted segments not SACKed.
   */
  pipe(highData: number, dupThresh: number): number {
    const span = highData - this.base + 1;
    if (span <= 0) return 0;
    const b = this.lossBoundary(dupThresh);
    // the boundary and the dupThresh − 1 SACKed segments above it are SACKed
    const notLost = b === -Infinity ? span - this.sackedCount : highData - b + 1 - dupThresh;
    return notLost + this.retransmittedUnsacked;
  }

  /**
   * The lowest segment from base up to the highest SACKed one that is neither SACKed nor
   * retransmitted (a hole NextSeg may retransmit), or -1 when there is none.
   */
  nextHole(): number {
    let s = this.holeCursor;
    while (s <= this.highSacked && this.flags[s & this.mask]! & (SACKED | RETRANSMITTED)) s++;
    this.holeCursor = s;
    return s <= this.highSacked ? s : -1;
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
    const b = this.lossBoundary(dupThresh);
    let n = 0;
    let s = this.lostCursor;
    for (; s < b; s++) {
      const i = s & this.mask;
      const f = this.flags[i]!;
      if (!(f & (SACKED | LOST))) {
        this.flags[i] = f | LOST;
        n++;
      }
    }
    if (s > this.lostCursor) this.lostCursor = s;
    return n;
  }

  /** Forgets that `seq` was retransmitted (ns-3.37 TcpTxBuffer::MarkHeadAsLost). */
  unmarkRetransmitted(seq: number): void {
    if (seq < this.base || seq - this.base >= this.flags.length) return;
    const i = seq & this.mask;
    const f = this.flags[i]!;
    if (!(f & RETRANSMITTED)) return;
    this.flags[i] = f & ~RETRANSMITTED;
    if (!(f & SACKED)) {
      this.retransmittedUnsacked--;
      // it is a hole NextSeg may pick again
      if (seq < this.holeCursor) this.holeCursor = seq;
    }
  }

  clearRetransmitted(): void {
    const f = this.flags;
    for (let i = 0; i < f.length; i++) f[i] = f[i]! & ~RETRANSMITTED;
    this.retransmittedUnsacked = 0;
    this.holeCursor = this.base;
  }

  /** Forgets all SACK information (after a retransmission timeout, RFC 6675 §5.1). */
  reset(): void {
    this.flags.fill(0);
    this.sackedCount = 0;
    this.highSacked = this.base - 1;
    this.retransmittedUnsacked = 0;
    this.boundary = NaN;
    this.holeCursor = this.base;
    this.lostCursor = this.base;
  }
}
