/**
 * The latest network state for the animation layer, updated once per animation frame from the
 * worker's frames. Mutable on purpose: the canvas reads it every frame without React renders.
 */
import { BACKLOG_STRIDE, DROP_STRIDE, REASON_COUNT_STRIDE, type Frame, type RunMeta } from './protocol';

export const GLYPH_STRIDE = 6;

export interface DropMark {
  port: number;
  flow: number;
  /** Why: a queue discipline's drop reason ("overflow", "early", …) or "link-loss". */
  reason: string;
  /** An ECN mark (the packet went on), not a discard. */
  mark: boolean;
  /** Wall time (performance.now) when it was shown. */
  shownAt: number;
}

/** Drops and marks of one port so far, by reason. */
export interface ReasonCounts {
  drops: Record<string, number>;
  marks: Record<string, number>;
}

export class LiveView {
  meta: RunMeta | null = null;
  nowNs = 0;
  flight: Float64Array = new Float64Array(0);
  /** Packets on the wire per port, for a network drawn with counts per link (else empty). */
  wire: Uint32Array = new Uint32Array(0);
  queues: Float64Array = new Float64Array(0);
  queueBytes: Float64Array = new Float64Array(0);
  /** Per-flow backlog of the gauge ports: [port, flow, packets] triples, non-zero only, by port. */
  backlog: Uint32Array = new Uint32Array(0);
  /** Wall time (performance.now) of the latest frame. */
  appliedAt = 0;
  util: Float64Array = new Float64Array(0);
  portDrops: Float64Array = new Float64Array(0);
  /** Per base station: the UE its current slot serves (−1: none). */
  bsServed: Float64Array = new Float64Array(0);
  /** Drops and marks by reason of each port (index as meta.ports). */
  reasons: ReasonCounts[] = [];
  drops: DropMark[] = [];
  private dropReasons: string[] = [];
  /** Increments whenever anything changed. */
  version = 0;
  private readonly listeners = new Set<() => void>();
  /**
   * The packet glyphs of the overlay's latest draw, GLYPH_STRIDE numbers each: port, flow,
   * departure (ns), fraction of the way along the link, x, y (world units). Written by the
   * overlay as it draws (reused, grown only when needed); read by tests to see packets move.
   */
  glyphs: Float64Array = new Float64Array(0);
  glyphCount = 0;

  reset(meta: RunMeta | null): void {
    this.meta = meta;
    this.nowNs = 0;
    const n = meta?.ports.length ?? 0;
    this.flight = new Float64Array(0);
    this.wire = new Uint32Array(0);
    this.queues = new Float64Array(n);
    this.queueBytes = new Float64Array(n);
    this.backlog = new Uint32Array(0);
    this.util = new Float64Array(n);
    this.portDrops = new Float64Array(n);
    this.bsServed = new Float64Array(meta?.baseStations.length ?? 0).fill(-1);
    this.reasons = Array.from({ length: n }, () => ({ drops: {}, marks: {} }));
    this.dropReasons = [...(meta?.dropReasons ?? [])];
    this.drops = [];
    this.glyphCount = 0;
    this.changed();
  }

  /** Calls `listener` after every change (a frame applied, a reset); returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  /** Room for `n` glyphs in `glyphs`. */
  reserveGlyphs(n: number): Float64Array {
    if (this.glyphs.length < n * GLYPH_STRIDE) this.glyphs = new Float64Array(Math.max(64, n * 2) * GLYPH_STRIDE);
    return this.glyphs;
  }

  apply(f: Frame, wallNow: number): void {
    this.nowNs = f.nowNs;
    this.flight = f.flight;
    this.wire = f.wire ?? new Uint32Array(0);
    this.queues = f.queues;
    this.queueBytes = f.queueBytes;
    this.backlog = f.backlog;
    this.appliedAt = wallNow;
    this.util = f.util;
    this.portDrops = f.portDrops;
    this.bsServed = f.bsServed;
    if (f.dropReasons) this.dropReasons = f.dropReasons;
    const reasonName = (code: number) => this.dropReasons[code] ?? `reason ${code}`;
    const rc = f.reasonCounts;
    let lastPort = -1;
    for (let i = 0; i + REASON_COUNT_STRIDE - 1 < rc.length; i += REASON_COUNT_STRIDE) {
      const port = rc[i]!;
      // a frame lists every non-zero counter of each port it mentions: start that port afresh
      if (port !== lastPort && this.reasons[port]) this.reasons[port] = { drops: {}, marks: {} };
      lastPort = port;
      const r = this.reasons[port];
      if (r) (rc[i + 2] === 1 ? r.marks : r.drops)[reasonName(rc[i + 1]!)] = rc[i + 3]!;
    }
    const d = f.drops;
    for (let i = 0; i + DROP_STRIDE - 1 < d.length; i += DROP_STRIDE) {
      this.drops.push({
        port: d[i]!,
        flow: d[i + 1]!,
        reason: reasonName(d[i + 2]!),
        mark: d[i + 3] === 1,
        shownAt: wallNow,
      });
    }
    if (this.drops.length > 400) this.drops.splice(0, this.drops.length - 400);
    this.changed();
  }

  /** Packets of each flow queued at gauge port `port` (flow → packets), from the latest frame. */
  portBacklog(port: number): Map<number, number> {
    const out = new Map<number, number>();
    const b = this.backlog;
    for (let i = 0; i + BACKLOG_STRIDE - 1 < b.length; i += BACKLOG_STRIDE)
      if (b[i] === port) out.set(b[i + 1]!, b[i + 2]!);
    return out;
  }

  /** Forgets drop marks older than `maxAgeMs`. */
  expireDrops(wallNow: number, maxAgeMs: number): void {
    let i = 0;
    while (i < this.drops.length && wallNow - this.drops[i]!.shownAt > maxAgeMs) i++;
    if (i > 0) this.drops.splice(0, i);
  }
}
