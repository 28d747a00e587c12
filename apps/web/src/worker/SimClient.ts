/**
 * The UI side of the simulation worker: sends typed commands, and applies the worker's frames
 * once per animation frame (several frames that arrive between two paints are merged).
 */
import type { ScenarioInput } from '@cclab/engine';
import type { SeriesStore } from '../state/SeriesStore';
import type { RunStore } from '../state/runStore';
import type { LiveView } from './LiveView';
import { PROTOCOL_VERSION, type Frame, type FromWorker, type ToWorker } from './protocol';

export interface WorkerLike {
  postMessage(msg: ToWorker): void;
  onmessage: ((ev: MessageEvent<FromWorker>) => void) | null;
  terminate(): void;
}

export class SimClient {
  private worker: WorkerLike;
  private runId = 0;
  private pending: Frame[] = [];
  private rafScheduled = false;
  /** Start playing as soon as the scenario is loaded. */
  private playWhenLoaded = false;
  private scenario: ScenarioInput | null = null;

  constructor(
    private readonly makeWorker: () => WorkerLike,
    private readonly run: RunStore,
    private readonly series: SeriesStore,
    private readonly live: LiveView,
    private readonly schedule: (cb: () => void) => void = (cb) => requestAnimationFrame(cb),
  ) {
    this.worker = this.spawn();
  }

  private spawn(): WorkerLike {
    const w = this.makeWorker();
    w.onmessage = (ev) => this.receive(ev.data);
    return w;
  }

  private send(msg: ToWorker): void {
    this.worker.postMessage(msg);
  }

  /** Loads (or reloads) a scenario; the run restarts from time zero. */
  load(scenario: ScenarioInput, autoplay: boolean): void {
    this.scenario = scenario;
    this.runId++;
    this.pending = [];
    this.playWhenLoaded = autoplay;
    this.run.setState({ status: 'idle', nowNs: 0, progress: 0, issues: [], crash: null });
    this.send({ v: PROTOCOL_VERSION, type: 'load', runId: this.runId, scenario });
  }

  play(): void {
    const st = this.run.getState();
    if (st.status === 'done') {
      if (this.scenario) this.load(this.scenario, true);
      return;
    }
    this.send({ v: 1, type: 'play', speed: st.speed });
    this.run.setState({ status: 'playing' });
  }

  pause(): void {
    this.send({ v: 1, type: 'pause' });
    this.run.setState({ status: 'paused' });
  }

  step(): void {
    this.send({ v: 1, type: 'step' });
    this.run.setState({ status: 'paused' });
  }

  reset(): void {
    if (this.scenario) this.load(this.scenario, false);
  }

  setSpeed(speed: number): void {
    this.run.setState({ speed });
    this.send({ v: 1, type: 'speed', speed });
  }

  batch(): void {
    this.send({ v: 1, type: 'batch' });
    this.run.setState({ status: 'batch' });
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
  }

  private receive(msg: FromWorker): void {
    if (msg.v !== PROTOCOL_VERSION || msg.runId !== this.runId) return;
    if (msg.type === 'loaded') {
      this.series.reset(msg.meta);
      this.live.reset(msg.meta);
      this.run.setState({ meta: msg.meta, durationNs: msg.meta.durationNs, status: 'paused', issues: [], crash: null });
      if (this.playWhenLoaded) this.play();
    } else if (msg.type === 'invalid') {
      this.series.reset(null);
      this.live.reset(null);
      this.run.setState({ meta: null, status: 'error', issues: msg.issues });
    } else if (msg.type === 'crashed') {
      this.run.setState({ status: 'error', crash: msg.message });
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
    for (const f of frames) {
      if (f.runId !== this.runId) continue;
      this.series.append(f);
      this.live.apply(f, now);
    }
    const last = frames[frames.length - 1]!;
    if (last.runId !== this.runId) return;
    const cur = this.run.getState();
    // A local 'playing'/'paused' set by a command wins until the worker confirms it.
    const status = cur.status === 'paused' && last.status === 'playing' ? 'paused' : last.status;
    this.run.setState({ nowNs: last.nowNs, progress: last.progress, status: status === 'idle' ? cur.status : status });
  }
}
