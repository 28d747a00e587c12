import type { Packet } from './Packet.js';
import { ARRIVE, Port, TX_DONE, WAKE } from './Port.js';

/** Event kind of a self-scheduled grant (a trace's delivery opportunity, a fading block). */
export const GRANT = 3;

/**
 * A port whose transmitter may send only while it holds a grant — a time-varying link. A grant
 * is either
 *
 * - a **window** [now, endNs) at a rate (a base station's TDMA slot for one user, a block of a
 *   fading channel): packets are serialized back to back at that rate, or
 * - an **opportunity**: up to `budgetBytes` delivered at one instant (a line of a Mahimahi
 *   packet-delivery trace).
 *
 * A packet that does not fit in what is left of a grant is sent in part and finished in the next
 * grant (Mahimahi's `packet_in_transit_`; a MAC's segmentation across slots): the grant's capacity
 * is never wasted while there is backlog, and a packet leaves when its last byte is sent.
 *
 * Where grants come from is the subclass's business (`requestGrant`, called whenever there is
 * backlog and no usable grant); the plain `Port`'s hot path is untouched — only links with a
 * channel model are built as granted ports.
 */
export abstract class GrantedPort extends Port {
  /** End of the current window grant (ns); −Infinity when none. */
  protected grantEndNs = -Infinity;
  /** Serialization time per byte in the current window grant. */
  protected grantNsPerByte = 0;
  /** A packet partly sent in an earlier grant, and its bytes still to send. */
  private partial: Packet | null = null;
  private partialBytesLeft = 0;
  /** Bytes sent so far (partial packets counted as they progress). */
  servedBytes = 0;

  /** Bytes waiting to be sent: the queue's and the unsent part of a partly sent packet. */
  get backlogBytes(): number {
    return this.disc.lengthBytes + (this.partial !== null ? this.partialBytesLeft : 0);
  }

  /** Packets waiting: the queue's and a partly sent one. */
  get backlogPackets(): number {
    return this.disc.lengthPackets + (this.partial !== null ? 1 : 0);
  }

  /** Whether a window grant is open now. */
  get granted(): boolean {
    return this.sim.now < this.grantEndNs;
  }

  /**
   * Called when there is backlog but no usable grant: the subclass arranges the next one (or
   * waits to be given one).
   */
  protected abstract requestGrant(): void;

  /** Opens a window grant from now until `endNs` at `rateBps` and starts sending. */
  grantWindow(endNs: number, rateBps: number): void {
    this.grantEndNs = endNs;
    this.grantNsPerByte = 8e9 / rateBps;
    this._rateBps = rateBps;
    if (!this.txDonePending && this.sim.now >= this.busyUntilNs) this.serveWindow();
  }

  /** Closes the window grant now (the scheduler moved on). */
  revokeWindow(): void {
    this.grantEndNs = -Infinity;
  }

  /**
   * Uses a delivery opportunity: up to `budgetBytes` leave at this instant. Bytes not needed by
   * the backlog present now are lost (Mahimahi `LinkQueue::rationalize`).
   */
  useOpportunity(budgetBytes: number): void {
    const now = this.sim.now;
    let budget = budgetBytes;
    while (budget > 0) {
      let pkt = this.partial;
      let need: number;
      if (pkt !== null) need = this.partialBytesLeft;
      else {
        pkt = this.takeNext();
        if (pkt === null) break;
        need = pkt.sizeBytes;
      }
      if (need <= budget) {
        budget -= need;
        this.servedBytes += need;
        this.partial = null;
        this.complete(pkt, now);
      } else {
        this.partial = pkt;
        this.partialBytesLeft = need - budget;
        this.servedBytes += budget;
        budget = 0;
      }
    }
    if (this.backlogPackets > 0) this.requestGrant();
  }

