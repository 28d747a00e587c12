import type { Simulator, Timer, TimerOwner } from '../core/Simulator.js';
import type { ControlMessage, ControlReceiver } from '../net/ControlChannel.js';
import type { FlowTable, NodeView } from '../net/QueueDisc.js';
import type { LblcaQueueDisc } from './LblcaQueueDisc.js';
import { SharedBuffer } from './SharedBuffer.js';

/** Protocol name of LbLCA control messages, and the key of a router's controller in `NodeView.shared`. */
export const LBLCA = 'lblca';

/** Occupancy and buffers in packets (rates in packets/s, Algorithm 2) or in bits (rates in bit/s). */
export type LblcaUnits = 'packets' | 'bits';

/** Router-wide parameters (the same on every LbLCA port of a router; validation checks it). */
export interface LblcaRouterParams {
  /** Update period d, s; 0 = the largest round-trip propagation delay of the scenario's flows. */
  periodS: number;
  /** Processing delay at the downstream router before its feedback leaves, s (adds to Δx). */
  feedbackDelayS: number;
  /** Size of a feedback packet on the wire, bytes. */
  feedbackBytes: number;
  /** Nominal packet size, bytes: converts link rates to packets/s when the buffer counts packets. */
  packetBytes: number;
}

/** What a router tells its upstream neighbours every period (eqs. 6.3–6.4), in its own units. */
export interface LblcaFeedback {
  readonly units: LblcaUnits;
  /** Θ(i+1, k) and B_{i+1}. */
  readonly occupancy: number;
  readonly buffer: number;
  /** Σ_j s_j, Σ_j s_j·c_j and Σ_j c_j over its LbLCA ports (Fb(b) in either reading of eq. 6.4). */
  readonly sumRate: number;
  readonly sumRateCapacity: number;
  readonly sumCapacity: number;
  /** When Θ was measured, ns. */
  readonly measuredNs: number;
}

const TICK = 0;
const SEND = 1;
/** Period when `periodS` is 0 and the scenario has no flow to take an RTT from. */
const FALLBACK_PERIOD_S = 0.1;

/**
 * The LbLCA controller of one router (seed 000 §6.1.1 and Algorithm 2): every period d it
 * measures the router's occupancy Θ(i,k) — the shared buffer's if the router has one (scenario
 * `nodes[].buffer`), else what its LbLCA ports hold together, against the sum of their limits —
 * updates the sending rate of each LbLCA port from the feedback its neighbour last sent (eqs.
 * 6.5–6.6, LblcaQueueDisc.update), then sends its own feedback (Θ, B and the rates just set:
 * eqs. 6.3–6.4) to every neighbour that runs LbLCA, as a control packet on the link towards it,
 * after `feedbackDelayS`. The feedback thus reaches the upstream router Δx = processing + queueing
 * + serialization + propagation later and is used at its next update: Fb(a) = Θ(i+1, k−Δx−1) with
 * Δx counted in periods. Routers update at the same instants k·d (the thesis's discrete time).
 */
export class LblcaRouter implements TimerOwner, ControlReceiver {
  readonly ports: LblcaQueueDisc[] = [];
  private readonly timer: Timer;
  private readonly sendTimer: Timer;
  private readonly pending: LblcaFeedback[] = [];
  private readonly pendingAt: number[] = [];
  private readonly pool: SharedBuffer | undefined;
  /** The update period d, s (resolved at time 0). */
  periodS = NaN;
  /** Updates done. */
  updates = 0;
  /** Θ and B at the last update (router units). */
  lastOccupancy = 0;
  lastBuffer = 0;
  /** Packets when the buffer (shared, else the first port's) counts packets, else bits. */
  units: LblcaUnits = 'packets';

  private constructor(
    readonly node: NodeView,
    private readonly sim: Simulator,
    private readonly flows: FlowTable,
    readonly params: LblcaRouterParams,
  ) {
    this.pool = SharedBuffer.of(node);
    if (this.pool !== undefined) this.units = 'bytes' in this.pool.limit ? 'bits' : 'packets';
    this.timer = sim.timer(this, TICK);
    this.sendTimer = sim.timer(this, SEND);
    this.timer.setAt(sim.now);
    node.control.listen(LBLCA, this);
  }

