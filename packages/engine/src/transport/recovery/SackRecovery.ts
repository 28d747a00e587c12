import type { Packet } from '../../net/Packet.js';
import { SackScoreboard } from './SackScoreboard.js';
import type { TcpPhase } from '../cc/CongestionControl.js';
import type { RecoveryHost } from './RecoveryHost.js';
import { CwndAction, type LossRecovery } from './LossRecovery.js';

/**
 * Conservative SACK-based loss recovery (RFC 6675) with an optional Proportional Rate Reduction
 * (RFC 6937): a scoreboard of SACKed and retransmitted segments; a duplicate ACK counts only if it
 * carries new SACK information; recovery starts at the duplicate-ACK threshold or when the first
 * hole IsLost; while pipe < cwnd NextSeg sends lost holes first, then new data, then other holes
 * below the highest SACK; recovery ends at the recovery point with the reduced window (no growth
 * on that ACK, as ns-2's Sack1); after a timeout the scoreboard is cleared (§5.1) and SACKs are
 * ignored until new data is acknowledged — or, with `sackAfterTimeout: keep` (Linux, ns-3.37
 * TcpSocketBase::ReTxTimeout and TcpTxBuffer::SetSentListLost), the scoreboard is kept, every
 * unSACKed outstanding segment is deemed lost, and the Loss state sends lost segments first, then
 * new data, while pipe < cwnd, growing cwnd in slow start and ignoring duplicate ACKs until
 * everything outstanding at the timeout is acknowledged.
 */
export class SackRecovery implements LossRecovery {
  readonly restartTimerWhenIdle = true;
  readonly sb: SackScoreboard;
  private sackChanged = false;
  private timedOut = false;
  // RFC 6937 state
  private prrDelivered = 0;
  private prrOut = 0;
  private recoverFs = 1;
  private lastDelivered = 0;
  /** 'keep' after a timeout: every unSACKed segment up to this one is lost (−1: none). */
  private lostUpTo = -1;
  /** `sackRecovery: ns3`: the head marked lost on entering recovery (MarkHeadAsLost), or −1. */
  private forcedLost = -1;

  constructor(private readonly s: RecoveryHost) {
    this.sb = new SackScoreboard(Math.max(64, s.maxWindow * 2));
  }

  /** Merges the ACK's SACK blocks and counts RFC 6937 DeliveredData. */
  readAck(pkt: Packet, ack: number): boolean {
    const s = this.s;
    const sb = this.sb;
    const sackedBeforeAck = sb.sackedCount;
    if (ack > s.highestAck) sb.advance(ack);
    const sackedBefore = sb.sackedCount;
    for (let i = 0; i < pkt.sackCount; i++) sb.markSacked(pkt.sack[2 * i]!, pkt.sack[2 * i + 1]!);
    this.sackChanged = sb.sackedCount !== sackedBefore;
    // DeliveredData: newly cumulatively acknowledged plus newly SACKed segments (segments SACKed
    // earlier and now cumulatively acknowledged are not counted twice)
    this.lastDelivered = Math.max(ack - s.highestAck, 0) + sb.sackedCount - sackedBeforeAck;
    if (s.phase === 'recovery') this.prrDelivered += this.lastDelivered;
    return false;
  }

  watchSacks(fn: (seq: number) => void): void {
    this.sb.onNewlySacked = fn;
  }

  newlyLost(): number {
    return this.sb.markNewlyLost(this.s.cfg.dupAckThreshold);
  }

  onRetransmit(seq: number): void {
    this.sb.markRetransmitted(seq);
  }

