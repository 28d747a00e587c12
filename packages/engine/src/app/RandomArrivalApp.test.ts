import { describe, expect, it } from 'vitest';
import { Simulation } from '../Simulation.js';
import type { ScenarioInput } from '../scenario/types.js';
import { gamma, weibullMean } from './RandomArrivalApp.js';

/** One UDP flow over a fast link, so every message arrives: we observe the source itself. */
function source(app: { type: string; params?: Record<string, unknown> }, duration = '200s', header = 0): ScenarioInput {
  return {
    version: 1,
    seed: 7,
    duration,
    nodes: [
      { id: 'a', kind: 'host' },
      { id: 'b', kind: 'host' },
    ],
    links: [{ a: 'a', b: 'b', rate: '10Gbps', delay: '1ms', buffer: '100000 packets' }],
    flows: [{ id: 'f', from: 'a', to: 'b', transport: { type: 'udp', params: { headerSize: header } }, app }],
    probes: { interval: '1s' },
  };
}

/** Gaps between consecutive packets leaving the sender (from the port's departure hook). */
function gaps(sc: ScenarioInput): { gapsS: number[]; sizes: number[] } {
  const sim = new Simulation(sc);
  const times: number[] = [];
  const sizes: number[] = [];
  sim.network.ports[0]!.addHook({
    onArrival: (p) => {
      times.push(sim.sim.now / 1e9);
      sizes.push(p.sizeBytes);
    },
  });
  sim.run();
  return { gapsS: times.slice(1).map((t, i) => t - times[i]!), sizes };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const cov = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1)) / m;
};

describe('renewal traffic sources', () => {
  it('Poisson: exponential gaps with the mean size·8/rate (CoV 1)', () => {
    // 1000-byte messages at 400 kb/s: mean gap 20 ms, 10,000 gaps in 200 s
    const { gapsS } = gaps(source({ type: 'poisson', params: { rate: '400kbps', packetSize: '1000B' } }));
    expect(gapsS.length).toBeGreaterThan(9500);
    // standard error of the mean gap: 20 ms/√10000 = 0.2 ms; allow 4σ
    expect(Math.abs(mean(gapsS) - 0.02)).toBeLessThan(0.0008);
    expect(Math.abs(cov(gapsS) - 1)).toBeLessThan(0.05);
  });

  it('hyperexponential: the same mean gap, with the coefficient of variation asked for', () => {
    const { gapsS } = gaps(
      source({ type: 'hyperexp', params: { rate: '400kbps', packetSize: '1000B', cv: 3 } }, '400s'),
    );
    expect(Math.abs(mean(gapsS) - 0.02) / 0.02).toBeLessThan(0.08);
    expect(cov(gapsS)).toBeGreaterThan(2.6);
    expect(cov(gapsS)).toBeLessThan(3.4);
  });

  it('Weibull: mean gap η·Γ(1+1/β) and mean size η·Γ(1+1/β) for Table 3.1 TCP+UDP', () => {
    const { gapsS, sizes } = gaps(source({ type: 'weibull', params: { maxSize: 65535, minSize: 1 } }, '60s'));
    // gaps: η = 1.71158 ms, β = 0.519675 → mean ≈ 3.19 ms; sizes: η = 641.644, β = 0.806258 → ≈ 721 B
    const gapMeanMs = weibullMean(0.519675, 1.71158);
    expect(gapMeanMs).toBeGreaterThan(3.1);
    expect(gapMeanMs).toBeLessThan(3.3);
    expect(Math.abs(mean(gapsS) * 1000 - gapMeanMs) / gapMeanMs).toBeLessThan(0.06);
    expect(Math.abs(mean(sizes) - weibullMean(0.806258, 641.644)) / 721).toBeLessThan(0.04);
  });

  it('Γ matches known values', () => {
    expect(gamma(5)).toBeCloseTo(24, 10);
    expect(gamma(0.5)).toBeCloseTo(Math.sqrt(Math.PI), 12);
    expect(gamma(1.5)).toBeCloseTo(Math.sqrt(Math.PI) / 2, 12);
  });

  it('the same seed gives the same arrivals; another seed others', () => {
    const a = gaps(source({ type: 'poisson' }, '5s')).gapsS;
    const b = gaps(source({ type: 'poisson' }, '5s')).gapsS;
    const c = gaps({ ...source({ type: 'poisson' }, '5s'), seed: 8 }).gapsS;
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });
});

describe('UDP header bytes (RTP-sized packets)', () => {
  it('adds the header to every packet on the wire and counts only the message as goodput', () => {
    // G.711 voice: 160-byte payloads every 20 ms (64 kb/s) in RTP/UDP/IPv4: 200 bytes on the wire
    const sc = source({ type: 'cbr', params: { rate: '64kbps', packetSize: '160B' } }, '10s', 40);
    const { sizes } = gaps(sc);
    expect(new Set(sizes)).toEqual(new Set([200]));
    const sim = new Simulation(sc);
    const s = sim.run();
    expect(s.flows[0]!.goodputBps).toBeCloseTo(64000, -2);
    expect(s.flows[0]!.throughputBps).toBeCloseTo(80000, -2);
  });
});
