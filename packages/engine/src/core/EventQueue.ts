import { holdAsDoubles } from './doubleFields.js';

/**
 * The pending-event set: a calendar queue (R. Brown, "Calendar queues: a fast O(1) priority queue
 * implementation for the simulation event set problem", CACM 31(10), 1988) ordered by (time,
 * insertion sequence), kept in typed arrays so that scheduling allocates nothing once the pool has
 * grown. Each event names a handler object and an integer kind plus one numeric argument; no
 * closures are created per event.
 *
 * Time is cut into buckets `width` ns wide; bucket b of the calendar holds, as a list sorted by
 * (time, sequence), every event whose virtual bucket ⌊time / width⌋ is b modulo the number of
 * buckets (a "year" is the calendar's length). The earliest event is the head of the first bucket,
 * from the current one on, whose head falls in the year being scanned. With a width near the mean
 * time between events and more buckets than events, a push inserts into a bucket of ≈ 0–1 events
 * and a pop looks at ≈ 1–2 buckets, whatever the number pending: a binary heap's pop costs a
 * comparison per level, and those branches are unpredictable (with 80 events pending — a fair
 * scheduler's bench run — a heap cost ≈ 2.5× a 30-event one; docs/performance.md).
 *
 * The order is exact — (time, sequence) is a total order and every event is compared on both — so
 * the width and the number of buckets change only the speed, never which event runs next: the
 * calendar adapts them from what it sees (`recalibrate`), deterministically.
 */

export interface EventHandler {
  handleEvent(kind: number, arg: number): void;
}

/** Pops between two looks at the calendar's shape (width against the mean time between pops). */
const CALIBRATION_POPS = 4096;
/** Pops before the first look (early, so that it first runs before V8 optimizes the event loop). */
const FIRST_CALIBRATION = 16;
/** Fewest buckets (a power of two). */
const MIN_BUCKETS = 64;
/** Buckets per pending event aimed at: grow past size·4 > buckets, shrink below size·16 < buckets. */
const GROW_AT = 4;
const SHRINK_AT = 16;
/** Events passed on the way into a bucket's list that make the calendar check its width. */
const CROWDED_WALK = 32;
/** Pending events whose spacing sets the width after a growth or a crowded bucket. */
const WIDTH_SAMPLE = 64;
/** Narrowest bucket, ns. */
const MIN_WIDTH_NS = 1;

export class EventQueue {
  /**
   * The ordering key of slot s: its time at [2s] and its insertion sequence at [2s + 1], side by
   * side so that one cache line holds both. Comparisons always load and compare both (not the
   * sequences only on a tie): a load or comparison that first runs after the code was optimized
   * (at the first tie) has no type feedback, so it would deoptimize the event loop and make V8
   * compile it again (docs/performance.md, "Where a cold `cclab run` spends its time").
   */
  private keys: Float64Array;
  private kindOf: Int32Array;
  private argOf: Float64Array;
  private handlerOf: (EventHandler | null)[];
  /** Next slot in the same bucket's sorted list, or −1. */
  private nextOf: Int32Array;
  private freeSlots: Int32Array;
  private freeCount = 0;
  private capacity: number;
  private nextSeq = 0;
  size = 0;
  /**
   * Events stepped over by insertions into the middle of a bucket's list so far: a diagnostic of
   * the calendar's tuning (a few per insertion at most when the width suits the events).
   */
  walkSteps = 0;

  /** First slot of each bucket's list (−1: empty); its length is a power of two. */
  private heads: Int32Array;
  /** Last slot of each bucket's list (valid when the bucket is not empty). */
  private tails: Int32Array;
  private mask: number;
  /** Bucket width (ns) and its inverse; a slot's virtual bucket is ⌊time · invWidth⌋. */
  private width = 1000;
  private invWidth = 1 / 1000;
  /** Virtual bucket the scan for the earliest event starts from: never past an event's own. */
  private scanVb = 0;
  /** The earliest event's slot as last found by `findHead`, or −1 once a push may have changed it. */
  private headSlot = -1;
  /** Pops left before the next calibration; pops between the last one and the next; the time of the last. */
  private popsToCalibration = FIRST_CALIBRATION;
  private calibrationPeriod = FIRST_CALIBRATION;
  private calibrationStartNs = 0;

  constructor(initialCapacity = 1024) {
    this.capacity = Math.max(1, initialCapacity);
    const cap = this.capacity;
    this.keys = new Float64Array(2 * cap);
    this.kindOf = new Int32Array(cap);
    this.argOf = new Float64Array(cap);
    this.handlerOf = new Array<EventHandler | null>(cap).fill(null);
    this.nextOf = new Int32Array(cap);
    this.freeSlots = new Int32Array(cap);
    for (let i = cap - 1; i >= 0; i--) this.freeSlots[this.freeCount++] = i;
    this.heads = new Int32Array(MIN_BUCKETS).fill(-1);
    this.tails = new Int32Array(MIN_BUCKETS);
    this.mask = MIN_BUCKETS - 1;
    // doubles from the start (virtual bucket numbers pass 2^31 in long runs, times at 2.1 s)
    holdAsDoubles(this, ['width', 'invWidth', 'scanVb', 'calibrationStartNs']);
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
    const nx = new Int32Array(cap);
    nx.set(this.nextOf);
    this.nextOf = nx;
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
    this.headSlot = -1;
    this.link(slot, time, seq);
    if (++this.size * GROW_AT > this.heads.length) this.growBuckets();
  }