  override receive(pkt: Packet): void {
    this.duplicateArrival(pkt);
    if (this.hookCount !== 0) this.runArrivalHooks(pkt);
    if (this.tracer !== null) this.tracer.enqueue(this, pkt);
    if (!this.disc.enqueue(pkt) || this.txDonePending) return;
    if (this.sim.now < this.busyUntilNs) {
      // serializing (or finishing a partial packet's share of a window): come back at its end
      this.txDonePending = true;
      this.sim.queue.pushReserved(this.busyUntilNs, this.txEndSeq, this, TX_DONE, 0);
    } else if (this.sim.now < this.grantEndNs) {
      this.serveWindow();
    } else {
      this.requestGrant();
    }
  }

  override handleEvent(kind: number): void {
    if (kind === ARRIVE) {
      this.deliverHead();
    } else if (kind === TX_DONE) {
      this.txDonePending = false;
      this.serveWindow();
    } else if (kind === WAKE) {
      this.wakePending = Infinity;
      if (!this.txDonePending && this.sim.now >= this.busyUntilNs) this.serveWindow();
    } else {
      this.onGrantEvent();
    }
  }

  /** A self-scheduled GRANT event fired (subclasses that schedule them override this). */
  protected onGrantEvent(): void {}

  /**
   * Sends the next packet (or the rest of a partial one) within the open window; when the window
   * is closed or used up and backlog remains, asks for the next grant.
   */
  protected serveWindow(): void {
    const now = this.sim.now;
    const availNs = this.grantEndNs - now;
    if (!(availNs > 0)) {
      if (this.backlogPackets > 0) this.requestGrant();
      return;
    }
    let pkt = this.partial;
    let need: number;
    if (pkt !== null) need = this.partialBytesLeft;
    else {
      pkt = this.takeNext();
      if (pkt === null) return;
      need = pkt.sizeBytes;
    }
    const q = this.sim.queue;
    const needNs = need * this.grantNsPerByte;
    if (needNs <= availNs) {
      const txEnd = now + Math.round(needNs);
      this.partial = null;
      this.servedBytes += need;
      this.busyUntilNs = txEnd;
      this.busyNs += txEnd - now;
      this.complete(pkt, txEnd);
      this.txEndSeq = q.reserveSeq();
      if (this.disc.lengthPackets > 0) {
        this.txDonePending = true;
        q.pushReserved(txEnd, this.txEndSeq, this, TX_DONE, 0);
      }
    } else {
      // the window ends first: send what fits, finish the packet in a later grant
      const sent = availNs / this.grantNsPerByte;
      this.partial = pkt;
      this.partialBytesLeft = need - sent;
      this.servedBytes += sent;
      this.busyUntilNs = this.grantEndNs;
      this.busyNs += availNs;
      this.txEndSeq = q.reserveSeq();
      this.txDonePending = true;
      q.pushReserved(this.grantEndNs, this.txEndSeq, this, TX_DONE, 0);
    }
  }

  /** The next packet from the queue, counted as departing; null when none is ready. */
  private takeNext(): Packet | null {
    const pkt = this.disc.dequeue();
    if (pkt === null) {
      if (this.disc.lengthPackets > 0) {
        // a pacer or shaper holds its packets back: come back when it says
        const t = this.disc.nextReadyTimeNs();
        if (t < this.wakePending && t !== Infinity) {
          this.wakePending = t;
          this.sim.schedule(Math.max(t, this.sim.now), this, WAKE, 0);
        }
      }
      return null;
    }
    if (this.hookCount !== 0) this.runTransmitHooks(pkt);
    // "-": its transmission starts now (it may finish in a later grant)
    if (this.tracer !== null) this.tracer.dequeue(this, pkt);
    this.countDeparture(pkt);
    this.txPacket = pkt;
    return pkt;
  }

  /** Whether the packet completing now is lost on the link (the link's loss rate by default). */
  protected lostOnLink(): boolean {
    return this.lossRate > 0 && this.random.next() < this.lossRate;
  }

  /** The packet's last byte leaves at `departNs`: it propagates, or is lost on the link. */
  private complete(pkt: Packet, departNs: number): void {
    const seq = this.sim.queue.reserveSeq();
    if (this.lostOnLink()) {
      this.loseOnLink(pkt);
      if (this.txPacket === pkt) this.txPacket = null;
      return;
    }
    this.launch(pkt, departNs, seq);
  }
}
