import { PacketKind, type Packet } from '../net/Packet.js';
import { ClassfulQueueDisc } from '../queue/ClassfulQueueDisc.js';
import {
  DropStage,
  type DropReason,
  type QueueContext,
  type QueueDisc,
  type QueueProbeSpec,
} from '../net/QueueDisc.js';
import type { SharedBuffer } from './SharedBuffer.js';

/**
 * Admission to a router's shared buffer, in front of a port's own discipline: the network wraps
 * every egress discipline of a router that has a `buffer` in one of these. An arrival the pool has
 * no room for is refused ('overflow') before the discipline sees it; every packet the discipline
 * stores is charged to the pool until it leaves or is dropped. Control packets pass uncharged.
 * Probes, pacing (`nextReadyTimeNs`) and eviction are the wrapped discipline's.
 */
export class SharedBufferQueueDisc extends ClassfulQueueDisc {
  constructor(
    private readonly inner: QueueDisc,
    readonly pool: SharedBuffer,
  ) {
    super(() => inner);
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    this.setChild(0, this.inner);
  }

  protected doEnqueue(pkt: Packet): boolean {
    if (pkt.kind === PacketKind.Control) return this.enqueueToChild(0, pkt);
    if (!this.pool.admits(pkt.sizeBytes)) {
      this.pool.refused++;
      this.dropBeforeEnqueue(pkt, 'overflow');
      return false;
    }
    if (!this.enqueueToChild(0, pkt)) return false;
    this.pool.add(pkt.sizeBytes);
    return true;
  }

  protected doDequeue(): Packet | null {
    const p = this.dequeueFromChild(0);
    if (p !== null && p.kind !== PacketKind.Control) this.pool.remove(p.sizeBytes);
    return p;
  }

  override onQueueDrop(pkt: Packet, reason: DropReason, stage: DropStage): void {
    if (stage !== DropStage.BeforeEnqueue && pkt.kind !== PacketKind.Control) this.pool.remove(pkt.sizeBytes);
    super.onQueueDrop(pkt, reason, stage);
  }

  override nextReadyTimeNs(): number {
    return this.inner.nextReadyTimeNs();
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return this.inner.probeSpecs();
  }

  override probeValues(out: Float64Array, offset: number): void {
    this.inner.probeValues(out, offset);
  }

  /** The discipline this admission stage guards. */
  get wrapped(): QueueDisc {
    return this.inner;
  }
}
