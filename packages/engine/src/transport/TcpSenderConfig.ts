import type { LossRecovery } from './cc/CcModel.js';
import type { RecoveryDialect } from './recovery/RecoveryHost.js';
import type { RtoConfig } from './RttEstimator.js';

export type { LossRecovery } from './cc/CcModel.js';

/** The settings of one TCP sender, resolved from the transport's parameters (tcpTransport.ts). */
export interface TcpSenderConfig {
  /** Bytes on the wire per data segment. */
  packetBytes: number;
  headerBytes: number;
  initialWindow: number;
  initialSsthresh: number;
  /** Receiver window cap, segments (ns-2 window_). */
  maxWindow: number;
  dupAckThreshold: number;
  recovery: LossRecovery;
  rto: RtoConfig;
  /** RTT samples from every ACK via timestamps (RFC 7323) or one timed segment per RTT (Karn). */
  timestamps: boolean;
  ecn: boolean;
  /** Maximum segments sent in response to one ACK (0 = unlimited; ns-2 maxburst_). */
  maxBurst: number;
  /** Sender pacing: 'off' or 'cwnd-srtt' (gap = srtt/cwnd, Aggarwal et al. 2000). */
  pacing: 'off' | 'cwnd-srtt';
  /**
   * Open with a header-only first segment (seq 0, like a SYN) at cwnd 1 and raise cwnd to the
   * initial window when it is acknowledged (ns-2 syn_ + delay_growth_). If it is lost the initial
   * window becomes one segment (RFC 5681 §3.1).
   */
  handshake: boolean;
  /** RFC 3042 Limited Transmit: a new segment on each of the first two duplicate ACKs. */
  limitedTransmit: boolean;
  /**
   * SACK recovery: reduce the sending rate gradually with Proportional Rate Reduction (RFC 6937)
   * instead of sending whenever pipe < cwnd (RFC 6675 §5).
   */
  prr: boolean;
  /**
   * Run as an XCP end-system (ns-2 Agent/TCP/Reno/XCP): stamp the congestion header and take the
   * window from the routers' feedback instead of the window law's growth; `tickNs` is the clock
   * tick of the header's RTT estimate (0 = exact). Absent: plain TCP.
   */
  xcp?: { tickNs: number };
  /** Where ns-2.35, ns-3.37 and the RFCs differ, which this sender follows. */
  dialect: TcpDialect;
}

/**
 * The switches by which the sender follows ns-2.35, ns-3.37 or the RFCs where they differ, each
 * resolved once (every field present) when the transport builds the sender from its parameters
 * (transport/tcpParams.ts describes them to the user). The loss recoveries read the ones in
 * RecoveryDialect.
 */
