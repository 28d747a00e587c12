/**
 * The worker's frames against the engine's own records: series packed by column name and bounded
 * like the engine's TimeSeries, drops and marks by reason, per-flow backlog of the gauges, and the
 * discipline's probes (with test-only disciplines standing in for real AQMs and schedulers).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  defaultScenario,
  DROP_REASONS,
  FLOW_COLUMNS,
  FLOW_EVENT_KINDS,
  Simulation,
  type ScenarioInput,
} from '@cclab/engine';
import { SeriesStore } from '../state/SeriesStore';
import { registerQueueTestModels } from '../testing/queueTestModels';
import { SimController } from './SimController';
import { BACKLOG_STRIDE, REASON_COUNT_STRIDE, type Frame } from './protocol';

beforeAll(registerQueueTestModels);

/** Runs a scenario to the end in the controller, feeding every frame to a store, as the lab does. */
function runInLab(sc: ScenarioInput, onFrame: (f: Frame) => void = () => {}) {
  const ctl = new SimController(() => 0);
  const r = ctl.load(1, sc);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const store = new SeriesStore();
  store.reset(r.meta);
  ctl.batch();
  while (ctl.tick()) {
    const f = ctl.frame();
    onFrame(f);
    store.append(f);
  }
  const last = ctl.frame();
  onFrame(last);
  store.append(last);
  return { meta: r.meta, store };
}

function shortDefault(duration = '4s'): ScenarioInput {
  const sc = defaultScenario();
  sc.duration = duration;
  return sc;
}

describe('series in the lab are the engine’s, by column name', () => {
  it('meta names the engine’s flow and port columns, then the lab’s drop and mark counters', () => {
    const sc = shortDefault();
    const r = new SimController(() => 0).load(1, sc);
    if (!r.ok) throw new Error('invalid');
    const engine = new Simulation(sc);
    expect(r.meta.flowColumns).toEqual([...FLOW_COLUMNS]);
    expect(r.meta.eventKinds).toEqual([...FLOW_EVENT_KINDS]);
    expect(r.meta.dropReasons).toEqual([...DROP_REASONS, 'link-loss']);
    const cols = r.meta.portColumns[0]!;
    expect(cols.slice(0, engine.portColumns[0]!.length)).toEqual(engine.portColumns[0]);
    expect(cols).toContain('backlog:f1');
    expect(cols).toContain('drops:overflow');
    expect(cols).toContain('marks:early');
    // a packet refused for want of room, or lost on the wire, cannot carry a mark
    expect(cols).not.toContain('marks:overflow');
    expect(cols).not.toContain('marks:link-loss');
    expect(cols.at(-1)).toBe('marks:policy');
  });

  it('every column of every series equals the engine’s own record of the same run', () => {
    const sc = shortDefault('20s');
    // small enough that the series halve several times (20 s / 50 ms = 401 samples)
    sc.probes = { ...sc.probes, maxPoints: 64 };
    const { store } = runInLab(sc);
    const engine = new Simulation(sc);
    engine.run();
    engine.flows.forEach((f, i) => {
      for (const name of FLOW_COLUMNS)
        expect([...store.flows[i]!.column(name)], name).toEqual([...f.series.column(name)]);
    });
    engine.portColumns[0]!.forEach((name) => {
      expect([...store.ports[0]!.column(name)], name).toEqual([...engine.portSeries[0]!.column(name)]);
    });
    expect(store.flows[0]!.length).toBeLessThanOrEqual(64);
  });

  it('a 1 µs probe interval sends a bounded number of samples and keeps the store bounded', () => {
    const sc = shortDefault('0.2s');
    sc.probes = { interval: '1us' };
    let sent = 0;
    let numbers = 0;
    const { store, meta } = runInLab(sc, (f) => {
      sent += f.samples;
      numbers += f.flowSamples.length + f.portSamples.length;
    });
    // 200 001 samples into maxPoints (2000, the default): the first 2000 and 1000 per halving
    // (stride 128 is the first power of two with 200 001 / stride ≤ 2000: 7 halvings)
    expect(meta.maxPoints).toBe(2000);
    const kept = Math.floor(200_000 / 128) + 1;
    expect(store.flows[0]!.length).toBe(kept);
    expect(sent).toBe(kept + 7 * 1000);
    const rowNumbers = 2 * FLOW_COLUMNS.length + meta.portColumns.reduce((a, c) => a + c.length, 0);
    expect(numbers).toBe(sent * rowNumbers);
    const t = store.flows[0]!.column('t');
    expect(t.at(-1)).toBeCloseTo(0.2 - (0.2e6 % 128) * 1e-6, 9);
  });
});

