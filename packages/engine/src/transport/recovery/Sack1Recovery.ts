import { MAX_SACK_BLOCKS, type Packet } from '../../net/Packet.js';
import { SackScoreboard } from './SackScoreboard.js';
import type { RecoveryHost } from './RecoveryHost.js';
import { CwndAction, type LossRecovery } from './LossRecovery.js';

/**
 * ns-2.35's SACK sender, `Agent/TCP/Sack1` (tcp/tcp-sack1.cc with the ScoreBoardRQ scoreboard of
 * tcp/scoreboard-rq.cc), selected by `sackRecovery: ns2`. It differs from RFC 6675 in how it
 * counts what is in the network and what it resends:
 *
 * - **pipe is a counter**, not a scan of the scoreboard: on entering fast recovery it is set to the
 *   segments outstanding minus the duplicate-ACK threshold (`pipe_ = maxseq_ − highest_ack_ −
 *   numdupacks_`), every ACK during recovery takes one off, a partial ACK a second one, and every
 *   segment sent by the recovery's sending loop adds one (the fast retransmission itself does
 *   not). Segments known to be lost are not taken out, so after a window that lost many segments
 *   the sender sends little until partial ACKs or its timeout — where RFC 6675 keeps sending.
 * - **what is resent**: the lowest hole with a SACKed segment above it, from a cursor that only
 *   moves forward within a recovery (GetNextRetran / MarkRetran), else new data within the
 *   receiver's window; a hole is resent once per recovery, and no hole is "deemed lost" first.
 * - **the scoreboard** holds only the SACK blocks of the ACKs ns-2 reads them from (duplicate
 *   ACKs, and partial ACKs during recovery) and is cleared on every new ACK outside recovery, at
 *   the end of a recovery and at a timeout; after a timeout duplicate ACKs are ignored until new
 *   data is acknowledged.
 * - one fast retransmit per window (bugFix_, except when nothing was acknowledged yet:
 *   bugfix_ss_); the ACK that ends recovery does not grow the window; a partial ACK restarts the
 *   timer and then resets its backoff (newtimer, t_backoff_ = 1); Limited Transmit (singledup_) before
 *   the threshold. Defaults of ns-2.35's `Agent/TCP/Sack1` (partial_ack_ 0, maxburst_ 0,
 *   LimTransmitFix_ 0, oldCode_ 0, numdupacks_ 3, aggressive_maxburst_ 1).
 */
export class Sack1Recovery implements LossRecovery {
  readonly restartTimerWhenIdle = true;
  private readonly sb: SackScoreboard;
  /** ns-2 pipe_: the fast-recovery estimate of segments in the network. */
  private pipeCount = 0;
  /** ns-2 h_seqno_: no hole below it is resent again in this recovery (−1 after a clear). */
  private retranCursor = -1;
  /** ns-2 timeout_: a timeout happened and no new data has been acknowledged since. */
  private timedOut = false;
  /** The SACK blocks of the ACK being read, [start, end) pairs. */
  private readonly blocks = new Int32Array(2 * MAX_SACK_BLOCKS);
  private blockCount = 0;

  constructor(private readonly s: RecoveryHost) {
    this.sb = new SackScoreboard(Math.max(64, s.maxWindow * 2));
  }

  /** Keeps the ACK's SACK blocks; the scoreboard takes them only where ns-2 does (below). */
  readAck(pkt: Packet, ack: number): boolean {
    const n = Math.min(pkt.sackCount, MAX_SACK_BLOCKS);
    for (let i = 0; i < 2 * n; i++) this.blocks[i] = pkt.sack[i]!;
    this.blockCount = n;
    if (ack > this.s.highestAck) this.sb.advance(ack);
    return false;
  }

  /** ScoreBoardRQ::UpdateScoreBoard: adds the ACK's blocks; returns whether anything changed (CheckUpdate). */
  private updateScoreboard(): boolean {
    const sb = this.sb;
    const before = sb.sackedCount;
    for (let i = 0; i < this.blockCount; i++) sb.markSacked(this.blocks[2 * i]!, this.blocks[2 * i + 1]!);
    return sb.sackedCount !== before;
  }

  /**
   * ScoreBoardRQ::ClearScoreBoard (cheap when there is nothing to clear, the usual case: this
   * scoreboard holds SACK marks only, and a SACKed segment at or above the base is counted).
   */
  private clearScoreboard(): void {
    if (this.sb.sackedCount > 0) this.sb.reset();
    this.retranCursor = -1;
  }

