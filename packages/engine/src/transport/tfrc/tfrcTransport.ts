import { PacketKind } from '../../net/Packet.js';
import { bool, num, packetRateCheck, str } from '../../model/params.js';
import type { ParamSpec } from '../../model/types.js';
import type { FlowContext, RoutedEndpoints, TransportModel } from '../Transport.js';
import { Ccid3Ns2Receiver } from './Ccid3Ns2Receiver.js';
import { Ccid3Ns2Sender } from './Ccid3Ns2Sender.js';
import { TfrcReceiver } from './TfrcReceiver.js';
import { TfrcSender, type TfrcRateLaw } from './TfrcSender.js';

/** Parameters shared by plain TFRC and DCCP CCID-3; defaults are supplied per transport. */
function tfrcParams(d: {
  packetSize: number;
  headerSize: number;
  feedbackSize: number;
  initialRate: number;
  law: TfrcRateLaw;
  lossThreshold: number;
  rttWeight: number;
  sqrtRtt: boolean;
  slowIncrease: boolean;
  capTimeoutTerm: boolean;
}): ParamSpec[] {
  return [
    {
      key: 'packetSize',
      label: 'Segment size s',
      kind: 'size',
      default: d.packetSize,
      min: 16,
      max: 65535,
      unit: 'B',
      description: 'Payload bytes per packet; the s of the throughput equation (ns-2 packetSize_).',
    },
    {
      key: 'headerSize',
      label: 'Header bytes',
      kind: 'size',
      default: d.headerSize,
      min: 0,
      max: 1000,
      unit: 'B',
      description:
        'Bytes added to each data packet on the wire (ns-2 TFRC headersize_ 32; DCCP-Data header 12 + IP 20).',
    },
    {
      key: 'feedbackSize',
      label: 'Feedback size',
      kind: 'size',
      default: d.feedbackSize,
      min: 1,
      max: 1500,
      unit: 'B',
      description: 'Bytes on the wire per receiver report (ns-2 TFRCSink packetSize_ 40).',
    },
    {
      key: 'rateLaw',
      label: 'Rate law',
      kind: 'enum',
      default: d.law,
      options: ['ns2', 'rfc5348'],
      description:
        'ns-2 Agent/TFRC (gradual increase toward the equation rate) or RFC 5348 §4.3 (X = min(X_Bps, 2·X_recv) per report).',
    },
    {
      key: 'initialRate',
      label: 'Rate before feedback',
      kind: 'rate',
      default: d.initialRate,
      min: 1,
      unit: 'bit/s',
      description:
        'Sending rate until the first report gives an RTT (ns-2 InitRate_ 300 B/s; RFC 5348 §4.2: 1 packet/s).',
    },
    {
      key: 'ssMult',
      label: 'Slow-start factor',
      kind: 'number',
      default: 2,
      min: 1.01,
      max: 16,
      unit: '×/RTT',
      description:
        'Rate multiplier per RTT in slow start, bounded by twice the receive rate (ns-2 ssmult_; RFC 5348 §4.3).',
    },
    {
      key: 'rttWeight',
      label: 'RTT filter weight',
      kind: 'number',
      default: d.rttWeight,
      min: 0,
      max: 0.999,
      description: 'Weight of the old value in the RTT EWMA (ns-2 df_ 0.95; RFC 5348 q = 0.9).',
    },
    {
      key: 'sqrtRttScaling',
      label: 'Oscillation prevention',
      kind: 'boolean',
      default: d.sqrtRtt,
      description: 'Scale the inter-packet gap by √(RTT sample)/√(mean RTT) (RFC 5348 §4.5; ns-2 ca_).',
    },
    {
      key: 'slowIncrease',
      label: 'Gradual slow start',
      kind: 'boolean',
      default: d.slowIncrease,
      description: 'In slow start, step the rate up packet by packet over an RTT (ns-2 slow_increase_).',
    },
    {
      key: 'lossThreshold',
      label: 'Loss detection',
      kind: 'integer',
      default: d.lossThreshold,
      min: 1,
      max: 10,
      unit: 'packets',
      description:
        'Packets received after a hole before it counts as lost (ns-2 TFRCSink numPkts_ 1; RFC 5348 §5.1 NDUPACK 3).',
    },
    {
      key: 'discount',
      label: 'History discounting',
      kind: 'boolean',
      default: true,
      description: 'Discount old loss intervals after a long loss-free run (RFC 5348 §5.5; ns-2 discount_).',
    },
    {
      key: 'preciseLoss',
      label: 'Round-based loss events',
      kind: 'boolean',
      default: true,
      description: 'A loss starts a new loss event only in a new feedback round (ns-2 PreciseLoss_).',
    },
    {
      key: 'feedbackPerRtt',
      label: 'Reports per RTT',
      kind: 'number',
      default: 1,
      min: 0.1,
      max: 16,
      description: 'Receiver reports per round-trip time (RFC 5348 §6.2: at least one; ns-2 NumFeedback_).',
    },
    {
      key: 'capTimeoutTerm',
      label: 'Cap timeout term',
      kind: 'boolean',
      default: d.capTimeoutTerm,
      description: 'Use min(1, 3√(3bp/8)) in the equation, as Padhye et al. and ns-2 formula.h do.',
    },
    {
      key: 'tick',
      label: 't_RTO tick',
      kind: 'duration',
      default: 0.1,
      min: 0.000001,
      max: 1,
      unit: 's',
      description:
        'Granularity of the ns-2 TCP-style t_RTO estimate used in the equation (ns-2 tcp_tick_; rfc5348 law uses t_RTO = 4R).',
    },
    {
      key: 'minRto',
      label: 'Minimum t_RTO',
      kind: 'duration',
      default: 0,
      min: 0,
      max: 60,
      unit: 's',
      description: 'Lower bound of t_RTO in the equation (ns-2 minrto_).',
    },
    {
      key: 'sendBuffer',
      label: 'Send buffer',
      kind: 'integer',
      default: 1000,
      min: 1,
      max: 1_000_000,
      unit: 'packets',
      description: 'Datagrams the sender queues from the application; more is discarded (ns-2 Agent/DCCP sb_size_).',
    },
  ];
}

