/**
 * Decides which probe samples the worker sends so that the lab's series stay within a fixed
 * number of points, the way the engine's TimeSeries does: while a series has room every sample
 * is kept; when it is full it keeps every other point and from then on only every other sample
 * is offered (the stride doubles). The worker keeps only these counters; the SeriesStore halves
 * its columns at exactly the same moments (`length` reaching `capacity`), so however short the
 * probe interval, the messages and the memory stay bounded and the series still spans the run.
 */
export class SampleThinner {
  /** Points the receiving series hold now. */
  length = 0;
  /** One of every `stride` offered samples is kept. */
  stride = 1;
  private offered = 0;

  constructor(readonly capacity: number) {
    if (capacity < 4 || capacity % 2 !== 0) throw new Error('capacity must be an even number ≥ 4');
  }

  /** Offers the next sample; returns whether it is kept (and sent). */
  accept(): boolean {
    if (this.offered++ % this.stride !== 0) return false;
    if (this.length === this.capacity) {
      // the receiver keeps every other point: the first half of the new stride
      this.length = this.capacity >> 1;
      this.stride *= 2;
      this.offered = 1;
    }
    this.length++;
    return true;
  }
}
