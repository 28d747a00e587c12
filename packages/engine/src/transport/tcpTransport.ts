import { seconds } from '../core/units.js';
import { bool, num, str } from '../model/params.js';
import { findCcModel } from './cc/index.js';
import type { RttEstimatorKind } from './RttEstimator.js';
import { tcpParams } from './tcpParams.js';
import { TcpReceiver } from './TcpReceiver.js';
import { TcpSender, type LossRecovery } from './TcpSender.js';
import type { FlowContext, RoutedEndpoints, TransportModel } from './Transport.js';

/** TCP: a TcpSender with the chosen congestion control and loss recovery, and a TcpReceiver. */
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
    params: tcpParams,
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
        limitedTransmit: bool(p, 'limitedTransmit'),
        prr: bool(p, 'prr'),
        dialect: {
          headerOnlyFirst: bool(p, 'headerOnlyFirst'),
          delayGrowth: bool(p, 'delayGrowth'),
          rttSampling: str(p, 'rttSampling') as 'timed' | 'ns3',
          sackAfterTimeout: str(p, 'sackAfterTimeout') as 'discard' | 'keep',
          recoveryTimer: str(p, 'recoveryTimer') as 'every-ack' | 'first-partial',
          sackRecovery: str(p, 'sackRecovery') as 'rfc6675' | 'ns3' | 'ns2',
          synOptionBytes: num(p, 'synOptionBytes'),
          handshakeAck: bool(p, 'handshakeAck'),
          ecnCwrState: bool(p, 'ecnCwrState'),
          ecnOnRetransmissions: bool(p, 'ecnOnRetransmissions'),
          ectControl: bool(p, 'ectControl'),
        },
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
