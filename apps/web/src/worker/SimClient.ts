/**
 * The UI side of the simulation worker: sends typed commands, and applies the worker's frames
 * once per animation frame (several frames that arrive between two paints are merged).
 *
 * It also watches the worker. A worker that fails (`error`), sends a message that cannot be read
 * (`messageerror`), or stops answering pings (terminated, killed for memory, or stuck in a loop)
 * is replaced by a new one, the scenario is loaded again (paused at time zero), and the lab is
 * told what happened (`SimClientOptions.report`). Pings are answered between slices of work, so a
 * busy batch run answers within milliseconds; a worker is declared lost only after `deadlineMs`
 * with a ping unanswered while the page itself kept running (a page asleep in a background tab,
 * or frozen, restarts the wait instead of raising a false alarm). Before work that cannot be
 * sliced (building a scenario, a step) the worker says it is busy, and BUSY_DEADLINE_MS applies.
 */
import type { ScenarioInput } from '@cclab/engine';
import type { SeriesStore } from '../state/SeriesStore';
import type { RunStore } from '../state/runStore';
import type { LiveView } from './LiveView';
import { clipMessage } from '../clipText';
import {
  PROTOCOL_VERSION,
  type Frame,
  type FromWorker,
  type RunMeta,
  type RunStatus,
  type SeekThen,
  type ToWorker,
  type WorkerFault,
} from './protocol';
import {
  BUSY_DEADLINE_MS,
  DEADLINE_MS,
  LOSS_WINDOW_MS,
  MAX_LOSSES,
  PING_MS,
  type RunTrouble,
  type SimClientOptions,
  type WorkerLike,
} from './simClientOptions';

export { BUSY_DEADLINE_MS, DEADLINE_MS, PING_MS, type RunTrouble, type SimClientOptions, type WorkerLike };

export class SimClient {
  private worker: WorkerLike;
  private runId = 0;
  private pending: Frame[] = [];
  private rafScheduled = false;
  /** Start playing as soon as the scenario is loaded. */
  private playWhenLoaded = false;
  private scenario: ScenarioInput | null = null;
  /** A load was sent and neither `loaded` nor `invalid` came back yet. */
  private loading = false;
  /** The pending load was made by a restart (a second loss during it stops the restarts). */
  private loadIsRecovery = false;
  private readonly lossTimes: number[] = [];
  private pingSeq = 0;
  /** Sequence number of the last command sent. */
  private cmdSeq = 0;
  /** Sequence number of the last command that set the status here (play, pause, step, batch). */
  private statusSeq = 0;
  /** When the oldest unanswered ping was sent (null: none outstanding). */
  private awaitingSince: number | null = null;
  private lastWatchTick = 0;
  /** The worker's last word was that it is busy (a longer deadline applies). */
  private busy = false;
  private readonly watchHandle: unknown;
  private readonly schedule: (cb: () => void) => void;
  private readonly clock: () => number;
  private readonly opts: SimClientOptions;
  /** A seek got there: its run from zero replaces the series at the next paint. */
  private seekedMeta: RunMeta | null = null;
  /** A seek was sent and its run is not shown yet. */
  private seekInFlight = false;
  /** Where to seek next once the one on its way is shown (a drag goes on meanwhile). */
  private queuedSeek: number | null = null;

  constructor(
    private readonly makeWorker: () => WorkerLike,
    private readonly run: RunStore,
    private readonly series: SeriesStore,
    private readonly live: LiveView,
    opts: SimClientOptions = {},
  ) {
    this.opts = opts;
    this.schedule = opts.schedule ?? ((cb) => requestAnimationFrame(cb));
    this.clock = opts.clock ?? (() => performance.now());
    this.worker = this.spawn();
    this.lastWatchTick = this.clock();
    const every = opts.setInterval ?? ((cb: () => void, ms: number) => setInterval(cb, ms));
    this.watchHandle = every(() => this.watch(), opts.pingMs ?? PING_MS);
  }

  private spawn(): WorkerLike {
    const w = this.makeWorker();
    w.onmessage = (ev) => {
      if (w === this.worker) this.receive(ev.data);
    };
    w.onerror = (ev) => {
      ev.preventDefault?.(); // reported to the user below, not as a console error
      if (w === this.worker) this.lose(`the simulation worker failed (${ev.message || 'an uncaught error'})`);
    };
    w.onmessageerror = () => {
      if (w === this.worker) this.lose('a message from the simulation worker could not be read');
    };
    this.awaitingSince = null;
    this.busy = false;
    return w;
  }

