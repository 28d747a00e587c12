import type { EventHandler } from './core/EventQueue.js';
import { Simulator, type StopReason } from './core/Simulator.js';
import { holdAsDoubles } from './core/doubleFields.js';
import { NS_PER_SECOND } from './core/units.js';
import { findAppModel } from './app/index.js';
import type { Application } from './app/Application.js';
import { DropLog, type DropEvent } from './metrics/DropLog.js';
import { FlowStats } from './metrics/FlowStats.js';
import { TimeSeries } from './metrics/TimeSeries.js';
import { summarize, summarizeBrief, type BriefRunSummary, type RunSummary } from './summary.js';
import { Network } from './Network.js';
import type { Packet } from './net/Packet.js';
import type { Port } from './net/Port.js';
import type { DropReason } from './net/QueueDisc.js';
import {
  validateScenario,
  ScenarioError,
  type ResolvedEvent,
  type ResolvedFlow,
  type ResolvedScenario,
} from './scenario/validate.js';
import { TimedChanges } from './TimedChanges.js';
import { explainRunError } from './runErrors.js';
import { findTransportModel } from './transport/index.js';
import type { FlowEventKind, FlowReceiver, FlowSender } from './transport/Transport.js';

export const FLOW_COLUMNS = [
  't',
  'cwnd',
  'ssthresh',
  'srttMs',
  'throughputBps',
  'goodputBps',
  'rateBps',
  'deliveredBytes',
  'retransmits',
  'timeouts',
  /** XCP senders: window feedback (bytes) applied since the previous sample; NaN for other flows. */
  'xcpFeedbackBytes',
  /**
   * One-way delay of the data packets that reached the receiver since the previous sample (ms;
   * sender to receiver: queueing + serialization + propagation, the same delays as the summary's):
   * the smallest, the mean and the largest — every packet of the interval lies between min and
   * max; NaN when none arrived in it.
   */
  'delayMinMs',
  'delayMeanMs',
  'delayMaxMs',
  /** The same delays since the start of the run: their mean and 95th percentile (ms; NaN before the first). */
  'delayRunMeanMs',
  'delayRunP95Ms',
] as const;
/**
 * The columns every probed port records. After them come the discipline's own probe values
 * (`disc:<key>`, see QueueDisc.probeSpecs), a time-varying link's channel state (`link:<key>`, see
 * Port.probeSpecs: SNR, rate, the base station's current user) and, for runs of at most MAX_BACKLOG_FLOWS flows, the
 * packets of each flow in the queue (`backlog:<flow id>`); `Simulation.portColumns` names them.
 */
export const PORT_COLUMNS = ['t', 'queuePackets', 'queueBytes', 'utilization', 'drops', 'marks', 'sojournMs'] as const;
/** Per-flow backlog columns are recorded for runs of at most this many flows. */
export const MAX_BACKLOG_FLOWS = 64;

export interface FlowEvent {
  tNs: number;
  flow: number;
  kind: FlowEventKind;
}

export type { DropEvent } from './metrics/DropLog.js';

/** One flow at run time. */
export class FlowRuntime implements EventHandler {
  readonly stats = new FlowStats();
  sender!: FlowSender;
  receiver!: FlowReceiver;
  app!: Application;
  /** Egress ports along the data path. */
  forwardPorts: Port[] = [];
  reversePorts: Port[] = [];
  nodePath: number[] = [];
  readonly series: TimeSeries;
  lastRxBytes = 0;
  lastGoodputBytes = 0;
  lastXcpFeedbackBytes = 0;
  /** Delay sum and count at the previous sample (for the interval's mean delay). */
  lastDelaySumNs = 0;
  lastDelayCount = 0;

  constructor(
    readonly spec: ResolvedFlow,
    maxPoints: number,
  ) {
    this.series = new TimeSeries([...FLOW_COLUMNS], maxPoints);
    holdAsDoubles(this, ['lastRxBytes', 'lastGoodputBytes', 'lastDelaySumNs']);
  }

  private started = false;
  private stopped = false;

  handleEvent(kind: number): void {
    if (kind === 0) this.startNow();
    else this.stopNow();
  }

  /** Starts the application now, unless it has started or stopped already. */
  startNow(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.app.start();
  }

  /** Stops the application now, unless it has stopped already (a stopped flow stays stopped). */
  stopNow(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.started) this.app.stop();
  }
}

/** Periodic sampler of flow and port state. */
class Sampler implements EventHandler {
  constructor(private readonly sim: Simulation) {}
  handleEvent(): void {
    this.sim.sample();
  }
}

