import { seconds } from '../../core/units.js';
import { bool, num } from '../../model/params.js';
import { initialRtoParam } from '../sharedParams.js';
import type { FlowContext, RoutedEndpoints, TransportModel } from '../Transport.js';
import { AckVectorPool } from './AckVector.js';
import { DccpCcid2Receiver } from './DccpCcid2Receiver.js';
import { DccpCcid2Sender } from './DccpCcid2Sender.js';

function create(ctx: FlowContext): RoutedEndpoints {
  const p = ctx.params;
  const pool = new AckVectorPool();
  const sender = new DccpCcid2Sender(ctx, {
    payloadBytes: num(p, 'packetSize'),
    initialCwnd: num(p, 'initialCwnd'),
    cwndAfterTimeout: 1,
    initialSsthresh: num(p, 'initialSsthresh'),
    ssGrowth: num(p, 'ssGrowth'),
    reduction: num(p, 'reduction'),
    lossThreshold: num(p, 'lossThreshold'),
    initialRtoNs: seconds(num(p, 'initialRto')),
    minRtoNs: seconds(num(p, 'minRto')),
    granularityNs: seconds(num(p, 'clockGranularity')),
    initialAckRatio: num(p, 'ackRatio'),
    handshake: bool(p, 'handshake'),
    ecn: bool(p, 'ecn'),
    sendBufferPackets: num(p, 'sendBuffer'),
    pool,
  });
  const receiver = new DccpCcid2Receiver(ctx, { ackDelayNs: seconds(num(p, 'ackDelay')), pool });
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
 * DCCP with CCID-2. CCID-3 is the separate transport `dccp-ccid3` (tfrc/tfrcTransport.ts): the two
 * CCIDs share no parameters, so two ids give each its own form.
 */
export const dccpCcid2Transport: TransportModel = {
  usesCc: false,
  // data is never retransmitted; bulk (FTP) traffic runs over it as an always-backlogged source
  reliable: false,
  backlogged: true,
  // CCID 2 is TCP-like: a window of packets (RFC 4341 §5)
  window: true,
  measuresRtt: true,
  info: {
    id: 'dccp-ccid2',
    category: 'transport',
    name: 'DCCP CCID-2 (TCP-like)',
    description:
      'Unreliable datagrams with TCP-like AIMD window control, Ack Vectors and Ack Ratio; TW knobs from seed 002.',
    citation: 'RFC 4340; RFC 4341; ns-2 Agent/DCCP/TCPlike (Mattsson 2004); seed 002 (TCP-like TW)',
    params: [
      {
        key: 'packetSize',
        label: 'Payload size',
        kind: 'size',
        default: 500,
        min: 1,
        max: 65535,
        unit: 'B',
        description:
          'Payload bytes per datagram; 32 header bytes (DCCP 12 + IP 20) are added on the wire (ns-2 Agent/DCCP packetSize_ 500).',
      },
      {
        key: 'initialCwnd',
        label: 'Initial cwnd',
        kind: 'integer',
        default: 3,
        min: 1,
        max: 1000,
        unit: 'packets',
        description: 'Initial congestion window (ns-2 initial_cwnd_ 3; RFC 4341 §5 allows RFC 3390 windows).',
      },
      {
        key: 'initialSsthresh',
        label: 'Initial ssthresh (TW)',
        kind: 'integer',
        default: 65535,
        min: 1,
        max: 1_000_000,
        unit: 'packets',
        description:
          'TW knob 1: initial slow-start threshold (ns-2 initial_ssthresh_ 65535; the thesis studies e.g. 200).',
      },
      {
        key: 'ssGrowth',
        label: 'Slow-start factor (TW)',
        kind: 'number',
        default: 2,
        min: 1.05,
        max: 8,
        unit: '×/RTT',
        description:
          'TW knob 2: cwnd grows by this factor per RTT in slow start (2 = RFC 4341: +1 per acknowledged packet, at most Ack Ratio per ACK).',
      },
      {
        key: 'reduction',
        label: 'cwnd reduction X (TW)',
        kind: 'number',
        default: 0.5,
        min: 0.01,
        max: 0.99,
        description:
          'TW knob 3: on a congestion event cwnd ← ⌊(1−X)·cwnd⌋ (0.5 = RFC 4341 halving; the thesis studies 0.5, 0.25, 0.05).',
      },
      {
        key: 'ackRatio',
        label: 'Initial Ack Ratio',
        kind: 'integer',
        default: 2,
        min: 1,
        max: 64,
        unit: 'packets',
        description: 'Data packets per ACK at the start (RFC 4340 §11.3 default 2); then adapted per RFC 4341 §6.1.2.',
      },
      {
        key: 'ackDelay',
        label: 'Delayed-ACK timer',
        kind: 'duration',
        default: 0.2,
        min: 0.001,
        max: 2,
        unit: 's',
        description:
          'The receiver acknowledges at the latest this long after an unacknowledged data packet (ns-2 dack_delay_ 0.2 s).',
      },
      {
        key: 'lossThreshold',
        label: 'Loss detection',
        kind: 'integer',
        default: 3,
        min: 1,
        max: 20,
        unit: 'packets',
        description:
          'A packet is lost once this many later packets are reported received (RFC 4341 §5; ns-2 num_dup_acks_ 3).',
      },
      initialRtoParam,
      {
        key: 'minRto',
        label: 'Minimum RTO',
        kind: 'duration',
        default: 1,
        min: 0.001,
        max: 60,
        unit: 's',
        description: 'Lower bound of the timeout (ns-2 min_rto_ 1 s, as RFC 2988).',
      },
      {
        key: 'clockGranularity',
        label: 'Clock granularity',
        kind: 'duration',
        default: 0.01,
        min: 0.000001,
        max: 1,
        unit: 's',
        description: 'G in RTO = srtt + max(G, 4·rttvar) (ns-2 g_ 0.01 s).',
      },
      {
        key: 'handshake',
        label: 'Handshake',
        kind: 'boolean',
        default: true,
        description: 'Open with DCCP-Request / -Response / -Ack before data (one RTT; ns-2 does).',
      },
      {
        key: 'ecn',
        label: 'ECN',
        kind: 'boolean',
        default: false,
        description: 'Send ECN-capable packets; a CE mark counts like a loss (RFC 4341 §5).',
      },
      {
        key: 'sendBuffer',
        label: 'Send buffer',
        kind: 'integer',
        default: 1000,
        min: 1,
        max: 1_000_000,
        unit: 'packets',
        description: 'Datagrams queued from the application; more is discarded (ns-2 sb_size_ 1000).',
      },
    ],
    presets: {
      'RFC 4341 / ns-2 TCPlike': {},
      // Our choices (the thesis lost its chosen values): the knobs it names, one at a time and combined.
      'TW: high initial ssthresh (ours)': { initialSsthresh: 200 },
      'TW: cut 25 % (ours)': { reduction: 0.25 },
      'TW: cut 5 % (ours)': { reduction: 0.05 },
      'TW: fast slow start ×3 (ours)': { ssGrowth: 3 },
      'TW combined (ours)': { initialSsthresh: 200, ssGrowth: 3, reduction: 0.25 },
    },
  },
  create,
};