  /**
   * ScoreBoardRQ::GetNextRetran: the lowest segment from the cursor (at least the cumulative ACK
   * + 1) that is not SACKed and has a SACKed segment above it, or −1.
   */
  private nextRetransmission(): number {
    const sb = this.sb;
    let q = Math.max(this.retranCursor, this.s.highestAck + 1);
    while (q <= sb.highSacked && sb.isSacked(q)) q++;
    if (q >= sb.highSacked) return -1;
    if (q > this.retranCursor) this.retranCursor = q;
    return q;
  }

  /** ScoreBoardRQ::MarkRetran. */
  private markRetransmitted(seq: number): void {
    if (seq >= this.retranCursor) this.retranCursor = seq + 1;
  }

  onAck(ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    const s = this.s;
    if (s.phase !== 'recovery') {
      if (ack > s.highestAck) {
        s.firstPartial = false;
        s.newAckOpen(ack, ece, ts, tsSent, now, true);
        this.timedOut = false;
        this.clearScoreboard();
      } else if (ack === s.highestAck && !this.timedOut && this.updateScoreboard()) {
        // a duplicate ACK counts only if its SACK blocks tell something new
        const thresh = s.cfg.dupAckThreshold;
        if (++s.dupAcks === thresh) this.dupAckAction(now);
        else if (s.dupAcks < thresh && s.cfg.limitedTransmit) s.sendOne();
      }
      if (s.dupAcks === 0) s.sendMuch(0);
      return;
    }
    this.pipeCount--;
    if (ack >= s.recover) {
      // fast recovery is over: newack() without window growth (tcp-sack1.cc)
      s.recover = 0;
      s.setPhase('open');
      s.dupWnd = 0;
      s.recoveryExitWindow(now);
      s.newAckOpen(ack, ece, ts, tsSent, now, false);
      this.timedOut = false;
      this.clearScoreboard();
    } else if (ack > s.highestAck) {
      // partial ACK: the cumulative ACK moves, recovery goes on; one more off the pipe; the timer
      // restarts (newtimer, with the backoff it had), then the backoff is reset (t_backoff_ = 1)
      s.highestAck = ack;
      if (s.nextSeq < ack + 1) s.nextSeq = ack + 1;
      this.updateScoreboard();
      this.pipeCount--;
      s.setRtxTimer();
      s.resetRttBackoff();
    } else if (!this.timedOut && this.updateScoreboard() && s.dupAcks > 0) s.dupAcks++;
    s.sendMuch(0);
  }

  /** Sack1TcpAgent::dupack_action: fast retransmit, at most once per window. */
  private dupAckAction(now: number): void {
    const s = this.s;
    const recovered = s.highestAck > s.recover || s.highestAck === 0;
    if (!recovered) {
      if (!(s.cfg.ecn && s.lastCwndAction === CwndAction.Ecn)) return; // bugFix_
      // the window was already cut for ECN in this window of data: recover without a second cut
      s.lastCwndAction = CwndAction.DupAck;
      s.resetRtxTimer(true, false);
      this.enter();
      return;
    }
    s.recover = s.maxSeqSent;
    s.resetRtxTimer(true, false);
    s.lastCwndAction = CwndAction.DupAck;
    s.announce('fast-retransmit');
    s.reduce('loss', now, false);
    this.enter();
  }

  private enter(): void {
    const s = this.s;
    this.pipeCount = s.maxSeqSent - s.highestAck - s.cfg.dupAckThreshold;
    s.setPhase('recovery');
    s.firstPartial = false;
    const head = s.highestAck + 1;
    this.markRetransmitted(head);
    s.output(head);
  }

  /** Sack1TcpAgent::send_much during fast recovery; outside it, the sender's window rule. */
  send(burst: number): boolean {
    const s = this.s;
    if (s.phase !== 'recovery') return false;
    const max = burst > 0 ? burst : s.cfg.maxBurst > 0 ? s.cfg.maxBurst : Infinity;
    let sent = 0;
    while (this.pipeCount < Math.floor(s.cwnd) && s.highestAck + 1 < s.appLimit && sent < max) {
      if (!s.paceAllows()) break;
      let seg = this.nextRetransmission();
      if (seg < 0) {
        // new data (t_seqno_) within the receiver's window
        seg = s.nextSeq;
        if (seg > s.highestAck + s.maxWindow || seg >= s.appLimit) break;
      } else if (s.recover > 0 && seg <= s.highestAck + s.maxWindow) this.markRetransmitted(seg);
      else break;
      s.output(seg);
      if (s.nextSeq <= seg) s.nextSeq = seg + 1;
      this.pipeCount++;
      sent++;
    }
    return true;
  }

  afterTimeout(): void {
    // Sack1TcpAgent::timeout: scoreboard cleared, duplicate ACKs ignored until new data is acked
    this.clearScoreboard();
    this.timedOut = true;
  }
}