describe('drops, marks and backlog in frames', () => {
  it('counts drops by reason: tail drops at the bottleneck, random loss on a lossy link', () => {
    const sc = shortDefault('10s');
    const lossy = sc.links.findIndex((l) => l.a === 'r2' && l.b === 'd0');
    sc.links[lossy]!.lossRate = 0.01;
    sc.probes = { ...sc.probes, ports: ['r1->r2', 'r2->d0'] };
    const frames: Float64Array[] = [];
    const { store, meta } = runInLab(sc, (f) => frames.push(f.reasonCounts));
    const counts = new Map<string, number>();
    for (const rc of frames)
      for (let i = 0; i < rc.length; i += REASON_COUNT_STRIDE)
        counts.set(
          `${meta.ports[rc[i]!]!.name} ${rc[i + 2] ? 'marks' : 'drops'}:${meta.dropReasons[rc[i + 1]!]}`,
          rc[i + 3]!,
        );
    const last = (port: number, name: string) => store.ports[port]!.column(name).at(-1)!;
    // the bottleneck's drops are all tail drops (DropTail), the access link's all random losses
    expect(last(0, 'drops:overflow')).toBeGreaterThan(0);
    expect(last(0, 'drops:overflow')).toBe(last(0, 'drops'));
    expect(last(0, 'drops:link-loss')).toBe(0);
    expect(last(1, 'drops:link-loss')).toBeGreaterThan(0);
    expect(last(1, 'drops:link-loss')).toBe(last(1, 'drops'));
    // the frames' cumulative counts by reason end where the series end (the last sample is at the end)
    expect(counts.get('r1->r2 drops:overflow')).toBe(last(0, 'drops:overflow'));
    expect(counts.get('r2->d0 drops:link-loss')).toBe(last(1, 'drops:link-loss'));
  });

  it('per-flow backlog of each gauge port adds up to its queue, and names only queued flows', () => {
    const ctl = new SimController(() => 0);
    const r = ctl.load(1, shortDefault());
    if (!r.ok) throw new Error('invalid');
    let checked = 0;
    for (let k = 0; k < 60; k++) {
      ctl.step();
      const f = ctl.frame();
      const sums = new Map<number, number>();
      for (let i = 0; i < f.backlog.length; i += BACKLOG_STRIDE) {
        expect(r.meta.ports[f.backlog[i]!]!.gauge).toBe(true);
        expect(f.backlog[i + 2]!).toBeGreaterThan(0);
        sums.set(f.backlog[i]!, (sums.get(f.backlog[i]!) ?? 0) + f.backlog[i + 2]!);
      }
      r.meta.ports.forEach((p, i) => {
        if (p.gauge) expect(sums.get(i) ?? 0).toBe(f.queues[i]);
      });
      checked += sums.size;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('tells ECN marks from drops, with their reasons, in animated frames', () => {
    const sc = shortDefault('6s');
    sc.links[0]!.queue = { type: 'test-threshold', params: { thresh: 3 } };
    sc.flows[0]!.transport = { type: 'tcp', cc: 'newreno', params: { ecn: true } };
    const ctl = new SimController(() => 0);
    const r = ctl.load(1, sc);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const seen = new Set<string>();
    for (let k = 0; k < 120; k++) {
      ctl.step();
      const d = ctl.frame().drops;
      for (let i = 0; i < d.length; i += 4)
        seen.add(
          `${r.meta.ports[d[i]!]!.name} ${d[i + 1]} ${d[i + 3] ? 'mark' : 'drop'}:${r.meta.dropReasons[d[i + 2]!]}`,
        );
    }
    // flow 0 is ECN-capable: marked; flow 1 is not: dropped where flow 0 would be marked
    expect(seen).toContain('r1->r2 0 mark:early');
    expect(seen).toContain('r1->r2 1 drop:forced');
    expect([...seen].some((s) => s.startsWith('r1->r2 0 drop:forced'))).toBe(false);
  });

  it('counts marks apart from drops in the series, as the engine’s port statistics do', () => {
    const sc = shortDefault('6s');
    sc.links[0]!.queue = { type: 'test-threshold', params: { thresh: 3 } };
    sc.flows[0]!.transport = { type: 'tcp', cc: 'newreno', params: { ecn: true } };
    const { store } = runInLab(sc);
    const engine = new Simulation(sc);
    engine.run();
    const st = engine.probedPorts[0]!.disc.stats;
    const last = (name: string) => store.ports[0]!.column(name).at(-1);
    expect(st.marksByReason['early']).toBeGreaterThan(0);
    expect(st.dropsByReason['forced']).toBeGreaterThan(0);
    expect(last('marks:early')).toBe(st.marksByReason['early']);
    expect(last('drops:forced')).toBe(st.dropsByReason['forced']);
    expect(last('drops:early')).toBe(0);
    expect(last('marks:forced')).toBe(0);
    expect(last('marks:codel')).toBe(0);
    expect(last('marks')).toBe(st.marks);
  });

  it('carries the discipline’s probes under their names, and the sub-queue type of a classful port', () => {
    const sc = shortDefault('3s');
    sc.links[0]!.queue = { type: 'test-two-class', child: { type: 'test-threshold', params: { thresh: 4 } } };
    sc.flows[1]!.class = 1;
    let r = new SimController(() => 0).load(1, sc);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.meta.ports.find((p) => p.name === 'r1->r2')).toMatchObject({
      queue: 'test-two-class',
      child: 'test-threshold',
    });
    sc.links[0]!.queue = { type: 'test-threshold', params: { thresh: 4 } };
    r = new SimController(() => 0).load(1, sc);
    if (!r.ok) throw new Error('invalid');
    const { store } = runInLab(sc);
    const engine = new Simulation(sc);
    engine.run();
    for (const key of ['avg', 'thresh', 'above'])
      expect([...store.ports[0]!.column(`disc:${key}`)]).toEqual([...engine.portSeries[0]!.column(`disc:${key}`)]);
    expect(new Set(store.ports[0]!.column('disc:thresh'))).toEqual(new Set([4]));
  });
});
