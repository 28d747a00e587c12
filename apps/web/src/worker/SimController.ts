/**
 * Drives one engine Simulation for the worker: pacing (animated runs follow wall time × speed),
 * batch runs (as fast as possible, in slices), and packing everything that happened since the
 * last frame into one transferable Frame. Pure TypeScript with an injectable clock, so it is
 * unit-tested in Node without a Worker.
 */
import {
  Simulation,
  ScenarioError,
  validateScenario,
  type BriefRunSummary,
  type ScenarioInput,
  type ScenarioIssue,
  IN_FLIGHT_STRIDE,
} from '@cclab/engine';
import { CodeTable } from './CodeTable';
import { FramePorts } from './FramePorts';
import { FLIGHT_STRIDE, type Frame, type RunMeta, type RunStatus, type SeekThen } from './protocol';
import { forTheLab, runMeta } from './runMeta';
import { SampleThinner } from './SampleThinner';
import { EVENTS_PER_CLOCK_CHECK, nextEventsPerCheck } from './pacing';

export { CHECK_MS, EVENTS_PER_CLOCK_CHECK, MIN_EVENTS_PER_CLOCK_CHECK, SUMMARY_MS, summaryEveryMs } from './pacing';
import { packetsAsCounts } from '../editor/levelOfDetail';

/** Wall-clock budget of engine work per tick, ms (keeps the worker responsive to messages). */
export const SLICE_MS = 12;
/**
 * The slice budget for batch runs: longer slices mean fewer frames to pack and post per simulated
 * second, while a cancel (or a ping) still waits at most this long.
 */
export const BATCH_SLICE_MS = 40;
/** At most this many packets on the wire are reported per frame. */
export const MAX_FLIGHT_PACKETS = 6000;
/** Animated runs faster than this (sim s per wall s) do not report packets on the wire. */
export const MAX_ANIMATED_SPEED = 2;

export type LoadResult = { ok: true; meta: RunMeta } | { ok: false; issues: ScenarioIssue[] };

export class SimController {
  private sim: Simulation | null = null;
  private runId = 0;
  status: RunStatus = 'idle';
  speed = 1;
  private anchorWallMs = 0;
  private anchorSimNs = 0;
  private flowBuf: number[] = [];
  private portBuf: number[] = [];
  private ueBuf: number[] = [];
  private slotBuf: number[] = [];
  private samples = 0;
  private eventsSeen = 0;
  /** Events between two looks at the clock now (adapts, see MIN_EVENTS_PER_CLOCK_CHECK). */
  eventsPerCheck = EVENTS_PER_CLOCK_CHECK;
  private lastBusy: Float64Array = new Float64Array(0);
  private lastBusyAt = 0;
  private thinner = new SampleThinner(4);
  private eventKinds = new CodeTable([]);
  private dropReasons = new CodeTable([]);
  private portState: FramePorts | null = null;
  /** Set while a seek re-simulates quietly: the time it goes to. */
  private seekToNs: number | null = null;
  /** What the run does once the seek is there. */
  private afterSeek: SeekThen = 'paused';
  /** Set while an `advance` runs: the time it stops at (then the run pauses there). */
  private advanceToNs: number | null = null;
  /** The metadata of the run loaded last. */
  meta: RunMeta | null = null;

  constructor(private readonly clock: () => number) {}

  load(runId: number, scenario: ScenarioInput): LoadResult {
    this.runId = runId;
    this.sim = null;
    this.status = 'idle';
    this.seekToNs = null;
    this.advanceToNs = null;
    this.meta = null;
    let sim: Simulation;
    try {
      sim = new Simulation(forTheLab(validateScenario(scenario)));
    } catch (e) {
      this.status = 'error';
      if (e instanceof ScenarioError) return { ok: false, issues: e.issues };
      return { ok: false, issues: [{ path: '(scenario)', message: (e as Error).message }] };
    }
    this.sim = sim;
    this.flowBuf = [];
    this.portBuf = [];
    this.ueBuf = [];
    this.slotBuf = [];
    this.samples = 0;
    this.eventsSeen = 0;
    this.lastBusy = new Float64Array(sim.network.ports.length);
    this.lastBusyAt = 0;
    const meta = runMeta(sim);
    this.thinner = new SampleThinner(meta.maxPoints);
    this.eventKinds = new CodeTable(meta.eventKinds);
    this.dropReasons = new CodeTable(meta.dropReasons);
    this.portState = new FramePorts(sim, meta, this.dropReasons);
    this.meta = meta;
    const portState = this.portState;
    sim.onSample = (tNs, flowRows, portRows) => {
      // a very short probe interval must not flood the UI: keep what the bounded series keep
      if (!this.thinner.accept()) return;
      for (const r of flowRows) for (let c = 0; c < r.length; c++) this.flowBuf.push(r[c]!);
      for (let i = 0; i < portRows.length; i++) {
        const r = portRows[i]!;
        for (let c = 0; c < r.length; c++) this.portBuf.push(r[c]!);
        portState.pushReasonCounters(i, this.portBuf);
      }
      for (const bs of sim.network.baseStations)
        for (const d of bs.downlinks) this.ueBuf.push(tNs / 1e9, d.snrDb, d.channelRateBps);
      this.samples++;
    };
    // every slot's row, thinned like the samples so the page's slot series stay bounded
    sim.network.baseStations.forEach((bs, b) => {
      const thinner = new SampleThinner(meta.maxPoints);
      bs.onSlot = (row) => {
        if (!thinner.accept()) return;
        this.slotBuf.push(b);
        for (let c = 0; c < row.length; c++) this.slotBuf.push(row[c]!);
      };
    });
    return { ok: true, meta };
  }