export interface TcpDialect extends RecoveryDialect {
  /**
   * Without a handshake: segment 0 is still header-only (ns-2 syn_ without delay_growth_, as in
   * Agent/TCP/Linux), sent within the initial window; it is tcpip_base_hdr_size_ long, i.e. the
   * header without the 10-byte timestamp option.
   */
  readonly headerOnlyFirst: boolean;
  /**
   * Without a handshake: start at cwnd 1 and set the initial window on the ACK that follows the
   * one of segment 0, before the window law reads it (ns-2 delay_growth_ as VegasTcpAgent::recv
   * applies it: `if (last_ack_ == 0 && delay_growth_) cwnd_ = initial_window()`).
   */
  readonly delayGrowth: boolean;
  /**
   * RTT samples: 'timed' — one timed segment per RTT (Karn; ns-2), or every ACK from timestamps
   * when `timestamps` is on; 'ns3' — every ACK that advances the cumulative ACK gives a sample
   * from the send time of the oldest segment it acknowledges unless that segment was
   * retransmitted or outstanding at a timeout, and every such ACK resets the RTO backoff (ns-3.37
   * TcpSocketBase::EstimateRtt and NewAck).
   */
  readonly rttSampling: 'timed' | 'ns3';
  /**
   * The CWR state of Linux and ns-3's TcpSocketBase: an ECE ACK that advances the cumulative ACK
   * reduces the window before anything is sent in response to it, and cwnd is then held (no
   * growth) until the window outstanding at the reduction has been acknowledged; otherwise the
   * reduction follows the ACK's processing and only the ECE ACK itself does not grow the window
   * (RFC 3168 §6.1.2, ns-2).
   */
  readonly ecnCwrState: boolean;
  /** Retransmissions are ECN-capable too (ns-3.37; RFC 3168 §6.1.5 says they must not be). */
  readonly ecnOnRetransmissions: boolean;
  /**
   * With `handshake`: the header-only packets of the handshake — the opening segment (SYN) and the
   * pure ACK that completes it — are sent ECT(0), as ns-3.37's TcpSocketBase::AddSocketTags sends
   * every header-only packet of a DCTCP socket (ECN mode DctcpEcn). Otherwise they are not
   * ECN-capable (RFC 3168 §6.1.1: no ECT on a SYN; §6.1.4: none on a pure ACK), whatever `ecn` says.
   */
  readonly ectControl: boolean;
  /**
   * SACK recovery after a retransmission timeout: 'discard' the SACK information and go back N
   * (RFC 6675 §5.1, ns-2 Sack1); 'keep' it (RFC 2018 errata 1610, Linux, ns-3): every unSACKed
   * segment is marked lost and retransmitted first, SACKed ones are not resent, and the sender
   * stays in the Loss state (growing in slow start, ignoring duplicate ACKs) until everything
   * outstanding at the timeout is acknowledged.
   */
  readonly sackAfterTimeout: 'discard' | 'keep';
  /**
   * SACK recovery: the retransmission timer restarts at the fast retransmit and on every partial
   * ACK ('every-ack', RFC 6675 §5 step 4, ns-2 Sack1), or keeps running from the last new ACK
   * through the fast retransmit (RFC 6298 §5.1) and restarts only on the first partial ACK of a
   * recovery ('first-partial', the "impatient" variant of RFC 6582 §4; ns-3.37's TcpSocketBase).
   */
  readonly recoveryTimer: 'every-ack' | 'first-partial';
  /**
   * With `handshake`: the opening segment carries this many bytes of options (a SYN's window-scale
   * and SACK-permitted options: 8 bytes padded in ns-3.37), and once it is acknowledged a header-only
   * pure ACK completes the three-way handshake before the first data (ns-3.37 ProcessSynSent).
   * 0 / false: a bare header-only opening segment and no third packet (ns-2).
   */
  readonly synOptionBytes: number;
  /** With `handshake`: a pure ACK completes the three-way handshake (see synOptionBytes). */
  readonly handshakeAck: boolean;
  /**
   * SACK recovery details: 'rfc6675' as the RFC; 'ns3' as ns-3.37's TcpSocketBase and TcpTxBuffer
   * do it: (a) a retransmitted segment keeps counting in the pipe once SACKed (BytesInFlight =
   * sent − SACKed − lost + retransmitted, the last not lowered by a SACK); (b) it stays marked
   * retransmitted across recoveries until cumulatively acknowledged, so NextSeg skips it; (c) the
   * fast retransmit is DoRetransmit's choice — the first lost segment not yet retransmitted, the
   * head being marked lost first when fewer than DupThresh segments are SACKed above it
   * (MarkHeadAsLost); (d) a partial ACK whose new head was not retransmitted sends one segment
   * at once outside the pipe rule (ProcessAck → DoRetransmit); (e) an ACK with new SACK
   * information is a duplicate ACK even when it advances the cumulative ACK (no growth, no timer
   * restart), and the second-segment IsLost test applies (DupAck); (f) the ACK ending recovery
   * grows the window; (g) sending follows the pipe rule and NextSeg in every state. 'ns2' is
   * ns-2.35's Agent/TCP/Sack1 instead of RFC 6675: a pipe counter and a forward-only hole cursor
   * (recovery/Sack1Recovery.ts).
   */
  readonly sackRecovery: 'rfc6675' | 'ns3' | 'ns2';
}
