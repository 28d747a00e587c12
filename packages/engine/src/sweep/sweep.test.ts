import { describe, expect, it } from 'vitest';
import { getPath } from '../experiment/scenarioPath.js';
import { pointScenario, type RunRecord } from '../experiment/experiment.js';
import { defaultScenario } from '../presets/presets.js';
import { parseShard, shardJobs, sweepJobs } from './sweepJobs.js';
import { parseSweep, SweepError } from './sweepPlan.js';
import { runRowsCsv, sweepRunRows, sweepSummaryRows, summaryRowsCsv } from './sweepResults.js';
import { rangeValues } from './sweepValues.js';

const minimal = (over: Record<string, unknown> = {}) => ({
  version: 1,
  base: { preset: 'default' },
  parameters: [{ path: 'links[r1-r2].buffer', values: [10, 20] }],
  metrics: [{ metric: 'jain' }],
  ...over,
});

/** The issues a bad sweep file gets, as "path: message" lines. */
function issuesOf(input: unknown): string[] {
  try {
    parseSweep(input);
  } catch (e) {
    if (e instanceof SweepError) return e.issues.map((i) => `${i.path}: ${i.message}`);
    throw e;
  }
  throw new Error('the sweep was accepted');
}

describe('sweep file validation names the field at fault', () => {
  it('structure: version, missing and unknown fields, bounds', () => {
    expect(issuesOf(minimal({ version: 2 }))).toEqual(['version: must be 1']);
    expect(issuesOf(minimal({ metrics: [] }))).toEqual(['metrics: needs at least one metric']);
    expect(issuesOf(minimal({ seeds: 0 }))[0]).toMatch(/^seeds: /);
    expect(issuesOf(minimal({ startJitter: -1 }))).toEqual(['startJitter: must be ≥ 0']);
    expect(issuesOf(minimal({ colour: 'red' }))[0]).toMatch(/colour/);
    const tooMany = { path: 'duration', values: Array.from({ length: 1001 }, (_, i) => `${i + 1}s`) };
    expect(issuesOf(minimal({ parameters: [tooMany] }))[0]).toMatch(/^parameters\[0\]\.values: /);
  });

  it('parameters: values or a range, paths that exist, positive log ranges, unique names', () => {
    expect(issuesOf(minimal({ parameters: [{ path: 'duration' }] }))).toEqual([
      'parameters[0]: needs either "values" or "range" (one of them)',
    ]);
    expect(issuesOf(minimal({ parameters: [{ path: 'links[r9-r10].buffer', values: [1] }] }))).toEqual([
      'parameters[0].path: links[r9-r10].buffer: no element with id "r9-r10"',
    ]);
    expect(
      issuesOf(minimal({ parameters: [{ path: 'duration', range: { from: 0, to: 10, steps: 3, scale: 'log' } }] })),
    ).toEqual(['parameters[0].range.from: must be > 0 for a log scale']);
    expect(
      issuesOf(
        minimal({
          parameters: [
            { path: 'duration', values: ['1s'], name: 'x' },
            { path: 'seed', values: [1], name: 'x' },
          ],
        }),
      ),
    ).toEqual(['parameters[1].name: duplicate name x']);
    expect(issuesOf(minimal({ parameters: [{ path: 'duration', values: ['1s'], name: 'seed' }] }))).toEqual([
      'parameters[0].name: "seed" is an output column name; choose another',
    ]);
  });

  it('zip needs equally long value lists; grids are bounded', () => {
    const zip = minimal({
      combine: 'zip',
      parameters: [
        { path: 'duration', values: ['1s', '2s'] },
        { path: 'links[0].rate', values: ['1Mbps'] },
      ],
    });
    expect(issuesOf(zip)).toEqual(['parameters[1]: has 1 values; combine "zip" needs as many as parameters[0] (2)']);
    const big = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(
      issuesOf(
        minimal({
          parameters: [
            { path: 'links[0].buffer', values: big },
            { path: 'links[1].buffer', values: big },
          ],
        }),
      ),
    ).toEqual(['parameters: make 10201 points, more than 10000']);
  });

  it('metrics: known ids, the flow or port their scope needs, references that exist', () => {
    expect(issuesOf(minimal({ metrics: [{ metric: 'speed' }] }))).toEqual([
      'metrics[0].metric: "speed" is not a result metric',
    ]);
    expect(issuesOf(minimal({ metrics: [{ metric: 'goodputBps' }] }))).toEqual([
      'metrics[0].flow: goodputBps is a flow metric: name the flow',
    ]);
    expect(issuesOf(minimal({ metrics: [{ metric: 'jain', port: 'r1->r2' }] }))).toEqual([
      'metrics[0].port: does not apply to jain (a flows metric)',
    ]);
    expect(issuesOf(minimal({ metrics: [{ metric: 'goodputBps', flow: 'f9' }] }))).toEqual([
      'metrics[0].flow: "f9" is not a flow',
    ]);
    expect(issuesOf(minimal({ metrics: [{ metric: 'drops', port: 'r2->r9' }] }))).toEqual([
      'metrics[0].port: "r2->r9" is not a link direction "a->b"',
    ]);
  });

  it('queueProbe: needs a key, one the port’s discipline reports', () => {
    expect(issuesOf(minimal({ metrics: [{ metric: 'queueProbe', port: 'r1->r2' }] }))).toEqual([
      'metrics[0].key: queueProbe needs the probe key of the port’s discipline',
    ]);
    expect(issuesOf(minimal({ metrics: [{ metric: 'queueProbe', port: 'r1->r2', key: 'avgQueue' }] }))).toEqual([
      'metrics[0].key: "avgQueue" is not a probe of droptail at r1->r2 (it has none)',
    ]);
    const red = parseSweep(
      minimal({
        parameters: [{ path: 'links[r1-r2].queue', values: [{ type: 'red' }, { type: 'ared' }] }],
        metrics: [{ metric: 'queueProbe', port: 'r1->r2', key: 'avgQueue' }],
      }),
    );
    expect(red.metrics.map((m) => m.name)).toEqual(['queueProbe:avgQueue[r1->r2]']);
  });

  it('base and point scenarios: each problem names the point and the scenario field', () => {
    expect(issuesOf(minimal({ base: { preset: 'nope' } }))).toEqual([
      'base.preset: "nope" is not a preset (see: cclab presets)',
    ]);
    expect(issuesOf(minimal({ base: { file: 'x.json' } }))).toEqual([
      'base.file: scenario files are read only by the command line',
    ]);
    const bad = issuesOf(minimal({ parameters: [{ path: 'links[r1-r2].buffer', values: [10, 'lots'] }] }));
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatch(/^point p1 \(links\[r1-r2\]\.buffer=lots\) → links\[\d+\]\.buffer: /);
  });
});

