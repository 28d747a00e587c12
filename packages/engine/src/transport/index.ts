import type { ModelInfo, ResolvedParams } from '../model/types.js';
import { bool, num, str, type ParamCheckIssue } from '../model/params.js';
import { seconds } from '../core/units.js';
import { findCcModel } from './cc/index.js';
import { TcpReceiver } from './TcpReceiver.js';
import { TcpSender, type LossRecovery } from './TcpSender.js';
import type { FlowContext, RoutedEndpoints } from './Transport.js';
import { createUdp } from './Udp.js';
import type { RttEstimatorKind } from './RttEstimator.js';
import { dccpCcid3Transport, tfrcTransport } from './tfrc/tfrcTransport.js';
import { dccpCcid2Transport } from './dccp/dccpTransport.js';

export interface TransportModel {
  readonly info: ModelInfo;
  /** Whether the transport uses a congestion control from the cc registry. */
  readonly usesCc: boolean;
  /** Reliable byte stream: a finite bulk transfer can complete over it. */
  readonly reliable: boolean;
  /** Can serve an always-backlogged (unlimited bulk) source. */
  readonly backlogged: boolean;
  /**
   * Has a congestion window (cwnd and ssthresh in segments): TCP and DCCP CCID 2. A rate-based
   * sender (TFRC, CCID 3) and UDP have none; the lab charts no window for them.
   */
  readonly window: boolean;
  /** Measures a round-trip time (from its ACKs or feedback); UDP measures none. */
  readonly measuresRtt: boolean;
  /** Problems no single parameter's range can catch (an initial rate no sender can keep). */
  check?(params: ResolvedParams): ParamCheckIssue[];
  create(ctx: FlowContext): RoutedEndpoints;
}