export interface SampleListener {
  /** Called at every probe interval with the latest row of each flow and probed port. */
  (tNs: number, flowRows: readonly Float64Array[], portRows: readonly Float64Array[]): void;
}

/** Engine limits of one run; every field defaults to the documented limit. */
export interface SimulationLimits {
  /** Most packets alive at once (default MAX_LIVE_PACKETS); a lower cap stops a run earlier. */
  maxLivePackets?: number;
}

/**
 * A runnable simulation of one scenario: the public face of the engine used by the CLI, the
 * tests and the lab's worker. Deterministic: the same scenario and seed give identical results.
 */
export class Simulation {
  readonly sim: Simulator;
  readonly scenario: ResolvedScenario;
  readonly network: Network;
  readonly flows: FlowRuntime[] = [];
  /** Ports whose queue is recorded as a time series. */
  readonly probedPorts: Port[];
  readonly portSeries: TimeSeries[];
  /** Column names of each probed port's series (PORT_COLUMNS, then `disc:*`, `link:*`, `backlog:*`). */
  readonly portColumns: string[][];
  private readonly lastBusy: Float64Array;
  private readonly lastDepartures: Float64Array;
  private readonly lastSojournSum: Float64Array;
  private readonly flowRows: Float64Array[];
  private readonly portRows: Float64Array[];
  private readonly sampler: Sampler;
  /** Per probed port: whether its discipline still has the probes its `disc:*` columns name. */
  private readonly discProbesValid: boolean[];
  /** The scenario's timed changes, and those added while running (`addEvents`). */
  readonly changes: TimedChanges;
  private readonly eventRing: FlowEvent[] = [];
  private readonly dropLog = new DropLog(MAX_DROP_EVENTS);
  private readonly maxEvents = 20000;
  /** Total flow events recorded (the ring keeps the latest). */
  flowEventCount = 0;
  onSample: SampleListener | null = null;

  constructor(input: unknown, limits: SimulationLimits = {}) {
    this.scenario = isResolved(input) ? input : validateScenario(input);
    const sc = this.scenario;
    this.sim = new Simulator(sc.seed);
    this.network = new Network(
      this.sim,
      sc,
      {
        onDrop: (port: Port, pkt: Packet, reason: DropReason | 'link-loss') =>
          this.recordDrop(port, pkt, reason, false),
        onMark: (port: Port, pkt: Packet, reason: DropReason) => this.recordDrop(port, pkt, reason, true),
      },
      limits.maxLivePackets,
    );
    const maxPoints = sc.probes.maxPoints;
    for (const f of sc.flows) this.flows.push(this.buildFlow(f, maxPoints));
    this.probedPorts = sc.probes.ports
      ? sc.probes.ports.map((n) => this.network.portByName(n)!)
      : this.network.ports.filter((p) => this.network.nodes[p.fromNode]!.kind !== 'host');
    const backlogCols = sc.flows.length <= MAX_BACKLOG_FLOWS ? sc.flows.map((f) => `backlog:${f.id}`) : [];
    this.portColumns = this.probedPorts.map((p) => [
      ...PORT_COLUMNS,
      ...p.disc.probeSpecs().map((ps) => `disc:${ps.key}`),
      ...p.probeSpecs().map((ps) => `link:${ps.key}`),
      ...backlogCols,
    ]);
    this.portSeries = this.portColumns.map((cols) => new TimeSeries(cols, maxPoints));
    this.lastBusy = new Float64Array(this.probedPorts.length);
    this.lastDepartures = new Float64Array(this.probedPorts.length);
    this.lastSojournSum = new Float64Array(this.probedPorts.length);
    this.flowRows = this.flows.map(() => new Float64Array(FLOW_COLUMNS.length));
    this.portRows = this.portColumns.map((cols) => new Float64Array(cols.length));
    this.sampler = new Sampler(this);
    this.sim.schedule(0, this.sampler, 0);
    this.discProbesValid = this.probedPorts.map(() => true);
    this.changes = new TimedChanges(this.network, this.flows);
    this.changes.onDiscReplaced = (port) => this.discReplaced(port);
    this.changes.add(sc.events);
  }

  /**
   * Adds timed changes to a running simulation (a change made in the lab while it plays): each
   * is applied at its time, or at once if that time has passed. The events come from a newer
   * version of the same scenario (validated); the network and flows must be the same.
   */
  addEvents(events: readonly ResolvedEvent[]): void {
    this.changes.add(events);
  }

