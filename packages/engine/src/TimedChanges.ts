import type { EventHandler } from './core/EventQueue.js';
import { buildDisc, type Network } from './Network.js';
import type { Port } from './net/Port.js';
import type { ResolvedEvent, ResolvedQueue } from './scenario/resolved.js';
import { findCcModel } from './transport/cc/index.js';
import type { TcpSender } from './transport/TcpSender.js';

/** A flow as the timed changes see it (FlowRuntime). */
export interface ChangeableFlow {
  readonly sender: object;
  /** Starts the application now unless it started or stopped already. */
  startNow(): void;
  /** Stops the application now unless it stopped already. */
  stopNow(): void;
}

/** A change that was applied, for the record (charts mark them). */
export interface AppliedChange {
  tNs: number;
  /** Index into the scenario's `events`. */
  index: number;
}

/**
 * Applies the scenario's timed changes (`events`, ns-2's `$ns at`) at their simulated times:
 * one pending simulator event per change, scheduled up front in time order so a run is
 * deterministic, and more may be added while a run goes on (a change made in the lab is applied
 * at the current simulated time). Off the hot path: a change is rare.
 */
export class TimedChanges implements EventHandler {
  private readonly events: ResolvedEvent[] = [];
  /** The discipline spec each port runs now (a buffer change rebuilds it under the new limit). */
  private readonly queueOf: ResolvedQueue[] = [];
  readonly applied: AppliedChange[] = [];
  /** Called after a port's discipline was replaced (the sampler re-reads its probes). */
  onDiscReplaced: ((port: Port) => void) | null = null;

  constructor(
    private readonly network: Network,
    private readonly flows: readonly ChangeableFlow[],
  ) {
    for (const link of network.scenario.links)
      for (const d of link.dirs) this.queueOf[network.port(d.from, d.to)!.id] = d.queue;
  }

  /** Schedules `events` (each at its time, or now if that has passed). */
  add(events: readonly ResolvedEvent[]): void {
    const sim = this.network.sim;
    for (const e of events) {
      const k = this.events.length;
      this.events.push(e);
      sim.schedule(Math.max(e.atNs, sim.now), this, k);
    }
  }

  /** Indices (into `events` of the scenario) of every change scheduled so far. */
  scheduledIndices(): number[] {
    return this.events.map((e) => e.index);
  }

  handleEvent(kind: number): void {
    const e = this.events[kind]!;
    if (e.kind === 'link') this.applyLink(e);
    else this.applyFlow(e);
    this.applied.push({ tNs: this.network.sim.now, index: e.index });
  }

  private applyLink(e: Extract<ResolvedEvent, { kind: 'link' }>): void {
    const net = this.network;
    const link = net.scenario.links[e.link]!;
    const ports = [net.port(link.a, link.b)!, net.port(link.b, link.a)!];
    for (const p of ports) {
      if (e.rateBps !== undefined) p.setRateBps(e.rateBps);
      if (e.delayNs !== undefined) p.setDelayNs(e.delayNs);
    }
    for (const d of e.dirs) {
      const p = ports[d]!;
      if (e.lossRate !== undefined) p.setLossRate(e.lossRate);
      if (e.queue === undefined && e.buffer === undefined) continue;
      const spec = e.queue ?? this.queueOf[p.id]!;
      const limit = e.buffer ?? p.bufferLimit;
      const node = net.nodes[p.fromNode]!;
      p.replaceDisc(buildDisc(spec, limit, p.name, p.rateBps, p.delayNs, node), spec.type, limit);
      this.queueOf[p.id] = spec;
      this.onDiscReplaced?.(p);
    }
  }

  private applyFlow(e: Extract<ResolvedEvent, { kind: 'flow' }>): void {
    const f = this.flows[e.flow]!;
    if (e.action === 'start') f.startNow();
    else if (e.action === 'stop') f.stopNow();
    if (e.cc !== undefined && 'switchCongestionControl' in f.sender) {
      const model = findCcModel(e.cc.id)!;
      (f.sender as TcpSender).switchCongestionControl(model.create(e.cc.params));
    }
  }
}
