/**
 * The per-port numbers a frame carries beyond queue lengths, read from each port's root queue
 * discipline: per-flow backlog of the gauge ports (non-zero entries only, so a frame grows with
 * what is queued, not with ports × flows), cumulative drops and marks by reason of the ports
 * whose counts changed since the last frame, and the same counters appended to each probed
 * port's sample row (the lab's `drops:<reason>` / `marks:<reason>` columns).
 */
import { MAX_BACKLOG_FLOWS, type Port, type Simulation } from '@cclab/engine';
import { packetsAsCounts } from '../editor/levelOfDetail';
import type { CodeTable } from './CodeTable';
import type { RunMeta } from './protocol';
import { markReasons } from './runMeta';

export class FramePorts {
  private readonly ports: readonly Port[];
  private readonly probed: readonly Port[];
  private readonly gauges: number[];
  /** Reasons of the counter columns (fixed for the run: the columns are named at load). */
  private readonly columnReasons: readonly string[];
  private readonly columnMarkReasons: readonly string[];
  /** drops + marks + link losses of each port at the last frame. */
  private readonly lastTotals: Float64Array;

  constructor(
    sim: Simulation,
    meta: RunMeta,
    private readonly reasons: CodeTable,
  ) {
    this.ports = sim.network.ports;
    this.probed = sim.probedPorts;
    // A large network of many flows (packets drawn as counts, more flows than the engine records
    // backlog columns for) has no per-flow gauge segments: finding them read every flow's count at
    // every busy router port each frame (2,500 ports × 1,000 flows), and a gauge split a thousand
    // ways shows nothing. Its gauges fill in one colour that warms as the buffer fills.
    const perFlow = !(meta.flowIds.length > MAX_BACKLOG_FLOWS && packetsAsCounts(meta.ports.length / 2));
    this.gauges = perFlow ? meta.ports.flatMap((p, i) => (p.gauge ? [i] : [])) : [];
    this.columnReasons = meta.dropReasons;
    this.columnMarkReasons = markReasons(meta.dropReasons);
    this.lastTotals = new Float64Array(this.ports.length);
  }

  /** Appends probed port `i`'s cumulative drops, then marks, by reason (as runMeta names the columns). */
  pushReasonCounters(i: number, out: number[]): void {
    const p = this.probed[i]!;
    const st = p.disc.stats;
    for (const r of this.columnReasons) out.push(r === 'link-loss' ? p.linkLosses : (st.dropsByReason[r] ?? 0));
    for (const r of this.columnMarkReasons) out.push(st.marksByReason[r] ?? 0);
  }

  /** [port, flow, packets] for every flow with packets queued at a gauge port. */
  backlog(): Uint32Array {
    const out: number[] = [];
    for (const i of this.gauges) {
      const d = this.ports[i]!.disc;
      if (d.lengthPackets === 0) continue;
      const bl = d.flowBacklogPackets;
      for (let f = 0; f < bl.length; f++) if (bl[f]! > 0) out.push(i, f, bl[f]!);
    }
    return Uint32Array.from(out);
  }

  /** [port, reason code, mark 1/0, count] for every non-zero counter of the ports that changed. */
  reasonCounts(): Float64Array {
    const out: number[] = [];
    for (let i = 0; i < this.ports.length; i++) {
      const p = this.ports[i]!;
      const st = p.disc.stats;
      const total = st.drops + st.marks + p.linkLosses;
      if (total === this.lastTotals[i]) continue;
      this.lastTotals[i] = total;
      for (const r in st.dropsByReason) out.push(i, this.reasons.code(r), 0, st.dropsByReason[r]!);
      for (const r in st.marksByReason) out.push(i, this.reasons.code(r), 1, st.marksByReason[r]!);
      if (p.linkLosses > 0) out.push(i, this.reasons.code('link-loss'), 0, p.linkLosses);
    }
    return Float64Array.from(out);
  }
}