function create(ctx: FlowContext, kind: PacketKind, fbKind: PacketKind): RoutedEndpoints {
  const p = ctx.params;
  const s = num(p, 'packetSize');
  const law = str(p, 'rateLaw') as TfrcRateLaw;
  const cap = bool(p, 'capTimeoutTerm');
  const sender = new TfrcSender(ctx, {
    law,
    segmentBytes: s,
    headerBytes: num(p, 'headerSize'),
    kind,
    initialRateBytesPerS: num(p, 'initialRate') / 8,
    ssMult: num(p, 'ssMult'),
    rttWeight: num(p, 'rttWeight'),
    tickS: num(p, 'tick'),
    minRtoS: num(p, 'minRto'),
    sqrtRttScaling: bool(p, 'sqrtRttScaling'),
    slowIncrease: bool(p, 'slowIncrease'),
    tMbiS: 64,
    capTimeoutTerm: cap,
    sendBufferPackets: num(p, 'sendBuffer'),
  });
  const receiver = new TfrcReceiver(ctx, {
    feedbackBytes: num(p, 'feedbackSize'),
    payloadBytes: s,
    lossThreshold: num(p, 'lossThreshold'),
    preciseLoss: bool(p, 'preciseLoss'),
    discount: bool(p, 'discount'),
    feedbackPerRtt: num(p, 'feedbackPerRtt'),
    capTimeoutTerm: cap,
    segmentBytes: s,
  });
  void fbKind;
  return {
    sender,
    receiver,
    setRoutes(fwd, rev) {
      sender.setRoute(fwd);
      receiver.setRoute(rev);
    },
  };
}

/**
 * The ns-2.35 Agent/DCCP/TFRC model (`model: 'ns2'`): own sender and receiver (Ccid3Ns2Sender,
 * Ccid3Ns2Receiver), with the handshake, window-counter RTT and loss events, and s = s_s_.
 */
function createNs2(ctx: FlowContext): RoutedEndpoints {
  const p = ctx.params;
  const eq = num(p, 'ns2EquationSize');
  const sender = new Ccid3Ns2Sender(ctx, {
    payloadBytes: num(p, 'packetSize'),
    eqSegmentBytes: eq,
    initialRateBytesPerS: eq,
    initialRtoS: 2,
    rttQ: num(p, 'rttWeight'),
    rttQ2: num(p, 'rttWeight'),
    tMbiS: 64,
    timeGranS: 0.01,
    smallestP: 0.00001,
    oscPrev: bool(p, 'sqrtRttScaling'),
    handshake: bool(p, 'handshake'),
    sendBufferPackets: num(p, 'sendBuffer'),
  });
  const receiver = new Ccid3Ns2Receiver(ctx, {
    feedbackBytes: num(p, 'feedbackSize'),
    eqSegmentBytes: eq,
    numDupAcks: num(p, 'lossThreshold'),
  });
  return {
    sender,
    receiver,
    setRoutes(fwd, rev) {
      sender.setRoute(fwd);
      receiver.setRoute(rev);
    },
  };
}

