// What a link does to packets beyond its rate, propagation delay and Bernoulli `lossRate`: the
// impairments of Linux's network emulator netem (net/sched/sch_netem.c; Hemminger, "Network
// Emulation with NetEm", linux.conf.au 2005) that a lesson on lossy and wireless paths needs.
// docs/models.md "Link impairments" gives the distributions and where the model differs from netem.
import type { EventHandler, EventQueue } from '../core/EventQueue.js';
import type { Random } from '../core/Random.js';
import type { Packet } from './Packet.js';

/** The distribution of the delay a packet gets on top of the link's propagation delay. */
export type JitterDistribution = 'uniform' | 'normal' | 'pareto';

/** Gilbert–Elliott burst loss: a two-state Markov chain stepped once per packet. */
export interface BurstLossSpec {
  /** P(good → bad) per packet (netem `p`). */
  p: number;
  /** P(bad → good) per packet (netem `r`). */
  r: number;
  /** Loss probability while good (netem `1 − k`; 0 in the Gilbert model). */
  lossGood: number;
  /** Loss probability while bad (netem `1 − h`; 1 in the simple Gilbert model). */
  lossBad: number;
}

/** One direction's impairments, resolved. */
export interface ImpairmentSpec {
  burstLoss: BurstLossSpec | null;
  /**
   * The scale of the added delay, ns: the half-width of a uniform jitter (delay ± jitter, as
   * netem's default), the standard deviation of a normal or Pareto one. 0: none.
   */
  jitterNs: number;
  jitterDistribution: JitterDistribution;
  /**
   * Whether a packet may overtake one sent before it when their jitters differ (netem's time-sorted
   * queue). Without it a packet arrives no earlier than the one before it (netem with a FIFO child).
   */
  reorder: boolean;
  /** Probability that a packet arriving at the port is queued twice (netem `duplicate`). */
  duplicate: number;
}

/** Pareto shape of the 'pareto' jitter; with it the variance is finite and the tail heavy. */
export const PARETO_JITTER_SHAPE = 3;
// A Pareto variable of shape α and scale 1 has mean α/(α−1) and standard deviation
// √(α/(α−2))/(α−1); the jitter is it standardised to mean 0 and deviation 1, times jitterNs.
const PARETO_MEAN = PARETO_JITTER_SHAPE / (PARETO_JITTER_SHAPE - 1);
const PARETO_SD = Math.sqrt(PARETO_JITTER_SHAPE / (PARETO_JITTER_SHAPE - 2)) / (PARETO_JITTER_SHAPE - 1);

/** Whether `spec` impairs anything at all. */
export function impairs(spec: ImpairmentSpec): boolean {
  return spec.burstLoss !== null || spec.jitterNs > 0 || spec.duplicate > 0;
}

/**
 * A direction's impairments as they run: the Gilbert–Elliott chain's state and the random draws,
 * from a stream of their own so that adding jitter to a link does not change which packets its
 * Bernoulli `lossRate` loses.
 */
export class LinkImpairment {
  /** Whether the Gilbert–Elliott chain is in its bad state. */
  bad = false;
  /** Packets lost by the burst-loss chain. */
  burstLosses = 0;
  /** Copies made by duplication. */
  copies = 0;

  constructor(
    readonly spec: ImpairmentSpec,
    private readonly random: Random,
  ) {}

  /**
   * One step of the Gilbert–Elliott chain for a packet put on the wire; whether it is lost. As
   * netem's loss_gilb_ell: the state the packet finds decides both the transition (first draw)
   * and the loss probability (second draw), so a burst starts with the packet after the one that
   * moved the chain to bad. Stationary P(bad) = p/(p+r); loss rate = P(good)·lossGood +
   * P(bad)·lossBad; with lossGood 0 and lossBad 1 a burst lasts 1/r packets on average.
   */
  lostInBurst(): boolean {
    const b = this.spec.burstLoss;
    if (b === null) return false;
    const wasBad = this.bad;
    if (this.random.next() < (wasBad ? b.r : b.p)) this.bad = !wasBad;
    if (this.random.next() < (wasBad ? b.lossBad : b.lossGood)) {
      this.burstLosses++;
      return true;
    }
    return false;
  }

  /** The delay a packet gets on top of the propagation delay, ns (may be negative). */
  jitterNs(): number {
    const s = this.spec;
    if (s.jitterNs === 0) return 0;
    switch (s.jitterDistribution) {
      case 'uniform':
        return s.jitterNs * (2 * this.random.next() - 1);
      case 'normal':
        return s.jitterNs * this.random.normal();
      case 'pareto': {
        const x = Math.pow(1 - this.random.next(), -1 / PARETO_JITTER_SHAPE);
        return (s.jitterNs * (x - PARETO_MEAN)) / PARETO_SD;
      }
    }
  }

  /** Whether a packet arriving at the port is to be queued twice. */
  duplicates(): boolean {
    if (!(this.spec.duplicate > 0) || !(this.random.next() < this.spec.duplicate)) return false;
    this.copies++;
    return true;
  }
}

/**
 * Packets on a wire that may reorder them: each has its own arrival event, so a packet with less
 * jitter overtakes one sent before it. Slots are reused; `deliver` gets each packet at its time.
 */
export class ReorderingWire implements EventHandler {
  private readonly pkts: (Packet | null)[] = [];
  /** Per slot: departure and arrival time. */
  private readonly times: number[] = [];
  private readonly freeSlots: number[] = [];
  count = 0;

  constructor(
    private readonly queue: EventQueue,
    private readonly deliver: (pkt: Packet) => void,
  ) {}

  /** Puts `pkt` on the wire to arrive at `arriveNs`, ordered among same-time events by `seq`. */
  push(pkt: Packet, departNs: number, arriveNs: number, seq: number): void {
    const slot = this.freeSlots.length > 0 ? this.freeSlots.pop()! : this.pkts.length;
    this.pkts[slot] = pkt;
    this.times[2 * slot] = departNs;
    this.times[2 * slot + 1] = arriveNs;
    this.count++;
    this.queue.pushReserved(arriveNs, seq, this, 0, slot);
  }

  handleEvent(_kind: number, slot: number): void {
    const pkt = this.pkts[slot]!;
    this.pkts[slot] = null;
    this.freeSlots.push(slot);
    this.count--;
    this.deliver(pkt);
  }

  /** Calls `each` for every packet on the wire with its departure and arrival time. */
  forEach(each: (pkt: Packet, departNs: number, arriveNs: number) => void): void {
    for (let i = 0; i < this.pkts.length; i++) {
      const p = this.pkts[i];
      if (p) each(p, this.times[2 * i]!, this.times[2 * i + 1]!);
    }
  }
}