  /** Inserts `slot` into its bucket's sorted list (and moves the scan back to it if needed). */
  private link(slot: number, time: number, seq: number): void {
    const vb = Math.floor(time * this.invWidth);
    if (vb < this.scanVb) this.scanVb = vb;
    const b = vb & this.mask;
    const keys = this.keys;
    const next = this.nextOf;
    const first = this.heads[b]!;
    if (first < 0) {
      this.heads[b] = slot;
      this.tails[b] = slot;
      next[slot] = -1;
      return;
    }
    // before the head (the usual case: the bucket holds only events of later years)
    const tf = keys[2 * first]!;
    const sf = keys[2 * first + 1]!;
    const beforeFirst = seq < sf;
    if (time < tf || (time === tf && beforeFirst)) {
      next[slot] = first;
      this.heads[b] = slot;
      return;
    }
    // after the tail (later than everything in the bucket, or the latest of many events at one
    // instant: no walk however many there are)
    const last = this.tails[b]!;
    const tl = keys[2 * last]!;
    const sl = keys[2 * last + 1]!;
    const afterLast = sl < seq;
    if (tl < time || (tl === time && afterLast)) {
      next[last] = slot;
      next[slot] = -1;
      this.tails[b] = slot;
      return;
    }
    this.insertInside(slot, time, seq, first);
  }

  /** Inserts `slot` between the head `first` of its bucket and the tail (the rare case: a walk). */
  private insertInside(slot: number, time: number, seq: number, first: number): void {
    const keys = this.keys;
    const next = this.nextOf;
    let p = first;
    let q = next[p]!;
    let steps = 0;
    for (;;) {
      const tq = keys[2 * q]!;
      const sq = keys[2 * q + 1]!;
      const qEarlier = sq < seq;
      if (!(tq < time || (tq === time && qEarlier))) break;
      p = q;
      q = next[q]!;
      steps++;
    }
    next[slot] = q;
    next[p] = slot;
    this.walkSteps += steps;
    // a crowded bucket: the width is too coarse for the events pending now (a burst after a
    // quiet spell); narrow it if their spacing says so
    if (steps > CROWDED_WALK) this.narrowIfCrowded();
  }

  private narrowIfCrowded(): void {
    const slots = this.pendingInOrder();
    const width = this.widthFromPending(slots);
    if (width < this.width / 2) this.rebuild(slots, this.heads.length, width);
  }

  /** Twice the buckets, the width from the pending events' spacing. */
  private growBuckets(): void {
    const slots = this.pendingInOrder();
    this.rebuild(slots, this.heads.length * 2, this.widthFromPending(slots));
  }

  /**
   * Slot of the earliest event (the queue must not be empty); leaves `scanVb` at its virtual
   * bucket. The scan walks the buckets of one year from `scanVb`; a year without an event due in
   * it (every pending event lies more than a year ahead) ends in a direct search of the heads.
   */
  private findHead(): number {
    const heads = this.heads;
    const keys = this.keys;
    const mask = this.mask;
    const invWidth = this.invWidth;
    let vb = this.scanVb;
    for (let i = 0; i <= mask; i++) {
      const h = heads[vb & mask]!;
      if (h >= 0 && Math.floor(keys[2 * h]! * invWidth) <= vb) {
        this.scanVb = vb;
        this.headSlot = h;
        return h;
      }
      vb++;
    }
    return this.searchHeads();
  }

  /** `findHead` after a year without an event due: the earliest of the buckets' heads. */
  private searchHeads(): number {
    const heads = this.heads;
    const keys = this.keys;
    const mask = this.mask;
    let best = -1;
    let bt = Infinity;
    let bs = Infinity;
    for (let b = 0; b <= mask; b++) {
      const h = heads[b]!;
      if (h < 0) continue;
      const th = keys[2 * h]!;
      const sh = keys[2 * h + 1]!;
      const seqEarlier = sh < bs;
      if (best < 0 || th < bt || (th === bt && seqEarlier)) {
        best = h;
        bt = th;
        bs = sh;
      }
    }
    const v = Math.floor(bt * this.invWidth);
    // every event pending is at an infinite time, in bucket 0 (ToInt32(Infinity)): a scan start
    // in bucket 0 that is not past any of them
    this.scanVb = Number.isFinite(v) ? v : this.scanVb - (this.scanVb & mask);
    this.headSlot = best;
    return best;
  }

  /** Time of the earliest event, or Infinity when empty. */
  peekTime(): number {
    return this.size === 0 ? Infinity : this.headTime();
  }

