import type { BufferLimit } from '../core/units.js';
import { PacketKind, type Packet } from '../net/Packet.js';
import { ClassfulQueueDisc, type ChildFactory } from '../queue/ClassfulQueueDisc.js';
import { type QueueContext, type QueueProbeSpec } from '../net/QueueDisc.js';
import { PacketFifo } from '../net/PacketFifo.js';
import { LblcaBranch, sendingRate, targetRate, type LblcaRateRule, type LblcaRates } from './lblcaEquations.js';
import { LblcaRouter, type LblcaFeedback, type LblcaRouterParams, type LblcaUnits } from './LblcaRouter.js';

/** Per-port parameters of the LbLCA law (registry `lblca`, docs/models.md). */
export interface LblcaPortParams {
  /** Lower and upper set points b_l, b_u (fractions of a buffer). */
  bl: number;
  bu: number;
  /** δ as a fraction of the port capacity or of its measured arrival rate. */
  delta: number;
  deltaOf: 'capacity' | 'arrival';
  rateRule: LblcaRateRule;
  rates: LblcaRates;
  /** A port whose neighbour sends no feedback: line rate, or eq. 6.5's own-buffer case then line rate. */
  edge: 'line-rate' | 'own-buffer';
  /** Sending rate before the first update, as a fraction of the capacity. */
  initialRate: number;
}

export const LBLCA_PROBES: readonly QueueProbeSpec[] = [
  {
    key: 'occupancyShare',
    label: 'Router occupancy Θ/B',
    unit: '',
    description: "The router's buffer occupancy Θ(i,k) over its buffer B_i (eqs. 6.1–6.2), at the last update.",
  },
  { key: 'lowerSetPoint', label: 'Lower set point b_l', unit: '', description: 'b_l as a share of the buffer.' },
  { key: 'upperSetPoint', label: 'Upper set point b_u', unit: '', description: 'b_u as a share of the buffer.' },
  {
    key: 'sendRateBps',
    label: 'Sending rate s',
    unit: 'bit/s',
    description: 'The rate the port is shaped to, s(i,k,j) (eq. 6.6).',
  },
  {
    key: 'targetRateBps',
    label: 'Target rate ts',
    unit: 'bit/s',
    description: 'ts(i,k,j) of eq. 6.5 at the last update (NaN before the first feedback).',
  },
  {
    key: 'arrivalRateBps',
    label: 'Arrival rate a',
    unit: 'bit/s',
    description: 'Data arriving at the port over the last update period, a(i,k,j).',
  },
  {
    key: 'feedbackOccupancyShare',
    label: 'Downstream occupancy Fb(a)/B',
    unit: '',
    description: "The downstream router's occupancy over its buffer, from its latest feedback (eq. 6.3).",
  },
  {
    key: 'feedbackRateBps',
    label: 'Downstream rate Fb(b)',
    unit: 'bit/s',
    description: "The downstream router's capacity-weighted mean sending rate, from its latest feedback (eq. 6.4).",
  },
  {
    key: 'branch',
    label: 'Case of eq. 6.5',
    unit: 'case',
    description: '0: δ (own buffer ≤ b_l or downstream ≥ b_u); 1: downstream ≥ half; 2: under half; −1: no feedback.',
  },
  {
    key: 'feedbackMessages',
    label: 'Feedback received',
    unit: 'messages',
    cumulative: true,
    description: 'Feedback messages received from the downstream router over this link.',
  },
];

/**
 * An LbLCA router port (seed 000 §6.1.1; digest 000 §1): a variable-rate shaper in front of the
 * port's queue. The router's controller (LblcaRouter, one per router) sets the port's sending
 * rate s(i,k,j) every period d from the downstream router's feedback (eqs. 6.3–6.6); the shaper
 * lets a packet leave only when the previous one's share of that rate has elapsed (a packet of L
 * bytes holds the next back for 8L/s, or 1/s in packet units), so the link idles between packets
 * when s is below the line rate. Control packets (the router's own feedback to the neighbour) wait
 * in a queue of their own that is served first and is neither shaped nor charged to the buffer.
 *
 * The data queue is the scenario's child discipline (a FIFO by default) under the port's limit;
 * a router with a shared buffer is guarded by SharedBufferQueueDisc in front of this.
 */
export class LblcaQueueDisc extends ClassfulQueueDisc {
  private readonly control = new PacketFifo(4);
  private router!: LblcaRouter;
  // shaper
  private rate = 0; // router units per second
  private lastDepartNs = -Infinity;
  private lastUnits = 0; // units the last packet used (1 packet, or its bits)
  // measurement over the current period
  private arrivalUnits = 0;
  private arrivalRate = 0;
  // control state (router units)
  private target = NaN;
  private branch = LblcaBranch.None;
  private fb: LblcaFeedback | null = null;
  private fbCount = 0;

  constructor(
    readonly params: LblcaPortParams,
    private readonly routerParams: LblcaRouterParams,
    makeChild: ChildFactory,
  ) {
    super(makeChild);
  }

  override attach(ctx: QueueContext): void {
    super.attach(ctx);
    this.router = LblcaRouter.of(ctx.node, ctx.sim, ctx.flows, this.routerParams);
    this.router.addPort(this);
    this.rate = this.params.initialRate * this.capacity();
  }

  /** The port's own buffer limit. */
  get portLimit(): BufferLimit {
    return this.ctx.limit;
  }

