import { vegasLossHooks } from '../cc/recoveryHooks.js';
import type { RecoveryHost } from './RecoveryHost.js';
import { CwndAction, type LossRecovery } from './LossRecovery.js';

/**
 * ns-2.35 VegasTcpAgent::recv ordering (tcp-vegas.cc; Brakmo & Peterson 1995 §3.1): on a new ACK,
 * deflate an inflated window, process the ACK (the congestion control's onAck runs the
 * once-per-RTT Vegas update), then re-check the fine-grained timer on the first one or two ACKs
 * after a retransmission. On a duplicate ACK, retransmit when the congestion control's fine timer
 * for the next segment expired or at the threshold; the congestion control chooses the window.
 * No Limited Transmit; new data only when no duplicate ACKs are pending or the threshold was
 * reached. The Vegas agent's output does not restart a pending timer when nothing was outstanding.
 */
export class VegasRecovery implements LossRecovery {
  readonly restartTimerWhenIdle = false;
  /**
   * ns-2's VegasTcpAgent::timeout with slow_start_restart_ true (the default): an RTO with nothing
   * outstanding still sets cwnd to v_slowstart_ and sends. It matters after a timeout followed by
   * more than three duplicate ACKs: the first new ACK deflates cwnd to v_newcwnd_, which the
   * timeout set to 0, so the window stays 0 until the next RTO reopens it.
   */
  readonly idleTimeoutIsLoss = true;
  /** New ACKs after a retransmission on which to re-check the fine timer (ns-2 v_worried_). */
  private worried = 0;

  constructor(private readonly s: RecoveryHost) {}

  onAck(ack: number, ece: boolean, ts: number, tsSent: number, now: number): void {
    const s = this.s;
    const thresh = s.cfg.dupAckThreshold;
    if (ack > s.highestAck) {
      // ns-2 delay_growth_ without a SYN packet: cwnd 1 until the ACK after segment 0's
      if (!s.cfg.handshake && s.highestAck === 0) s.cwnd = s.initialWindow;
      if (s.dupAcks > thresh) {
        s.recoveryExitWindow(now);
      }
      s.setPhase('open');
      s.newAckOpen(ack, ece, ts, tsSent, now, true);
      if (this.worried > 0) {
        this.worried--;
        if (vegasLossHooks(s.cc)?.segmentExpired(s.ccState, ack + 1, now) === true) {
          s.dupAcks = thresh;
          s.output(ack + 1);
        } else this.worried = 0;
      }
    } else if (ack === s.highestAck) {
      s.dupAcks++;
      const fine = vegasLossHooks(s.cc);
      const expired = fine?.segmentExpired(s.ccState, ack + 1, now) === true;
      if (expired || s.dupAcks === thresh) {
        // bugFix_: no repeated fast retransmit for the window outstanding at a timeout
        if (s.highestAck > s.recover || s.lastCwndAction !== CwndAction.Timeout) {
          const tx = fine?.transmissions(ack + 1) ?? 1;
          s.lastCwndAction = CwndAction.DupAck;
          s.recover = s.maxSeqSent;
          this.worried = Math.min(2, s.nextSeq - s.highestAck);
          if (fine !== null) s.cwnd = fine.cwndOnDupAckRetransmit(s.ccState, ack + 1, s.dupAcks, now);
          s.setPhase('recovery');
          s.announce('fast-retransmit');
          s.resetRtxTimer(true, true); // ns-2 reset_rtx_timer(1): mild, but backs off
          s.output(ack + 1);
          if (tx === 1) s.dupAcks = thresh;
        }
      } else if (s.dupAcks > thresh) s.cwnd += 1; // inflation
    }
    if (s.dupAcks === 0 || s.dupAcks >= thresh) s.sendMuch(0);
  }
}