  private send(msg: ToWorker): void {
    this.worker.postMessage({ ...msg, seq: ++this.cmdSeq });
  }

  /** Sends a command that changes the run's status, and shows that status at once. */
  private command(msg: ToWorker, status: RunStatus): void {
    this.send(msg);
    this.statusSeq = this.cmdSeq;
    this.run.setState({ status });
  }

  /** Loads (or reloads) a scenario; the run restarts from time zero. */
  load(scenario: ScenarioInput, autoplay: boolean): void {
    this.scenario = scenario;
    this.runId++;
    this.pending = [];
    this.playWhenLoaded = autoplay;
    this.loading = true;
    this.loadIsRecovery = false;
    this.seekedMeta = null;
    this.seekInFlight = false;
    this.queuedSeek = null;
    this.run.setState({
      status: 'idle',
      nowNs: 0,
      progress: 0,
      issues: [],
      crash: null,
      summary: null,
      reachedNs: 0,
      seekingToNs: null,
    });
    // The engine ignores `view` (the lab's own free-form state), so it is not sent.
    const { view: _view, ...forEngine } = scenario;
    try {
      this.send({ v: PROTOCOL_VERSION, type: 'load', runId: this.runId, scenario: forEngine });
    } catch (e) {
      // postMessage copies the scenario and throws on what it cannot copy (nesting too deep)
      this.loading = false;
      const message = `the scenario could not be handed to the simulation (${(e as Error).message})`;
      this.run.setState({ status: 'error', meta: null, crash: message });
      this.opts.report?.({ kind: 'worker-gave-up', message, atNs: 0 });
    }
  }

  /**
   * Rewind (or go forward) to `toNs`: the worker re-simulates `scenario` (by default the one it
   * runs) from zero to there and the view shows that moment: the charts up to it, the packets,
   * queues and gauges at it, the summary as of it. The run then pauses there, or does what
   * `then` says (a change of the recorded events keeps a playing run playing). A newer seek
   * replaces one still on its way. A different `scenario` (an event undone, the future after a
   * rewind replaced) makes the time reached so far this one.
   */
  seek(toNs: number, scenario: ScenarioInput | null = this.scenario, then: SeekThen = 'paused'): void {
    const st = this.run.getState();
    if (!scenario || st.status === 'idle' || st.status === 'error' || st.meta === null) return;
    const t = Math.max(0, Math.min(toNs, st.durationNs));
    this.run.setState({ seekingToNs: t });
    // while dragging, one seek at a time: the latest position goes once the one on its way is shown
    if (this.seekInFlight && scenario === this.scenario && then === 'paused') {
      this.queuedSeek = t;
      return;
    }
    if (scenario !== this.scenario) this.run.setState({ reachedNs: t });
    this.scenario = scenario;
    this.runId++;
    this.pending = [];
    this.seekedMeta = null;
    this.seekInFlight = true;
    this.queuedSeek = null;
    const { view: _view, ...forEngine } = scenario;
    this.command({ v: PROTOCOL_VERSION, type: 'seek', runId: this.runId, scenario: forEngine, toNs: t, then }, then);
  }

  /**
   * Hands the worker the same scenario with more timed events (a change made while the run goes
   * on): no restart, the clock goes on, the events apply at their times.
   */
  addEvents(scenario: ScenarioInput): void {
    this.scenario = scenario;
    const { view: _view, ...forEngine } = scenario;
    this.send({ v: PROTOCOL_VERSION, type: 'events', runId: this.runId, scenario: forEngine });
  }

  /**
   * Takes `scenario` as the one the worker runs, without sending it: the same run, with its
   * events' times written down as the worker applied them (Reset and Replay load this one).
   */
  adopt(scenario: ScenarioInput): void {
    this.scenario = scenario;
  }

  /** Told the simulated time each added event applies at ([index in `events`, tNs]). */
  onEventsTimed: ((times: [number, number][]) => void) | null = null;

  /** Whether a run has started and not ended: a change now is a timed event, not a restart. */
  get midRun(): boolean {
    const st = this.run.getState();
    return (st.status === 'playing' || st.status === 'paused' || st.status === 'batch') && st.nowNs > 0;
  }