export const tcpTransport: TransportModel = {
  usesCc: true,
  reliable: true,
  backlogged: true,
  window: true,
  measuresRtt: true,
  info: {
    id: 'tcp',
    category: 'transport',
    name: 'TCP',
    description: 'Reliable window-based transport with pluggable congestion control and loss recovery.',
    citation: 'RFC 9293; RFC 5681; RFC 6298; RFC 6582; RFC 6675; ns-2 one-way TCP agents',
    params: [
      {
        key: 'packetSize',
        label: 'Packet size',
        kind: 'size',
        default: 1000,
        min: 64,
        max: 65535,
        unit: 'B',
        description: 'Bytes on the wire per data segment (ns-2 packetSize_).',
      },
      {
        key: 'headerSize',
        label: 'Header bytes',
        kind: 'size',
        default: 40,
        min: 1,
        max: 1000,
        unit: 'B',
        description: 'Part of each data packet that is header (excluded from goodput).',
      },
      {
        key: 'ackSize',
        label: 'ACK size',
        kind: 'size',
        default: 40,
        min: 1,
        max: 1500,
        unit: 'B',
        description: 'Bytes on the wire per ACK.',
      },
      {
        key: 'initialWindow',
        label: 'Initial window',
        kind: 'number',
        default: 2,
        min: 1,
        max: 1000,
        unit: 'segments',
        description: 'Initial congestion window (RFC 5681 §3.1 allows 2–4; RFC 6928 proposes 10).',
      },
      {
        key: 'initialSsthresh',
        label: 'Initial ssthresh',
        kind: 'number',
        default: 65535,
        min: 2,
        max: 1e9,
        unit: 'segments',
        description: 'Initial slow-start threshold ("arbitrarily high", RFC 5681).',
      },
      {
        key: 'maxWindow',
        label: 'Receiver window',
        kind: 'integer',
        default: 1000,
        min: 1,
        max: 1_000_000,
        unit: 'segments',
        description: 'Cap on the usable window (ns-2 window_).',
      },
      {
        key: 'lossRecovery',
        label: 'Loss recovery',
        kind: 'enum',
        default: 'auto',
        options: ['auto', 'tahoe', 'reno', 'newreno', 'sack', 'vegas', 'linux'],
        description:
          "Override the congestion control's default loss recovery (vegas: ns-2 Vegas fine-grained retransmission; needs a CC with the Vegas hooks; linux: ns-2.35 Linux TCP agent — FACK scoreboard, rate halving, no go-back-N after a timeout).",
      },
      {
        key: 'dupAckThreshold',
        label: 'Dup-ACK threshold',
        kind: 'integer',
        default: 3,
        min: 1,
        max: 100,
        description: 'Duplicate ACKs that trigger fast retransmit.',
      },
      {
        key: 'delayedAck',
        label: 'Delayed ACK',
        kind: 'boolean',
        default: false,
        description: 'Receiver acknowledges every second segment or after a timeout (RFC 5681 §4.2).',
      },
      {
        key: 'delAckCount',
        label: 'Segments per ACK',
        kind: 'integer',
        default: 2,
        min: 1,
        max: 64,
        description: 'With delayed ACKs: acknowledge every this many in-order segments.',
      },
      {
        key: 'delAckTimeout',
        label: 'Delayed-ACK timeout',
        kind: 'duration',
        default: 0.1,
        min: 0.001,
        max: 0.5,
        unit: 's',
        description: 'Maximum delay of an ACK (ns-2 DelAck interval_ 100 ms; RFC ≤ 500 ms).',
      },
      {
        key: 'synOptionBytes',
        label: 'SYN option bytes',
        kind: 'integer',
        default: 0,
        min: 0,
        max: 40,
        unit: 'B',
        description:
          'With an opening segment: bytes of TCP options it and its ACK carry (window scale and SACK-permitted: 8 in ns-3.37, 4 more than a timestamped header). 0: a bare header (ns-2).',
      },
      {
        key: 'handshakeAck',
        label: 'Third handshake packet',
        kind: 'boolean',
        default: false,
        description:
          'With an opening segment: once it is acknowledged, the sender sends a header-only pure ACK before its first data, completing a three-way handshake (ns-3.37).',
      },
      {
        key: 'quickAckFirst',
        label: 'ACK first segment at once',
        kind: 'boolean',
        default: false,
        description:
          'With delayed ACKs, the receiver acknowledges the first data segment at once (ns-3.37; Linux quick-ACK mode at connection start).',
      },
      {
        key: 'sackBlocks',
        label: 'SACK blocks',
        kind: 'integer',
        default: 3,
        min: 1,
        max: 4,
        description: 'SACK blocks per ACK when SACK recovery is used (RFC 2018).',
      },
      {
        key: 'minRto',
        label: 'Minimum RTO',
        kind: 'duration',
        default: 0.2,
        min: 0.001,
        max: 60,
        unit: 's',
        description:
          'Lower bound of the retransmission timeout (RFC 6298 says 1 s; Linux and the ns-2 references use 200 ms).',
      },
      {
        key: 'initialRto',
        label: 'Initial RTO',
        kind: 'duration',
        default: 3,
        min: 0.01,
        max: 60,
        unit: 's',
        description: 'RTO before the first RTT sample (ns-2: 3 s; RFC 6298: 1 s).',
      },
      {
        key: 'maxRto',
        label: 'Maximum RTO',
        kind: 'duration',
        default: 60,
        min: 0.1,
        max: 600,
        unit: 's',
        description: 'Upper bound of the backed-off RTO (RFC 6298 §2.5).',
      },
      {
        key: 'clockGranularity',
        label: 'Clock granularity',
        kind: 'duration',
        default: 0.01,
        min: 0.000001,
        max: 1,
        unit: 's',
        description: 'Timer granularity G (RFC 6298 §2; ns-2 tcp_tick_).',
      },
      {
        key: 'rttEstimator',
        label: 'RTT estimator',
        kind: 'enum',
        default: 'rfc6298',
        options: ['rfc6298', 'ns2'],
        description: "RFC 6298 floating-point estimator, or ns-2's tick-integer one.",
      },
      {
        key: 'timestamps',
        label: 'Timestamps',
        kind: 'boolean',
        default: false,
        description: 'Take an RTT sample from every ACK (RFC 7323) instead of timing one segment per RTT.',
      },
      {
        key: 'ecn',
        label: 'ECN',
        kind: 'boolean',
        default: false,
        description: 'Send ECN-capable packets and react to ECN-Echo (RFC 3168).',
      },
      {
        key: 'maxBurst',
        label: 'Max burst',
        kind: 'integer',
        default: 0,
        min: 0,
        max: 10000,
        unit: 'segments',
        description: 'Segments sent per ACK at most (0 = unlimited; ns-2 maxburst_).',
      },
      {
        key: 'handshake',
        label: 'Opening segment',
        kind: 'boolean',
        default: true,
        description:
          'Start with a header-only segment at cwnd 1 and use the initial window once it is acknowledged (like a SYN; ns-2 syn_/delay_growth_).',
      },
      {
        key: 'headerOnlyFirst',
        label: 'Header-only first segment',
        kind: 'boolean',
        default: false,
        description:
          'Without an opening handshake: segment 0 is still header-only (40 B, no timestamp option) and goes out with the initial window (ns-2 syn_ without delay_growth_, as Agent/TCP/Linux does).',
      },
      {
        key: 'delayGrowth',
        label: 'Delayed initial window',
        kind: 'boolean',
        default: false,
        description:
          'Without an opening handshake: start at cwnd 1 and take the initial window only on the ACK after the one of segment 0 (ns-2 delay_growth_ as Agent/TCP/Vegas applies it).',
      },
      {
        key: 'sackStyle',
        label: 'SACK block choice',
        kind: 'enum',
        default: 'rfc2018',
        options: ['rfc2018', 'ns2', 'ns3'],
        description:
          'rfc2018: most recent blocks, trimmed to the cumulative ACK; ns2: ns-2 Sacker (block around the arriving segment plus a stack of earlier blocks, untrimmed); ns3: ns-3.37 TcpRxBuffer (a list of at most 4 blocks, a new block merged only with adjacent ones, the oldest forgotten).',
      },
      {
        key: 'limitedTransmit',
        label: 'Limited Transmit',
        kind: 'boolean',
        default: true,
        description: 'Send a new segment on each of the first two duplicate ACKs (RFC 3042; ns-2 singledup_).',
      },
      {
        key: 'prr',
        label: 'Proportional Rate Reduction',
        kind: 'boolean',
        default: false,
        description:
          "SACK recovery: spread the window reduction over the recovery round trip (RFC 6937, as Linux does) instead of RFC 6675's pipe < cwnd rule.",
      },
      {
        key: 'rttSampling',
        label: 'RTT samples',
        kind: 'enum',
        default: 'timed',
        options: ['timed', 'ns3'],
        description:
          "timed: one timed segment per RTT (Karn; ns-2), or every ACK with timestamps; ns3: every ACK advancing the cumulative ACK, from the send time of the oldest segment it acknowledges unless retransmitted, and a new ACK drops the RTO backoff (ns-3.37's RTT history).",
      },
      {
        key: 'sackAfterTimeout',
        label: 'SACK after a timeout',
        kind: 'enum',
        default: 'discard',
        options: ['discard', 'keep'],
        description:
          'SACK recovery after an RTO: discard the SACK information and go back N (RFC 6675 §5.1, ns-2), or keep it and resend only unSACKed segments from a Loss state (Linux, ns-3.37).',
      },
      {
        key: 'recoveryTimer',
        label: 'Timer in recovery',
        kind: 'enum',
        default: 'every-ack',
        options: ['every-ack', 'first-partial'],
        description:
          'SACK recovery: restart the retransmission timer at the fast retransmit and on every partial ACK (RFC 6675, ns-2), or leave it running from the last new ACK and restart it only on the first partial ACK of a recovery (impatient, RFC 6298 §5.1 / RFC 6582 §4; ns-3.37).',
      },
      {
        key: 'sackRecovery',
        label: 'SACK recovery details',
        kind: 'enum',
        default: 'rfc6675',
        options: ['rfc6675', 'ns3', 'ns2'],
        description:
          'rfc6675; ns-3.37’s variant: SACKed retransmissions stay in the pipe and stay marked retransmitted across recoveries until cumulatively acknowledged, the fast retransmit is the first lost segment not yet retransmitted, and a partial ACK sends one more segment outside the pipe rule; or ns-2.35’s Sack1: pipe is a counter (outstanding − 3 at the fast retransmit, −1 per ACK, −2 per partial ACK, +1 per segment sent), holes with a SACKed segment above them are resent once each from a forward-only cursor.',
      },
      {
        key: 'ecnCwrState',
        label: 'ECN CWR state',
        kind: 'boolean',
        default: false,
        description:
          'After an ECN reduction, no window growth until the data outstanding then is acknowledged (Linux and ns-3 CWR state); off: only the ECE ACK itself is not used for growth (RFC 3168, ns-2).',
      },
      {
        key: 'ecnOnRetransmissions',
        label: 'ECT on retransmissions',
        kind: 'boolean',
        default: false,
        description: 'Retransmitted segments are ECN-capable too (ns-3.37; RFC 3168 §6.1.5 forbids it).',
      },
      {
        key: 'ectControl',
        label: 'ECT on header-only packets',
        kind: 'boolean',
        default: false,
        description:
          'The SYN and the pure ACKs (the handshake’s last packet, every ACK of the receiver) are ECN-capable, ECT(0), as ns-3.37 sends them from DCTCP sockets; off: RFC 3168 §6.1.1 and §6.1.4, none of them is ECT.',
      },
      {
        key: 'ecnEcho',
        label: 'Receiver ECN echo',
        kind: 'enum',
        default: 'auto',
        options: ['auto', 'rfc3168', 'dctcp'],
        description:
          'rfc3168: ECE from a CE mark until CWR; dctcp: the CE state of each segment echoed exactly, with an immediate ACK when it changes (RFC 8257 §3.2); auto: dctcp for congestion controls that need it (dctcp), else rfc3168.',
      },
      {
        key: 'sackOptionBytes',
        label: 'SACK option size',
        kind: 'enum',
        default: 'ns2',
        options: ['ns2', 'rfc2018'],
        description:
          'Bytes a SACK option adds to an ACK: ns2 8 per block; rfc2018 2 + 8 per block padded to 4 bytes (12/20/28/36, as ns-3 and Linux send it).',
      },
      {
        key: 'pacing',
        label: 'Sender pacing',
        kind: 'enum',
        default: 'off',
        options: ['off', 'cwnd-srtt'],
        description:
          'Spread each window over one RTT: gap = srtt/cwnd (Aggarwal, Savage & Anderson 2000; seed 001 baseline).',
      },
      {
        key: 'xcp',
        label: 'XCP',
        kind: 'boolean',
        default: false,
        description:
          "Run as an XCP end-system (Katabi et al. 2002; ns-2 Agent/TCP/Reno/XCP): stamp the congestion header, take the window from the routers' feedback (cwnd ← max(cwnd + H_feedback, 1 segment)) instead of the congestion control's growth; its loss reactions stay. Needs XCP routers (queue discipline xcp) on the path.",
      },
      {
        key: 'xcpRttTick',
        label: 'XCP RTT tick',
        kind: 'duration',
        default: 0.01,
        min: 0,
        max: 1,
        unit: 's',
        description:
          'Clock tick of the RTT estimate written into the XCP header (ns-2 counts samples in tcpTick_ = 10 ms ticks and smooths them with gain 1/8); 0 = exact samples, same gain.',
      },
    ],
  },
  create(ctx: FlowContext): RoutedEndpoints {
    const p = ctx.params;
    const model = findCcModel(ctx.ccId ?? 'newreno');
    if (!model) throw new Error(`unknown congestion control ${ctx.ccId}`);
    const rec = str(p, 'lossRecovery');
    const recovery: LossRecovery = rec === 'auto' ? model.defaultRecovery : (rec as LossRecovery);
    const ecnEcho = str(p, 'ecnEcho');
    const receiverEcho = ecnEcho === 'auto' ? (model.ecn === 'dctcp' ? 'dctcp' : 'rfc3168') : ecnEcho;
    const packetBytes = num(p, 'packetSize');
    const headerBytes = Math.min(num(p, 'headerSize'), packetBytes - 1);
    const cc = model.create(ctx.ccParams);
    const sender = new TcpSender(
      ctx,
      {
        packetBytes,
        headerBytes,
        initialWindow: num(p, 'initialWindow'),
        initialSsthresh: num(p, 'initialSsthresh'),
        maxWindow: num(p, 'maxWindow'),
        dupAckThreshold: num(p, 'dupAckThreshold'),
        recovery,
        rto: {
          kind: str(p, 'rttEstimator') as RttEstimatorKind,
          initialRtoNs: seconds(num(p, 'initialRto')),
          minRtoNs: seconds(num(p, 'minRto')),
          maxRtoNs: seconds(num(p, 'maxRto')),
          granularityNs: seconds(num(p, 'clockGranularity')),
        },
        timestamps: bool(p, 'timestamps'),
        ecn: bool(p, 'ecn') || model.ecn === 'dctcp',
        maxBurst: num(p, 'maxBurst'),
        pacing: str(p, 'pacing') as 'off' | 'cwnd-srtt',
        handshake: bool(p, 'handshake'),
        headerOnlyFirst: bool(p, 'headerOnlyFirst'),
        delayGrowth: bool(p, 'delayGrowth'),
        limitedTransmit: bool(p, 'limitedTransmit'),
        prr: bool(p, 'prr'),
        rttSampling: str(p, 'rttSampling') as 'timed' | 'ns3',
        sackAfterTimeout: str(p, 'sackAfterTimeout') as 'discard' | 'keep',
        recoveryTimer: str(p, 'recoveryTimer') as 'every-ack' | 'first-partial',
        sackRecovery: str(p, 'sackRecovery') as 'rfc6675' | 'ns3' | 'ns2',
        synOptionBytes: num(p, 'synOptionBytes'),
        handshakeAck: bool(p, 'handshakeAck'),
        ecnCwrState: bool(p, 'ecnCwrState'),
        ecnOnRetransmissions: bool(p, 'ecnOnRetransmissions'),
        ectControl: bool(p, 'ectControl'),
        ...(bool(p, 'xcp') ? { xcp: { tickNs: seconds(num(p, 'xcpRttTick')) } } : {}),
      },
      cc,
    );
    const receiver = new TcpReceiver(ctx, {
      ackBytes: num(p, 'ackSize'),
      payloadBytes: packetBytes - headerBytes,
      delayedAck: bool(p, 'delayedAck'),
      delAckCount: num(p, 'delAckCount'),
      delAckTimeoutNs: seconds(num(p, 'delAckTimeout')),
      sackBlocks: recovery === 'sack' || recovery === 'linux' ? num(p, 'sackBlocks') : 0,
      sackStyle: str(p, 'sackStyle') as 'rfc2018' | 'ns2' | 'ns3',
      sackOptionBytes: str(p, 'sackOptionBytes') as 'ns2' | 'rfc2018',
      ecnEcho: receiverEcho as 'rfc3168' | 'dctcp',
      ectAcks: bool(p, 'ectControl'),
      handshake: bool(p, 'handshake') || bool(p, 'headerOnlyFirst'),
      quickAckFirst: bool(p, 'quickAckFirst'),
      synOptionBytes: bool(p, 'handshake') ? num(p, 'synOptionBytes') : 0,
      xcp: bool(p, 'xcp'),
    });
    return {
      sender,
      receiver,
      setRoutes(fwd, rev) {
        sender.setRoute(fwd);
        receiver.setRoute(rev);
      },
    };
  },
};

