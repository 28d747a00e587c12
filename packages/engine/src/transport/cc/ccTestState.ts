import type { AckInfo, CcState, TcpPhase } from './CongestionControl.js';

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
