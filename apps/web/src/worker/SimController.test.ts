import { describe, expect, it } from 'vitest';
import { defaultScenario, FLOW_COLUMNS, presets } from '@cclab/engine';
import { SimController, SLICE_MS } from './SimController';
import { FLIGHT_STRIDE, UE_COLS } from './protocol';
import { SeriesStore } from '../state/SeriesStore';
import { slotLines } from '../charts/chartData';

function fakeClock() {
  let t = 0;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe('the worker’s simulation controller', () => {
  it('describes the run: flows, ports with buffer limits, probed ports', () => {
    const ctl = new SimController(() => 0);
    const r = ctl.load(1, defaultScenario());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.meta.flowIds).toEqual(['f0', 'f1']);
    expect(r.meta.probedPorts).toEqual(['r1->r2']);
    const bottleneck = r.meta.ports.find((p) => p.name === 'r1->r2')!;
    expect(bottleneck).toMatchObject({
      limitPackets: 50,
      limitBytes: Infinity,
      rateBps: 10e6,
      delayNs: 20e6,
      probe: 0,
    });
    expect(r.meta.ports).toHaveLength(10);
    // each flow's data path, as port names: s0 -> r1 -> r2 -> d0 and s1 -> r1 -> r2 -> d1
    const names = (r.meta.flowPorts ?? []).map((ps) => ps.map((i) => r.meta.ports[i]!.name));
    expect(names).toEqual([
      ['s0->r1', 'r1->r2', 'r2->d0'],
      ['s1->r1', 'r1->r2', 'r2->d1'],
    ]);
  });

  it('reports validation issues instead of throwing', () => {
    const s = defaultScenario();
    s.links[0]!.rate = 'lots';
    const r = new SimController(() => 0).load(1, s);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ path: 'links[0].rate' });
  });

  it('paces animated runs to wall time × speed', () => {
    const clock = fakeClock();
    const ctl = new SimController(clock.now);
    ctl.load(1, defaultScenario());
    ctl.play(0.5);
    clock.advance(200);
    ctl.tick();
    expect(ctl.nowNs).toBe(100e6); // 200 ms of wall time at 0.5× = 100 ms simulated
    clock.advance(100);
    ctl.tick();
    expect(ctl.nowNs).toBe(150e6);
    ctl.pause();
    clock.advance(1000);
    expect(ctl.tick()).toBe(false);
    expect(ctl.nowNs).toBe(150e6);
  });

  it('packs samples, packets on the wire and queue state into a frame', () => {
    const clock = fakeClock();
    const ctl = new SimController(clock.now);
    ctl.load(1, defaultScenario());
    ctl.play(1);
    clock.advance(1000);
    ctl.tick();
    const f = ctl.frame();
    expect(f.samples).toBe(21); // samples at 0, 50, ..., 1000 ms
    expect(f.flowSamples.length).toBe(21 * 2 * FLOW_COLUMNS.length);
    expect(f.flight.length % FLIGHT_STRIDE).toBe(0);
    expect(f.flight.length).toBeGreaterThan(0);
    expect(f.queues).toHaveLength(10);
    const next = ctl.frame();
    expect(next.samples).toBe(0); // nothing twice
  });

  it('single-steps one probe interval', () => {
    const ctl = new SimController(() => 0);
    ctl.load(1, defaultScenario());
    ctl.step();
    expect(ctl.nowNs).toBe(50e6);
    expect(ctl.status).toBe('paused');
  });

  it('batch runs in bounded slices and finishes', () => {
    const clock = fakeClock();
    const ctl = new SimController(() => {
      clock.advance(SLICE_MS / 4);
      return clock.now();
    });
    const s = defaultScenario();
    s.duration = '3s';
    ctl.load(1, s);
    ctl.batch();
    let ticks = 0;
    while (ctl.tick()) ticks++;
    expect(ticks).toBeGreaterThan(1);
    expect(ctl.status).toBe('done');
    expect(ctl.frame().progress).toBe(1);
  });

  it('a slice looks at the clock every few thousand events, however much happens in a stretch of simulated time', () => {
    // A 1 Gb/s dumbbell sampled every 20 s: one stretch of the slice loop (a quarter of the
    // interval, 5 s) holds millions of events. The clock moves 1 ms per look; a slice must end
    // after about SLICE_MS looks, i.e. at most (SLICE_MS + 1) × EVENTS_PER_CLOCK_CHECK events,
    // far less than 5 s of simulated time, so the worker can answer messages.
    const clock = fakeClock();
    const ctl = new SimController(() => {
      clock.advance(1);
      return clock.now();
    });
    const s = defaultScenario();
    s.duration = '20s';
    s.probes = { interval: '20s' };
    for (const l of s.links) l.rate = '1Gbps';
    ctl.load(1, s);
    ctl.batch();
    ctl.tick();
    expect(ctl.nowNs).toBeGreaterThan(0);
    // without the looks the slice would run the whole 5 s stretch
    expect(ctl.nowNs).toBeLessThan(5e9);
  });

  it('is deterministic: the same scenario gives the same samples', () => {
    const run = () => {
      const ctl = new SimController(() => 0);
      ctl.load(1, defaultScenario());
      for (let i = 0; i < 40; i++) ctl.step();
      return ctl.frame().flowSamples;
    };
    expect(run()).toEqual(run());
  });

  it('describes a base station and reports each UE’s SNR and AMC rate and the served UE', () => {
    const cell = presets.find((p) => p.id === 'wireless-cell')!.scenario();
    const clock = fakeClock();
    const ctl = new SimController(clock.now);
    const r = ctl.load(1, cell);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.meta.baseStations).toHaveLength(1);
    const bs = r.meta.baseStations[0]!;
    expect(bs).toMatchObject({ name: 'BS', scheduler: 'rr', ues: ['UE1', 'UE2', 'UE3'], firstUe: 0 });
    expect(r.meta.nodeIds[bs.node]).toBe('BS');
    expect(bs.ports.map((i) => r.meta.ports[i]!.name)).toEqual(['BS->UE1', 'BS->UE2', 'BS->UE3']);
    ctl.play(1);
    clock.advance(2000);
    ctl.tick();
    const f = ctl.frame();
    expect(f.samples).toBeGreaterThan(10);
    expect(f.ueSamples).toHaveLength(f.samples * 3 * UE_COLS);
    // Seed 004 Table 1 over 10 MHz: the rate is 10⁷ symbols/s × the bits per symbol of the highest
    // mode whose threshold the slot's SNR reaches; 0 below 1.03 dB (an outage)
    const thresholds = [1.03, 3.01, 6.13, 10.24, 16.11, 20.67, 25.13, 27.77];
    const bits = [2 / 12, 2 / 8, 2 / 4, 1, 2, 3, 4, 4.5];
    let checked = 0;
    for (let k = 0; k < f.samples * 3; k++) {
      const [t, snr, rate] = [f.ueSamples[k * UE_COLS]!, f.ueSamples[k * UE_COLS + 1]!, f.ueSamples[k * UE_COLS + 2]!];
      if (t === 0) continue; // before the first slot
      const mode = thresholds.filter((th) => snr >= th).length;
      expect(rate).toBeCloseTo(mode === 0 ? 0 : 1e7 * bits[mode - 1]!, 3);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    expect(f.bsServed).toHaveLength(1);
    expect([-1, 0, 1, 2]).toContain(f.bsServed[0]);
  });

  it('forwards every TDMA slot of a base station: 10 ms apart, the AMC rate of each SNR, the served UE; charted per slot', () => {
    const cell = presets.find((p) => p.id === 'wireless-cell')!.scenario();
    const clock = fakeClock();
    const ctl = new SimController(clock.now);
    const r = ctl.load(1, cell);
    if (!r.ok) throw new Error('the preset did not load');
    ctl.play(1);
    clock.advance(2000);
    ctl.tick();
    const f = ctl.frame();
    // rows of [base station 0, t, served, SNR × 3 UEs, rate × 3 UEs]
    const width = 1 + 2 + 2 * 3;
    expect(f.bsSlots.length % width).toBe(0);
    const rows = f.bsSlots.length / width;
    expect(rows).toBeGreaterThan(50);
    const thresholds = [1.03, 3.01, 6.13, 10.24, 16.11, 20.67, 25.13, 27.77];
    const bits = [2 / 12, 2 / 8, 2 / 4, 1, 2, 3, 4, 4.5];
    for (let k = 0; k < rows; k++) {
      const row = f.bsSlots.subarray(k * width, (k + 1) * width);
      expect(row[0]).toBe(0);
      expect(row[1]).toBeCloseTo(k * 0.01, 12); // every slot, from the first
      expect([-1, 0, 1, 2]).toContain(row[2]);
      for (let u = 0; u < 3; u++) {
        const mode = thresholds.filter((th) => row[3 + u]! >= th).length;
        expect(row[6 + u]).toBeCloseTo(mode === 0 ? 0 : 1e7 * bits[mode - 1]!, 3);
      }
    }
    const store = new SeriesStore();
    store.reset(r.meta);
    store.append(f);
    const served = slotLines('served', store)[0]!;
    expect(served.x.length).toBe(rows);
    const snr = slotLines('snr', store);
    expect(snr.map((l) => l.label)).toEqual(['UE1', 'UE2', 'UE3', "served UE's SNR"]);
    for (let k = 0; k < rows; k++) {
      const u = f.bsSlots[k * width + 2]!;
      expect(served.y[k]).toBe(u + 1);
      // the black line sits on the served UE's own line (a gap when the slot served nobody)
      if (u >= 0) expect(snr[3]!.y[k]).toBe(f.bsSlots[k * width + 3 + u]);
      else expect(snr[3]!.y[k]).toBeNaN();
    }
  });
});
