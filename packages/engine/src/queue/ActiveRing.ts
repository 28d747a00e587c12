/**
 * The round-robin list of backlogged sub-queues of a scheduler, as ns-2.35's DRR and SFQ keep it
 * (queue/drr.cc and queue/sfq.cc `activate` / `idle`): a circular doubly linked list whose head is
 * the sub-queue being served. A sub-queue that becomes backlogged is inserted just before the head
 * (it is served last in the current round); one that empties is unlinked, and if it was the head
 * the next one becomes the head. Links live in typed arrays indexed by sub-queue (no allocation
 * per packet).
 */
export class ActiveRing {
  /** The sub-queue being served, or −1 when none is backlogged. */
  head = -1;
  /** Number of sub-queues in the ring. */
  size = 0;
  private next: Int32Array;
  private prev: Int32Array;
  private member: Uint8Array;

  constructor(capacity: number) {
    const n = Math.max(1, capacity);
    this.next = new Int32Array(n);
    this.prev = new Int32Array(n);
    this.member = new Uint8Array(n);
  }

  /** Whether sub-queue `i` is in the ring. */
  has(i: number): boolean {
    return i < this.member.length && this.member[i] === 1;
  }

  /** The sub-queue after `i` in the ring. */
  after(i: number): number {
    return this.next[i]!;
  }

  /** Inserts `i` just before the head (a new sub-queue waits for a full round). */
  activate(i: number): void {
    if (i >= this.member.length) this.grow(i + 1);
    this.member[i] = 1;
    this.size++;
    const h = this.head;
    if (h < 0) {
      this.head = i;
      this.next[i] = i;
      this.prev[i] = i;
      return;
    }
    const tail = this.prev[h]!;
    this.prev[i] = tail;
    this.next[i] = h;
    this.next[tail] = i;
    this.prev[h] = i;
  }

  /** Unlinks `i`; if it was the head, the next sub-queue becomes the head. */
  idle(i: number): void {
    this.member[i] = 0;
    this.size--;
    const n = this.next[i]!;
    if (n === i) {
      this.head = -1;
      return;
    }
    const p = this.prev[i]!;
    this.next[p] = n;
    this.prev[n] = p;
    if (this.head === i) this.head = n;
  }

  /** Moves the head to the next sub-queue (the end of the current one's turn). */
  advance(): void {
    if (this.head >= 0) this.head = this.next[this.head]!;
  }

  private grow(n: number): void {
    let cap = this.member.length;
    while (cap < n) cap *= 2;
    const next = new Int32Array(cap);
    const prev = new Int32Array(cap);
    const member = new Uint8Array(cap);
    next.set(this.next);
    prev.set(this.prev);
    member.set(this.member);
    this.next = next;
    this.prev = prev;
    this.member = member;
  }
}