  /** The router's controller, created by its first LbLCA port. */
  static of(node: NodeView, sim: Simulator, flows: FlowTable, params: LblcaRouterParams): LblcaRouter {
    let r = node.shared.get(LBLCA) as LblcaRouter | undefined;
    if (r === undefined) {
      r = new LblcaRouter(node, sim, flows, params);
      node.shared.set(LBLCA, r);
    }
    return r;
  }

  addPort(p: LblcaQueueDisc): void {
    if (this.pool === undefined && this.ports.length === 0) this.units = 'bytes' in p.portLimit ? 'bits' : 'packets';
    this.ports.push(p);
  }

  /** Factor converting a quantity in `from` units into this router's units. */
  scale(from: LblcaUnits): number {
    const to = this.units;
    if (from === to) return 1;
    const bitsPerPacket = 8 * this.params.packetBytes;
    return from === 'packets' ? bitsPerPacket : 1 / bitsPerPacket;
  }

  /** Θ(i,k) in router units. */
  occupancy(): number {
    const bits = this.units === 'bits';
    if (this.pool !== undefined) return bits ? this.pool.bytes * 8 : this.pool.packets;
    let x = 0;
    for (const p of this.ports) x += bits ? p.dataBytes * 8 : p.dataPackets;
    return x;
  }

  /** B_i in router units. */
  bufferSize(): number {
    const bits = this.units === 'bits';
    if (this.pool !== undefined) return bits ? this.pool.size * 8 : this.pool.size;
    let x = 0;
    for (const p of this.ports) {
      const l = p.portLimit;
      x +=
        'packets' in l
          ? bits
            ? l.packets * 8 * this.params.packetBytes
            : l.packets
          : bits
            ? l.bytes * 8
            : l.bytes / this.params.packetBytes;
    }
    return x;
  }

  onTimer(kind: number, now: number): void {
    if (kind === SEND) {
      this.flush(now);
      return;
    }
    if (Number.isNaN(this.periodS)) {
      // time 0: the flows are routed by now; d = the thesis's RTT unless given
      this.periodS = this.params.periodS > 0 ? this.params.periodS : this.autoPeriodS();
    } else this.update(now);
    this.timer.setAt(now + Math.round(this.periodS * 1e9));
  }

  /** The largest round-trip propagation delay among the flows, s. */
  private autoPeriodS(): number {
    let max = 0;
    for (let i = 0; i < this.flows.count; i++) max = Math.max(max, this.flows.baseRttNs[i]!);
    return max > 0 ? max / 1e9 : FALLBACK_PERIOD_S;
  }

  private update(now: number): void {
    const theta = this.occupancy();
    const buffer = this.bufferSize();
    this.lastOccupancy = theta;
    this.lastBuffer = buffer;
    this.updates++;
    let sumRate = 0;
    let sumRateCapacity = 0;
    let sumCapacity = 0;
    for (const p of this.ports) {
      p.update(theta, buffer, this.periodS);
      const c = p.capacity();
      sumRate += p.sendingRate;
      sumRateCapacity += p.sendingRate * c;
      sumCapacity += c;
    }
    const fb: LblcaFeedback = {
      units: this.units,
      occupancy: theta,
      buffer,
      sumRate,
      sumRateCapacity,
      sumCapacity,
      measuredNs: now,
    };
    this.pending.push(fb);
    this.pendingAt.push(now + Math.round(this.params.feedbackDelayS * 1e9));
    this.flush(now);
  }

  /** Sends the feedback that is due; arms the send timer for the next. */
  private flush(now: number): void {
    while (this.pending.length > 0 && this.pendingAt[0]! <= now) {
      const fb = this.pending.shift()!;
      this.pendingAt.shift();
      for (const p of this.ports) {
        const to = p.toNode;
        if (this.node.control.peerListens(to, LBLCA)) this.node.control.send(to, LBLCA, this.params.feedbackBytes, fb);
      }
    }
    if (this.pending.length > 0) this.sendTimer.setAt(this.pendingAt[0]!);
  }

  /** Feedback from a neighbour: for the port towards it. */
  onControl(msg: ControlMessage): void {
    for (const p of this.ports) if (p.toNode === msg.fromNode) p.receiveFeedback(msg.body as LblcaFeedback);
  }
}
