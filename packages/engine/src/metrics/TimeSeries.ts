/**
 * A bounded multi-column time series. When full it halves itself by keeping every other point
 * and doubles its recording stride, so memory stays fixed however long the run while the series
 * still spans the whole run at uniform (coarser) resolution.
 */
export class TimeSeries {
  readonly columns: string[];
  private data: Float64Array[];
  length = 0;
  /** Record one of every `stride` offered samples. */
  stride = 1;
  private offered = 0;

  constructor(
    columns: string[],
    readonly capacity: number,
  ) {
    if (capacity < 4) throw new Error('TimeSeries capacity must be at least 4');
    this.columns = columns;
    this.data = columns.map(() => new Float64Array(capacity));
  }

  /** Offers a row (values in column order). Returns true when it was recorded. */
  offer(row: ArrayLike<number>): boolean {
    if (this.offered++ % this.stride !== 0) return false;
    if (this.length === this.capacity) this.decimate();
    const i = this.length++;
    for (let c = 0; c < this.data.length; c++) this.data[c]![i] = row[c]!;
    return true;
  }

  private decimate(): void {
    const half = this.capacity >> 1;
    for (const col of this.data) for (let i = 0; i < half; i++) col[i] = col[2 * i]!;
    this.length = half;
    this.stride *= 2;
    // the sample being recorded now is the first of the new stride
    this.offered = 1;
  }

  column(name: string): Float64Array {
    const c = this.columns.indexOf(name);
    if (c < 0) throw new Error(`no column ${name}`);
    return this.data[c]!.subarray(0, this.length);
  }

  /** Rows as arrays (for JSON / CSV output; not for the hot path). */
  rows(): number[][] {
    const out: number[][] = [];
    for (let i = 0; i < this.length; i++) out.push(this.data.map((c) => c[i]!));
    return out;
  }

  toCsv(): string {
    const lines = [this.columns.join(',')];
    for (const r of this.rows())
      lines.push(r.map((v) => (Number.isFinite(v) ? String(+v.toPrecision(10)) : '')).join(','));
    return lines.join('\n') + '\n';
  }
}

/** Jain's fairness index (Σx)² / (n·Σx²); 1 when all equal. */
export function jainIndex(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  let q = 0;
  for (const x of xs) {
    s += x;
    q += x * x;
  }
  return q > 0 ? (s * s) / (xs.length * q) : 0;
}
