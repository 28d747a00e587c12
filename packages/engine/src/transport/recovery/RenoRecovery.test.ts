import { describe, expect, it } from 'vitest';
import type { AckInfo, CcState, CongestionControl, CongestionEvent, TcpPhase } from '../cc/CongestionControl.js';
import { CwndAction } from './LossRecovery.js';
import type { RecoveryEvent, RecoveryHost } from './RecoveryHost.js';
import { RenoRecovery } from './RenoRecovery.js';

/**
 * NewReno and Tahoe driven through RecoveryHost alone: a hand-built sender record whose actions
 * only log what the strategy asks for. Segments 0–9 are acknowledged and 10–19 outstanding with
 * cwnd 10; the window law halves on a loss (RFC 5681 §3.2 step 2: ssthresh = cwnd/2).
 */
class LoggingHost implements RecoveryHost {
  cwnd = 10;
  ssthresh = 64;
  highestAck = 9;
  nextSeq = 20;
  maxSeqSent = 19;
  appLimit = Infinity;
  maxWindow = 1000;
  initialWindow = 2;
  phase: TcpPhase = 'open';
  dupAcks = 0;
  dupWnd = 0;
  recover = 0;
  lastCwndAction: CwndAction = CwndAction.None;
  firstPartial = false;
  readonly ackInfo = { ackedSegments: 0, rttNs: -1, ackSeq: 0, ece: false, priorInFlight: -1 };
  readonly cc = {} as CongestionControl;
  readonly ccState = {} as CcState;
  readonly cfg = { dupAckThreshold: 3, limitedTransmit: false, maxBurst: 0, prr: false, handshake: false, ecn: false };
  readonly dialect = { sackRecovery: 'rfc6675', recoveryTimer: 'every-ack', sackAfterTimeout: 'discard' } as const;

  /** Every action the strategy took, in order. */
  readonly log: string[] = [];

  setPhase(phase: TcpPhase): void {
    if (phase !== this.phase) this.log.push(`phase ${phase}`);
    this.phase = phase;
  }
  announce(event: RecoveryEvent): void {
    this.log.push(event);
  }
  sendMuch(burst: number): void {
    this.log.push(`sendMuch ${burst}`);
  }
  sendOne(): void {
    this.log.push('sendOne');
  }
  paceAllows(): boolean {
    return true;
  }
  output(seq: number): void {
    this.log.push(`output ${seq}`);
  }
  setRtxTimer(): void {
    this.log.push('setRtxTimer');
  }
  cancelRtxTimer(): void {
    this.log.push('cancelRtxTimer');
  }
  resetRtxTimer(mild: boolean, backoff: boolean): void {
    this.log.push(`resetRtxTimer ${mild ? 'mild' : 'go-back-N'}${backoff ? ' backoff' : ''}`);
  }
  resetRttBackoff(): void {}
  stopRttTimingUpTo(): void {}
  takeRttSample(): number {
    return -1;
  }
  newAckOpen(ack: number): void {
    this.log.push(`newAck ${ack}`);
    this.highestAck = ack;
    this.dupAcks = 0;
  }
  advanceAck(ack: number): void {
    this.highestAck = ack;
  }
  leaveRecovery(): void {
    if (this.phase !== 'recovery') return;
    this.setPhase('open');
    this.dupWnd = 0;
  }
  reduce(event: CongestionEvent, _now: number, toOne: boolean): void {
    this.log.push(`reduce ${event}${toOne ? ' to one' : ''}`);
    this.ssthresh = Math.max(Math.floor(this.cwnd / 2), 2);
    this.cwnd = toOne ? 1 : this.ssthresh;
  }
  timeoutWindow(): void {}
  growWindow(_info: AckInfo): void {}
  recoveryExitWindow(): void {}
}

/** The strategy's actions on one ACK. */
function ack(r: RenoRecovery, host: LoggingHost, seq: number): string[] {
  host.log.length = 0;
  r.onAck(seq, false, -1, -1, 0);
  return [...host.log];
}

describe('NewReno recovery through its host interface (RFC 6582, ns-2 tcp-newreno.cc)', () => {
  it('fast retransmit at the third duplicate ACK, inflation, partial-ACK deflation, exit at the recovery point', () => {
    const host = new LoggingHost();
    const r = new RenoRecovery(host, 'newreno');
    // without Limited Transmit the first two duplicates send nothing
    expect(ack(r, host, 9)).toEqual([]);
    expect(ack(r, host, 9)).toEqual([]);
    // third: recover = 19, ssthresh = cwnd = 10/2 = 5, the hole 10 resent, timer restarted
    // without go-back-N, then at most two new segments (ns-2 maxburst in recovery)
    expect(ack(r, host, 9)).toEqual([
      'fast-retransmit',
      'resetRtxTimer mild',
      'reduce loss',
      'phase recovery',
      'output 10',
      'sendMuch 2',
    ]);
    expect([host.recover, host.ssthresh, host.cwnd, host.dupWnd]).toEqual([19, 5, 5, 3]);
    // each further duplicate inflates by one segment (RFC 5681 §3.2 step 4)
    ack(r, host, 9);
    expect(host.dupWnd).toBe(4);
    // partial ACK of 10–14: deflate by the 5 acknowledged and add one back, 5 + 4 − 5 + 1 = 5
    // (cwnd 4 + dupWnd 1), resend the next hole 15, restart the timer on this first partial ACK
    expect(ack(r, host, 14)).toEqual(['setRtxTimer', 'output 15', 'sendMuch 2']);
    expect([host.highestAck, host.cwnd, host.dupWnd, host.phase]).toEqual([14, 4, 1, 'recovery']);
    // a second partial ACK does not restart the timer ("impatient" variant, RFC 6582 §4)
    expect(ack(r, host, 16)).toEqual(['output 17', 'sendMuch 2']);
    // the recovery point: recovery ends, the ACK is processed as new, sending resumes unbounded
    expect(ack(r, host, 19)).toEqual(['phase open', 'newAck 19', 'sendMuch 0']);
    expect([host.dupWnd, host.lastCwndAction, host.firstPartial]).toEqual([0, CwndAction.Exited, false]);
  });

  it('one fast retransmit per window: duplicates below the last recovery point start none', () => {
    const host = new LoggingHost();
    host.recover = 15; // a timeout at maxseq 15 has not been recovered from (highest ACK 9)
    host.lastCwndAction = CwndAction.Timeout;
    const r = new RenoRecovery(host, 'newreno');
    for (let i = 0; i < 3; i++) ack(r, host, 9);
    expect(ack(r, host, 9)).toEqual(['sendMuch 2']);
    expect([host.phase, host.cwnd, host.dupWnd]).toEqual(['open', 10, 0]);
  });

  it('Tahoe: the third duplicate restarts from one segment and goes back N, no fast recovery', () => {
    const host = new LoggingHost();
    const r = new RenoRecovery(host, 'tahoe');
    ack(r, host, 9);
    ack(r, host, 9);
    expect(ack(r, host, 9)).toEqual(['fast-retransmit', 'reduce loss to one', 'resetRtxTimer go-back-N', 'sendMuch 0']);
    expect([host.phase, host.cwnd, host.ssthresh, host.dupWnd]).toEqual(['open', 1, 5, 0]);
  });
});