  play(): void {
    const st = this.run.getState();
    if (st.status === 'done') {
      if (this.scenario) this.load(this.scenario, true);
      return;
    }
    if (st.status === 'idle') {
      this.playWhenLoaded = true; // still loading: play once it is there
      return;
    }
    if (st.status !== 'paused') return;
    this.command({ v: 1, type: 'play', speed: st.speed }, 'playing');
  }

  /** Pauses a run that plays, and stops a batch run (like Cancel). */
  pause(): void {
    const s = this.run.getState().status;
    if (s === 'idle') this.playWhenLoaded = false;
    if (s !== 'playing' && s !== 'batch') return;
    this.command({ v: 1, type: 'pause' }, 'paused');
  }

  step(): void {
    const s = this.run.getState().status;
    if (s !== 'paused' && s !== 'playing') return;
    this.command({ v: 1, type: 'step' }, 'paused');
  }

  reset(): void {
    if (this.scenario) this.load(this.scenario, false);
  }

  setSpeed(speed: number): void {
    this.run.setState({ speed });
    this.send({ v: 1, type: 'speed', speed });
  }

  batch(): void {
    const s = this.run.getState().status;
    if (s !== 'paused' && s !== 'playing') return;
    this.command({ v: 1, type: 'batch' }, 'batch');
  }

  /**
   * Runs to exactly `toNs` and pauses there (the split view's shared clock sets each step); `speed`
   * decides whether packets are animated on the way, as at that speed.
   */
  advance(toNs: number, speed: number): void {
    const s = this.run.getState().status;
    if (s !== 'paused' && s !== 'playing' && s !== 'batch') return;
    this.command({ v: 1, type: 'advance', toNs, speed }, Number.isFinite(speed) ? 'playing' : 'batch');
  }

  cancel(): void {
    this.send({ v: 1, type: 'cancel' });
  }

  /** Whether the run is advancing (playing or batch). */
  get active(): boolean {
    const s = this.run.getState().status;
    return s === 'playing' || s === 'batch';
  }

  terminate(): void {
    this.worker.terminate();
    (this.opts.clearInterval ?? ((h: unknown) => clearInterval(h as ReturnType<typeof setInterval>)))(this.watchHandle);
  }

  /** Tests and the devtools console: make the worker fail (`kill` terminates it from here). */
  injectFault(fault: WorkerFault | 'kill'): void {
    if (fault === 'kill') this.worker.terminate();
    else this.send({ v: 1, type: 'fault', fault });
  }

  /** One heartbeat: a lost worker is replaced; otherwise a ping goes out if none is outstanding. */
  private watch(): void {
    const now = this.clock();
    const period = this.opts.pingMs ?? PING_MS;
    // The page itself was asleep (background tab, frozen main thread): the worker may have
    // answered in the meantime without the answer being read yet, so start the wait again.
    if (now - this.lastWatchTick > 3 * period) this.awaitingSince = null;
    this.lastWatchTick = now;
    if (this.awaitingSince !== null) {
      const waited = now - this.awaitingSince;
      if (waited > (this.busy ? BUSY_DEADLINE_MS : (this.opts.deadlineMs ?? DEADLINE_MS)))
        this.lose(`the simulation stopped responding (no answer for ${Math.round(waited / 1000)} s)`);
      return;
    }
    this.awaitingSince = now;
    this.send({ v: 1, type: 'ping', seq: ++this.pingSeq });
  }

  /** The worker is gone or unusable: replace it, keep the scenario, and say what happened. */
  private lose(why: string): void {
    const now = this.clock();
    const atNs = this.run.getState().nowNs;
    const old = this.worker;
    old.onmessage = null;
    old.onerror = null;
    old.onmessageerror = null;
    old.terminate();
    this.lossTimes.push(now);
    while (this.lossTimes.length > 0 && now - this.lossTimes[0]! > LOSS_WINDOW_MS) this.lossTimes.shift();
    const secondDuringRecovery = this.loading && this.loadIsRecovery;
    this.worker = this.spawn();
    this.pending = [];
    this.series.reset(null);
    this.live.reset(null);
    if (secondDuringRecovery || this.lossTimes.length > MAX_LOSSES || !this.scenario) {
      this.runId++;
      this.loading = false;
      const message = secondDuringRecovery
        ? `${why}, again while loading this scenario; it was not loaded again. Reset tries once more.`
        : `${why}; the simulation worker failed ${this.lossTimes.length} times in a minute, so it is not restarted by itself. Reset tries again.`;
      this.run.setState({ status: 'error', meta: null, nowNs: 0, progress: 0, issues: [], crash: message });
      this.opts.report?.({ kind: 'worker-gave-up', message, atNs });
      return;
    }
    this.load(this.scenario, false);
    this.loadIsRecovery = true;
    this.opts.report?.({ kind: 'worker-restarted', message: why, atNs });
  }

