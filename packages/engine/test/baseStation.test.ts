import { describe, expect, it } from 'vitest';
import { Simulation } from '../src/Simulation.js';
import type { BaseStation } from '../src/router/bs/BaseStation.js';
import type { BsScheduler, BsSlotView } from '../src/router/bs/BsScheduler.js';
import { bsSchedulerModels } from '../src/router/bs/index.js';
import { RoundRobinBsScheduler } from '../src/router/bs/RoundRobinBsScheduler.js';
import type { ScenarioInput } from '../src/scenario/types.js';

/**
 * A base station serving UEs that are always backlogged: a UDP source per UE offering more than
 * the radio can carry, through a fast wired path.
 */
function saturatedCell(o: {
  scheduler: string;
  snrDb: readonly number[];
  duration?: string;
  seed?: number;
  offered?: string;
}): ScenarioInput {
  const ues = o.snrDb.map((_, i) => `UE${i + 1}`);
  return {
    version: 1,
    seed: o.seed ?? 1,
    duration: o.duration ?? '20s',
    nodes: [
      { id: 'S', kind: 'host' },
      { id: 'BS', kind: 'bs', bs: { scheduler: { type: o.scheduler } } },
      ...ues.map((id) => ({ id, kind: 'host' as const })),
    ],
    links: [
      { a: 'S', b: 'BS', rate: '10Gbps', delay: '1ms', buffer: '1000000 packets' },
      ...ues.map((ue, i) => ({
        a: 'BS',
        b: ue,
        rate: '100Mbps',
        delay: '1ms',
        buffer: '3000 packets',
        channel: { type: 'rayleigh', params: { meanSnrDb: o.snrDb[i]! } },
      })),
    ],
    flows: ues.map((ue, i) => ({
      id: `f${i}`,
      from: 'S',
      to: ue,
      transport: { type: 'udp' },
      app: { type: 'cbr', params: { rate: o.offered ?? '8Mbps', packetSize: '1000B' } },
    })),
    probes: { interval: '1s' },
  };
}

const run = (sc: ScenarioInput) => {
  const sim = new Simulation(sc);
  sim.run();
  return { sim, bs: sim.network.baseStations[0]! };
};
const bitsDelivered = (bs: BaseStation) => bs.downlinks.map((p) => p.servedBytes * 8);

/** P(UE i has the largest of independent exponential SNRs with these means), by Simpson's rule. */
function probabilityOfMax(meansDb: readonly number[]): number[] {
  const m = meansDb.map((d) => 10 ** (d / 10));
  const top = 40 * Math.max(...m);
  const n = 20000;
  const h = top / n;
  return m.map((mi, i) => {
    const f = (x: number) => {
      let v = Math.exp(-x / mi) / mi;
      m.forEach((mj, j) => {
        if (j !== i) v *= 1 - Math.exp(-x / mj);
      });
      return v;
    };
    let s = f(0) + f(top);
    for (let k = 1; k < n; k++) s += f(k * h) * (k % 2 === 1 ? 4 : 2);
    return (s * h) / 3;
  });
}

