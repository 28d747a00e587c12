import { describe, expect, it } from 'vitest';
import { FifoQueueDisc } from './FifoQueueDisc.js';
import { QueueBench } from './queueTestKit.js';

/**
 * The FIFO child counts its per-flow backlog from the packets it holds (not per packet): the
 * counts must be those of the packets stored, whichever path stored or removed them.
 */
describe('FifoQueueDisc per-flow backlog', () => {
  it('counts the stored packets of each flow through enqueue/store, dequeue/take and evict', () => {
    const bench = new QueueBench({ flows: 3 });
    const q = bench.attach(new FifoQueueDisc());
    // flows 0, 2, 0 through the generic path, flow 1 and 0 through the scheduler's path
    q.enqueue(bench.packet(0));
    q.enqueue(bench.packet(2));
    q.enqueue(bench.packet(0));
    q.store(bench.packet(1));
    q.store(bench.packet(0));
    expect([...q.flowBacklogPackets]).toEqual([3, 1, 1]);
    expect(q.dequeue()!.flowId).toBe(0); // oldest first
    expect(q.take()!.flowId).toBe(2);
    expect([...q.flowBacklogPackets]).toEqual([2, 1, 0]);
    expect(q.evict('fq-overflow')).toBe(true); // the oldest: flow 0
    expect([...q.flowBacklogPackets]).toEqual([1, 1, 0]);
    while (q.take() !== null);
    expect([...q.flowBacklogPackets]).toEqual([0, 0, 0]);
  });

  it('leaves a packet of a flow index beyond the table out (a control packet)', () => {
    const bench = new QueueBench({ flows: 2 });
    const q = bench.attach(new FifoQueueDisc());
    const control = bench.packet(0);
    control.flowId = 2; // the flow count: router-to-router messages
    q.store(control);
    q.store(bench.packet(1));
    expect([...q.flowBacklogPackets]).toEqual([0, 1]);
  });

  it('take() keeps the statistics dequeue() does: departures, bytes and sojourn', () => {
    const bench = new QueueBench({ flows: 1 });
    const q = bench.attach(new FifoQueueDisc());
    q.store(bench.packet(0, 1000));
    bench.advanceTo(2e6);
    q.store(bench.packet(0, 500));
    bench.advanceTo(5e6);
    q.take();
    q.take();
    // sojourns 5 ms and 3 ms
    expect([q.stats.departures, q.stats.departureBytes, q.stats.sojournSumNs]).toEqual([2, 1500, 8e6]);
    expect([q.lengthPackets, q.lengthBytes]).toEqual([0, 0]);
  });

  it('an empty FIFO gives nothing, evicts nothing, and passes an arrival through; a busy one does not', () => {
    const bench = new QueueBench({ flows: 1 });
    const q = bench.attach(new FifoQueueDisc());
    expect(q.dequeue()).toBeNull();
    expect(q.take()).toBeNull();
    expect(q.evict('policy')).toBe(false);
    expect([q.lengthPackets, q.lengthBytes, q.stats.departures]).toEqual([0, 0, 0]);
    const p = bench.packet(0);
    expect(q.admitsPassThrough(p)).toBe(true);
    q.store(p);
    expect(q.admitsPassThrough(bench.packet(0))).toBe(false);
    expect(q.head()).toBe(p);
  });
});