  onAck(ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    const s = this.s;
    const sb = this.sb;
    if (s.phase === 'loss') {
      // after a timeout with the SACK information kept: slow start, no duplicate-ACK counting
      // (the ACK that ends the Loss state counts only what lies beyond the recovery point, as in
      // ns-3.37's ProcessAck, so that a cumulative jump over SACKed data does not inflate cwnd)
      if (ack > s.highestAck)
        s.newAckOpen(ack, ece, ts, tsSent, now, true, ack >= s.recover ? s.recover : s.highestAck);
      if (s.highestAck >= s.recover) {
        s.setPhase('open');
        this.lostUpTo = -1;
        if (s.dialect.sackRecovery !== 'ns3') sb.clearRetransmitted();
        s.sendMuch(0);
      } else this.sendInRecovery(false);
      return;
    }
    if (s.phase !== 'recovery' && s.dialect.sackRecovery === 'ns3' && this.sackChanged && !this.timedOut) {
      // ns-3.37 ProcessAck: an ACK with new SACK information is a duplicate ACK even when it
      // advances the cumulative ACK (then without window growth or timer restart: CA_DISORDER)
      const advanced = ack > s.highestAck;
      if (advanced) s.advanceAck(ack, ts, tsSent, now);
      s.dupAcks++;
      const thresh = s.cfg.dupAckThreshold;
      // DupAck(): DupThresh duplicates, or IsLost on the segment after the head (ns-3.37 passes
      // HighRxAck + one segment; a SACKed segment is not lost)
      const second = s.highestAck + 2;
      if (s.dupAcks >= thresh || (!sb.isSacked(second) && sb.isLost(second, thresh))) {
        this.enter(now);
        if (advanced) {
          // the rest of that ACK is a first partial ACK: it restarts the timer
          s.setRtxTimer();
          s.firstPartial = true;
        }
        this.sendInRecovery(true);
      } else s.sendMuch(0); // the pipe rule sends what Limited Transmit would
      return;
    }
    if (s.phase !== 'recovery') {
      if (ack > s.highestAck) {
        s.firstPartial = false;
        this.timedOut = false;
        s.newAckOpen(ack, ece, ts, tsSent, now, true);
      } else if (ack === s.highestAck && !this.timedOut && s.maxSeqSent > s.highestAck) {
        // RFC 6675 §2: a DupAck is one that carries new SACK information
        if (this.sackChanged) {
          s.dupAcks++;
          const thresh = s.cfg.dupAckThreshold;
          if (s.dupAcks >= thresh || sb.isLost(s.highestAck + 1, thresh)) this.enter(now);
          else if (s.cfg.limitedTransmit) s.sendOne();
        }
      }
      if (s.dupAcks === 0) s.sendMuch(0);
      else if ((s.phase as TcpPhase) === 'recovery') this.sendInRecovery(true);
      return;
    }
    if (ack >= s.recover) {
      // recovery ends: the window stays at its reduced value for this ACK (ns-2 Sack1; ns-3.37
      // grows it, below)
      s.setPhase('open');
      s.dupWnd = 0;
      s.recoveryExitWindow(now);
      // ns-3.37 grows the window on that ACK by what it acknowledges (cwnd = ssthresh, then
      // IncreaseWindow in CA_OPEN)
      s.newAckOpen(ack, ece, ts, tsSent, now, s.dialect.sackRecovery === 'ns3');
      // RFC 6675: retransmissions are tracked per recovery; ns-3.37 keeps the marks until the
      // segments are cumulatively acknowledged
      if (s.dialect.sackRecovery !== 'ns3') sb.clearRetransmitted();
      s.sendMuch(0);
      return;
    }
    if (ack > s.highestAck) {
      // partial ACK: restart the timer (every time, RFC 6675 §5 step 4; or only the first time in
      // a recovery, `recoveryTimer: first-partial`), stay in recovery
      s.highestAck = ack;
      if (s.nextSeq < ack + 1) s.nextSeq = ack + 1;
      if (s.dialect.recoveryTimer !== 'first-partial' || !s.firstPartial) s.setRtxTimer();
      s.firstPartial = true;
      s.resetRttBackoff();
      s.stopRttTimingUpTo(ack, false);
      // ns-3.37 ProcessAck: unless the new head was retransmitted already, DoRetransmit sends one
      // segment at once (NextSeg's lost segment, else new data) outside the pipe rule
      const head = ack + 1;
      if (s.dialect.sackRecovery === 'ns3' && !(sb.isRetransmitted(head) && !sb.isSacked(head))) this.doRetransmit();
    }
    this.sendInRecovery(true);
  }

  /**
   * ns-3.37 TcpSocketBase::DoRetransmit: the first lost segment not yet retransmitted (NextSeg
   * rule 1), else new data (rule 2), else the head again.
   */
  private doRetransmit(): void {
    const s = this.s;
    let seg = this.nextLost(s.highestAck + 1);
    if (seg < 0) {
      const n = Math.max(s.nextSeq, s.maxSeqSent + 1);
      if (n < s.appLimit && n <= s.highestAck + s.maxWindow) {
        seg = n;
        s.nextSeq = n + 1;
      } else seg = s.highestAck + 1;
    }
    s.output(seg);
    this.prrOut++;
  }

  /** Whether `seq` is deemed lost: IsLost, or unSACKed at a kept-SACK timeout, or the forced head. */
  private lost(seq: number): boolean {
    return seq <= this.lostUpTo || seq === this.forcedLost || this.sb.isLost(seq, this.s.cfg.dupAckThreshold);
  }