  private discReplaced(port: Port): void {
    const i = this.probedPorts.indexOf(port);
    if (i < 0) return;
    const keys = port.disc.probeSpecs().map((ps) => `disc:${ps.key}`);
    const cols = this.portColumns[i]!.filter((c) => c.startsWith('disc:'));
    this.discProbesValid[i] = keys.length === cols.length && keys.every((k, j) => k === cols[j]);
  }

  private buildFlow(f: ResolvedFlow, maxPoints: number): FlowRuntime {
    const rt = new FlowRuntime(f, maxPoints);
    const net = this.network;
    const path = net.route(f.from, f.to, f.path);
    if (!path) {
      throw new ScenarioError([
        { path: `flows[${f.index}]`, message: `no route from ${net.nodes[f.from]!.id} to ${net.nodes[f.to]!.id}` },
      ]);
    }
    rt.nodePath = path;
    rt.forwardPorts = net.portsAlong(path);
    rt.reversePorts = net.portsAlong([...path].reverse());
    let rttNs = 0;
    for (const p of rt.forwardPorts) rttNs += p.delayNs;
    for (const p of rt.reversePorts) rttNs += p.delayNs;
    net.flowTable.baseRttNs[f.index] = rttNs;
    const tm = findTransportModel(f.transport)!;
    const endpoints = tm.create({
      sim: this.sim,
      pool: net.pool,
      flowIndex: f.index,
      flowId: f.id,
      stats: rt.stats,
      params: f.transportParams,
      ccId: f.cc,
      ccParams: f.ccParams,
      event: (kind) => this.recordFlowEvent(f.index, kind),
    });
    endpoints.setRoutes(
      { ports: rt.forwardPorts, sink: endpoints.receiver },
      { ports: rt.reversePorts, sink: endpoints.sender },
    );
    rt.sender = endpoints.sender;
    rt.receiver = endpoints.receiver;
    rt.app = findAppModel(f.app)!.create({
      sim: this.sim,
      sender: endpoints.sender,
      params: f.appParams,
      random: this.sim.random(`app:${f.id}`),
    });
    this.sim.schedule(f.startNs, rt, 0);
    if (f.stopNs !== Infinity) this.sim.schedule(f.stopNs, rt, 1);
    return rt;
  }

  private recordFlowEvent(flow: number, kind: FlowEventKind): void {
    this.flowEventCount++;
    this.eventRing.push({ tNs: this.sim.now, flow, kind });
    trimOldest(this.eventRing, this.maxEvents);
  }

  private recordDrop(port: Port, pkt: Packet, reason: DropReason | 'link-loss', mark: boolean): void {
    this.dropLog.record(this.sim.now, port.id, pkt.flowId, reason, mark);
  }

  /** Drop and mark events recorded since the start (drainDrops returns the latest). */
  get dropEventCount(): number {
    return this.dropLog.total;
  }

  /** Flow events (fast retransmit, timeout, ...) recorded so far, oldest first (the latest maxEvents to 2·maxEvents). */
  flowEvents(): readonly FlowEvent[] {
    return this.eventRing;
  }

  /**
   * Removes and returns drop and mark events recorded since the last call (the latest
   * MAX_DROP_EVENTS of them), oldest first.
   */
  drainDrops(): DropEvent[] {
    return this.dropLog.drain();
  }

