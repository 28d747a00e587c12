/**
 * Time series received from the worker, kept in typed-array columns looked up by the names the
 * run's metadata gives (the engine's column names), plus flow events. Every series holds at most
 * `meta.maxPoints` points: when full it keeps every other point, in step with the worker, which
 * from then on sends every other sample (see worker/SampleThinner.ts) — the engine's TimeSeries
 * rule, so memory stays fixed however long the run or short the probe interval. Charts read views
 * of the columns; `version` changes on every append so views redraw at most once per frame.
 */
import { bsSlotColumns } from '@cclab/engine';
import type { Frame, RunMeta } from '../worker/protocol';

const NO_DATA = new Float64Array(0);

/**
 * Named columns of equal length, growing up to `capacity` rows, then halving (every other row
 * kept). All columns live in one buffer, column after column (`room` rows each): growing costs
 * one allocation however many columns there are (a typed array per column made a wide run's
 * growth thousands of allocations, a visible stall), and a column is a view into the buffer.
 */
export class Columns {
  readonly names: readonly string[];
  private readonly index: ReadonlyMap<string, number>;
  private buf: Float64Array;
  /** Rows each column has room for in `buf`. */
  private room: number;
  length = 0;

  constructor(
    names: readonly string[],
    readonly capacity: number,
    initial = 256,
  ) {
    if (capacity < 4 || capacity % 2 !== 0) throw new Error('capacity must be an even number ≥ 4');
    this.names = names;
    this.index = new Map(names.map((n, i) => [n, i]));
    this.room = Math.min(initial, capacity);
    this.buf = new Float64Array(names.length * this.room);
  }

  get width(): number {
    return this.names.length;
  }

  /** Appends one row read from `src` at `offset` (values in `names` order). */
  pushRow(src: ArrayLike<number>, offset: number): void {
    if (this.length === this.capacity) this.halve();
    else if (this.length === this.room) this.grow(Math.min(this.capacity, this.room * 2));
    const w = this.names.length;
    const room = this.room;
    const buf = this.buf;
    for (let c = 0, at = this.length; c < w; c++, at += room) buf[at] = src[offset + c]!;
    this.length++;
  }

  private grow(room: number): void {
    const next = new Float64Array(this.names.length * room);
    for (let c = 0; c < this.names.length; c++)
      next.set(this.buf.subarray(c * this.room, c * this.room + this.length), c * room);
    this.buf = next;
    this.room = room;
  }

  /** Keeps rows 0, 2, 4, … (the same rows the engine's TimeSeries keeps). */
  private halve(): void {
    const half = this.capacity >> 1;
    const buf = this.buf;
    for (let c = 0; c < this.names.length; c++) {
      const base = c * this.room;
      for (let i = 0; i < half; i++) buf[base + i] = buf[base + 2 * i]!;
    }
    this.length = half;
  }

  has(name: string): boolean {
    return this.index.has(name);
  }

  /** The filled part of the named column (a view, not a copy); empty when there is no such column. */
  column(name: string): Float64Array {
    const c = this.index.get(name);
    return c === undefined ? NO_DATA : this.buf.subarray(c * this.room, c * this.room + this.length);
  }
}

export interface FlowMarker {
  t: number;
  flow: number;
  /** The engine's event kind ("fast-retransmit", "timeout", "ecn", …), as named in the run's table. */
  kind: string;
}

/** Markers kept at most; beyond, the oldest half is forgotten (like the engine's event log). */
export const MAX_MARKERS = 50_000;
/** Columns of each UE's series (one per UE behind a base station; Frame.ueSamples rows). */
export const UE_COLUMNS = ['t', 'snrDb', 'rateBps'] as const;

export class SeriesStore {
  meta: RunMeta | null = null;
  flows: Columns[] = [];
  ports: Columns[] = [];
  /** One per UE of every base station (RunMeta.baseStations, in order). */
  ues: Columns[] = [];
  /**
   * One per base station: its slot series (the engine's `bsSlotColumns`: t, served, `snrDb:<UE>`,
   * `rateBps:<UE>`), one row per TDMA slot while it has room, then thinned like the samples.
   */
  slots: Columns[] = [];
  markers: FlowMarker[] = [];
  /** The kinds of marker seen this run (the cwnd chart's legend lists them). */
  markerKinds = new Set<string>();
  private eventKinds: string[] = [];
  version = 0;
  private listeners = new Set<() => void>();

  reset(meta: RunMeta | null): void {
    this.meta = meta;
    const cap = meta?.maxPoints ?? 4;
    this.flows = (meta?.flowIds ?? []).map(() => new Columns(meta!.flowColumns, cap));
    this.ports = (meta?.portColumns ?? []).map((names) => new Columns(names, cap));
    this.ues = (meta?.baseStations ?? []).flatMap((b) => b.ues.map(() => new Columns(UE_COLUMNS, cap)));
    this.slots = (meta?.baseStations ?? []).map((b) => new Columns(bsSlotColumns(b.ues), cap));
    this.markers = [];
    this.markerKinds = new Set();
    this.eventKinds = [...(meta?.eventKinds ?? [])];
    this.bump();
  }

  append(f: Frame): void {
    const nf = this.flows.length;
    const fw = this.meta?.flowColumns.length ?? 0;
    let fo = 0;
    let po = 0;
    const nu = f.ueSamples.length > 0 ? this.ues.length : 0;
    for (let s = 0; s < f.samples; s++) {
      for (let i = 0; i < nf; i++, fo += fw) this.flows[i]!.pushRow(f.flowSamples, fo);
      for (const p of this.ports) {
        p.pushRow(f.portSamples, po);
        po += p.width;
      }
      for (let i = 0; i < nu; i++) this.ues[i]!.pushRow(f.ueSamples, (s * nu + i) * UE_COLUMNS.length);
    }
    // rows of [base station index, its slot columns…]
    const slots = f.bsSlots;
    for (let o = 0; o < slots.length;) {
      const c = this.slots[slots[o]!];
      if (!c) break;
      c.pushRow(slots, o + 1);
      o += 1 + c.width;
    }
    if (f.eventKinds) this.eventKinds = f.eventKinds;
    for (let i = 0; i + 2 < f.events.length; i += 3) {
      const code = f.events[i + 2]!;
      const kind = this.eventKinds[code] ?? `event ${code}`;
      this.markers.push({ t: f.events[i]!, flow: f.events[i + 1]!, kind });
      this.markerKinds.add(kind);
    }
    if (this.markers.length > MAX_MARKERS) this.markers.splice(0, this.markers.length - MAX_MARKERS / 2);
    if (f.samples > 0 || f.events.length > 0) this.bump();
  }

  /** Time column of the longest series (the run's sampling times so far). */
  times(): Float64Array {
    return this.flows[0]?.column('t') ?? this.ports[0]?.column('t') ?? NO_DATA;
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
