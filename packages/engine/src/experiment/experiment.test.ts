import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../presets/presets.js';
import { validateScenario } from '../scenario/validate.js';
import { getPath, parsePath, ScenarioPathError, setPath } from './scenarioPath.js';
import { sampleStats, tQuantile975 } from './statistics.js';
import { aggregate, pointScenario, runExperiment, type ExperimentSpec } from './experiment.js';

describe('scenario paths', () => {
  const sc = defaultScenario();

  it('read fields by index, by id (links by "a-b") and for every element', () => {
    expect(getPath(sc, 'duration')).toEqual(['60s']);
    expect(getPath(sc, 'links[0].rate')).toEqual(['10Mbps']);
    expect(getPath(sc, 'links[r1-r2].buffer')).toEqual(['50 packets']);
    expect(getPath(sc, 'flows[f1].start')).toEqual(['1s']);
    expect(getPath(sc, 'flows[*].transport.cc')).toEqual(['newreno', 'newreno']);
  });

  it('set returns a copy and creates missing objects', () => {
    const b = setPath(sc, 'links[r1-r2].queue.params.dropFrom', 'front');
    expect(b.links[0]!.queue).toEqual({ params: { dropFrom: 'front' } });
    expect(sc.links[0]!.queue).toBeUndefined();
    const c = setPath(sc, 'flows[*].transport.cc', 'cubic');
    expect(c.flows.map((f) => f.transport.cc)).toEqual(['cubic', 'cubic']);
  });

  it("every flow's congestion control is every flow that has one: a UDP flow beside them stays valid", () => {
    const sc = defaultScenario();
    const udp = {
      ...sc.flows[1]!,
      id: 'voice',
      transport: { type: 'udp' },
      app: { type: 'cbr', params: { rate: '64kbps' } },
    };
    const mixed = { ...sc, flows: [...sc.flows, udp] };
    const out = setPath(mixed, 'flows[*].transport.cc', 'cubic');
    expect(out.flows.map((f) => f.transport.cc)).toEqual(['cubic', 'cubic', undefined]);
    expect(() => validateScenario(out)).not.toThrow();
    expect(getPath(out, 'flows[*].transport.cc')).toEqual(['cubic', 'cubic']);
    expect(setPath(mixed, 'flows[*].transport.ccParams.beta', 0.7).flows[2]!.transport).toEqual(udp.transport);
    // other fields of every flow are every flow's
    expect(getPath(setPath(mixed, 'flows[*].start', '2s'), 'flows[*].start')).toEqual(['2s', '2s', '2s']);
  });

  it('bad paths name the problem', () => {
    expect(() => parsePath('links[0]..rate')).toThrow(ScenarioPathError);
    expect(() => getPath(sc, 'links[9].rate')).toThrow(/index 9 is past the end \(5\)/);
    expect(() => getPath(sc, 'flows[nope].start')).toThrow(/no element with id "nope"/);
    expect(() => setPath(sc, 'flows[0].__proto__.x', 1)).toThrow(/not a scenario field/);
    expect(() => parsePath('[0].x')).toThrow(/must start with a field name/);
  });
});

describe('statistics over seeds', () => {
  it('mean, sample standard deviation and the Student-t 95 % interval', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7
    const s = sampleStats([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s.mean).toBe(5);
    expect(s.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(s.ci95).toBeCloseTo((2.365 * Math.sqrt(32 / 7)) / Math.sqrt(8), 12);
    expect(tQuantile975(1)).toBe(12.706);
    expect(sampleStats([3]).ci95).toBeNaN();
    expect(sampleStats([1, NaN, 3]).n).toBe(2);
  });
});

describe('experiments', () => {
  const spec: ExperimentSpec = {
    base: () => ({ ...defaultScenario(), duration: '5s' }),
    points: [
      { id: 'b50', label: '50-packet buffer' },
      { id: 'b5', label: '5-packet buffer', set: { 'links[r1-r2].buffer': '5 packets' } },
    ],
    seeds: [1, 2],
    metrics: [
      { name: 'queue', metric: 'meanQueuePackets', port: 'r1->r2' },
      { name: 'jain', metric: 'jain' },
    ],
  };

  it('runs every point and seed and aggregates per point', () => {
    const seen: number[] = [];
    const r = runExperiment(spec, (done) => seen.push(done));
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(r.records.map((x) => `${x.point}/${x.seed}`)).toEqual(['b50/1', 'b50/2', 'b5/1', 'b5/2']);
    // a 5-packet DropTail buffer holds at most 4 waiting packets (ns-2's qlim − 1 rule); two NewReno
    // flows keep the 50-packet one well above that
    expect(r.stats.b5!.queue!.max).toBeLessThanOrEqual(4);
    expect(r.stats.b50!.queue!.min).toBeGreaterThan(4);
    expect(r.stats.b5!.queue!.n).toBe(2);
    expect(aggregate(spec, r.records)).toEqual(r);
  });

  it('start jitter moves each flow’s start by a seed-determined amount below the bound', () => {
    const jittered = { ...spec, startJitter: 0.5 };
    const a = pointScenario(jittered, spec.points[0]!, 1);
    const b = pointScenario(jittered, spec.points[0]!, 2);
    const again = pointScenario(jittered, spec.points[0]!, 1);
    const starts = (sc: typeof a) => sc.flows.map((f) => parseFloat(String(f.start)));
    expect(starts(a)).toEqual(starts(again));
    expect(starts(a)).not.toEqual(starts(b));
    // the default scenario starts its flows at 0 s and 1 s
    starts(a).forEach((s, i) => {
      expect(s).toBeGreaterThanOrEqual(i);
      expect(s).toBeLessThan(i + 0.5);
    });
  });
});
