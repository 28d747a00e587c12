import { describe, expect, it } from 'vitest';
import { compareEnsemble, compareWithNs2, type Ns2Reference } from './compareNs2.js';

/** An ns-2-shaped result with the given per-flow throughputs (Mb/s) and a plausible queue. */
function result(flows: [string, number][]): Ns2Reference {
  const th = flows.map(([, m]) => m * 1e6);
  const sum = th.reduce((a, b) => a + b, 0);
  const sq = th.reduce((a, b) => a + b * b, 0);
  return {
    flows: flows.map(([kind], i) => ({ kind, throughputBps: th[i]! })),
    aggregateThroughputBps: sum,
    jain: (sum * sum) / (th.length * sq),
    bottleneck: { arrivals: 70000, departures: 69800, drops: 200, meanQueuePackets: 25 },
  };
}

describe('the winner rule compares kinds of flow', () => {
  it('two identical TFRC flows swapping places is the same outcome', () => {
    const ns2 = result([
      ['TFRC', 4.5],
      ['TFRC', 3.0],
      ['Newreno', 2.3],
    ]);
    const ours = result([
      ['TFRC', 3.0],
      ['TFRC', 4.5],
      ['Newreno', 2.3],
    ]);
    const cmp = compareWithNs2(ns2, ours);
    expect(cmp.checks.find((c) => c.quantity.startsWith('winner'))).toMatchObject({
      quantity: 'winner (TFRC) and its share per flow',
      pass: true,
    });
    expect(cmp.pass).toBe(true);
  });

  it('another kind taking the lead is a different outcome', () => {
    const ns2 = result([
      ['TFRC', 4.5],
      ['TFRC', 3.0],
      ['Newreno', 2.3],
    ]);
    const ours = result([
      ['TFRC', 2.5],
      ['TFRC', 2.5],
      ['Newreno', 4.8],
    ]);
    expect(compareWithNs2(ns2, ours).checks.find((c) => c.quantity.startsWith('winner'))!.pass).toBe(false);
  });

  it('over an ensemble, the winning kind is judged and not the position of identical flows', () => {
    const refs = [
      result([
        ['CBR:3Mb', 3],
        ['Newreno', 4],
        ['Newreno', 3],
      ]),
      result([
        ['CBR:3Mb', 3],
        ['Newreno', 3],
        ['Newreno', 4],
      ]),
    ];
    const runs = [refs[1]!, refs[0]!];
    const cmp = compareEnsemble(refs, runs);
    expect(cmp.checks.find((c) => c.quantity.startsWith('winner'))).toMatchObject({
      quantity: 'winner (Newreno) and its mean share per flow',
      pass: true,
    });
  });
});