  /** Handler of the earliest event, or null when empty (diagnostics, not the hot path). */
  peekHandler(): EventHandler | null {
    if (this.size === 0) return null;
    const h = this.headSlot >= 0 ? this.headSlot : this.findHead();
    return this.handlerOf[h]!;
  }

  /**
   * Time of the earliest event; the queue must not be empty. The run loop uses this rather than
   * `peekTime`, whose Infinity branch makes V8 box the time: one allocation per event.
   */
  headTime(): number {
    const h = this.headSlot >= 0 ? this.headSlot : this.findHead();
    return this.keys[2 * h]!;
  }

  /**
   * Removes the earliest event and dispatches it to its handler. Returns nothing: a time
   * returned from here (not inlined into the run loop) would be boxed, one allocation per event.
   */
  popAndDispatch(): void {
    const slot = this.headSlot >= 0 ? this.headSlot : this.findHead();
    this.headSlot = -1;
    // the head of the bucket the scan stopped at (findHead returns bucket heads only)
    this.heads[this.scanVb & this.mask] = this.nextOf[slot]!;
    const handler = this.handlerOf[slot]!;
    const kind = this.kindOf[slot]!;
    const arg = this.argOf[slot]!;
    this.handlerOf[slot] = null;
    this.freeSlots[this.freeCount++] = slot;
    this.size--;
    // (the freed slot keeps its key until the next push)
    if (--this.popsToCalibration === 0) this.recalibrate(this.keys[2 * slot]!);
    handler.handleEvent(kind, arg);
  }

  /**
   * After FIRST_CALIBRATION pops, then every CALIBRATION_POPS: a width of about twice the mean
   * time between pops (Brown's three times the mean separation of the next events, measured on
   * what was dispatched rather than sampled), and GROW_AT–SHRINK_AT buckets per pending event. Rebuilds only when the width
   * is off by more than a factor of two or the bucket count out of its range, so a steady run
   * rebuilds once or twice.
   */
  private recalibrate(nowNs: number): void {
    const gap = (nowNs - this.calibrationStartNs) / this.calibrationPeriod;
    this.popsToCalibration = this.calibrationPeriod = CALIBRATION_POPS;
    this.calibrationStartNs = nowNs;
    let width = this.width;
    // not below 1 ns (times are whole nanoseconds; a finer calendar only lengthens the scans)
    const target = Math.max(2 * gap, MIN_WIDTH_NS);
    if (gap > 0 && Number.isFinite(target) && (width < target / 2 || width > target * 2)) width = target;
    let buckets = this.heads.length;
    while (buckets > MIN_BUCKETS && this.size * SHRINK_AT < buckets) buckets >>= 1;
    if (width !== this.width || buckets !== this.heads.length) this.rebuild(this.pendingInOrder(), buckets, width);
  }

  /** Every pending event's slot, in (time, sequence) order. */
  private pendingInOrder(): number[] {
    const heads = this.heads;
    const next = this.nextOf;
    const keys = this.keys;
    const slots: number[] = [];
    for (let b = 0; b < heads.length; b++) for (let s = heads[b]!; s >= 0; s = next[s]!) slots.push(s);
    slots.sort((a, b) => keys[2 * a]! - keys[2 * b]! || keys[2 * a + 1]! - keys[2 * b + 1]!);
    return slots;
  }

  /**
   * Brown's width: three times the mean spacing of the earliest pending events, spacings over
   * twice the mean left out (a far timer among them says nothing about the density); the current
   * width when they are all at one instant.
   */
  private widthFromPending(slots: readonly number[]): number {
    const keys = this.keys;
    const n = Math.min(slots.length, WIDTH_SAMPLE);
    let sum = 0;
    let count = 0;
    for (let i = 1; i < n; i++) {
      const d = keys[2 * slots[i]!]! - keys[2 * slots[i - 1]!]!;
      if (Number.isFinite(d)) {
        sum += d;
        count++;
      }
    }
    if (count === 0 || sum === 0) return this.width;
    const mean = sum / count;
    let kept = 0;
    let keptCount = 0;
    for (let i = 1; i < n; i++) {
      const d = keys[2 * slots[i]!]! - keys[2 * slots[i - 1]!]!;
      if (d <= 2 * mean) {
        kept += d;
        keptCount++;
      }
    }
    const spacing = kept > 0 ? kept / keptCount : mean;
    return Math.max(3 * spacing, MIN_WIDTH_NS);
  }

  /** Redistributes the pending events (`slots`, from `pendingInOrder`) over `buckets` buckets of `width` ns. */
  private rebuild(slots: readonly number[], buckets: number, width: number): void {
    const keys = this.keys;
    this.heads = new Int32Array(buckets).fill(-1);
    this.tails = new Int32Array(buckets);
    this.mask = buckets - 1;
    this.width = width;
    this.invWidth = 1 / width;
    // (each insertion, in order, appends at its bucket's tail; the first moves the scan to it)
    this.scanVb = Number.MAX_SAFE_INTEGER;
    for (const s of slots) this.link(s, keys[2 * s]!, keys[2 * s + 1]!);
    this.headSlot = -1;
  }
}
