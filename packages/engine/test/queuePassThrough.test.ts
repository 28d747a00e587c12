import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BufferLimit } from '../src/core/units.js';
import { PacketKind } from '../src/net/Packet.js';
import type { QueueModel } from '../src/queue/QueueModel.js';
import type { QueueDisc } from '../src/net/QueueDisc.js';
import { disciplineVariantCases, QueueBench, queueTreeNodes } from '../src/queue/queueTestKit.js';
import { resolveParams } from '../src/model/params.js';

/**
 * The idle-port shortcut (Port.receive): a discipline that `admitsPassThrough(pkt)` promises that
 * `enqueue(pkt)` followed at once by `dequeue()` would return `pkt` and change nothing but what
 * `passThrough(pkt)` changes. For every registered discipline (each enum option and flipped
 * boolean, as queueProperties.test.ts), two copies see the same random operations; at an arrival
 * to an idle port one takes the shortcut when admitted, the other always enqueues and dequeues.
 * Everything observable must agree at every step: the packet sent, every drop and mark, the
 * statistics, length and per-flow backlog of every node of the tree, and the probed state.
 */

type Op =
  | { kind: 'idle'; flow: number; size: number; ecn: boolean; ack: boolean }
  | { kind: 'enq'; flow: number; size: number; ecn: boolean; ack: boolean }
  | { kind: 'deq' }
  | { kind: 'wait'; ns: number };

const arrival = {
  flow: fc.integer({ min: 0, max: 5 }),
  size: fc.constantFrom(40, 100, 576, 1000, 1500),
  ecn: fc.boolean(),
  ack: fc.boolean(),
};
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('idle' as const), ...arrival }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('enq' as const), ...arrival }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'deq' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('wait' as const), ns: fc.integer({ min: 0, max: 30e6 }) }) },
);

/** What can be observed of a tree: statistics, lengths, backlogs and probes of every node. */
function observe(root: QueueDisc): string {
  return JSON.stringify(
    queueTreeNodes(root).map((n) => {
      const probes = new Float64Array(n.probeSpecs().length);
      n.probeValues(probes, 0);
      return [n.stats, n.lengthPackets, n.lengthBytes, [...n.flowBacklogPackets], [...probes], n.lastSojournNs];
    }),
  );
}

const cases = disciplineVariantCases();

function setUp(model: QueueModel, variant: Record<string, unknown>, limit: BufferLimit) {
  const bench = new QueueBench({ limit, flows: 6, classes: [0, 1, 2, 0, 1, 2], weights: [1, 2, 3, 1, 1, 1] });
  const issues: { path: string; message: string }[] = [];
  const params = resolveParams(model.info.params, variant, 'params', issues);
  expect(issues).toEqual([]);
  return { bench, root: bench.attach(model.create(params, limit, bench.build())) };
}

describe('an arrival passed straight through an idle port is an enqueue and a dequeue', () => {
  it.each(cases)('%s %s under a %s buffer', (_id, _v, _l, model, variant, limit) => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 60, maxLength: 150, size: 'max' }), (ops) => {
        const a = setUp(model, variant, limit);
        const b = setUp(model, variant, limit);
        let t = 0;
        for (const o of ops) {
          let sentA = -1;
          let sentB = -1;
          if (o.kind === 'wait') {
            t += o.ns;
            a.bench.advanceTo(t);
            b.bench.advanceTo(t);
          } else if (o.kind === 'deq') {
            sentA = a.root.dequeue()?.seq ?? -1;
            sentB = b.root.dequeue()?.seq ?? -1;
          } else {
            const pa = a.bench.packet(o.flow, o.size, o.ecn);
            const pb = b.bench.packet(o.flow, o.size, o.ecn);
            if (o.ack) pa.kind = pb.kind = PacketKind.TcpAck;
            if (o.kind === 'idle' && a.root.admitsPassThrough(pa)) {
              a.root.passThrough(pa);
              sentA = pa.seq;
            } else if (a.root.enqueue(pa) && o.kind === 'idle') sentA = a.root.dequeue()?.seq ?? -1;
            if (b.root.enqueue(pb) && o.kind === 'idle') sentB = b.root.dequeue()?.seq ?? -1;
          }
          // plain checks (not expect) in the inner loop: thousands per property
          if (sentA !== sentB) throw new Error(`${o.kind}: sent ${sentA} with the shortcut, ${sentB} without`);
          if (JSON.stringify(a.bench.drops) !== JSON.stringify(b.bench.drops)) throw new Error('drops differ');
          if (JSON.stringify(a.bench.marks) !== JSON.stringify(b.bench.marks)) throw new Error('marks differ');
          const sa = observe(a.root);
          const sb = observe(b.root);
          if (sa !== sb) throw new Error(`${o.kind}: state differs\n${sa}\n${sb}`);
        }
      }),
      { numRuns: 15 },
    );
  });
});