describe('parameter values', () => {
  it('linear ranges include both ends and print without float noise', () => {
    expect(rangeValues({ from: 0.1, to: 0.5, steps: 5 })).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(rangeValues({ from: 7, to: 7, steps: 1 })).toEqual([7]);
  });

  it('log ranges keep a constant ratio; integer ranges round and drop repeats', () => {
    expect(rangeValues({ from: 1, to: 1000, steps: 4, scale: 'log' })).toEqual([1, 10, 100, 1000]);
    // 5·20^(1/3) = 13.57…, 5·20^(2/3) = 36.84…
    expect(rangeValues({ from: 5, to: 100, steps: 4, scale: 'log', integer: true })).toEqual([5, 14, 37, 100]);
    expect(rangeValues({ from: 1, to: 2, steps: 5, integer: true })).toEqual([1, 2]);
  });

  it('a grid varies the first parameter slowest; units are appended to numbers; seeds n mean 1..n', () => {
    const plan = parseSweep(
      minimal({
        parameters: [
          { path: 'links[r1-r2].buffer', name: 'buffer', values: [10, 20], unit: ' packets' },
          { path: 'flows[*].transport.cc', name: 'cc', values: ['newreno', 'cubic', 'bbr'] },
        ],
        seeds: 2,
      }),
    );
    expect(plan.points.map((p) => p.label)).toEqual([
      'buffer=10 packets, cc=newreno',
      'buffer=10 packets, cc=cubic',
      'buffer=10 packets, cc=bbr',
      'buffer=20 packets, cc=newreno',
      'buffer=20 packets, cc=cubic',
      'buffer=20 packets, cc=bbr',
    ]);
    expect(plan.seeds).toEqual([1, 2]);
    const sc = pointScenario(plan.experiment, plan.points[4]!, 2);
    expect(getPath(sc, 'links[r1-r2].buffer')).toEqual(['20 packets']);
    expect(getPath(sc, 'flows[*].transport.cc')).toEqual(['cubic', 'cubic']);
    expect(sc.seed).toBe(2);
    expect(getPath(defaultScenario(), 'links[r1-r2].buffer')).toEqual(['50 packets']);
  });

  it('zip pairs the i-th values', () => {
    const plan = parseSweep(
      minimal({
        combine: 'zip',
        parameters: [
          { path: 'links[r1-r2].rate', name: 'rate', values: [5, 10], unit: 'Mbps' },
          { path: 'links[r1-r2].buffer', name: 'buffer', values: [25, 50] },
        ],
      }),
    );
    expect(plan.points.map((p) => p.label)).toEqual(['rate=5Mbps, buffer=25', 'rate=10Mbps, buffer=50']);
  });
});

