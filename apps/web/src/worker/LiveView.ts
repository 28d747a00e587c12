/**
 * The latest network state for the animation layer, updated once per animation frame from the
 * worker's frames. Mutable on purpose: the canvas reads it every frame without React renders.
 */
import type { Frame, RunMeta } from './protocol';

export interface DropMark {
  port: number;
  flow: number;
  /** Wall time (performance.now) when it was shown. */
  shownAt: number;
}

export class LiveView {
  meta: RunMeta | null = null;
  nowNs = 0;
  flight: Float64Array = new Float64Array(0);
  queues: Float64Array = new Float64Array(0);
  queueBytes: Float64Array = new Float64Array(0);
  /** Wall time (performance.now) of the latest frame. */
  appliedAt = 0;
  util: Float64Array = new Float64Array(0);
  portDrops: Float64Array = new Float64Array(0);
  /** Per base station: the UE its current slot serves (−1: none). */
  bsServed: Float64Array = new Float64Array(0);
  drops: DropMark[] = [];
  /** Increments whenever anything changed. */
  version = 0;

  reset(meta: RunMeta | null): void {
    this.meta = meta;
    this.nowNs = 0;
    const n = meta?.ports.length ?? 0;
    this.flight = new Float64Array(0);
    this.queues = new Float64Array(n);
    this.queueBytes = new Float64Array(n);
    this.util = new Float64Array(n);
    this.portDrops = new Float64Array(n);
    this.bsServed = new Float64Array(meta?.baseStations.length ?? 0).fill(-1);
    this.drops = [];
    this.version++;
  }

  apply(f: Frame, wallNow: number): void {
    this.nowNs = f.nowNs;
    this.flight = f.flight;
    this.queues = f.queues;
    this.queueBytes = f.queueBytes;
    this.appliedAt = wallNow;
    this.util = f.util;
    this.portDrops = f.portDrops;
    this.bsServed = f.bsServed;
    for (let i = 0; i + 2 < f.drops.length; i += 3) {
      this.drops.push({ port: f.drops[i + 1]!, flow: f.drops[i + 2]!, shownAt: wallNow });
    }
    if (this.drops.length > 400) this.drops.splice(0, this.drops.length - 400);
    this.version++;
  }

  /** Forgets drop marks older than `maxAgeMs`. */
  expireDrops(wallNow: number, maxAgeMs: number): void {
    let i = 0;
    while (i < this.drops.length && wallNow - this.drops[i]!.shownAt > maxAgeMs) i++;
    if (i > 0) this.drops.splice(0, i);
  }
}
