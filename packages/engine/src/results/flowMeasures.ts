// What the flow and flow-set metrics measure a flow by: finding flows, its active time, goodput
// over a window, values of its probe series, delays in ms, the efficacy and utility formulas.
import { NS_PER_SECOND } from '../core/units.js';
import { GrantedPort } from '../net/GrantedPort.js';
import type { FlowRuntime, Simulation } from '../Simulation.js';
import { MetricQueryError } from './metricQuery.js';

export const seconds = (ns: number) => ns / NS_PER_SECOND;

export function flowById(sim: Simulation, id: string | undefined, field = 'flow'): FlowRuntime {
  if (id === undefined) throw new MetricQueryError(field, 'names no flow');
  const rt = sim.flows.find((x) => x.spec.id === id);
  if (!rt) throw new MetricQueryError(field, `${JSON.stringify(id)} is not a flow of the scenario`);
  return rt;
}

export function flowSet(
  sim: Simulation,
  ids: readonly string[] | undefined,
  field = 'flows',
  subset?: 'wired' | 'wireless',
): FlowRuntime[] {
  const set = ids === undefined ? sim.flows : ids.map((id, i) => flowById(sim, id, `${field}[${i}]`));
  if (subset === undefined) return set;
  if (subset !== 'wired' && subset !== 'wireless')
    throw new MetricQueryError('subset', `${JSON.stringify(subset)} is not "wired" or "wireless"`);
  return set.filter((rt) => isWireless(rt) === (subset === 'wireless'));
}

/** Whether the flow's data crosses a time-varying link (radio downlink, trace, fading). */
export function isWireless(rt: FlowRuntime): boolean {
  return rt.forwardPorts.some((p) => p instanceof GrantedPort);
}

/**
 * Mean over the probe samples after `fromS` of the flow's packets queued at the probed ports of
 * its data path (their `backlog:<flow>` columns summed); NaN when none of them is probed.
 */
export function meanBacklog(sim: Simulation, rt: FlowRuntime, fromS: number): number {
  const col = `backlog:${rt.spec.id}`;
  let sum = 0;
  let any = false;
  for (const port of rt.forwardPorts) {
    const i = sim.probedPorts.indexOf(port);
    if (i < 0) continue;
    const series = sim.portSeries[i]!;
    if (!series.columns.includes(col)) continue;
    const t = series.column('t');
    const v = series.column(col);
    let s = 0;
    let k = 0;
    for (let j = 0; j < t.length; j++)
      if (t[j]! > fromS) {
        s += v[j]!;
        k++;
      }
    if (k === 0) continue;
    any = true;
    sum += s / k;
  }
  return any ? sum : NaN;
}

/** Seconds the flow's application was active up to now. */
export function activeSeconds(sim: Simulation, rt: FlowRuntime): number {
  const end = rt.spec.stopNs === Infinity ? sim.nowNs : Math.min(sim.nowNs, rt.spec.stopNs);
  return Math.max(end - rt.spec.startNs, 0) / NS_PER_SECOND;
}

export function goodputBps(sim: Simulation, rt: FlowRuntime, fromS = 0): number {
  if (fromS <= 0) {
    const t = activeSeconds(sim, rt);
    return t > 0 ? (rt.stats.goodputBytes * 8) / t : 0;
  }
  const endS = seconds(sim.nowNs);
  if (fromS >= endS) throw new MetricQueryError('from', `${fromS} s is not before the end of the run (${endS} s)`);
  const bytesThen = valueAt(rt, 'deliveredBytes', fromS);
  return ((rt.stats.goodputBytes - bytesThen) * 8) / (endS - fromS);
}

/** The flow series' column at time tS (linear interpolation between samples). */
export function valueAt(rt: FlowRuntime, column: string, tS: number): number {
  const t = rt.series.column('t');
  const v = rt.series.column(column);
  if (t.length === 0 || tS <= t[0]!) return t.length === 0 ? 0 : tS < t[0]! ? 0 : v[0]!;
  for (let i = 1; i < t.length; i++) {
    if (t[i]! >= tS) {
      const a = t[i - 1]!;
      const b = t[i]!;
      return v[i - 1]! + ((v[i]! - v[i - 1]!) * (tS - a)) / (b - a);
    }
  }
  return v[t.length - 1]!;
}

/** Per-interval goodput samples (bit/s) at t ≥ fromS. */
export function goodputSamples(rt: FlowRuntime, fromS: number): number[] {
  const t = rt.series.column('t');
  const g = rt.series.column('goodputBps');
  const out: number[] = [];
  for (let i = 0; i < t.length; i++) if (t[i]! > fromS && Number.isFinite(g[i]!)) out.push(g[i]!);
  return out;
}

export const dataPacketsDelivered = (rt: FlowRuntime) => rt.stats.packetsReceived - rt.stats.duplicatesReceived;
export const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : NaN);

/** Seconds from the flow's start until its per-interval goodput first reaches `fraction` of its maximum. */
export function timeToMax(rt: FlowRuntime, fraction: number): number {
  const t = rt.series.column('t');
  const g = rt.series.column('goodputBps');
  let max = 0;
  for (let i = 0; i < g.length; i++) if (g[i]! > max) max = g[i]!;
  if (!(max > 0)) return NaN;
  for (let i = 0; i < g.length; i++) if (g[i]! >= fraction * max) return t[i]! - seconds(rt.spec.startNs);
  return NaN;
}

export function forwardDrops(rt: FlowRuntime): number {
  let drops = 0;
  for (const port of rt.forwardPorts) drops += port.flowDrops[rt.spec.index]!;
  return drops;
}

/** η_dB = 10·log10(PDR / (delay / d_opt)) (seed 000 §4). */
export function efficacyDb(pdr: number, delayMs: number, dOptMs: number): number {
  if (!(delayMs > 0) || !(pdr >= 0)) return NaN;
  return 10 * Math.log10(pdr / (delayMs / dOptMs));
}

/** Σ p·log10 x over positive rates x (packets/s); a zero rate makes the utility −∞. */
export function utility(ratesPerSecond: readonly number[], p = 1): number {
  let u = 0;
  for (const x of ratesPerSecond) u += p * Math.log10(x);
  return u;
}
