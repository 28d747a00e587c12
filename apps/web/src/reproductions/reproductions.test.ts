import { describe, expect, it } from 'vitest';
import { defaultScenario, type ExperimentResult, type RunRecord } from '@cclab/engine';
import {
  formatReportText,
  buildReport,
  reproductions,
  studies,
  type ReproductionSpec,
} from '@cclab/engine/reproductions';
import { estimateRun, formatDuration, galleryGroups } from './galleryModel';
import { plotModels, reportModel, resultOf } from './reportModel';
import { createReproductionStore } from './reproductionStore';
import type { SweepWorkerLike, SweepWorkerReply, SweepWorkerRequest } from '../sweep/SweepPool';

/** A two-point, three-seed entry (no run needed: results are written by hand). */
const spec: ReproductionSpec = {
  id: 'seed-001-test',
  study: '001',
  figure: 'Table 9',
  title: 'test',
  source: 'nowhere',
  summary: '',
  base: defaultScenario,
  points: [
    { id: 'a', label: 'point A', set: {} },
    { id: 'b', label: 'point B', set: {} },
  ],
  seeds: [1, 2, 3],
  metrics: [
    { name: 'x', label: 'Goodput', metric: 'aggregateGoodputBps' },
    { name: 'q', label: 'Only at B', metric: 'drops', port: 'r1->r2', onlyPoints: ['b'] },
  ],
  paper: [
    {
      point: 'a',
      metric: 'x',
      numbers: [
        { value: 10, where: 'Table 9' },
        { value: 20, where: 'text' },
      ],
    },
    { point: 'b', metric: 'x', numbers: [], note: 'value lost' },
  ],
  claims: [
    {
      id: 'a-near-10',
      kind: 'within',
      text: 'A is 10',
      of: { point: 'a', metric: 'x' },
      value: 10,
      rel: 0.1,
      explanation: 'because',
    },
    {
      id: 'a-below-b',
      kind: 'less',
      text: 'A below B',
      left: { point: 'a', metric: 'x' },
      right: { point: 'b', metric: 'x' },
    },
  ],
  notes: ['a note'],
};

const rec = (point: string, seed: number, x: number, q = NaN, events = 0): RunRecord => ({
  point,
  seed,
  values: { x, q },
  events,
});
// A: 10, 12, 14 → mean 12, sd 2, 95 % CI ± t(0.975, 2) · 2 / √3 = 4.303 · 1.1547 = 4.969
// B: 20, 20, 20 → mean 20, sd 0, CI ± 0
const records = [
  rec('b', 3, 20, 5),
  rec('a', 2, 12),
  rec('b', 1, 20, 5),
  rec('a', 1, 10),
  rec('a', 3, 14),
  rec('b', 2, 20, 5),
];

describe('gallery list', () => {
  it('groups entries by study in study order, keeps studies without entries, counts runs', () => {
    const other: ReproductionSpec = { ...spec, id: 'seed-003-x', study: '003', figure: 'Fig. 1' };
    const groups = galleryGroups([other, spec], studies);
    expect(groups.map((g) => g.study)).toEqual(['000', '001', '002', '003', '004']);
    expect(groups[0]!.entries).toEqual([]);
    expect(groups[1]!.entries).toEqual([
      { id: 'seed-001-test', figure: 'Table 9', title: 'test', points: 2, seeds: 3, runs: 6 },
    ]);
    expect(groups[3]!.entries.map((e) => e.id)).toEqual(['seed-003-x']);
    expect(groups[1]!.title).toBe(studies['001'].title);
  });

  it('lists every entry the engine registers, once', () => {
    const listed = galleryGroups(reproductions, studies).flatMap((g) => g.entries.map((e) => e.id));
    expect(listed.sort()).toEqual(reproductions.map((r) => r.id).sort());
  });
});

describe('run estimate', () => {
  const recorded = (events: number[]): ExperimentResult => ({
    records: events.map((e, i) => rec('a', i, 0, NaN, e)),
    stats: {},
  });
  it('hands the recorded runs to the first free worker, as the pool does', () => {
    // 1, 4, 1, 1, 1 M events at 1 M/s on two workers: worker 0 takes run 0 (free at 1 s), worker 1
    // run 1 (free at 4 s); runs 2, 3, 4 each go to the first worker free, worker 0 (free at 2, 3,
    // 4 s) → 4 s. Handing runs out in turn would give worker 1 runs 1 and 3: 5 s.
    const five = recorded([1e6, 4e6, 1e6, 1e6, 1e6]);
    expect(estimateRun(five, 2, 1e6)).toEqual({ seconds: 4, events: 8e6, workers: 2 });
    expect(estimateRun(five, 1, 1e6)!.seconds).toBe(8);
    // never more workers than runs: five workers, the longest run decides
    expect(estimateRun(five, 16, 1e6)).toEqual({ seconds: 4, events: 8e6, workers: 5 });
  });
  it('has none without a recorded result', () => {
    expect(estimateRun(null, 4)).toBeNull();
    expect(estimateRun(recorded([]), 4)).toBeNull();
  });
  it('reads as seconds or minutes', () => {
    expect(formatDuration(0.4)).toBe('under a second');
    expect(formatDuration(12.4)).toBe('about 12 s');
    expect(formatDuration(600)).toBe('about 10 min');
  });
});