  /** The first segment from `from` that is lost, not SACKed and not retransmitted, or −1. */
  private nextLost(from: number): number {
    const sb = this.sb;
    const top = Math.max(sb.highSacked, this.lostUpTo, this.forcedLost);
    for (let q = from; q <= top; q++) if (!sb.isSacked(q) && !sb.isRetransmitted(q) && this.lost(q)) return q;
    return -1;
  }

  send(): boolean {
    const phase = this.s.phase;
    if (phase === 'open') {
      // ns-3.37 sends by the pipe rule and NextSeg in every state (a lost segment goes first even
      // outside recovery); without SACK information that is the window rule
      if (this.s.dialect.sackRecovery !== 'ns3' || this.sb.sackedCount === 0) return false;
      this.sendInRecovery(false);
      return true;
    }
    this.sendInRecovery(phase === 'recovery');
    return true;
  }

  /**
   * `sackAfterTimeout: keep`: the timeout reaction with the scoreboard kept (see the class
   * comment); otherwise the sender's RFC 6298 reaction (go back N) runs.
   */
  onTimeout(now: number): boolean {
    const s = this.s;
    if (s.dialect.sackAfterTimeout !== 'keep') return false;
    s.dupAcks = 0;
    s.dupWnd = 0;
    s.firstPartial = false;
    if (s.highestAck === s.maxSeqSent) {
      // idle, nothing outstanding: restart window (RFC 5681 §4.1), no backoff
      s.setPhase('open');
      s.cwnd = Math.min(s.cwnd, s.initialWindow);
      return true;
    }
    if (s.cfg.handshake && s.highestAck === -1) s.initialWindow = 1; // RFC 5681 §3.1
    s.announce('timeout');
    s.recover = s.maxSeqSent;
    s.timeoutWindow(now, true);
    s.lastCwndAction = CwndAction.Timeout;
    s.setPhase('loss');
    this.sb.clearRetransmitted();
    this.lostUpTo = s.maxSeqSent;
    s.resetRtxTimer(true, true);
    this.sendInRecovery(false);
    return true;
  }

  afterTimeout(): void {
    this.sb.reset(); // RFC 6675 §5.1; ns-2 Sack1 ignores SACKs until new data is acked
    this.timedOut = true;
  }

  private enter(now: number): void {
    const s = this.s;
    s.recover = s.maxSeqSent;
    s.lastCwndAction = CwndAction.DupAck;
    s.announce('fast-retransmit');
    this.recoverFs = Math.max(s.maxSeqSent - s.highestAck, 1);
    // the fast retransmit restarts the timer (ns-2), or leaves it running from the last new ACK
    // (RFC 6298 §5.1: start it only if it is not running; ns-3.37)
    if (s.dialect.recoveryTimer === 'first-partial') s.stopRttTimingUpTo(Number.MAX_SAFE_INTEGER, false);
    else s.resetRtxTimer(true, false);
    s.reduce('loss', now, false);
    s.setPhase('recovery');
    s.firstPartial = false;
    // RFC 6937 §3: the ACK that starts recovery is the first ACK during recovery: its
    // DeliveredData counts, and with PRR the fast retransmit is part of its sndcnt (at least one
    // segment), as in Linux's tcp_cwnd_reduction; sendInRecovery sends it next
    this.prrDelivered = this.lastDelivered;
    this.prrOut = 0;
    const head = s.highestAck + 1;
    if (s.dialect.sackRecovery === 'ns3') {
      // ns-3.37 EnterRecovery: a head not deemed lost is marked lost (forgetting an earlier
      // retransmission of it), then DoRetransmit picks what to send (counted in prrOut)
      if (!this.lost(head)) {
        this.forcedLost = head;
        this.sb.unmarkRetransmitted(head);
      }
      this.doRetransmit();
      return;
    }
    // RFC 6675 §5 step 4.3: retransmit the first unSACKed segment
    if (!s.cfg.prr) s.output(head);
  }