export const udpTransport: TransportModel = {
  usesCc: false,
  reliable: false,
  backlogged: false,
  window: false,
  measuresRtt: false,
  info: {
    id: 'udp',
    category: 'transport',
    name: 'UDP',
    description: 'Unresponsive datagrams: each application message leaves at once.',
    citation: 'RFC 768; RFC 3550 (RTP); ns-2 Agent/UDP',
    params: [
      {
        key: 'headerSize',
        label: 'Header bytes',
        kind: 'integer',
        default: 0,
        min: 0,
        max: 1000,
        unit: 'B',
        description:
          'Bytes added to each message on the wire and not counted as goodput: 0 = the message is the whole packet (ns-2 Agent/UDP packetSize_); 28 = IPv4 + UDP; 40 = IPv4 + UDP + RTP (RFC 3550).',
      },
    ],
    presets: {
      'ns-2 (whole packet)': { headerSize: 0 },
      'IPv4 + UDP': { headerSize: 28 },
      'RTP/UDP/IPv4': { headerSize: 40 },
    },
  },
  create: createUdp,
};

/** Every transport. Add DCCP / TFRC here. */
export const transportModels: TransportModel[] = [
  tcpTransport,
  udpTransport,
  tfrcTransport,
  dccpCcid2Transport,
  dccpCcid3Transport,
];

export function findTransportModel(id: string): TransportModel | undefined {
  return transportModels.find((m) => m.info.id === id);
}