  /** Records one probe row for every flow and probed port, then re-arms the sampler. */
  sample(): void {
    const now = this.sim.now;
    const intervalNs = this.scenario.probes.intervalNs;
    const dt = intervalNs / NS_PER_SECOND;
    const tS = now / NS_PER_SECOND;
    for (let i = 0; i < this.flows.length; i++) {
      const f = this.flows[i]!;
      const row = this.flowRows[i]!;
      const c = f.sender.congestion();
      const st = f.stats;
      row[0] = tS;
      row[1] = c ? c.cwnd : NaN;
      row[2] = c ? c.ssthresh : NaN;
      row[3] = c ? c.srttNs / 1e6 : NaN;
      row[4] = now === 0 ? 0 : ((st.bytesReceived - f.lastRxBytes) * 8) / dt;
      row[5] = now === 0 ? 0 : ((st.goodputBytes - f.lastGoodputBytes) * 8) / dt;
      row[6] = c ? c.rateBps : NaN;
      row[7] = st.goodputBytes;
      row[8] = st.retransmits;
      row[9] = st.timeouts;
      const fb = c?.xcpFeedbackBytes;
      row[10] = fb === undefined ? NaN : fb - f.lastXcpFeedbackBytes;
      if (fb !== undefined) f.lastXcpFeedbackBytes = fb;
      const n = st.delayCount - f.lastDelayCount;
      row[11] = n > 0 ? st.intervalMinNs / 1e6 : NaN;
      row[12] = n > 0 ? (st.delaySumNs - f.lastDelaySumNs) / n / 1e6 : NaN;
      row[13] = n > 0 ? st.intervalMaxNs / 1e6 : NaN;
      row[14] = st.delayCount > 0 ? st.delaySumNs / st.delayCount / 1e6 : NaN;
      row[15] = st.delayCount > 0 ? st.delayPercentileFromTopNs(0.95) / 1e6 : NaN;
      st.takeInterval();
      f.lastDelaySumNs = st.delaySumNs;
      f.lastDelayCount = st.delayCount;
      f.lastRxBytes = st.bytesReceived;
      f.lastGoodputBytes = st.goodputBytes;
      f.series.offer(row);
    }
    for (let i = 0; i < this.probedPorts.length; i++) {
      const p = this.probedPorts[i]!;
      const row = this.portRows[i]!;
      const busy = p.busyTimeNs();
      const d = p.disc;
      const st = d.stats;
      row[0] = tS;
      row[1] = d.lengthPackets;
      row[2] = d.lengthBytes;
      row[3] = now === 0 ? 0 : (busy - this.lastBusy[i]!) / intervalNs;
      row[4] = st.drops + p.linkLosses;
      row[5] = st.marks;
      // mean sojourn of the packets that left during the last interval (NaN if none did)
      const dep = st.departures - this.lastDepartures[i]!;
      row[6] = dep > 0 ? (st.sojournSumNs - this.lastSojournSum[i]!) / dep / 1e6 : NaN;
      this.lastBusy[i] = busy;
      this.lastDepartures[i] = st.departures;
      this.lastSojournSum[i] = st.sojournSumNs;
      let c = PORT_COLUMNS.length;
      if (this.discProbesValid[i]) {
        const nProbe = d.probeSpecs().length;
        if (nProbe > 0) d.probeValues(row, c);
        c += nProbe;
      } else {
        // another discipline now: the columns of the first one's state have no values
        while (c < row.length && this.portColumns[i]![c]!.startsWith('disc:')) row[c++] = NaN;
      }
      const nLink = p.probeSpecs().length;
      if (nLink > 0) p.probeValues(row, c);
      c += nLink;
      if (c < row.length) {
        const bl = d.flowBacklogPackets;
        for (let f = 0; f < bl.length; f++) row[c + f] = bl[f]!;
      }
      this.portSeries[i]!.offer(row);
    }
    this.onSample?.(now, this.flowRows, this.portRows);
    const next = now + intervalNs;
    if (next <= this.scenario.durationNs) this.sim.schedule(next, this.sampler, 0);
  }

  get nowNs(): number {
    return this.sim.now;
  }

  get durationNs(): number {
    return this.scenario.durationNs;
  }

  get done(): boolean {
    return this.sim.now >= this.scenario.durationNs;
  }

  /**
   * Runs until simulated time `tNs` (capped at the scenario duration). Throws a SimulationError
   * (NoProgressError, PacketLimitError) naming the flow or port when an engine limit is reached.
   */
  runUntil(tNs: number, maxEvents = Infinity): StopReason {
    try {
      return this.sim.run(Math.min(tNs, this.scenario.durationNs), maxEvents);
    } catch (e) {
      throw explainRunError(this, e);
    }
  }

  /** Processes at most `n` events (single-stepping). */
  step(n = 1): StopReason {
    return this.runUntil(this.scenario.durationNs, n);
  }

  /** Runs to the end of the scenario and returns the summary. */
  run(): RunSummary {
    this.runUntil(this.scenario.durationNs);
    return this.summary();
  }

  summary(): RunSummary {
    return summarize(this);
  }

  /** The summary without the ports' per-flow throughput maps, which cost ports × flows to make. */
  briefSummary(): BriefRunSummary {
    return summarizeBrief(this);
  }
}

const MAX_DROP_EVENTS = 4096;

/**
 * Keeps an event log bounded: once it holds twice `max` entries, drops the oldest so that `max`
 * remain (amortised O(1) per event, unlike shifting one entry out per push).
 */
function trimOldest(log: unknown[], max: number): void {
  if (log.length >= 2 * max) log.splice(0, log.length - max);
}

function isResolved(x: unknown): x is ResolvedScenario {
  return typeof x === 'object' && x !== null && 'durationNs' in x && 'input' in x;
}
