import type { Packet } from '../net/Packet.js';
import { ClassfulQueueDisc, type ChildFactory } from '../queue/ClassfulQueueDisc.js';
import type { QueueProbeSpec } from '../net/QueueDisc.js';
import { RateVariance } from './RateVariance.js';

export interface QlbpParams {
  /** μ_min as a fraction of the link rate C. */
  minRateFraction: number;
  /** Q_max: queue length (packets) at which the pacing rate reaches C. */
  maxQueuePackets: number;
  /** Pacing buffer (packets); 0 = the port's buffer. */
  pacingBufferPackets: number;
  /** Window for the input/output rate variance, ns. */
  rateWindowNs: number;
}

const PROBES: readonly QueueProbeSpec[] = [
  { key: 'pacingRateBps', label: 'Pacing rate', unit: 'bit/s', description: 'r(q) at the current queue length.' },
  {
    key: 'inputRateCov',
    label: 'Input rate CoV',
    unit: '',
    description: 'Coefficient of variation of the arrival rate per window.',
  },
  {
    key: 'outputRateCov',
    label: 'Output rate CoV',
    unit: '',
    description: 'Coefficient of variation of the departure rate per window (pacing lowers it).',
  },
];

/**
 * Queue-length-based pacing (QLBP) at a router's egress port — a reconstruction from Cai, Hanay &
 * Wolf, "Practical packet pacing in small-buffer networks" (ICC 2009; JSAC 2011), which seed 001
 * uses without giving formulas (digest shared/spec/001-qlbp.md §1). One pacing queue per port,
 * served at a rate that grows with its own length q (packets):
 *
 *     r(q) = μ_min + (C − μ_min) · min(q / Q_max, 1)
 *
 * After a packet of L bytes leaves at t, the next may leave at t + 8L / r(q), q being the queue
 * length when the port next looks (so a growing queue shortens the pending gap — rule (a): more
 * traffic, less pacing delay, full utilisation under load). Packets arriving slower than μ_min
 * find the gap already elapsed and are not delayed (rule (b)). The gap is charged for the packet
 * that left (a pacer's usual "send, then wait L/r"); the digest's "departure = max(arrival,
 * previous departure + 8L/r(q))" leaves open whose L — this is our reading.
 *
 * The pacing queue is a child discipline: a FIFO by default; "stability control" (seed 001's
 * contribution: pacing with fair queueing) is the same pacer over an `fq` child.
 */
export class QlbpQueueDisc extends ClassfulQueueDisc {
  private lastDepartureNs = -Infinity;
  private lastSizeBytes = 0;
  private readonly input: RateVariance;
  private readonly output: RateVariance;

  constructor(
    readonly params: QlbpParams,
    makeChild: ChildFactory,
  ) {
    super(makeChild);
    this.input = new RateVariance(params.rateWindowNs);
    this.output = new RateVariance(params.rateWindowNs);
  }

  /** The pacing rate r(q) for a queue of q packets, bit/s. */
  pacingRateBps(q: number): number {
    const c = this.ctx.port.rateBps;
    const min = this.params.minRateFraction * c;
    return min + (c - min) * Math.min(q / this.params.maxQueuePackets, 1);
  }

  /** Earliest time the next packet may leave. */
  private eligibleNs(): number {
    if (this.lastDepartureNs === -Infinity) return -Infinity;
    return this.lastDepartureNs + (this.lastSizeBytes * 8e9) / this.pacingRateBps(this.lengthPackets);
  }

  protected doEnqueue(pkt: Packet): boolean {
    const cap = this.params.pacingBufferPackets;
    const full = cap > 0 ? this.lengthPackets + 1 > cap : this.overLimit(pkt.sizeBytes);
    if (full) {
      this.dropBeforeEnqueue(pkt, 'overflow');
      return false;
    }
    this.input.add(this.now, pkt.sizeBytes);
    return this.enqueueToChild(0, pkt);
  }

  protected doDequeue(): Packet | null {
    if (this.lengthPackets === 0 || this.now < this.eligibleNs()) return null;
    const p = this.dequeueFromChild(0);
    if (p !== null) {
      this.lastDepartureNs = this.now;
      this.lastSizeBytes = p.sizeBytes;
      this.output.add(this.now, p.sizeBytes);
    }
    return p;
  }

  override nextReadyTimeNs(): number {
    if (this.lengthPackets === 0) return Infinity;
    const t = this.eligibleNs();
    return t > this.now ? t : this.now;
  }

  override probeSpecs(): readonly QueueProbeSpec[] {
    return PROBES;
  }

  override probeValues(out: Float64Array, offset: number): void {
    out[offset] = this.pacingRateBps(this.lengthPackets);
    out[offset + 1] = this.input.cov();
    out[offset + 2] = this.output.cov();
  }

  /** Per-window arrival and departure rate statistics (bit/s). */
  rateStats(): { inputMean: number; inputCov: number; outputMean: number; outputCov: number } {
    return {
      inputMean: this.input.meanBps(),
      inputCov: this.input.cov(),
      outputMean: this.output.meanBps(),
      outputCov: this.output.cov(),
    };
  }
}
