import type { AckInfo, CcState, CongestionControl, CongestionEvent } from './CongestionControl.js';

/**
 * ns-3 TcpSocketState::GetCwndInSegments: the whole segments of a window ns-3 keeps in bytes.
 * Windows of the laws below are whole segments, or ssthresh-sized fractions of them; the small
 * allowance absorbs floating-point error in a window that is a whole number of segments.
 */
export function cwndInSegments(cwnd: number): number {
  return Math.floor(cwnd + 1e-9);
}

/**
 * The window growth that ns-3.37's TcpNewReno gives the laws derived from it (TcpScalable,
 * TcpHighSpeed; src/internet/model/tcp-congestion-ops.cc, TcpNewReno::IncreaseWindow and
 * SlowStart): below ssthresh an ACK adds one segment, whatever it acknowledges, and what it
 * acknowledged beyond that one segment goes to congestion avoidance when that first segment took
 * the window to ssthresh; at or above ssthresh the whole ACK goes to congestion avoidance, which
 * each law defines (it is also asked with zero segments, as ns-3 does). An ACK that acknowledges
 * nothing new (the one that ends the Loss state exactly at the recovery point) adds nothing in
 * slow start.
 */
export abstract class Ns3NewRenoFamily implements CongestionControl {
  abstract readonly id: string;

  onAck(s: CcState, ack: AckInfo): number {
    if (ack.ackSeq < s.firstDataSeq) return s.cwnd; // the handshake: no data acknowledged
    let cwnd = s.cwnd;
    let acked = ack.ackedSegments;
    if (cwnd < s.ssthresh) {
      if (acked < 1) return cwnd;
      cwnd += 1;
      acked -= 1;
    }
    if (cwnd >= s.ssthresh) cwnd = this.congestionAvoidance(cwnd, acked);
    return cwnd;
  }

  /** The window after congestion avoidance takes `acked` segments (may be 0) at window `cwnd`. */
  protected abstract congestionAvoidance(cwnd: number, acked: number): number;

  abstract ssthreshAfter(s: CcState, event: CongestionEvent, nowNs: number): number;
}
