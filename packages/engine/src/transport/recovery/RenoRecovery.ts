import type { RecoveryHost } from './RecoveryHost.js';
import { CwndAction, type LossRecovery } from './LossRecovery.js';

/**
 * Tahoe, Reno and NewReno loss recovery in ns-2.35's order of operations (tcp.cc, tcp-reno.cc,
 * tcp-newreno.cc):
 * - Tahoe: fast retransmit, then slow start from one segment and go-back-N (RFC 5681 §3.2 without
 *   fast recovery);
 * - Reno: fast retransmit and fast recovery with window inflation; any new ACK ends recovery
 *   (RFC 5681 §3.2);
 * - NewReno: a partial ACK retransmits the next hole and keeps the sender in recovery (RFC 6582),
 *   with ns-2's partial window deflation, "impatient" timer and at most two new segments per ACK
 *   during recovery.
 * All three allow one fast retransmit per window ("bugfix", RFC 6582 §3.2 step 2).
 */
export class RenoRecovery implements LossRecovery {
  readonly restartTimerWhenIdle = true;

  constructor(
    private readonly s: RecoveryHost,
    private readonly variant: 'tahoe' | 'reno' | 'newreno',
  ) {}

  onAck(ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    if (this.variant === 'tahoe') this.tahoe(ack, ece, ts, tsSent, now);
    else if (this.variant === 'reno') this.reno(ack, ece, ts, tsSent, now);
    else this.newReno(ack, ece, ts, tsSent, now);
  }

  private tahoe(ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    const s = this.s;
    if (ack > s.highestAck) s.newAckOpen(ack, ece, ts, tsSent, now, true);
    else if (ack === s.highestAck) {
      s.dupAcks++;
      if (s.dupAcks === s.cfg.dupAckThreshold) this.dupAckAction(now);
      else if (s.dupAcks < s.cfg.dupAckThreshold && s.cfg.limitedTransmit) s.sendOne();
    }
    s.sendMuch(0);
  }

  private reno(ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    const s = this.s;
    if (ack > s.highestAck) {
      // any new ACK ends Reno's fast recovery
      if (s.lastCwndAction === CwndAction.DupAck) s.lastCwndAction = CwndAction.Exited;
      s.leaveRecovery(now);
      s.newAckOpen(ack, ece, ts, tsSent, now, true);
    } else if (ack === s.highestAck) this.countDupAck(now);
    if (s.dupAcks === 0 || s.dupAcks >= s.cfg.dupAckThreshold) s.sendMuch(0);
  }

  private newReno(ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    const s = this.s;
    if (ack > s.highestAck) {
      if (ack >= s.recover || s.lastCwndAction !== CwndAction.DupAck) {
        if (s.phase === 'recovery' && s.lastCwndAction === CwndAction.DupAck) s.lastCwndAction = CwndAction.Exited;
        s.leaveRecovery(now);
        s.firstPartial = false;
        s.newAckOpen(ack, ece, ts, tsSent, now, true);
      } else {
        this.partialAck(ack);
      }
    } else if (ack === s.highestAck) this.countDupAck(now);
    if (s.dupAcks === 0) s.sendMuch(0);
    else if (s.dupAcks >= s.cfg.dupAckThreshold) s.sendMuch(2); // ns-2: burst of at most 2 in recovery
  }

  private countDupAck(now: number): void {
    const s = this.s;
    if (s.maxSeqSent <= s.highestAck) return; // nothing outstanding: a window update
    s.dupAcks++;
    const thresh = s.cfg.dupAckThreshold;
    if (s.dupAcks === thresh) this.dupAckAction(now);
    else if (s.dupAcks > thresh && s.lastCwndAction === CwndAction.DupAck)
      s.dupWnd++; // RFC 5681 §3.2 step 4
    else if (s.dupAcks < thresh && s.cfg.limitedTransmit) s.sendOne();
  }

  /** Third duplicate ACK (ns-2 dupack_action for Tahoe / Reno / NewReno). */
  private dupAckAction(now: number): void {
    const s = this.s;
    const recovered = s.highestAck > s.recover;
    const allowed =
      recovered || s.highestAck === 0 || (this.variant === 'reno' && s.lastCwndAction === CwndAction.DupAck);
    if (!allowed) return; // one fast retransmit per window (RFC 6582 §3.2 step 2 "bugfix")
    s.recover = s.maxSeqSent;
    s.lastCwndAction = CwndAction.DupAck;
    s.announce('fast-retransmit');
    if (this.variant === 'tahoe') {
      s.reduce('loss', now, true);
      s.resetRtxTimer(false, false); // go back N from the hole at cwnd 1
      return;
    }
    s.resetRtxTimer(true, false);
    s.reduce('loss', now, false);
    s.setPhase('recovery');
    s.output(s.highestAck + 1);
    s.dupWnd = s.cfg.dupAckThreshold;
  }

  /** NewReno partial ACK (RFC 6582 §3.2 step 5; ns-2 partialnewack_helper). */
  private partialAck(ack: number): void {
    const s = this.s;
    if (!s.firstPartial) {
      s.firstPartial = true;
      s.setRtxTimer(); // "impatient": the timer restarts on the first partial ACK only
    }
    // partial window deflation: deflate by the amount acked, add back one segment
    const deflate = ack - s.highestAck;
    if (s.dupWnd > deflate) s.dupWnd -= deflate - 1;
    else {
      s.cwnd -= deflate - s.dupWnd;
      s.dupWnd = 1;
    }
    if (s.cwnd < 1) s.cwnd = 1;
    s.highestAck = ack;
    if (s.nextSeq < ack + 1) s.nextSeq = ack + 1;
    s.stopRttTimingUpTo(ack);
    s.output(ack + 1);
  }
}
