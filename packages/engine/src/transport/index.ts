import type { ModelInfo, ResolvedParams } from '../registry/types.js';
import { bool, num, str, type ParamCheckIssue } from '../registry/params.js';
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
  /** Problems no single parameter's range can catch (an initial rate no sender can keep). */
  check?(params: ResolvedParams): ParamCheckIssue[];
  create(ctx: FlowContext): RoutedEndpoints;
}

export const tcpTransport: TransportModel = {
  usesCc: true,
  reliable: true,
  backlogged: true,
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
        key: 'sackStyle',
        label: 'SACK block choice',
        kind: 'enum',
        default: 'rfc2018',
        options: ['rfc2018', 'ns2'],
        description:
          'rfc2018: most recent blocks, trimmed to the cumulative ACK; ns2: ns-2 Sacker (block around the arriving segment plus a stack of earlier blocks, untrimmed).',
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
        ecn: bool(p, 'ecn'),
        maxBurst: num(p, 'maxBurst'),
        pacing: str(p, 'pacing') as 'off' | 'cwnd-srtt',
        handshake: bool(p, 'handshake'),
        headerOnlyFirst: bool(p, 'headerOnlyFirst'),
        limitedTransmit: bool(p, 'limitedTransmit'),
        prr: bool(p, 'prr'),
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
      sackStyle: str(p, 'sackStyle') as 'rfc2018' | 'ns2',
      handshake: bool(p, 'handshake') || bool(p, 'headerOnlyFirst'),
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
