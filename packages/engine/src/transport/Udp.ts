import { PacketKind, type Packet, type Route, byteCount } from '../net/Packet.js';
import { inject } from '../net/Port.js';
import { num } from '../model/params.js';
import type { FlowContext, FlowReceiver, FlowSender, RoutedEndpoints, TransportModel } from './Transport.js';

/** Unresponsive datagram sender: each application write leaves at once as one packet. */
export class UdpSender implements FlowSender {
  private fwd!: Route;
  private running = false;
  private seq = 0;
  private readonly headerBytes: number;

  constructor(private readonly ctx: FlowContext) {
    this.headerBytes = num(ctx.params, 'headerSize');
  }

  setRoute(r: Route): void {
    this.fwd = r;
  }

  write(bytes: number): void {
    if (!this.running || !(bytes > 0) || bytes === Infinity) return;
    const now = this.ctx.sim.now;
    const pkt = this.ctx.pool.alloc();
    pkt.kind = PacketKind.Udp;
    pkt.flowId = this.ctx.flowIndex;
    pkt.sizeBytes = byteCount(Math.round(bytes) + this.headerBytes);
    pkt.seq = this.seq++;
    pkt.sendTimeNs = now;
    pkt.createdNs = now;
    pkt.route = this.fwd;
    const st = this.ctx.stats;
    st.packetsSent++;
    st.bytesSent += pkt.sizeBytes;
    inject(pkt);
  }

  start(): void {
    this.running = true;
    this.ctx.stats.startNs = this.ctx.sim.now;
  }

  stop(): void {
    this.running = false;
  }

  congestion(): null {
    return null;
  }

  receive(pkt: Packet): void {
    this.ctx.pool.release(pkt);
  }
}

/** Counts datagrams and their one-way delay (ns-2 Agent/Null with statistics). */
export class UdpSink implements FlowReceiver {
  private readonly headerBytes: number;

  constructor(private readonly ctx: FlowContext) {
    this.headerBytes = num(ctx.params, 'headerSize');
  }

  receive(pkt: Packet): void {
    const st = this.ctx.stats;
    st.packetsReceived++;
    st.bytesReceived += pkt.sizeBytes;
    st.goodputBytes += pkt.sizeBytes - this.headerBytes;
    st.recordDelay(this.ctx.sim.now - pkt.createdNs);
    this.ctx.pool.release(pkt);
  }
}

export function createUdp(ctx: FlowContext): RoutedEndpoints {
  const sender = new UdpSender(ctx);
  const receiver = new UdpSink(ctx);
  return {
    sender,
    receiver,
    setRoutes(fwd: Route) {
      sender.setRoute(fwd);
    },
  };
}

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