describe('shards', () => {
  it('deal every run to exactly one shard', () => {
    const plan = parseSweep(minimal({ seeds: 5, parameters: [{ path: 'links[0].buffer', values: [1, 2, 3] }] }));
    const all = sweepJobs(plan);
    expect(all).toHaveLength(15);
    const shards = [0, 1, 2, 3].map((i) => shardJobs(all, { index: i, count: 4 }).map((j) => j.index));
    expect(shards).toEqual([
      [0, 4, 8, 12],
      [1, 5, 9, 13],
      [2, 6, 10, 14],
      [3, 7, 11],
    ]);
    expect(shards.flat().sort((a, b) => a - b)).toEqual(all.map((j) => j.index));
  });

  it('are written i/N from 0', () => {
    expect(parseShard('3/4')).toEqual({ index: 3, count: 4 });
    expect(() => parseShard('4/4')).toThrow(/i must be 0–3 \(shards are numbered from 0\), not 4/);
    expect(() => parseShard('1 of 4')).toThrow(/is not "i\/N"/);
  });
});

describe('results', () => {
  const plan = parseSweep(
    minimal({
      parameters: [{ path: 'links[r1-r2].buffer', name: 'buffer', values: [10, 20] }],
      seeds: [7, 8, 9],
      metrics: [{ metric: 'goodputBps', flow: 'f1' }, { metric: 'jain' }],
    }),
  );
  const rec = (point: string, seed: number, g: number, j: number): RunRecord => ({
    point,
    seed,
    values: { 'goodputBps[f1]': g, jain: j },
    events: 0,
  });
  // finished out of order, as a pool returns them
  const records = [
    rec('p1', 9, 5, 1),
    rec('p0', 8, 12, 0.5),
    rec('p0', 7, 10, 1),
    rec('p1', 7, 5, 1),
    rec('p0', 9, 14, NaN),
    rec('p1', 8, 5, 1),
  ];

  it('summary: mean, sample sd and the Student-t 95 % interval, hand-computed', () => {
    const rows = sweepSummaryRows(plan, records);
    const g0 = rows.find((r) => r.point === 'p0' && r.metric === 'goodputBps[f1]')!;
    // 10, 12, 14: mean 12, sd √((4+0+4)/2) = 2, t(0.975, 2) = 4.303, half-width 4.303·2/√3 = 4.9687
    expect(g0.n).toBe(3);
    expect(g0.mean).toBe(12);
    expect(g0.sd).toBe(2);
    expect(g0.ci95).toBeCloseTo(4.9687, 4);
    expect(g0.ciLow).toBeCloseTo(7.0313, 4);
    expect(g0.ciHigh).toBeCloseTo(16.9687, 4);
    // the NaN seed is left out: 1 and 0.5 → mean 0.75, sd 0.35355, t(0.975, 1) = 12.706, half-width 3.1765
    const j0 = rows.find((r) => r.point === 'p0' && r.metric === 'jain')!;
    expect(j0.n).toBe(2);
    expect(j0.ci95).toBeCloseTo(3.1765, 4);
    const g1 = rows.find((r) => r.point === 'p1' && r.metric === 'goodputBps[f1]')!;
    expect([g1.mean, g1.sd, g1.ci95]).toEqual([5, 0, 0]);
  });

  it('runs come out in sweep order, one row per point × seed × metric, CSV with the parameter columns', () => {
    const rows = sweepRunRows(plan, records);
    expect(rows.map((r) => `${r.point}/${r.seed}/${r.metric}`).slice(0, 4)).toEqual([
      'p0/7/goodputBps[f1]',
      'p0/7/jain',
      'p0/8/goodputBps[f1]',
      'p0/8/jain',
    ]);
    expect(rows).toHaveLength(12);
    const csv = runRowsCsv(plan, rows).split('\n');
    expect(csv[0]).toBe('point,buffer,seed,metric,unit,value');
    expect(csv[1]).toBe('p0,10,7,goodputBps[f1],bit/s,10');
    expect(csv[6]).toBe('p0,10,9,jain,,'); // NaN → empty cell
    const summary = summaryRowsCsv(plan, sweepSummaryRows(plan, records)).split('\n');
    expect(summary[0]).toBe('point,buffer,metric,unit,n,mean,sd,ci95,ci_low,ci_high,min,max');
    expect(summary[3]).toBe('p1,20,goodputBps[f1],bit/s,3,5,0,0,5,5,5,5');
  });
});
