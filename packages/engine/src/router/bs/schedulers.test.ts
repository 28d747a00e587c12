import { describe, expect, it } from 'vitest';
import type { BsSlotView } from './BsScheduler.js';
import { bsSchedulerModels, findBsSchedulerModel } from './index.js';
import { QueueDelayBsScheduler } from './QueueDelayBsScheduler.js';
import { ProportionalFairBsScheduler } from './ProportionalFairBsScheduler.js';
import { ServedRateFilter } from './ServedRateFilter.js';
import { resolveParams } from '../../model/params.js';

function view(o: { snrDb?: number[]; rateBps: number[]; queuePackets: number[] }): BsSlotView {
  const n = o.rateBps.length;
  return {
    ueCount: n,
    slot: 0,
    slotSeconds: 0.01,
    snrDb: Float64Array.from(o.snrDb ?? o.rateBps.map(() => 0)),
    meanSnrDb: new Float64Array(n),
    rateBps: Float64Array.from(o.rateBps),
    queuePackets: Float64Array.from(o.queuePackets),
    queueBytes: Float64Array.from(o.queuePackets, (q) => q * 100),
  };
}
const make = (id: string, ueCount = 3) => {
  const m = findBsSchedulerModel(id)!;
  return m.create(resolveParams(m.info.params, {}, 'p', []), { ueCount, slotSeconds: 0.01 });
};

describe('base-station schedulers', () => {
  it('round robin: the next backlogged UE after the last served, whatever the channel', () => {
    const rr = make('rr', 4);
    const v = view({ rateBps: [0, 5e6, 1e6, 9e6], queuePackets: [3, 0, 2, 1] });
    // UE1 is empty: 0, 2, 3, 0, 2 ... (UE0 is in an outage and still gets its turn)
    expect([0, 1, 2, 3, 4].map(() => rr.choose(v))).toEqual([0, 2, 3, 0, 2]);
    expect(rr.choose(view({ rateBps: [1, 1, 1, 1], queuePackets: [0, 0, 0, 0] }))).toBe(-1);
  });

  it('max-SNR: the backlogged UE with the best channel now, negative dB included', () => {
    const s = make('max-snr');
    expect(s.choose(view({ snrDb: [-3, -1, -8], rateBps: [0, 0, 0], queuePackets: [1, 1, 1] }))).toBe(1);
    expect(s.choose(view({ snrDb: [12, 20, 8], rateBps: [1, 1, 1], queuePackets: [1, 0, 1] }))).toBe(0);
  });

  it('queue length × rate (max-weight)', () => {
    const s = make('qlen');
    // weights 10·1 = 10, 0 (empty), 5·3 = 15 Mb·packets/s
    expect(s.choose(view({ rateBps: [1e6, 9e6, 3e6], queuePackets: [10, 0, 5] }))).toBe(2);
    // a tie goes to the lower index; an outage (rate 0) has weight 0
    expect(s.choose(view({ rateBps: [2e6, 1e6, 0], queuePackets: [5, 10, 100] }))).toBe(0);
    expect(s.choose(view({ rateBps: [0, 0, 0], queuePackets: [5, 10, 100] }))).toBe(-1);
  });

  it('queue delay: QueLEN / AveR × R (seed 004 eq. 14)', () => {
    const s = new QueueDelayBsScheduler(3, 100);
    s.filter.avgBps.set([1e6, 4e6, 0.5e6]);
    // weights: 10/1·2 = 20, 40/4·3 = 30, 2/0.5·1 = 4 (× 1e6/1e6)
    expect(s.choose(view({ rateBps: [2e6, 3e6, 1e6], queuePackets: [10, 40, 2] }))).toBe(1);
    s.filter.avgBps.set([1e6, 8e6, 0.5e6]); // 40/8·3 = 15 < 20
    expect(s.choose(view({ rateBps: [2e6, 3e6, 1e6], queuePackets: [10, 40, 2] }))).toBe(0);
  });

  it('proportional fair: R / AveR', () => {
    const s = new ProportionalFairBsScheduler(3, 100);
    s.filter.avgBps.set([1e6, 4e6, 0.5e6]);
    // 2, 0.75, 2.2 → UE2, though it has the smallest queue and rate
    expect(s.choose(view({ rateBps: [2e6, 3e6, 1.1e6], queuePackets: [10, 40, 1] }))).toBe(2);
  });

  it('averages each UE’s served rate by a first-order low-pass filter, one step per slot', () => {
    const f = new ServedRateFilter(2, 100);
    const v = view({ rateBps: [0, 0], queuePackets: [0, 0] });
    f.update(0, 1e5, v); // 1e5 bits in 10 ms = 10 Mb/s
    expect(f.avgBps[0]).toBeCloseTo(0.99 * 1 + 0.01 * 1e7, 6);
    expect(f.avgBps[1]).toBeCloseTo(0.99, 12);
    // a starved UE decays geometrically but never to zero
    for (let i = 0; i < 5000; i++) f.update(0, 1e5, v);
    expect(f.avgBps[1]).toBe(1e-3);
    expect(f.avgBps[0]).toBeCloseTo(1e7, 0);
  });

  it('are each a registry entry with a citation', () => {
    expect(bsSchedulerModels.map((m) => m.info.id)).toEqual(['rr', 'max-snr', 'qlen', 'qdelay', 'pf']);
    for (const m of bsSchedulerModels) {
      expect(m.info.category).toBe('bs-scheduler');
      expect(m.info.citation.length).toBeGreaterThan(10);
    }
  });
});