describe('TDMA base station', () => {
  it('round robin gives every backlogged UE the same number of slots', () => {
    const { bs } = run(saturatedCell({ scheduler: 'rr', snrDb: [5, 9, 13, 5, 9, 13] }));
    const slots = bs.downlinks.map((p) => p.slotsServed);
    // 20 s of 10 ms slots, all backlogged after the first few ms: ≈ 2000/6 each, ±1
    expect(Math.max(...slots) - Math.min(...slots)).toBeLessThanOrEqual(1);
    expect(slots.reduce((a, b) => a + b, 0)).toBeGreaterThan(1995);
  });

  it('max-SNR gives each UE the slots in which it has the best SNR, so throughput orders by mean SNR', () => {
    const snr = [5, 9, 13, 5, 9, 13];
    const { bs } = run(saturatedCell({ scheduler: 'max-snr', snrDb: snr, duration: '60s' }));
    const total = bs.downlinks.reduce((a, p) => a + p.slotsServed, 0);
    const expected = probabilityOfMax(snr);
    bs.downlinks.forEach((p, i) =>
      expect(Math.abs(p.slotsServed / total - expected[i]!), `UE${i + 1}`).toBeLessThan(0.025),
    );
    const bits = bitsDelivered(bs);
    // 5 dB < 9 dB < 13 dB, each pair in between the neighbouring pairs
    for (const lo of [0, 3]) for (const mid of [1, 4]) expect(bits[lo]!).toBeLessThan(bits[mid]!);
    for (const mid of [1, 4]) for (const hi of [2, 5]) expect(bits[mid]!).toBeLessThan(bits[hi]!);
  });

  it('sends exactly the slot’s bits, B·T·bits/symbol, to the UE it serves', () => {
    const seen: { ue: number; rate: number; bits: number }[] = [];
    const rr = new RoundRobinBsScheduler();
    const recorder: BsScheduler = {
      choose: (v: BsSlotView) => {
        const u = rr.choose(v);
        seen.push({ ue: u, rate: u >= 0 ? v.rateBps[u]! : 0, bits: NaN });
        return u;
      },
      slotEnded: (ue: number, bits: number) => {
        const last = seen[seen.length - 1]!;
        expect(ue).toBe(last.ue);
        last.bits = bits;
      },
    };
    bsSchedulerModels.push({
      info: { id: 'test-recorder', category: 'bs-scheduler', name: 'test', description: '', citation: '', params: [] },
      create: () => recorder,
    });
    try {
      run(saturatedCell({ scheduler: 'test-recorder', snrDb: [5, 9, 13], duration: '5s' }));
    } finally {
      bsSchedulerModels.pop();
    }
    const full = seen.slice(5, -1); // backlogged from the first slots on; the last is cut by the end
    expect(full.length).toBeGreaterThan(400);
    for (const s of full) expect(Math.abs(s.bits - s.rate * 0.01)).toBeLessThan(1e-6 * s.rate * 0.01 + 1e-9); // 10 ms at the AMC rate
    // at 10 MHz the modes give 1.67 ... 45 Mb/s; an outage gives a slot with nothing in it
    const rates = new Set(full.map((s) => s.rate));
    for (const r of rates)
      expect([0, 10e6 / 6, 2.5e6, 5e6, 10e6, 20e6, 30e6, 40e6, 45e6].some((x) => Math.abs(x - r) < 1)).toBe(true);
  });

  it('serves nobody when nobody is backlogged, and one UE per slot otherwise', () => {
    const sc = saturatedCell({ scheduler: 'qdelay', snrDb: [5, 13], duration: '2s', offered: '100kbps' });
    const { sim, bs } = run(sc);
    const slots = bs.downlinks.reduce((a, p) => a + p.slotsServed, 0);
    // 100 kb/s of 1000-byte packets: 12.5 packets/s per UE, so most slots find both queues empty
    expect(slots).toBeLessThan(100);
    expect(slots).toBeGreaterThan(40);
    for (const f of sim.flows) expect(f.stats.packetsReceived).toBeGreaterThanOrEqual(f.stats.packetsSent - 2);
  });

  it('is deterministic for a seed, and a different seed draws different fading', () => {
    const a = bitsDelivered(run(saturatedCell({ scheduler: 'qdelay', snrDb: [5, 9, 13], duration: '3s' })).bs);
    const b = bitsDelivered(run(saturatedCell({ scheduler: 'qdelay', snrDb: [5, 9, 13], duration: '3s' })).bs);
    const c = bitsDelivered(run(saturatedCell({ scheduler: 'qdelay', snrDb: [5, 9, 13], duration: '3s', seed: 2 })).bs);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('records each downlink’s SNR, rate, mode, served flag and slot share as link:* columns', () => {
    const { sim } = run(saturatedCell({ scheduler: 'rr', snrDb: [5, 13], duration: '3s' }));
    const i = sim.probedPorts.findIndex((p) => p.name === 'BS->UE2');
    expect(sim.portColumns[i]).toEqual(
      expect.arrayContaining(['link:snrDb', 'link:rateBps', 'link:mode', 'link:served', 'link:slotShare']),
    );
    const share = sim.portSeries[i]!.column('link:slotShare');
    // two backlogged UEs under round robin: half the slots each
    expect(share[share.length - 1]).toBeCloseTo(0.5, 2);
  });
});