  /**
   * RFC 6675 §4 SetPipe: segments believed to be in the network. The scoreboard's base is the
   * cumulative ACK + 1 of the ACK being read, so that it is right between readAck and onAck too.
   * With ns-3's accounting, or segments deemed lost by a kept-SACK timeout or a forced head, the
   * count below extends the scoreboard's.
   */
  pipe(): number {
    const s = this.s;
    const sb = this.sb;
    const thresh = s.cfg.dupAckThreshold;
    const ns3Pipe = s.dialect.sackRecovery === 'ns3';
    if (!ns3Pipe && this.lostUpTo < sb.base && this.forcedLost < sb.base) return sb.pipe(s.maxSeqSent, thresh);
    let pipe = 0;
    let sackedAbove = sb.sackedCount;
    for (let q = Math.max(s.highestAck + 1, sb.base); q <= s.maxSeqSent; q++) {
      if (sb.isSacked(q)) {
        sackedAbove--;
        // ns-3.37 keeps counting a retransmission in pipe after it is SACKed (`sackRecovery: ns3`)
        if (ns3Pipe && sb.isRetransmitted(q)) pipe++;
        continue;
      }
      // not deemed lost (IsLost counts SACKed segments above; everything unSACKed at a timeout
      // is lost when the scoreboard is kept)
      if (sackedAbove < thresh && q > this.lostUpTo && q !== this.forcedLost) pipe++;
      if (sb.isRetransmitted(q)) pipe++;
    }
    return pipe;
  }

  /**
   * RFC 6675 §5 step 4.4: send while pipe < cwnd, choosing with NextSeg(): (1) a lost hole not yet
   * retransmitted, (2) new data, (3) any other un-SACKed hole below the highest SACKed segment
   * (`rule3`: in fast recovery, not in the Loss state after a timeout, as ns-3's NextSeg).
   */
  private sendInRecovery(rule3: boolean): void {
    const s = this.s;
    const sb = this.sb;
    let pipe = this.pipe();
    let cwnd = Math.floor(s.cwnd);
    if (s.cfg.prr && rule3) {
      // RFC 6937 §3: send in proportion to what was delivered while pipe > ssthresh, then
      // slow-start-reduction-bound (PRR-SSRB) up to ssthresh
      const ss = s.ssthresh;
      let sndcnt: number;
      if (pipe > ss) sndcnt = Math.ceil((this.prrDelivered * ss) / this.recoverFs) - this.prrOut;
      else sndcnt = Math.min(ss - pipe, Math.max(this.prrDelivered - this.prrOut, this.lastDelivered) + 1);
      // the fast retransmit on entering recovery goes whatever sndcnt says (Linux; RFC 9937)
      if (this.prrOut === 0 && sndcnt < 1) sndcnt = 1;
      cwnd = pipe + Math.max(sndcnt, 0);
    }
    const thresh = s.cfg.dupAckThreshold;
    // with PRR the first segment sent in recovery is the RFC 6675 step 4.3 retransmission
    let first = s.cfg.prr && this.prrOut === 0 ? s.highestAck + 1 : -1;
    // segments deemed lost beyond IsLost (a kept-SACK timeout, ns-3's forced head) need the scan;
    // otherwise the scoreboard's hole cursor gives NextSeg in O(1)
    const extended = this.lostUpTo >= sb.base || this.forcedLost >= sb.base;
    let scanLost = s.highestAck + 1;
    let scanAny = s.highestAck + 1;
    const lostTop = Math.max(sb.highSacked, this.lostUpTo, this.forcedLost);
    while (pipe < cwnd) {
      if (!s.paceAllows()) break;
      let seg = first;
      first = -1;
      let hole = -1;
      if (seg < 0 && !extended) {
        // the lowest hole not yet retransmitted: rule (1) if it is lost, else rule (3) if it lies
        // below the highest SACKed segment (holes only move up as they are retransmitted)
        hole = sb.nextHole();
        if (hole >= 0 && sb.isLost(hole, thresh)) seg = hole;
      } else if (seg < 0)
        for (; scanLost <= lostTop; scanLost++) {
          if (
            !sb.isSacked(scanLost) &&
            !sb.isRetransmitted(scanLost) &&
            (scanLost <= this.lostUpTo || scanLost === this.forcedLost || sb.isLost(scanLost, thresh))
          ) {
            seg = scanLost++;
            break;
          }
        }
      if (seg < 0) {
        const n = Math.max(s.nextSeq, s.maxSeqSent + 1);
        if (n < s.appLimit && n <= s.highestAck + s.maxWindow) {
          seg = n;
          s.nextSeq = n + 1;
        }
      }
      if (seg < 0 && rule3) {
        if (!extended) {
          if (hole >= 0 && hole < sb.highSacked) seg = hole;
        } else
          for (; scanAny < sb.highSacked; scanAny++) {
            if (!sb.isSacked(scanAny) && !sb.isRetransmitted(scanAny)) {
              seg = scanAny++;
              break;
            }
          }
      }
      if (seg < 0) break;
      s.output(seg);
      this.prrOut++;
      pipe++;
    }
  }
}
