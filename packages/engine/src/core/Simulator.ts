import { CounterBlock } from './CounterBlock.js';
import { EventQueue, type EventHandler } from './EventQueue.js';
import { holdAsDoubles } from './doubleFields.js';
import { groupThousands } from './limits.js';
import { Random } from './Random.js';
import { formatSimTime, NoProgressError } from './SimulationError.js';

/**
 * Events that may run at one simulated instant before a run is declared stuck. A sound scenario
 * has a few per flow and port at any instant (5000 flows starting together make tens of
 * thousands); a source whose gap rounds to 0 ns, or a zero-delay loop, makes millions.
 */
export const MAX_EVENTS_PER_INSTANT = 1_000_000;
/** Events before the watchdog's first comparison (which only marks the clock; see `run`). */
const FIRST_PROGRESS_CHECK = 1000;

export interface TimerOwner {
  onTimer(kind: number, now: number): void;
}

/**
 * A cancellable, re-armable timer. Re-arming to a later deadline while an earlier event is still
 * pending does not touch the event set: when the pending event fires it re-posts itself at the new
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

  /** Whom the timer calls (to say which model a stuck run is spinning in). */
  get target(): TimerOwner {
    return this.owner;
  }

  /** Arms (or re-arms) the timer to fire at absolute time `at` (ns). */
  setAt(at: number): void {
    if (!(at >= this.sim.now))
      throw new Error(
        at < this.sim.now ? `cannot arm a timer in the past (${at} < ${this.sim.now})` : `cannot arm a timer at ${at}`,
      );
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

let dispatchWarmedUp = false;

/**
 * Dispatches a few events to an idle timer through a throwaway queue, once per process, before
 * the first simulation schedules anything. V8 records which handler classes an event dispatch
 * meets (the type feedback that its optimizing compiler specializes the dispatch on) only once
 * `popAndDispatch` has run a few times; without this the first events of a run — the probe
 * sampler's row at t = 0 among them — go unrecorded, the optimized event loop knows only the
 * ports, timers and flows, and the sampler's next row (a probe interval later) deoptimizes it
 * and makes V8 compile it again (docs/performance.md). An idle timer ignores these events
 * (another generation), and its class is one the dispatch meets in every run anyway.
 */
function warmUpDispatch(sim: Simulator): void {
  dispatchWarmedUp = true;
  const queue = new EventQueue(16);
  const idle = new Timer(sim, { onTimer: () => {} }, 0);
  // the calendar's insertion paths too (into an empty bucket, before its head, after its tail,
  // in between, and a crowded bucket), its first calibration (EventQueue.FIRST_CALIBRATION pops)
  // and its search past an empty year, which a run otherwise first takes after its event loop
  // was optimized
  const times = [500, 100, 900, 300, 700, 1];
  for (let i = 0; i < 40; i++) times.push(2 + i);
  for (const t of times) queue.push(t, idle, 0, -1);
  while (queue.size > 0) queue.popAndDispatch();
  // and an event more than a calendar year ahead (the direct search of the buckets' heads)
  queue.push(1e12, idle, 0, -1);
  queue.popAndDispatch();
}

/** The discrete-event kernel: a clock in integer nanoseconds and the pending-event set. */
export class Simulator {
  readonly queue = new EventQueue();
  /** Counters every port updates per packet (CounterBlock). */
  readonly counters = new CounterBlock();
  now = 0;
  eventsProcessed = 0;
  private stopRequested = false;
  /**
   * Watchdog: total event count at which simulated time is next compared with `progressMarkNs`.
   * The first comparison comes after FIRST_PROGRESS_CHECK events, the next ones every
   * MAX_EVENTS_PER_INSTANT: the comparison's code then runs before V8 optimizes the event loop,
   * whose optimized code would otherwise deoptimize (and be compiled again) at the first
   * comparison, a million events into every run (docs/performance.md).
   */
  private progressCheckAt = FIRST_PROGRESS_CHECK;
  private progressMarkNs = -1;

  constructor(readonly seed: number) {
    holdAsDoubles(this, ['now', 'progressMarkNs']);
    if (!dispatchWarmedUp) warmUpDispatch(this);
  }

  /** A random stream independent of every other named stream for the same run seed. */
  random(stream: string): Random {
    return new Random(this.seed, stream);
  }

  schedule(at: number, handler: EventHandler, kind: number, arg = 0): void {
    // NaN fails this test too: an event at NaN would corrupt the event set's order
    if (!(at >= this.now))
      throw new Error(at < this.now ? `cannot schedule in the past (${at} < ${this.now})` : `cannot schedule at ${at}`);
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
   *
   * A watchdog compares the clock every MAX_EVENTS_PER_INSTANT events (one comparison per event):
   * if it has not moved since the last comparison, that many events ran at one instant and the
   * run throws NoProgressError instead of spinning for ever.
   */
  run(until = Infinity, maxEvents = Infinity): StopReason {
    const q = this.queue;
    this.stopRequested = false;
    let n = 0;
    let nextCheck = this.progressCheckAt - this.eventsProcessed;
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
      if (n === nextCheck) nextCheck = this.checkProgress(n);
      if (this.stopRequested) {
        this.eventsProcessed += n;
        return 'stopped';
      }
    }
    this.eventsProcessed += n;
    if (until !== Infinity) this.now = until;
    return 'idle';
  }

  /** The watchdog's comparison after `n` events of the current run; returns the next one's n. */
  private checkProgress(n: number): number {
    if (this.now === this.progressMarkNs) {
      this.eventsProcessed += n;
      throw new NoProgressError(
        `no simulated-time progress in ${groupThousands(MAX_EVENTS_PER_INSTANT)} events at t = ${formatSimTime(this.now)}: the run is stuck at one instant`,
        this.now,
        this.queue.peekHandler(),
      );
    }
    this.progressMarkNs = this.now;
    this.progressCheckAt = this.eventsProcessed + n + MAX_EVENTS_PER_INSTANT;
    return n + MAX_EVENTS_PER_INSTANT;
  }
}