describe('table and claims', () => {
  const result = resultOf(spec, records);
  it('puts every paper number (with where) beside ours as mean ± 95 % CI, with the verdicts', () => {
    const m = reportModel(spec, result);
    expect(m.rows.map((r) => [r.point, r.metric, r.paper, r.paperNote, r.ours, r.verdict])).toEqual([
      ['point A', 'Goodput (bit/s)', ['10.000 (Table 9)', '20.000 (text)'], null, '12.000 ± 4.969', 'differs'],
      ['point B', 'Goodput (bit/s)', [], 'value lost', '20.000 ± 0.0000', '—'],
    ]);
    expect(m.verdict).toBe('differs');
    expect(m.runs).toBe(6);
  });
  it('gives each claim its verdict and the reason, in the words of `cclab reproduce`', () => {
    const m = reportModel(spec, result);
    expect(m.claims).toEqual([
      {
        id: 'a-near-10',
        text: 'A is 10',
        verdict: 'differs',
        detail: 'ours 12.000 vs paper 10.000 (±10.000 %)',
        why: 'because',
      },
      { id: 'a-below-b', text: 'A below B', verdict: 'agrees', detail: 'x@a 12.000 < x@b 20.000', why: null },
    ]);
    const cli = formatReportText(buildReport(spec, result));
    for (const c of m.claims) expect(cli).toContain(`[${c.verdict}] ${c.id}: ${c.text}\n      ${c.detail}`);
    expect(cli).toContain('why: because');
  });
  it('orders records by point then seed whatever order the workers finished in', () => {
    expect(result.records.map((r) => `${r.point}${r.seed}`)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3']);
  });
});

describe('plots', () => {
  it('one per metric: each point with its interval, the paper values as markers, unmeasured points left out', () => {
    const [x, q] = plotModels(spec, resultOf(spec, records));
    expect(x!.title).toBe('Goodput');
    expect(x!.unit).toBe('bit/s');
    expect(x!.points.map((p) => p.id)).toEqual(['a', 'b']);
    expect(x!.points[0]!.mean).toBe(12);
    expect(x!.points[0]!.low).toBeCloseTo(12 - 4.303 * (2 / Math.sqrt(3)), 3);
    expect(x!.points[0]!.high).toBeCloseTo(12 + 4.303 * (2 / Math.sqrt(3)), 3);
    expect(x!.points[0]!.paper).toEqual([10, 20]);
    expect(x!.points[1]!.paper).toEqual([]);
    // "Only at B": NaN at A (and no paper value there) → A is not plotted
    expect(q!.points.map((p) => [p.id, p.mean])).toEqual([['b', 5]]);
  });
  it('has no interval with one seed', () => {
    const one = resultOf({ ...spec, seeds: [1] }, [rec('a', 1, 10), rec('b', 1, 20)]);
    const [x] = plotModels({ ...spec, seeds: [1] }, one);
    expect(x!.points[0]).toMatchObject({ mean: 10, low: null, high: null, n: 1 });
  });
});

/** A worker answering each job with a canned record, on a later task like a real one. */
class CannedWorker implements SweepWorkerLike {
  onmessage: ((ev: MessageEvent<SweepWorkerReply>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor(private readonly all: RunRecord[]) {}
  postMessage(msg: SweepWorkerRequest): void {
    setTimeout(() => {
      if (this.terminated) return;
      const reply: SweepWorkerReply =
        msg.type === 'init' ? { type: 'ready' } : { type: 'done', job: msg.job, record: this.all[msg.job]! };
      this.onmessage?.({ data: reply } as MessageEvent<SweepWorkerReply>);
    }, 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

const settle = () => new Promise((r) => setTimeout(r, 5));

describe('gallery store', () => {
  const ordered = resultOf(spec, records).records;
  it('runs every point × seed on the pool with progress, and loads the recorded result when an entry opens', async () => {
    const workers: CannedWorker[] = [];
    let t = 0;
    const store = createReproductionStore(
      () => {
        const w = new CannedWorker(ordered);
        workers.push(w);
        return w;
      },
      () => 2,
      () => (t += 100),
      async (id) => (id === spec.id ? resultOf(spec, records) : null),
    );
    store.getState().select(spec.id);
    store.getState().start(spec);
    expect(store.getState().run).toMatchObject({ id: spec.id, status: 'running', done: 0, total: 6 });
    for (let i = 0; i < 20 && store.getState().run!.status === 'running'; i++) await settle();
    expect(workers.length).toBe(2);
    expect(store.getState().run).toMatchObject({ status: 'done', done: 6, total: 6 });
    expect(resultOf(spec, store.getState().run!.records).stats).toEqual(resultOf(spec, records).stats);
    expect(store.getState().recorded[spec.id]!.records.length).toBe(6);
  });

  it('cancel stops every worker and says so', async () => {
    const workers: CannedWorker[] = [];
    const store = createReproductionStore(
      () => {
        const w = new CannedWorker(ordered);
        workers.push(w);
        return w;
      },
      () => 2,
      () => 0,
      async () => null,
    );
    store.getState().start(spec);
    // cancelled before any worker has answered (their replies come on later tasks)
    store.getState().cancel();
    expect(store.getState().run!.status).toBe('cancelled');
    expect(workers.length).toBe(2);
    expect(workers.every((w) => w.terminated)).toBe(true);
    await settle();
    await settle();
    expect(store.getState().run).toMatchObject({ status: 'cancelled', done: 0, records: [] });
  });
});