  private receive(msg: FromWorker): void {
    this.awaitingSince = null; // any message shows the worker is alive
    this.busy = msg.type === 'busy';
    if (msg.v !== PROTOCOL_VERSION || msg.type === 'pong' || msg.type === 'busy' || msg.runId !== this.runId) return;
    if (msg.type === 'loaded') {
      this.loading = false;
      this.loadIsRecovery = false;
      this.series.reset(msg.meta);
      this.live.reset(msg.meta);
      this.run.setState({ meta: msg.meta, durationNs: msg.meta.durationNs, status: 'paused', issues: [], crash: null });
      if (this.playWhenLoaded) this.play();
    } else if (msg.type === 'seeked') {
      this.seekedMeta = msg.meta;
      this.seekInFlight = false;
      this.run.setState({ meta: msg.meta, seekingToNs: this.queuedSeek });
    } else if (msg.type === 'eventsTimed') {
      this.onEventsTimed?.(msg.times);
    } else if (msg.type === 'invalid') {
      this.loading = false;
      this.loadIsRecovery = false;
      this.series.reset(null);
      this.live.reset(null);
      this.seekInFlight = false;
      this.queuedSeek = null;
      this.run.setState({ meta: null, status: 'error', issues: msg.issues, seekingToNs: null });
    } else if (msg.type === 'crashed') {
      // The run stops where the engine threw; the series so far stay on the charts (frames still
      // waiting for a paint are applied first), later frames of this run are ignored, and Play
      // (shown as Replay) or Reset start it again from time zero.
      this.flush();
      this.runId++;
      this.loading = false;
      this.seekInFlight = false;
      this.queuedSeek = null;
      this.run.setState({ status: 'done', crash: clipMessage(msg.message), nowNs: msg.atNs, seekingToNs: null });
      this.opts.report?.({ kind: 'engine-error', message: msg.message, atNs: msg.atNs });
    } else {
      this.pending.push(msg);
      if (!this.rafScheduled) {
        this.rafScheduled = true;
        this.schedule(() => this.flush());
      }
    }
  }

  /** Applies every frame received since the last paint. */
  flush(): void {
    this.rafScheduled = false;
    const frames = this.pending;
    this.pending = [];
    if (frames.length === 0) return;
    const now = performance.now();
    let summary = null;
    const restart = this.seekedMeta;
    if (restart) {
      // the frame after `seeked` holds the run from zero to the time sought
      this.seekedMeta = null;
      this.series.reset(restart);
      this.live.reset(restart);
      this.run.setState({ summary: null });
    }
    for (const f of frames) {
      if (f.runId !== this.runId) continue;
      this.series.append(f);
      this.live.apply(f, now);
      if (f.summary) summary = f.summary;
    }
    if (summary) this.run.setState({ summary });
    const last = frames[frames.length - 1]!;
    if (last.runId !== this.runId) return;
    const cur = this.run.getState();
    // The status shown after a command (Play, Pause, Step, Run to end) stands until a frame made
    // after the worker handled that command; a frame from before it must not undo it.
    const current = (last.ack ?? this.cmdSeq) >= this.statusSeq;
    const status = current && last.status !== 'idle' ? last.status : cur.status;
    this.run.setState({
      nowNs: last.nowNs,
      progress: last.progress,
      status,
      reachedNs: Math.max(cur.reachedNs, last.nowNs),
    });
    if (restart && this.queuedSeek !== null) {
      const next = this.queuedSeek;
      this.queuedSeek = null;
      if (next !== last.nowNs) this.seek(next);
      else this.run.setState({ seekingToNs: null });
    }
  }
}