const ccid3ModelParams: ParamSpec[] = [
  {
    key: 'model',
    label: 'Model',
    kind: 'enum',
    default: 'rfc',
    options: ['rfc', 'ns2'],
    description:
      'rfc: TFRC core with RFC 5348 / RFC 4342 rules (the parameters below); ns2: ns-2.35 Agent/DCCP/TFRC as coded in dccp_tfrc.cc (window-counter RTT and loss events, zero-filled first loss history, s = 500 B, handshake), used by the ns-2 cross-checks.',
  },
  {
    key: 'ns2EquationSize',
    label: 'ns-2 s_s_',
    kind: 'size',
    default: 500,
    min: 16,
    max: 65535,
    unit: 'B',
    description:
      'Model ns2 only: the s of the equation and of the packet spacing s/X (ns-2 s_s_ and r_s_ 500 B, independent of packetSize_).',
  },
  {
    key: 'handshake',
    label: 'Handshake',
    kind: 'boolean',
    default: true,
    description:
      'Model ns2 only: open with DCCP-Request / -Response (one RTT) and estimate the first RTT from it, as ns-2 does.',
  },
];

/** Plain TFRC with ns-2 Agent/TFRC + Agent/TFRCSink defaults. */
export const tfrcTransport: TransportModel = {
  usesCc: false,
  // data is not retransmitted; bulk (FTP) traffic runs over it as an always-backlogged source
  reliable: false,
  backlogged: true,
  // rate-based (RFC 5348 §4): no window; the RTT comes from the receiver's feedback
  window: false,
  measuresRtt: true,
  check: packetRateCheck('initialRate', 'packetSize'),
  info: {
    id: 'tfrc',
    category: 'transport',
    name: 'TFRC',
    description:
      'Equation-based, rate-paced congestion control: smooth TCP-friendly rate from the loss event rate (no retransmission).',
    citation: 'RFC 5348; Floyd, Handley, Padhye & Widmer, SIGCOMM 2000; ns-2 Agent/TFRC and Agent/TFRCSink',
    params: tfrcParams({
      packetSize: 1000,
      headerSize: 32,
      feedbackSize: 40,
      initialRate: 2400,
      law: 'ns2',
      lossThreshold: 1,
      rttWeight: 0.95,
      sqrtRtt: true,
      slowIncrease: true,
      capTimeoutTerm: true,
    }),
    presets: {
      'ns-2 Agent/TFRC': {},
      'RFC 5348': {
        rateLaw: 'rfc5348',
        lossThreshold: 3,
        rttWeight: 0.9,
        slowIncrease: false,
        capTimeoutTerm: false,
        initialRate: 8000,
      },
    },
  },
  create: (ctx) => create(ctx, PacketKind.TfrcData, PacketKind.TfrcFeedback),
};

/**
 * DCCP CCID-3: TFRC with DCCP framing (RFC 4342). Defaults follow ns-2 Agent/DCCP/TFRC where they
 * map (segment 500 B, 1 packet/s before feedback, oscillation prevention on, loss after 3 later
 * packets) and RFC 5348's rate law; the DCCP handshake and Ack Vector on feedback are not modelled
 * (see docs/models.md).
 */
export const dccpCcid3Transport: TransportModel = {
  usesCc: false,
  reliable: false,
  backlogged: true,
  // rate-based (RFC 5348 §4): no window; the RTT comes from the receiver's feedback
  window: false,
  measuresRtt: true,
  check: packetRateCheck('initialRate', 'packetSize'),
  info: {
    id: 'dccp-ccid3',
    category: 'transport',
    name: 'DCCP CCID-3 (TFRC)',
    description:
      'DCCP with TCP-Friendly Rate Control: unreliable datagrams at an equation-based, smoothly varying rate.',
    citation: 'RFC 4340; RFC 4342; RFC 5348; ns-2 Agent/DCCP/TFRC (Mattsson 2004); seed 002',
    params: [
      ...ccid3ModelParams,
      ...tfrcParams({
        packetSize: 500,
        headerSize: 32,
        feedbackSize: 52,
        initialRate: 4000,
        law: 'rfc5348',
        lossThreshold: 3,
        rttWeight: 0.9,
        sqrtRtt: true,
        slowIncrease: false,
        capTimeoutTerm: false,
      }),
    ],
    presets: {
      'RFC 5348 / RFC 4342': {},
      'ns-2 Agent/DCCP/TFRC': { model: 'ns2' },
    },
  },
  create: (ctx) =>
    str(ctx.params, 'model') === 'ns2' ? createNs2(ctx) : create(ctx, PacketKind.DccpData, PacketKind.DccpAck),
};
