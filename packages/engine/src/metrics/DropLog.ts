import { DROP_REASONS, type DropReason } from '../net/QueueDisc.js';

/** One discard or ECN mark, as `Simulation.drainDrops` returns it. */
export interface DropEvent {
  tNs: number;
  port: number;
  flow: number;
  reason: DropReason | 'link-loss';
  /** True for an ECN mark (the packet went on with CE set), false for a discard. */
  mark: boolean;
}

const REASONS: readonly (DropReason | 'link-loss')[] = [...DROP_REASONS, 'link-loss'];
const REASON_INDEX = new Map(REASONS.map((r, i) => [r, i]));

/**
 * The latest drop and mark events, in a fixed ring of typed arrays: recording one costs a few
 * array stores and no allocation (the events become objects only when drained, once per frame of
 * the lab). When more than `capacity` are recorded between two drains the oldest are overwritten.
 */
export class DropLog {
  private readonly tNs: Float64Array;
  private readonly port: Int32Array;
  private readonly flow: Int32Array;
  private readonly reason: Uint8Array;
  private readonly mark: Uint8Array;
  private head = 0;
  private count = 0;
  /** Events recorded since the start (the ring keeps the latest `capacity`). */
  total = 0;

  constructor(readonly capacity: number) {
    this.tNs = new Float64Array(capacity);
    this.port = new Int32Array(capacity);
    this.flow = new Int32Array(capacity);
    this.reason = new Uint8Array(capacity);
    this.mark = new Uint8Array(capacity);
  }

  record(tNs: number, port: number, flow: number, reason: DropReason | 'link-loss', mark: boolean): void {
    const i = (this.head + this.count) % this.capacity;
    this.tNs[i] = tNs;
    this.port[i] = port;
    this.flow[i] = flow;
    this.reason[i] = REASON_INDEX.get(reason)!;
    this.mark[i] = mark ? 1 : 0;
    if (this.count < this.capacity) this.count++;
    else this.head = (this.head + 1) % this.capacity;
    this.total++;
  }

  /** Removes and returns the events recorded since the last drain (at most `capacity`), oldest first. */
  drain(): DropEvent[] {
    const out: DropEvent[] = new Array<DropEvent>(this.count);
    for (let k = 0; k < this.count; k++) {
      const i = (this.head + k) % this.capacity;
      out[k] = {
        tNs: this.tNs[i]!,
        port: this.port[i]!,
        flow: this.flow[i]!,
        reason: REASONS[this.reason[i]!]!,
        mark: this.mark[i] === 1,
      };
    }
    this.head = 0;
    this.count = 0;
    return out;
  }
}
