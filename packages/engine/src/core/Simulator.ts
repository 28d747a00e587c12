import { EventQueue, type EventHandler } from './EventQueue.js';
import { Random } from './Random.js';

export interface TimerOwner {
  onTimer(kind: number, now: number): void;
}

/**
 * A cancellable, re-armable timer. Re-arming to a later deadline while an earlier event is still
 * pending does not touch the heap: when the pending event fires it re-posts itself at the new
 * deadline. This keeps retransmission timers (re-armed on every ACK) off the hot path. The
 * re-posted event keeps the insertion sequence reserved when the timer was armed, so among events
 * at the same instant it runs exactly where an eagerly rescheduled timer would (as in ns-2).
 */
export class Timer implements EventHandler {
  private deadline = NaN;
  private pendingAt = NaN;
  private gen = 0;
  /** Event-order sequence reserved when the timer was last armed. */
  private seq = 0;

  constructor(
    private readonly sim: Simulator,
    private readonly owner: TimerOwner,
    private readonly kind: number,
  ) {}

  get armed(): boolean {
    return this.deadline === this.deadline;
  }

  /** Deadline in ns, or NaN when idle. */
  get expiry(): number {
    return this.deadline;
  }

  /** Arms (or re-arms) the timer to fire at absolute time `at` (ns). */
  setAt(at: number): void {
    if (at < this.sim.now) throw new Error(`cannot arm a timer in the past (${at} < ${this.sim.now})`);
    this.deadline = at;
    this.seq = this.sim.queue.reserveSeq();
    if (!(this.pendingAt <= at)) {
      this.gen++;
      this.pendingAt = at;
      this.sim.queue.pushReserved(at, this.seq, this, 0, this.gen);
    }
  }

  setAfter(delayNs: number): void {
    this.setAt(this.sim.now + delayNs);
  }

  cancel(): void {
    this.deadline = NaN;
  }

  handleEvent(_kind: number, gen: number): void {
    if (gen !== this.gen) return;
    this.pendingAt = NaN;
    const d = this.deadline;
    if (d !== d) return;
    const now = this.sim.now;
    if (d > now) {
      this.gen++;
      this.pendingAt = d;
      this.sim.queue.pushReserved(d, this.seq, this, 0, this.gen);
      return;
    }
    this.deadline = NaN;
    this.owner.onTimer(this.kind, now);
  }
}

export type StopReason = 'time' | 'idle' | 'events' | 'stopped';

/** The discrete-event kernel: a clock in integer nanoseconds and the pending-event heap. */
export class Simulator {
  readonly queue = new EventQueue();
  now = 0;
  eventsProcessed = 0;
  private stopRequested = false;

  constructor(readonly seed: number) {}

  /** A random stream independent of every other named stream for the same run seed. */
  random(stream: string): Random {
    return new Random(this.seed, stream);
  }

  schedule(at: number, handler: EventHandler, kind: number, arg = 0): void {
    if (at < this.now) throw new Error(`cannot schedule in the past (${at} < ${this.now})`);
    this.queue.push(at, handler, kind, arg);
  }

  timer(owner: TimerOwner, kind: number): Timer {
    return new Timer(this, owner, kind);
  }

  /** Requests that the current run loop returns after the event being processed. */
  stop(): void {
    this.stopRequested = true;
  }

  /**
   * Processes events with time ≤ `until` (ns), at most `maxEvents` of them. The clock ends at
   * `until` when the time limit is reached, so a later call continues seamlessly.
   */
  run(until = Infinity, maxEvents = Infinity): StopReason {
    const q = this.queue;
    this.stopRequested = false;
    let n = 0;
    while (q.size > 0) {
      const t = q.headTime();
      if (t > until) {
        this.now = until;
        this.eventsProcessed += n;
        return 'time';
      }
      if (n >= maxEvents) {
        this.eventsProcessed += n;
        return 'events';
      }
      this.now = t;
      q.popAndDispatch();
      n++;
      if (this.stopRequested) {
        this.eventsProcessed += n;
        return 'stopped';
      }
    }
    this.eventsProcessed += n;
    if (until !== Infinity) this.now = until;
    return 'idle';
  }
}
