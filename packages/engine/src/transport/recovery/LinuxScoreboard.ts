/**
 * Sender scoreboard of ns-2.35's Linux TCP agent (Agent/TCP/Linux, tcp/scoreboard1.cc, after
 * tcp_input.c's sacktag_write_queue / clean_rtx_queue of Linux 2.6.22), modelled per segment.
 *
 * Every segment from the cumulative ACK up to the highest SACKed one ("fack") — or up to snd_nxt
 * after a timeout — is in one of four states: in flight, SACKed, lost, or retransmitted (in flight
 * again). A segment is deemed lost FACK-style when it lies at least dupThresh + 1 segments below
 * fack; a retransmission is deemed lost again when a segment first sent after it has been SACKed
 * (fack ≥ the snd_nxt recorded at the retransmission) or when a retransmission sent more than
 * dupThresh + 1 retransmissions later has been (S)ACKed. Packets in flight are
 * snd_nxt − snd_una − lost − SACKed (retransmissions count once).
 *
 * Kept in circular typed arrays indexed by segment number; no allocation per ACK.
 */
import { holdAsDoubles } from '../../core/doubleFields.js';

export const SB_INFLIGHT = 0;
export const SB_SACKED = 1;
export const SB_LOST = 2;
export const SB_RETRANSMITTED = 4;

/** Flags returned by `update` (tcp-linux FLAG_DATA_SACKED / FLAG_DATA_LOST). */
export const SB_FLAG_SACKED = 2;
export const SB_FLAG_LOST = 8;

export class LinuxScoreboard {
  private state: Uint8Array;
  private rtx: Int32Array;
  private sndNxt: Int32Array;
  private mask: number;
  /** First segment tracked (cumulative ACK + 1). */
  base = 0;
  /** Last segment tracked; the board is empty when end < base. */
  end = -1;
  /** Highest SACKed segment (ns-2 fack_). */
  fack = -1;
  /** Segments deemed lost and not yet retransmitted (ns-2 fack_out_). */
  lostOut = 0;
  /** SACKed segments (ns-2 sack_out_). */
  sackedOut = 0;
  private rtxId = 0;
  private ackedRtxId = -1;
  /** No lost segment below this one (search hint for nextRetransmission). */
  private lostHint = 0;

  constructor(
    capacity = 1024,
    private readonly dupThresh = 3,
  ) {
    let cap = 1;
    while (cap < capacity) cap <<= 1;
    this.state = new Uint8Array(cap);
    this.rtx = new Int32Array(cap);
    this.sndNxt = new Int32Array(cap);
    this.mask = cap - 1;
    holdAsDoubles(this, ['end', 'fack']);
  }

  get empty(): boolean {
    return this.end < this.base;
  }

  stateOf(seq: number): number {
    return seq >= this.base && seq <= this.end ? this.state[seq & this.mask]! : SB_INFLIGHT;
  }

  /** Grows the arrays so that [base, seq] fits. */
  private ensure(seq: number): void {
    const need = seq - this.base + 1;
    const old = this.state.length;
    if (need <= old) return;
    let cap = old;
    while (cap < need) cap <<= 1;
    const m = cap - 1;
    const st = new Uint8Array(cap);
    const rx = new Int32Array(cap);
    const sn = new Int32Array(cap);
    for (let s = this.base; s <= this.end; s++) {
      st[s & m] = this.state[s & this.mask]!;
      rx[s & m] = this.rtx[s & this.mask]!;
      sn[s & m] = this.sndNxt[s & this.mask]!;
    }
    this.state = st;
    this.rtx = rx;
    this.sndNxt = sn;
    this.mask = m;
  }

  /** Extends the tracked range to `seq` with segments in flight. */
  private extend(seq: number): void {
    if (seq <= this.end) return;
    if (this.empty) this.end = this.base - 1;
    this.ensure(seq);
    for (let s = this.end + 1; s <= seq; s++) this.state[s & this.mask] = SB_INFLIGHT;
    this.end = seq;
  }

  /** Forgets everything (ns-2 ClearScoreBoard); the board restarts at `base`. */
  clear(): void {
    this.rtxId = 0;
    this.ackedRtxId = -1;
    this.lostOut = 0;
    this.sackedOut = 0;
    this.fack = -1;
    this.end = this.base - 1;
    this.lostHint = this.base;
  }

  /**
   * Removes cumulatively acknowledged segments (ns-2 CleanRtxQueue); returns whether a
   * retransmission newer than any acknowledged before was among them.
   */
  private clean(lastAck: number): boolean {
    let changed = false;
    const top = Math.min(lastAck, this.end);
    for (let s = this.base; s <= top; s++) {
      const i = s & this.mask;
      const st = this.state[i]!;
      if (st === SB_SACKED) this.sackedOut--;
      else if (st === SB_LOST) this.lostOut--;
      else if (st === SB_RETRANSMITTED && this.rtx[i]! > this.ackedRtxId) {
        this.ackedRtxId = this.rtx[i]!;
        changed = true;
      }
    }
    if (lastAck >= this.base) this.base = lastAck + 1;
    if (this.lostHint < this.base) this.lostHint = this.base;
    return changed;
  }

