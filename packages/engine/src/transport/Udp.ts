import { PacketKind, type Packet, type Route, byteCount } from '../net/Packet.js';
import { inject } from '../net/Port.js';
import { num } from '../model/params.js';
import type { FlowContext, FlowReceiver, FlowSender, RoutedEndpoints } from './Transport.js';

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
