import { NS_PER_MS } from '../../core/units.js';

/** Mahimahi's delivery-opportunity size: bytes one trace line can carry (`LinkQueue::PACKET_SIZE`). */
export const MAHIMAHI_PACKET_BYTES = 1504;

/**
 * A packet-delivery trace in Mahimahi's format (Netravali et al., "Mahimahi: accurate
 * record-and-replay for HTTP", USENIX ATC 2015; mm-link(1); src/frontend/link_queue.cc): one
 * line per delivery opportunity, each a whole number of milliseconds since the link started, in
 * non-decreasing order; a time repeated k times is k opportunities in that millisecond. Each
 * opportunity delivers up to 1504 bytes. With `repeat` (mm-link's default) the trace loops with a
 * period equal to its last timestamp (`base_timestamp_ += schedule_.back()`), which must be > 0.
 *
 * Opportunities are counted by a global index k = cycle·n + i at time cycle·period + t_i, so the
 * next opportunity after any instant is found by binary search — an idle link skips unused
 * opportunities without events.
 */
export class MahimahiTrace {
  readonly timesNs: Float64Array;
  readonly periodNs: number;

  constructor(
    timesMs: readonly number[],
    readonly repeat = true,
    readonly budgetBytes = MAHIMAHI_PACKET_BYTES,
  ) {
    const problem = traceProblem(timesMs);
    if (problem !== null) throw new RangeError(problem);
    this.timesNs = Float64Array.from(timesMs, (ms) => ms * NS_PER_MS);
    this.periodNs = this.timesNs[this.timesNs.length - 1]!;
  }

  get length(): number {
    return this.timesNs.length;
  }

  /** Time of opportunity k (ns); Infinity past the end of a non-repeating trace. */
  timeOf(k: number): number {
    const n = this.timesNs.length;
    const cycle = Math.floor(k / n);
    if (cycle > 0 && !this.repeat) return Infinity;
    return cycle * this.periodNs + this.timesNs[k - cycle * n]!;
  }

  /** Index of the first opportunity strictly after `tNs` (Mahimahi burns those at or before it). */
  firstAfter(tNs: number): number {
    const n = this.timesNs.length;
    const cycle = Math.floor(tNs / this.periodNs);
    const within = tNs - cycle * this.periodNs;
    const i = upperBound(this.timesNs, within);
    return i < n ? cycle * n + i : (cycle + 1) * n;
  }

  /** Opportunities at or before `tNs`. */
  countUpTo(tNs: number): number {
    if (tNs < 0) return 0;
    const n = this.timesNs.length;
    const cycle = Math.floor(tNs / this.periodNs);
    if (!this.repeat && cycle > 0) return n;
    return cycle * n + upperBound(this.timesNs, tNs - cycle * this.periodNs);
  }

  /** Long-run capacity, bit/s. */
  get meanRateBps(): number {
    return (this.timesNs.length * this.budgetBytes * 8 * 1e9) / this.periodNs;
  }
}

/** Index of the first entry greater than `x` in an ascending array. */
function upperBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Why a list of timestamps is not a valid Mahimahi trace, or null (mm-link's own checks). */
export function traceProblem(timesMs: readonly number[]): string | null {
  if (timesMs.length === 0) return 'has no delivery opportunities';
  for (let i = 0; i < timesMs.length; i++) {
    const t = timesMs[i]!;
    if (!Number.isInteger(t) || t < 0) return `line ${i + 1} (${t}) is not a whole number of milliseconds`;
    if (i > 0 && t < timesMs[i - 1]!)
      return `timestamps must not decrease (line ${i + 1}: ${t} after ${timesMs[i - 1]})`;
  }
  if (timesMs[timesMs.length - 1] === 0) return 'must last a nonzero time (its last timestamp is 0)';
  return null;
}

/**
 * Parses the text of a Mahimahi trace file: one integer per line. Blank lines are refused as
 * mm-link refuses them; a trailing newline is fine. Returns the timestamps or a message naming the
 * line at fault.
 */
export function parseMahimahiTrace(text: string): { ok: true; timesMs: number[] } | { ok: false; error: string } {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const s = lines[i]!.trim();
    if (s === '') return { ok: false, error: `line ${i + 1} is empty` };
    if (!/^\d+$/.test(s))
      return {
        ok: false,
        error: `line ${i + 1} (${JSON.stringify(s.slice(0, 20))}) is not a whole number of milliseconds`,
      };
    out.push(Number(s));
  }
  const problem = traceProblem(out);
  return problem === null ? { ok: true, timesMs: out } : { ok: false, error: problem };
}
