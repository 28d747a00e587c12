/**
 * Binary min-heap of events ordered by (time, insertion sequence), kept in typed arrays so that
 * scheduling allocates nothing once the pool has grown. Each event names a handler object and an
 * integer kind plus one numeric argument; no closures are created per event.
 */

export interface EventHandler {
  handleEvent(kind: number, arg: number): void;
}

export class EventQueue {
  /**
   * The ordering key of slot s: its time at [2s] and its insertion sequence at [2s + 1], side by
   * side so that one cache line holds both. The heap's comparisons always load and compare
   * both (not the sequences only on a tie): a load or comparison that first runs after the code
   * was optimized (at the first tie) has no type feedback, so it would deoptimize the event loop
   * and make V8 compile it again (docs/performance.md).
   */
  private keys: Float64Array;
  private kindOf: Int32Array;
  private argOf: Float64Array;
  private handlerOf: (EventHandler | null)[];
  /** heap[i] is a slot index; slots hold the event fields. */
  private heap: Int32Array;
  private freeSlots: Int32Array;
  private freeCount = 0;
  private capacity: number;
  private nextSeq = 0;
  size = 0;

  constructor(initialCapacity = 1024) {
    this.capacity = initialCapacity;
    this.keys = new Float64Array(2 * initialCapacity);
    this.kindOf = new Int32Array(initialCapacity);
    this.argOf = new Float64Array(initialCapacity);
    this.handlerOf = new Array<EventHandler | null>(initialCapacity).fill(null);
    this.heap = new Int32Array(initialCapacity);
    this.freeSlots = new Int32Array(initialCapacity);
    for (let i = initialCapacity - 1; i >= 0; i--) this.freeSlots[this.freeCount++] = i;
  }

  private grow(): void {
    const old = this.capacity;
    const cap = old * 2;
    const keys = new Float64Array(2 * cap);
    keys.set(this.keys);
    this.keys = keys;
    const k = new Int32Array(cap);
    k.set(this.kindOf);
    this.kindOf = k;
    const a = new Float64Array(cap);
    a.set(this.argOf);
    this.argOf = a;
    const h = new Int32Array(cap);
    h.set(this.heap);
    this.heap = h;
    const f = new Int32Array(cap);
    f.set(this.freeSlots.subarray(0, this.freeCount));
    this.freeSlots = f;
    for (let i = cap - 1; i >= old; i--) this.freeSlots[this.freeCount++] = i;
    for (let i = old; i < cap; i++) this.handlerOf.push(null);
    this.capacity = cap;
  }

  /**
   * Reserves an insertion sequence number now for an event that will be pushed later with
   * `pushReserved`: the event then runs, among events at the same time, where it would have run had
   * it been scheduled at the moment of reservation (lazy scheduling with eager ordering).
   */
  reserveSeq(): number {
    return this.nextSeq++;
  }

  push(time: number, handler: EventHandler, kind: number, arg: number): void {
    this.pushReserved(time, this.nextSeq++, handler, kind, arg);
  }

  pushReserved(time: number, seq: number, handler: EventHandler, kind: number, arg: number): void {
    if (this.freeCount === 0) this.grow();
    const slot = this.freeSlots[--this.freeCount]!;
    const keys = this.keys;
    keys[2 * slot] = time;
    keys[2 * slot + 1] = seq;
    this.kindOf[slot] = kind;
    this.argOf[slot] = arg;
    this.handlerOf[slot] = handler;
    // sift up (comparison inlined: earlier time, or same time and earlier insertion)
    const heap = this.heap;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent]!;
      const tp = keys[2 * p]!;
      const sp = keys[2 * p + 1]!;
      const seqEarlier = sp < seq;
      if (tp < time || (tp === time && seqEarlier)) break;
      heap[i] = p;
      i = parent;
    }
    heap[i] = slot;
  }

  /** Time of the earliest event, or Infinity when empty. */
  peekTime(): number {
    return this.size === 0 ? Infinity : this.keys[2 * this.heap[0]!]!;
  }

  /** Handler of the earliest event, or null when empty (diagnostics, not the hot path). */
  peekHandler(): EventHandler | null {
    return this.size === 0 ? null : this.handlerOf[this.heap[0]!]!;
  }

  /**
   * Time of the earliest event; the queue must not be empty. The run loop uses this rather than
   * `peekTime`, whose Infinity branch makes V8 box the time: one allocation per event.
   */
  headTime(): number {
    return this.keys[2 * this.heap[0]!]!;
  }

  /**
   * Removes the earliest event and dispatches it to its handler. Returns nothing: a time
   * returned from here (not inlined into the run loop) would be boxed, one allocation per event.
   */
  popAndDispatch(): void {
    const heap = this.heap;
    const slot = heap[0]!;
    const handler = this.handlerOf[slot]!;
    const kind = this.kindOf[slot]!;
    const arg = this.argOf[slot]!;
    this.handlerOf[slot] = null;
    this.freeSlots[this.freeCount++] = slot;
    const n = --this.size;
    if (n > 0) {
      const keys = this.keys;
      const last = heap[n]!;
      const tl = keys[2 * last]!;
      const sl = keys[2 * last + 1]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        let c = l;
        let cs = heap[l]!;
        let tc = keys[2 * cs]!;
        let sc = keys[2 * cs + 1]!;
        if (r < n) {
          const rs = heap[r]!;
          const tr = keys[2 * rs]!;
          const sr = keys[2 * rs + 1]!;
          const rightSeqEarlier = sr < sc;
          if (tr < tc || (tr === tc && rightSeqEarlier)) {
            c = r;
            cs = rs;
            tc = tr;
            sc = sr;
          }
        }
        const lastSeqEarlier = sl < sc;
        if (tl < tc || (tl === tc && lastSeqEarlier)) break;
        heap[i] = cs;
        i = c;
      }
      heap[i] = last;
    }
    handler.handleEvent(kind, arg);
  }
}
