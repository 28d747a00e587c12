import type { Packet } from '../../net/Packet.js';
import { SackScoreboard } from '../SackScoreboard.js';
import type { TcpPhase } from '../cc/CongestionControl.js';
import type { TcpSender } from '../TcpSender.js';
import { CwndAction, type LossRecovery } from './LossRecovery.js';

/**
 * Conservative SACK-based loss recovery (RFC 6675) with an optional Proportional Rate Reduction
 * (RFC 6937): a scoreboard of SACKed and retransmitted segments; a duplicate ACK counts only if it
 * carries new SACK information; recovery starts at the duplicate-ACK threshold or when the first
 * hole IsLost; while pipe < cwnd NextSeg sends lost holes first, then new data, then other holes
 * below the highest SACK; recovery ends at the recovery point with the reduced window (no growth
 * on that ACK, as ns-2's Sack1); after a timeout the scoreboard is cleared (§5.1) and SACKs are
 * ignored until new data is acknowledged.
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

  constructor(private readonly s: TcpSender) {
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
      else if ((s.phase as TcpPhase) === 'recovery') this.sendInRecovery();
      return;
    }
    if (ack >= s.recover) {
      // recovery ends: the window stays at its reduced value for this ACK (ns-2 Sack1)
      s.phase = 'open';
      s.dupWnd = 0;
      const exit = s.cc.cwndOnRecoveryExit?.(s, now);
      if (exit !== undefined) s.cwnd = exit;
      s.newAckOpen(ack, ece, ts, tsSent, now, false);
      sb.clearRetransmitted();
      s.sendMuch(0);
      return;
    }
    if (ack > s.highestAck) {
      // partial ACK: restart the timer, stay in recovery (RFC 6675 §5 step 4)
      s.highestAck = ack;
      if (s.nextSeq < ack + 1) s.nextSeq = ack + 1;
      s.setRtxTimer();
      s.resetRttBackoff();
      s.stopRttTimingUpTo(ack, false);
    }
    this.sendInRecovery();
  }

  send(): boolean {
    if (this.s.phase !== 'recovery') return false;
    this.sendInRecovery();
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
    s.ctx.stats.fastRetransmits++;
    s.ctx.event('fast-retransmit');
    this.recoverFs = Math.max(s.maxSeqSent - s.highestAck, 1);
    s.resetRtxTimer(true, false);
    s.reduce('loss', now, false);
    s.phase = 'recovery';
    // RFC 6937 §3: the ACK that starts recovery is the first ACK during recovery: its
    // DeliveredData counts, and with PRR the fast retransmit is part of its sndcnt (at least one
    // segment), as in Linux's tcp_cwnd_reduction; sendInRecovery sends it next
    this.prrDelivered = this.lastDelivered;
    this.prrOut = 0;
    // RFC 6675 §5 step 4.3: retransmit the first unSACKed segment
    if (!s.cfg.prr) s.output(s.highestAck + 1);
  }

  /**
   * RFC 6675 §4 SetPipe: segments believed to be in the network. The scoreboard's base is the
   * cumulative ACK + 1 of the ACK being read, so that it is right between readAck and onAck too.
   */
  pipe(): number {
    return this.sb.pipe(this.s.maxSeqSent, this.s.cfg.dupAckThreshold);
  }

  /**
   * RFC 6675 §5 step 4.4: send while pipe < cwnd, choosing with NextSeg(): (1) a lost hole not yet
   * retransmitted, (2) new data, (3) any other un-SACKed hole below the highest SACKed segment.
   */
  private sendInRecovery(): void {
    const s = this.s;
    const sb = this.sb;
    let pipe = this.pipe();
    let cwnd = Math.floor(s.cwnd);
    if (s.cfg.prr) {
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
    while (pipe < cwnd) {
      if (!s.paceAllows()) break;
      let seg = first;
      first = -1;
      // the lowest hole not yet retransmitted: rule (1) if it is lost, else rule (3) if it lies
      // below the highest SACKed segment (holes only move up as they are retransmitted)
      const hole = seg < 0 ? sb.nextHole() : -1;
      if (hole >= 0 && sb.isLost(hole, thresh)) seg = hole;
      if (seg < 0) {
        const n = Math.max(s.nextSeq, s.maxSeqSent + 1);
        if (n < s.appLimit && n <= s.highestAck + s.maxWindow) {
          seg = n;
          s.nextSeq = n + 1;
        }
      }
      if (seg < 0 && hole >= 0 && hole < sb.highSacked) seg = hole;
      if (seg < 0) break;
      s.output(seg);
      this.prrOut++;
      pipe++;
    }
  }
}