  /** The neighbour this port sends to. */
  get toNode(): number {
    return this.ctx.port.toNode;
  }

  get units(): LblcaUnits {
    return this.router.units;
  }

  /** Port capacity c_j in router units per second (bit/s, or packets/s of the nominal size). */
  capacity(): number {
    const bps = this.ctx.port.rateBps;
    return this.router.units === 'bits' ? bps : bps / (8 * this.routerParams.packetBytes);
  }

  /** Current sending rate s(i,k,j), router units per second. */
  get sendingRate(): number {
    return this.rate;
  }

  /** The downstream router's latest feedback arrived. */
  receiveFeedback(fb: LblcaFeedback): void {
    this.fb = fb;
    this.fbCount++;
  }

  /**
   * One update of eqs. 6.5–6.6 with the router's occupancy Θ and buffer B (router units) and
   * period d; shapes the port to the new rate.
   */
  update(theta: number, buffer: number, periodS: number): void {
    const p = this.params;
    this.arrivalRate = this.arrivalUnits / periodS;
    this.arrivalUnits = 0;
    const c = this.capacity();
    const delta = p.delta * (p.deltaOf === 'capacity' ? c : this.arrivalRate);
    const fb = this.fb;
    let s: number;
    if (fb !== null) {
      const k = this.router.scale(fb.units);
      const out = targetRate({
        rate: this.rate,
        capacity: c,
        occupancy: theta,
        buffer,
        fbOccupancy: fb.occupancy * k,
        fbBuffer: fb.buffer * k,
        fbRate: p.rates === 'fraction' ? fb.sumRate / fb.sumCapacity : (fb.sumRateCapacity / fb.sumCapacity) * k,
        bl: p.bl,
        bu: p.bu,
        periodS,
        delta,
        rates: p.rates,
      });
      this.target = out.ts;
      this.branch = out.branch;
      s = sendingRate(out.ts, delta, c, p.rateRule);
    } else if (p.edge === 'own-buffer' && theta <= p.bl * buffer) {
      this.target = delta;
      this.branch = LblcaBranch.Minimum;
      s = sendingRate(delta, delta, c, p.rateRule);
    } else {
      this.target = NaN;
      this.branch = LblcaBranch.None;
      s = c;
    }
    this.setRate(s);
  }

  /** Shapes the port to `rate` (router units per second; ≤ 0 holds every data packet). */
  setRate(rate: number): void {
    this.rate = rate;
    if (this.lengthPackets > 0) this.ctx.port.wake();
  }

  /** Earliest time the next data packet may leave (Infinity while the rate is not positive). */
  private eligibleNs(): number {
    if (this.lastDepartNs === -Infinity) return this.rate > 0 ? -Infinity : Infinity;
    if (!(this.rate > 0)) return Infinity;
    return this.lastDepartNs + (this.lastUnits * 1e9) / this.rate;
  }

  protected doEnqueue(pkt: Packet): boolean {
    if (pkt.kind === PacketKind.Control) {
      this.control.push(pkt);
      return true;
    }
    const data = this.child(0);
    const l = this.ctx.limit;
    if ('packets' in l ? data.lengthPackets + 1 > l.packets : data.lengthBytes + pkt.sizeBytes > l.bytes) {
      this.dropBeforeEnqueue(pkt, 'overflow');
      return false;
    }
    if (!this.enqueueToChild(0, pkt)) return false;
    this.arrivalUnits += this.router.units === 'bits' ? pkt.sizeBytes * 8 : 1;
    return true;
  }

  protected doDequeue(): Packet | null {
    if (this.control.length > 0) {
      const c = this.control.shift()!;
      this.removedFromStorage(c);
      return c;
    }
    if (this.lengthPackets === 0 || this.now < this.eligibleNs()) return null;
    const p = this.dequeueFromChild(0);
    if (p !== null) {
      this.lastDepartNs = this.now;
      this.lastUnits = this.router.units === 'bits' ? p.sizeBytes * 8 : 1;
    }
    return p;
  }

  override nextReadyTimeNs(): number {
    if (this.control.length > 0) return this.now;
    if (this.lengthPackets === 0) return Infinity;
    const t = this.eligibleNs();
    return t > this.now ? t : this.now;
  }

  /** Data packets (and bytes) waiting at this port, control packets excluded. */
  get dataPackets(): number {
    return this.lengthPackets - this.control.length;
  }

  get dataBytes(): number {
    return this.lengthBytes - this.control.bytes;
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return LBLCA_PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    const r = this.router;
    const toBps = r.units === 'bits' ? 1 : 8 * this.routerParams.packetBytes;
    const fb = this.fb;
    out[offset] = r.lastBuffer > 0 ? r.lastOccupancy / r.lastBuffer : NaN;
    out[offset + 1] = this.params.bl;
    out[offset + 2] = this.params.bu;
    out[offset + 3] = this.rate * toBps;
    out[offset + 4] = this.target * toBps;
    out[offset + 5] = this.arrivalRate * toBps;
    out[offset + 6] = fb !== null && fb.buffer > 0 ? fb.occupancy / fb.buffer : NaN;
    out[offset + 7] =
      fb !== null && fb.sumCapacity > 0
        ? (fb.sumRateCapacity / fb.sumCapacity) * (fb.units === 'bits' ? 1 : 8 * this.routerParams.packetBytes)
        : NaN;
    out[offset + 8] = this.branch;
    out[offset + 9] = this.fbCount;
  }
}