  /**
   * Adds the events of `scenario` that the running simulation does not have yet (those past
   * the ones it was loaded or last updated with): the run goes on, nothing restarts. The rest of
   * the scenario must be the one loaded (the lab sends this only when just `events` grew).
   */
  addEvents(scenario: ScenarioInput): { ok: true; times: [number, number][] } | { ok: false; issues: ScenarioIssue[] } {
    const sim = this.sim;
    if (!sim) return { ok: true, times: [] };
    let resolved;
    try {
      resolved = validateScenario(scenario);
    } catch (e) {
      if (e instanceof ScenarioError) return { ok: false, issues: e.issues };
      throw e;
    }
    const known = new Set(sim.changes.scheduledIndices());
    // the page's clock lags the worker's by a frame or so: an event whose time has passed here
    // applies at the next whole millisecond (a time a person can read and type: "4.605s", not
    // "4.604200001s"), and the page writes that time into the scenario, so a run from zero
    // applies it at the same instant
    const now = sim.nowNs;
    const added = resolved.events
      .filter((e) => !known.has(e.index))
      .map((e) => (e.atNs > now ? e : { ...e, atNs: nextWholeMs(now) }));
    sim.addEvents(added);
    // a change made while paused takes effect at once: the run steps to it (less than 1 ms on), so
    // the moment on show is one with the change, as the inspector and the captions say
    if (this.status === 'paused' && this.seekToNs === null && added.some((e) => e.atNs === nextWholeMs(now)))
      sim.runUntil(nextWholeMs(now));
    return { ok: true, times: added.map((e) => [e.index, e.atNs]) };
  }

  /**
   * Rewind (or go forward) to `toNs`: loads `scenario` afresh, and the next ticks re-simulate it
   * from zero to `toNs` without pacing or frames (`seeking` until then); then the run is paused
   * there, or plays or runs to the end as `then` says. The engine is deterministic, so this is
   * the state a straight run passes through at `toNs`, and every sample from zero is in the next
   * frame, as the straight run would have sent them.
   */
  seek(runId: number, scenario: ScenarioInput, toNs: number, then: SeekThen): LoadResult {
    const r = this.load(runId, scenario);
    if (!r.ok) return r;
    this.seekToNs = Math.min(Math.max(0, toNs), this.sim!.durationNs);
    this.afterSeek = then;
    this.status = 'paused';
    return r;
  }

  /**
   * Runs up to exactly `toNs` (the end at most) without pacing, in slices, then pauses there; the
   * frames meanwhile say 'playing' (packets shown as Play at `speed` would show them) or 'batch'
   * (an infinite speed). The page's split view sets each step of the time for two workers.
   */
  advance(toNs: number, speed: number): void {
    if (!this.sim || this.sim.done || this.seekToNs !== null) return;
    this.speed = speed;
    this.advanceToNs = Math.min(Math.max(toNs, this.sim.nowNs), this.sim.durationNs);
    this.status = Number.isFinite(speed) ? 'playing' : 'batch';
  }

  /** Whether an `advance` is still running towards its time. */
  get advancing(): boolean {
    return this.advanceToNs !== null;
  }

  /** Whether a seek is still re-simulating towards its time. */
  get seeking(): boolean {
    return this.seekToNs !== null;
  }

  /** The run's brief summary (no per-flow maps per port: pageSummary.ts), null before it starts. */
  summary(): BriefRunSummary | null {
    return this.sim && this.sim.nowNs > 0 ? this.sim.briefSummary() : null;
  }

  get loaded(): boolean {
    return this.sim !== null;
  }

  get nowNs(): number {
    return this.sim?.nowNs ?? 0;
  }

