import type { Packet } from '../../net/Packet.js';
import { LinuxScoreboard, SB_FLAG_LOST, SB_FLAG_SACKED } from './LinuxScoreboard.js';
import { linuxAckHooks } from '../cc/recoveryHooks.js';
import type { RecoveryHost } from './RecoveryHost.js';
import { CwndAction, type LossRecovery } from './LossRecovery.js';

/** ACK flags (ns-2 tcp-linux FLAG_ECE, FLAG_DATA_ACKED; SB_FLAG_* come from the scoreboard). */
const FLAG_ECE = 1;
const FLAG_DATA_ACKED = 4;
/** ns-2.35 tcp_max_burst: cwnd moderation allows packets in flight + 3 on leaving recovery. */
const LINUX_MAX_BURST = 3;

/**
 * ns-2.35's Linux TCP agent (tcp-linux.cc, scoreboard1.cc; Linux 2.6.22 semantics as ported
 * there): a FACK scoreboard marks losses and lost retransmissions, recovery is entered on a newly
 * detected loss (not a duplicate-ACK count), the window drops to ssthresh at once while the
 * packets in flight fall by one per two ACKs (rate halving), the retransmission timer is restarted
 * by every ACK, a timeout marks everything unSACKed lost and retransmits from the scoreboard
 * without going back N, and leaving recovery moderates cwnd to in-flight + 3.
 */
export class LinuxRecovery implements LossRecovery {
  readonly restartTimerWhenIdle = true;
  readonly handlesEcn = true;
  private readonly sb: LinuxScoreboard;
  /** Packets in flight still allowed while rate halving (ns-2 next_pkts_in_flight_). */
  private nextPif = 0;

  constructor(private readonly s: RecoveryHost) {
    this.sb = new LinuxScoreboard(Math.max(64, s.maxWindow * 2), s.cfg.dupAckThreshold);
  }

  /**
   * ns-2 LinuxTcpAgent::recv (Linux tcp_ack): scoreboard update, RTT and timer (restarted by every
   * ACK that leaves data outstanding), pkts_acked, then window growth unless the ACK is "dubious"
   * (duplicate, SACKing, or outside the Open state), where growth is allowed only outside fast
   * recovery and tcp_fastretrans_alert decides on entering or leaving recovery.
   */
  readAck(pkt: Packet, ack: number, ece: boolean, ts: number, tsSent: number, now: number): boolean {
    const s = this.s;
    const sb = this.sb;
    const priorUna = s.highestAck + 1;
    if (ack + 1 > s.nextSeq || ack + 1 < priorUna) return true; // beyond snd_nxt, or an old ACK
    let flag = ece ? FLAG_ECE : 0;
    const priorInFlight = sb.inFlight(priorUna, s.nextSeq);
    const acked = ack + 1 - priorUna;
    if (acked > 0) {
      flag |= FLAG_DATA_ACKED;
      s.highestAck = ack;
      s.dupAcks = 0;
    } else s.dupAcks++;
    if (pkt.sackCount > 0 || !sb.empty) flag |= sb.update(ack, pkt.sack, pkt.sackCount);
    s.takeRttSample(ack, ts, tsSent, now);
    if (s.nextSeq > s.highestAck + 1) s.setRtxTimer();
    else s.cancelRtxTimer();
    if (acked > 0) linuxAckHooks(s.cc).onPacketsAcked?.(s.ccState, acked, now);
    const dubious = acked === 0 || (flag & (SB_FLAG_SACKED | FLAG_ECE)) !== 0 || s.phase !== 'open';
    if (dubious) {
      if (acked > 0 && (!ece || s.cwnd < s.ssthresh) && s.phase !== 'recovery')
        this.congAvoid(acked, -1, priorInFlight, ack, now);
      this.alert(flag, now);
    } else if (acked > 0) this.congAvoid(acked, ts, priorInFlight, ack, now);
    this.sendUnderRateHalving();
    return true;
  }

  onAck(): void {
    // everything happened in readAck (ns-2 processes the ACK before freeing it)
  }

  send(): boolean {
    this.sendUnderRateHalving();
    return true;
  }

