/**
 * Time series received from the worker, kept in growable typed arrays (one column per metric),
 * plus flow events. Charts read slices of the columns directly; `version` changes on every append
 * so views can redraw at most once per animation frame.
 */
import { EVENT_KINDS, FLOW_COLS, PORT_COLS, type EventKind, type Frame, type RunMeta } from '../worker/protocol';

export class Columns {
  readonly cols: Float64Array[];
  length = 0;

  constructor(
    readonly width: number,
    capacity = 256,
  ) {
    this.cols = Array.from({ length: width }, () => new Float64Array(capacity));
  }

  /** Appends one row read from `src` at `offset`. */
  pushRow(src: Float64Array, offset: number): void {
    if (this.length === this.cols[0]!.length) {
      for (let c = 0; c < this.width; c++) {
        const grown = new Float64Array(this.length * 2);
        grown.set(this.cols[c]!);
        this.cols[c] = grown;
      }
    }
    for (let c = 0; c < this.width; c++) this.cols[c]![this.length] = src[offset + c]!;
    this.length++;
  }

  /** The filled part of column `c` (a view, not a copy). */
  column(c: number): Float64Array {
    return this.cols[c]!.subarray(0, this.length);
  }
}

export interface FlowMarker {
  t: number;
  flow: number;
  kind: EventKind;
}

export const FLOW_COL = { t: 0, cwnd: 1, ssthresh: 2, srttMs: 3, throughputBps: 4, goodputBps: 5, rateBps: 6 } as const;
export const PORT_COL = { t: 0, queuePackets: 1, queueBytes: 2, utilization: 3, drops: 4 } as const;

export class SeriesStore {
  meta: RunMeta | null = null;
  flows: Columns[] = [];
  ports: Columns[] = [];
  /** Per probed port, its discipline's state (meta.discProbes order); times are the port's. */
  disc: Columns[] = [];
  markers: FlowMarker[] = [];
  version = 0;
  private listeners = new Set<() => void>();

  reset(meta: RunMeta | null): void {
    this.meta = meta;
    this.flows = (meta?.flowIds ?? []).map(() => new Columns(FLOW_COLS));
    this.ports = (meta?.probedPorts ?? []).map(() => new Columns(PORT_COLS));
    this.disc = (meta?.discProbes ?? []).map((d) => new Columns(Math.max(d.length, 1)));
    this.markers = [];
    this.bump();
  }

  append(f: Frame): void {
    const nf = this.flows.length;
    const np = this.ports.length;
    for (let s = 0; s < f.samples; s++) {
      for (let i = 0; i < nf; i++) this.flows[i]!.pushRow(f.flowSamples, (s * nf + i) * FLOW_COLS);
      for (let i = 0; i < np; i++) this.ports[i]!.pushRow(f.portSamples, (s * np + i) * PORT_COLS);
    }
    this.appendDisc(f);
    for (let i = 0; i + 2 < f.events.length; i += 3) {
      this.markers.push({
        t: f.events[i]!,
        flow: f.events[i + 1]!,
        kind: EVENT_KINDS[f.events[i + 2]!] ?? 'fast-retransmit',
      });
    }
    if (f.samples > 0 || f.events.length > 0) this.bump();
  }

  /** Discipline-state rows: each sample holds every probed port's values, port by port. */
  private appendDisc(f: Frame): void {
    const counts = this.meta?.discProbes.map((d) => d.length) ?? [];
    const perSample = counts.reduce((a, b) => a + b, 0);
    if (perSample === 0 || !f.discSamples) return;
    for (let s = 0; s < f.samples; s++) {
      let off = s * perSample;
      for (let i = 0; i < counts.length; i++) {
        if (counts[i]! > 0) this.disc[i]!.pushRow(f.discSamples, off);
        off += counts[i]!;
      }
    }
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  getVersion = (): number => this.version;

  private bump(): void {
    this.version++;
    for (const l of this.listeners) l();
  }
}