  play(speed: number): void {
    this.advanceToNs = null;
    if (this.seekToNs !== null) {
      this.speed = speed;
      this.afterSeek = 'playing';
      return;
    }
    if (!this.sim || this.sim.done) return;
    this.speed = speed;
    this.status = 'playing';
    this.reanchor();
  }

  setSpeed(speed: number): void {
    this.speed = speed;
    this.reanchor();
  }

  pause(): void {
    this.advanceToNs = null;
    if (this.seekToNs !== null) this.afterSeek = 'paused';
    else if (this.status === 'playing' || this.status === 'batch') this.status = this.sim?.done ? 'done' : 'paused';
  }

  batch(): void {
    if (this.seekToNs !== null) {
      this.afterSeek = 'batch';
      return;
    }
    if (!this.sim || this.sim.done) return;
    this.advanceToNs = null;
    this.status = 'batch';
  }

  /** Advances by one probe interval (paused single step). */
  step(): void {
    if (!this.sim || this.sim.done || this.seekToNs !== null) return;
    this.advanceToNs = null;
    if (this.status !== 'paused') this.status = 'paused';
    this.sim.runUntil(this.sim.nowNs + this.sim.scenario.probes.intervalNs);
    if (this.sim.done) this.status = 'done';
  }

  private reanchor(): void {
    this.anchorWallMs = this.clock();
    this.anchorSimNs = this.sim?.nowNs ?? 0;
  }

  /** Does one tick of work according to the status. Returns whether more ticks are needed. */
  tick(): boolean {
    const sim = this.sim;
    if (!sim) return false;
    if (this.seekToNs !== null) {
      this.runQuietly(this.seekToNs);
      if (this.seekToNs !== null) return true;
      return this.status === 'playing' || this.status === 'batch';
    }
    if (this.advanceToNs !== null) {
      this.runFor(this.advanceToNs, BATCH_SLICE_MS);
      if (sim.nowNs >= this.advanceToNs || sim.done) {
        this.advanceToNs = null;
        this.status = sim.done ? 'done' : 'paused';
      }
      return this.advanceToNs !== null;
    }
    if (this.status === 'playing') {
      if (Number.isFinite(this.speed)) {
        const target = this.anchorSimNs + (this.clock() - this.anchorWallMs) * 1e6 * this.speed;
        this.runFor(target);
        // Too slow to keep up: re-anchor so the clock does not run away from the simulation.
        if (sim.nowNs < target - 0.25 * 1e9 * this.speed) this.reanchor();
      } else {
        this.runFor(Infinity);
      }
    } else if (this.status === 'batch') {
      this.runFor(Infinity, BATCH_SLICE_MS);
    }
    if (sim.done && (this.status === 'playing' || this.status === 'batch')) this.status = 'done';
    return this.status === 'playing' || this.status === 'batch';
  }

  /** Runs towards `targetNs` for at most `sliceMs` of wall time. */
  private runFor(targetNs: number, sliceMs = SLICE_MS): void {
    const sim = this.sim!;
    const start = this.clock();
    const chunk = Math.max(sim.scenario.probes.intervalNs / 4, 1e6);
    const end = Math.min(targetNs, sim.durationNs);
    let last = start;
    let why = '';
    for (let now = this.clock(); sim.nowNs < end && now - start < sliceMs; now = this.clock()) {
      this.adapt(why, now - last);
      why = sim.runUntil(Math.min(end, sim.nowNs + chunk), this.eventsPerCheck);
      last = now;
    }
  }

  /** After a stretch of events that took `took` ms and stopped for `why`: the count adapted. */
  private adapt(why: string, took: number): void {
    if (why !== '') this.eventsPerCheck = nextEventsPerCheck(this.eventsPerCheck, why, took);
  }

  /**
   * One slice of a seek: runs towards `toNs` for at most BATCH_SLICE_MS; drops on the way are
   * not shown (only the moment reached is). The utilisation the next frame reports is that of
   * the last probe interval before `toNs` (as a Step shows), not the average since zero.
   */
  private runQuietly(toNs: number): void {
    const sim = this.sim!;
    const start = this.clock();
    const chunk = Math.max(sim.scenario.probes.intervalNs / 4, 1e6);
    const utilFrom = Math.max(0, toNs - sim.scenario.probes.intervalNs);
    let last = start;
    let why = '';
    for (let now = this.clock(); sim.nowNs < toNs && now - start < BATCH_SLICE_MS; now = this.clock()) {
      this.adapt(why, now - last);
      const before = sim.nowNs;
      const stop = before < utilFrom ? utilFrom : toNs;
      why = sim.runUntil(Math.min(stop, before + chunk), this.eventsPerCheck);
      last = now;
      if (before < utilFrom && sim.nowNs >= utilFrom) this.markBusy(sim);
    }
    if (sim.nowNs < toNs && !sim.done) return;
    sim.drainDrops();
    this.seekToNs = null;
    this.status = sim.done ? 'done' : this.afterSeek;
    this.reanchor();
  }