  /**
   * Processes one ACK (ns-2 UpdateScoreBoard): `lastAck` is the highest in-order segment,
   * `blocks` holds `count` SACK blocks as [start, end) pairs. Returns SB_FLAG_* bits.
   */
  update(lastAck: number, blocks: ArrayLike<number>, count: number): number {
    let flags = 0;
    let thorough = this.clean(lastAck);
    if (this.empty) {
      this.clear();
      thorough = false;
    }
    // D-SACK and stale blocks (left edge below the cumulative ACK) are ignored
    let maxRight = -1;
    let valid = 0;
    for (let k = 0; k < count; k++) {
      if (blocks[2 * k]! >= lastAck) {
        valid++;
        if (blocks[2 * k + 1]! > maxRight) maxRight = blocks[2 * k + 1]!;
      }
    }
    if (!thorough && valid === 0) return flags;
    if (valid > 0 && this.fack < maxRight - 1) {
      this.fack = maxRight - 1;
      thorough = true;
    }
    if (this.empty) this.base = lastAck + 1;
    this.extend(this.fack);
    const lostBelow = this.fack - (this.dupThresh + 1);
    // one pass in sequence order, as ns-2 walks its block list: SACK tagging and loss marking of
    // every segment visited (all of them when the pass is thorough, else those below the highest
    // SACK block), with the acked-retransmission id as it stands at that point
    for (let s = this.base; s <= this.end; s++) {
      if (!thorough && s >= maxRight) break;
      const i = s & this.mask;
      const st = this.state[i]!;
      if (st === SB_SACKED) continue;
      if (inBlocks(s, lastAck, blocks, count)) {
        if (st === SB_LOST) this.lostOut--;
        else if (st === SB_RETRANSMITTED) {
          this.ackedRtxId = this.rtx[i]!;
          thorough = true;
        }
        this.sackedOut++;
        flags |= SB_FLAG_SACKED;
        this.state[i] = SB_SACKED;
        continue;
      }
      if (st === SB_RETRANSMITTED) {
        // lost retransmission: something sent after it arrived, or much later retransmissions did
        if (this.sndNxt[i]! <= this.fack || this.rtx[i]! + this.dupThresh + 1 < this.ackedRtxId) {
          this.state[i] = SB_LOST;
          this.lostOut++;
          flags |= SB_FLAG_LOST;
          if (s < this.lostHint) this.lostHint = s;
        }
      } else if (st === SB_INFLIGHT && s <= lostBelow) {
        this.state[i] = SB_LOST;
        this.lostOut++;
        flags |= SB_FLAG_LOST;
        if (s < this.lostHint) this.lostHint = s;
      }
    }
    return flags;
  }

  /** After a retransmission timeout: every segment not SACKed below `sndNxt` is lost (ns-2 MarkLoss). */
  markLoss(una: number, sndNxt: number): void {
    if (this.empty) {
      this.base = una;
      this.end = una - 1;
    }
    this.extend(sndNxt - 1);
    for (let s = this.base; s <= this.end; s++) {
      const i = s & this.mask;
      const st = this.state[i]!;
      if (st === SB_SACKED || st === SB_LOST) continue;
      this.state[i] = SB_LOST;
      this.lostOut++;
    }
    this.lostHint = this.base;
    this.rtxId = 0;
    this.ackedRtxId = -1;
  }

  /** The first segment deemed lost and not yet retransmitted, or −1 (ns-2 GetNextRetran). */
  nextRetransmission(): number {
    if (this.lostOut <= 0) return -1;
    for (let s = Math.max(this.lostHint, this.base); s <= this.end; s++) {
      if (this.state[s & this.mask] === SB_LOST) {
        this.lostHint = s;
        return s;
      }
    }
    return -1;
  }

  /** `seq` (a lost segment) is being retransmitted while snd_nxt is `sndNxt` (ns-2 MarkRetran). */
  markRetransmitted(seq: number, sndNxt: number): void {
    const i = seq & this.mask;
    this.state[i] = SB_RETRANSMITTED;
    this.sndNxt[i] = sndNxt;
    this.rtx[i] = this.rtxId++;
    this.lostOut--;
  }

  /** Segments in flight (ns-2 packets_in_flight): snd_nxt − snd_una − lost − SACKed. */
  inFlight(una: number, sndNxt: number): number {
    return sndNxt - una - this.lostOut - this.sackedOut;
  }
}

function inBlocks(s: number, lastAck: number, blocks: ArrayLike<number>, count: number): boolean {
  for (let k = 0; k < count; k++) {
    const l = blocks[2 * k]!;
    if (l >= lastAck && s >= l && s < blocks[2 * k + 1]!) return true;
  }
  return false;
}
