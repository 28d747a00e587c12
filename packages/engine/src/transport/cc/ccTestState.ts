import type { AckInfo, CcState, CongestionControl, TcpPhase } from './CongestionControl.js';

/** A mutable connection-state record for unit-testing congestion controls without a network. */
export class FakeCcState implements CcState {
  cwnd = 10;
  ssthresh = 65535;
  segmentBytes = 1000;
  inFlight = 0;
  srttNs = 100e6;
  minRttNs = 100e6;
  lastRttNs = 100e6;
  highestAck = -1;
  nextSeq = 0;
  maxSeqSent = -1;
  phase: TcpPhase = 'open';
  maxWindow = 1_000_000;
  firstDataSeq = 0;
}

export function ackOf(ackSeq: number, rttNs = -1, ackedSegments = 1): AckInfo {
  return { ackedSegments, rttNs, ackSeq, ece: false };
}

/** A state at window `cwnd` segments; `ssthresh` below it puts it in congestion avoidance (default: FakeCcState's). */
export function stateAt(cwnd: number, ssthresh?: number): FakeCcState {
  const s = new FakeCcState();
  s.cwnd = cwnd;
  if (ssthresh !== undefined) s.ssthresh = ssthresh;
  return s;
}

/** Feeds `n` ACKs (numbers 1…n) of `each` segments, the window following what `cc` returns; the last window. */
export function feedAcks(cc: CongestionControl, s: FakeCcState, n: number, each = 1): number {
  for (let i = 0; i < n; i++) s.cwnd = cc.onAck(s, ackOf(i + 1, -1, each), 0);
  return s.cwnd;
}