  /** Utilisation in the next frame counts from now. */
  private markBusy(sim: Simulation): void {
    const ports = sim.network.ports;
    for (let i = 0; i < ports.length; i++) this.lastBusy[i] = ports[i]!.busyTimeNs();
    this.lastBusyAt = sim.nowNs;
  }

  /** Packs everything new since the previous frame. */
  frame(): Frame {
    const sim = this.sim;
    const ports = sim?.network.ports ?? [];
    const queues = new Float64Array(ports.length);
    const queueBytes = new Float64Array(ports.length);
    const util = new Float64Array(ports.length);
    const portDrops = new Float64Array(ports.length);
    const now = sim?.nowNs ?? 0;
    const dt = now - this.lastBusyAt;
    for (let i = 0; i < ports.length; i++) {
      const p = ports[i]!;
      queues[i] = p.disc.lengthPackets;
      queueBytes[i] = p.disc.lengthBytes;
      const busy = p.busyTimeNs();
      util[i] = dt > 0 ? Math.min(1, (busy - this.lastBusy[i]!) / dt) : 0;
      portDrops[i] = p.disc.stats.drops + p.linkLosses;
      if (dt > 0) this.lastBusy[i] = busy;
    }
    if (dt > 0) this.lastBusyAt = now;
    // a paused run shows its packets whatever the speed (a moment rewound to, a step, a pause)
    const animated = this.status === 'paused' || (this.status !== 'batch' && !(this.speed > MAX_ANIMATED_SPEED));
    const events: number[] = [];
    if (sim) {
      const ring = sim.flowEvents();
      const fresh = Math.min(sim.flowEventCount - this.eventsSeen, ring.length);
      for (let i = ring.length - fresh; i < ring.length; i++) {
        const e = ring[i]!;
        events.push(e.tNs / 1e9, e.flow, this.eventKinds.code(e.kind));
      }
      this.eventsSeen = sim.flowEventCount;
    }
    const drops: number[] = [];
    const flight: number[] = [];
    // a large network's packets are drawn as a count per link (editor/levelOfDetail.ts)
    const counts = animated && packetsAsCounts(ports.length / 2);
    const wire = new Uint32Array(counts ? ports.length : 0);
    if (sim) {
      const d = sim.drainDrops();
      if (animated) for (const e of d) drops.push(e.port, e.flow, this.dropReasons.code(e.reason), e.mark ? 1 : 0);
      if (counts) {
        const tmp: number[] = [];
        for (let i = 0; i < ports.length; i++) {
          tmp.length = 0;
          wire[i] = ports[i]!.inFlight(tmp).length / IN_FLIGHT_STRIDE;
        }
      } else if (animated) {
        const tmp: number[] = [];
        for (let i = 0; i < ports.length && flight.length < MAX_FLIGHT_PACKETS * FLIGHT_STRIDE; i++) {
          tmp.length = 0;
          ports[i]!.inFlight(tmp);
          for (let j = 0; j < tmp.length; j += IN_FLIGHT_STRIDE)
            flight.push(i, tmp[j]!, tmp[j + 1]!, tmp[j + 2]!, tmp[j + 4]!);
        }
      }
    }
    const f: Frame = {
      v: 1,
      type: 'frame',
      runId: this.runId,
      nowNs: now,
      status: this.status,
      progress: sim ? now / sim.durationNs : 0,
      samples: this.samples,
      flowSamples: Float64Array.from(this.flowBuf),
      portSamples: Float64Array.from(this.portBuf),
      ueSamples: Float64Array.from(this.ueBuf),
      events: Float64Array.from(events),
      drops: Float64Array.from(drops),
      flight: Float64Array.from(flight),
      wire,
      queues,
      queueBytes,
      backlog: this.portState?.backlog() ?? new Uint32Array(0),
      util,
      portDrops,
      reasonCounts: this.portState?.reasonCounts() ?? new Float64Array(0),
      bsServed: Float64Array.from(sim?.network.baseStations ?? [], (bs) => bs.servedUe),
      bsSlots: Float64Array.from(this.slotBuf),
    };
    const kinds = this.eventKinds.takeChange();
    if (kinds) f.eventKinds = kinds;
    const reasons = this.dropReasons.takeChange();
    if (reasons) f.dropReasons = reasons;
    this.flowBuf = [];
    this.portBuf = [];
    this.ueBuf = [];
    this.slotBuf = [];
    this.samples = 0;
    return f;
  }
}

/** The first whole millisecond after `tNs` (ns). */
export function nextWholeMs(tNs: number): number {
  return (Math.floor(tNs / 1e6) + 1) * 1e6;
}
