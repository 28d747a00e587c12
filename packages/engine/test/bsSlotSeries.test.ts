import { describe, expect, it } from 'vitest';
import { Simulator } from '../src/core/Simulator.js';
import { RayleighFading } from '../src/router/channel/RayleighFading.js';
import { Simulation } from '../src/Simulation.js';
import type { ScenarioInput } from '../src/scenario/types.js';

/** Seed 004 Table 1: the SNR each AMC mode needs (dB) and its bits per symbol. */
const TABLE1_DB = [1.03, 3.01, 6.13, 10.24, 16.11, 20.67, 25.13, 27.77];
const TABLE1_BITS = [2 / 12, 2 / 8, 2 / 4, 2 / 2, 4 / 2, 4 * 0.75, 6 * (2 / 3), 6 * 0.75];

/** Three UEs behind an RR base station, each offered more than the radio carries. */
function cell(o: { duration: string; maxPoints?: number; seed?: number }): ScenarioInput {
  const snr = [5, 9, 13];
  const ues = snr.map((_, i) => `UE${i + 1}`);
  return {
    version: 1,
    seed: o.seed ?? 7,
    duration: o.duration,
    nodes: [
      { id: 'S', kind: 'host' },
      { id: 'BS', kind: 'bs', bs: { scheduler: { type: 'rr' } } },
      ...ues.map((id) => ({ id, kind: 'host' as const })),
    ],
    links: [
      { a: 'S', b: 'BS', rate: '1Gbps', delay: '1ms', buffer: '100000 packets' },
      ...ues.map((ue, i) => ({
        a: 'BS',
        b: ue,
        rate: '100Mbps',
        delay: '1ms',
        buffer: '3000 packets',
        channel: { type: 'rayleigh', params: { meanSnrDb: snr[i]! } },
      })),
    ],
    flows: ues.map((ue, i) => ({
      id: `f${i}`,
      from: 'S',
      to: ue,
      transport: { type: 'udp' },
      app: { type: 'cbr', params: { rate: '40Mbps', packetSize: '1000B' } },
    })),
    probes: { interval: '1s', ...(o.maxPoints ? { maxPoints: o.maxPoints } : {}) },
  };
}

describe('the base station’s slot series: the channel as the scheduler saw it, one row per slot', () => {
  it('records each UE’s SNR from its fading process at the slot start, and the AMC rate of that SNR', () => {
    const sim = new Simulation(cell({ duration: '2s' }));
    sim.run();
    const bs = sim.network.baseStations[0]!;
    const s = bs.slotSeries;
    expect(s.columns).toEqual([
      't',
      'served',
      'snrDb:UE1',
      'snrDb:UE2',
      'snrDb:UE3',
      'rateBps:UE1',
      'rateBps:UE2',
      'rateBps:UE3',
    ]);
    // slots of 10 ms from 0 to 2 s inclusive (the run ends after the events at its last instant),
    // all kept (2000 points by default)
    const t = s.column('t');
    expect(t.length).toBe(201);
    t.forEach((x, k) => expect(x).toBeCloseTo(k * 0.01, 12));
    // the same fading processes, rebuilt from the same random streams (Jakes sum of sinusoids,
    // 127.8 Hz, 16 sinusoids: the channel's defaults), sampled at the slot starts
    const streams = new Simulator(7);
    ['UE1', 'UE2', 'UE3'].forEach((ue, i) => {
      const fading = new RayleighFading(127.8, 16, streams.random(`channel:BS->${ue}`));
      const meanDb = [5, 9, 13][i]!;
      const snr = s.column(`snrDb:${ue}`);
      const rate = s.column(`rateBps:${ue}`);
      for (let k = 0; k < t.length; k++) {
        const expected = meanDb + 10 * Math.log10(fading.powerGain(k * 0.01));
        expect(snr[k]).toBeCloseTo(expected, 9);
        // "10M" read as 10 MHz: 10 Msymbol/s × the bits per symbol of the highest mode the SNR reaches
        let mode = 0;
        while (mode < TABLE1_DB.length && expected >= TABLE1_DB[mode]!) mode++;
        expect(rate[k]).toBeCloseTo(mode === 0 ? 0 : 10e6 * TABLE1_BITS[mode - 1]!, 3);
      }
    });
  });

  it('under round robin the served UE cycles 1, 2, 3 once every UE has a backlog', () => {
    const sim = new Simulation(cell({ duration: '1s' }));
    sim.run();
    const served = [...sim.network.baseStations[0]!.slotSeries.column('served')];
    // slot 0 (t = 0) starts before any packet reaches the base station: nobody is served
    expect(served[0]).toBe(-1);
    expect(served.slice(1)).toEqual(Array.from({ length: 100 }, (_, k) => k % 3));
  });

  it('stays within probes.maxPoints by keeping every other slot, spanning the whole run', () => {
    const sim = new Simulation(cell({ duration: '1s', maxPoints: 16 }));
    sim.run();
    const s = sim.network.baseStations[0]!.slotSeries;
    const t = [...s.column('t')];
    expect(t.length).toBeLessThanOrEqual(16);
    // 101 slots (0 … 1 s) into 16 points: halved three times, one slot in 8 kept (0, 80, 160 … 960 ms)
    expect(t.map((x) => Math.round(x * 1000))).toEqual(Array.from({ length: 13 }, (_, k) => k * 80));
    // RR's cycle seen through the stride: slot 8k served UE index (8k − 1) mod 3
    expect([...s.column('served')].slice(1)).toEqual(Array.from({ length: 12 }, (_, k) => (8 * (k + 1) - 1) % 3));
  });
});