  /** ns-2 tcp_cong_avoid: the congestion control grows the window when it was the limit. */
  private congAvoid(acked: number, rttNs: number, priorInFlight: number, ackSeq: number, now: number): void {
    const s = this.s;
    const info = s.ackInfo;
    info.ackedSegments = acked;
    info.rttNs = rttNs;
    info.ackSeq = ackSeq;
    info.ece = false;
    info.priorInFlight = priorInFlight;
    if (linuxAckHooks(s.cc).checksCwndLimited === true || priorInFlight >= Math.floor(s.cwnd)) s.growWindow(info, now);
    info.priorInFlight = -1;
  }

  /** ns-2 LinuxTcpAgent::tcp_fastretrans_alert. */
  private alert(flag: number, now: number): void {
    const s = this.s;
    const sb = this.sb;
    if (s.phase !== 'open' && s.highestAck >= s.recover) {
      // recovery (or loss) is over: forget the scoreboard, moderate a window below ssthresh
      sb.clear();
      if (s.cwnd < s.ssthresh)
        s.cwnd = Math.min(s.ssthresh, sb.inFlight(s.highestAck + 1, s.nextSeq) + LINUX_MAX_BURST);
      s.setPhase('open');
      this.nextPif = 0;
      return;
    }
    if (s.phase === 'recovery') return;
    if ((flag & (SB_FLAG_LOST | FLAG_ECE)) === 0) return;
    // Open or Loss with a newly detected loss: reduce once, halve the rate toward the new window
    s.recover = s.maxSeqSent;
    s.lastCwndAction = CwndAction.DupAck;
    this.nextPif = Math.floor(s.cwnd);
    s.reduce((flag & SB_FLAG_LOST) !== 0 ? 'loss' : 'ecn', now, false);
    if ((flag & SB_FLAG_LOST) !== 0) {
      s.announce('fast-retransmit');
    } else {
      s.announce('ecn');
    }
    s.setPhase('recovery');
  }

  /**
   * ns-2 LinuxTcpAgent::send_much: while packets in flight < max(cwnd, rate-halving allowance),
   * send the first lost segment from the scoreboard, else new data. The allowance starts at the
   * pre-reduction window and is held at in-flight − 1 after each send and in-flight + 1 on each
   * call, so that during recovery one segment leaves per two arriving ACKs until the window is
   * reached.
   */
  private sendUnderRateHalving(): void {
    const s = this.s;
    const sb = this.sb;
    const una = s.highestAck + 1;
    this.nextPif = Math.min(this.nextPif, sb.inFlight(una, s.nextSeq) + 1);
    const max = s.cfg.maxBurst > 0 ? s.cfg.maxBurst : Infinity;
    let sent = 0;
    while (sent < max) {
      const win = Math.min(Math.floor(s.cwnd), s.maxWindow);
      if (sb.inFlight(una, s.nextSeq) >= Math.max(win, this.nextPif)) break;
      if (!s.paceAllows()) break;
      let seq = sb.nextRetransmission();
      if (seq < 0) {
        if (s.nextSeq >= s.appLimit) return;
        seq = s.nextSeq++;
      } else sb.markRetransmitted(seq, s.nextSeq);
      s.output(seq);
      sent++;
      this.nextPif = Math.min(this.nextPif, Math.max(sb.inFlight(una, s.nextSeq) - 1, 1));
    }
  }

  /**
   * ns-2 LinuxTcpAgent::timeout + enter_loss: ssthresh from the congestion control, cwnd 1, the
   * Loss state until everything outstanding now is acknowledged; all unSACKed segments are marked
   * lost (the scoreboard is kept) and retransmitted from it; the timer backs off, no go-back-N.
   */
  onTimeout(now: number): boolean {
    const s = this.s;
    s.dupAcks = 0;
    if (s.highestAck === s.maxSeqSent) {
      s.cwnd = Math.min(s.cwnd, s.initialWindow); // idle: restart window
      return true;
    }
    s.announce('timeout');
    s.timeoutWindow(now, false);
    s.lastCwndAction = CwndAction.Timeout;
    s.recover = s.maxSeqSent;
    s.setPhase('loss');
    this.sb.markLoss(s.highestAck + 1, s.nextSeq);
    s.resetRtxTimer(true, true);
    this.nextPif = 0;
    this.sendUnderRateHalving();
    return true;
  }
}
