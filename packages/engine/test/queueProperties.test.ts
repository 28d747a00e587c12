import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountingHolds,
  disciplineVariantCases,
  QueueBench,
  queueTreeNodes,
  registeredQueueModels,
} from '../src/queue/queueTestKit.js';
import { resolveParams } from '../src/model/params.js';

/**
 * Property tests over every registered queue discipline and scheduler (a new one is covered by
 * registering it): for random arrivals (flows, sizes, ECN capability), dequeues and time steps,
 * the accounting identity arrivals = departures + drops + queued holds at every node of the tree,
 * every drop and mark reaches the port exactly once, the per-flow backlog adds up to the queue,
 * and storage never exceeds the buffer limit by more than one packet.
 */

type Op = { kind: 'enq'; flow: number; size: number; ecn: boolean } | { kind: 'deq' } | { kind: 'wait'; ns: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('enq' as const),
      flow: fc.integer({ min: 0, max: 5 }),
      size: fc.constantFrom(40, 100, 576, 1000, 1500),
      ecn: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'deq' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), ns: fc.integer({ min: 0, max: 50e6 }) }) },
);

const models = registeredQueueModels();

const cases = disciplineVariantCases();

describe('every queue discipline keeps its accounts', () => {
  it.each(cases)('%s %s under a %s buffer', (_id, _v, _l, model, variant, limit) => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 60, maxLength: 400, size: 'max' }), (ops) => {
        const bench = new QueueBench({ limit, flows: 6, classes: [0, 1, 2, 0, 1, 2], weights: [1, 2, 3, 1, 1, 1] });
        const issues: { path: string; message: string }[] = [];
        const params = resolveParams(model.info.params, variant, 'params', issues);
        expect(issues).toEqual([]);
        const root = bench.attach(model.create(params, limit, bench.build()));
        let t = 0;
        for (const o of ops) {
          if (o.kind === 'enq') root.enqueue(bench.packet(o.flow, o.size, o.ecn));
          else if (o.kind === 'deq') root.dequeue();
          else bench.advanceTo((t += o.ns));
          // plain checks (not expect) in the inner loop: thousands per property
          for (const n of queueTreeNodes(root))
            if (!accountingHolds(n))
              throw new Error(`identity broken: ${JSON.stringify(n.stats)}, queued ${n.lengthPackets}`);
          if (bench.drops.length !== root.stats.drops) throw new Error('a drop was not reported exactly once');
          if (bench.marks.length !== root.stats.marks) throw new Error('a mark was not reported exactly once');
          let backlog = 0;
          for (const b of root.flowBacklogPackets) backlog += b;
          if (backlog !== root.lengthPackets) throw new Error('per-flow backlog does not add up to the queue');
          if ('packets' in limit ? root.lengthPackets > limit.packets : root.lengthBytes > limit.bytes + 1500)
            throw new Error(`storage ${root.lengthPackets} packets / ${root.lengthBytes} B exceeds the limit`);
        }
      }),
      { numRuns: 40, seed: 20261122 },
    );
  });
});

describe.each(models.map((m) => [m.info.id, m] as const))('%s', (_id, model) => {
  it('names in the registry the probe values the discipline writes', () => {
    const bench = new QueueBench();
    const d = bench.attach(model.create(resolveParams(model.info.params, {}, 'p', []), bench.limit, bench.build()));
    expect(d.probeSpecs().map((p) => p.key)).toEqual((model.info.probes ?? []).map((p) => p.key));
  });
});
