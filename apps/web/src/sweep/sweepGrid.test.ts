import { describe, expect, it } from 'vitest';
import { parseSweep, pointScenario, sweepJobs, sweepSummaryRows, type RunRecord, type SweepJob } from '@cclab/engine';
import { SHIPPED_SWEEPS, shortValueLabel, summarizeSweepFile, withOverrides } from './sweepFiles';
import { formatMean, gridCsv, pointRows, sweepGrid, varyingParameters } from './sweepGrid';
import { createSweepStore } from './sweepStore';
import type { SweepWorkerLike, SweepWorkerReply, SweepWorkerRequest } from './SweepPool';

const SCHEMES = ['reno', 'vegas', 'fast', 'quic-tcp'];
const SCHEDULERS = ['rr', 'max-snr', 'qlen', 'qdelay'];
const fair = () => SHIPPED_SWEEPS.find((f) => f.id === 'seed004-fair')!;

/**
 * A made-up record for a job: jain = 10·(scheme index) + (scheduler index) + (seed − 1)·2, so
 * over seeds 1 and 2 the mean is that value + 1 and the spread known.
 */
function fakeRecord(job: SweepJob, pointIndex: number): RunRecord {
  const v = 10 * Math.floor(pointIndex / 4) + (pointIndex % 4) + (job.seed - 1) * 2;
  return { point: job.point.id, seed: job.seed, values: { jain: v }, events: 1 };
}

/** A worker answering each job with fakeRecord on a later task (no simulation). */
class FakeWorker implements SweepWorkerLike {
  onmessage: ((ev: MessageEvent<SweepWorkerReply>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  terminated = false;
  private jobs: SweepJob[] = [];
  private points: string[] = [];
  postMessage(msg: SweepWorkerRequest): void {
    setTimeout(() => {
      if (this.terminated) return;
      let reply: SweepWorkerReply;
      if (msg.type === 'init') {
        const plan = parseSweep(msg.definition, { checkPoints: false });
        this.jobs = sweepJobs(plan);
        this.points = plan.points.map((p) => p.id);
        reply = { type: 'ready' };
      } else {
        const job = this.jobs[msg.job]!;
        reply = { type: 'done', job: msg.job, record: fakeRecord(job, this.points.indexOf(job.point.id)) };
      }
      this.onmessage?.({ data: reply } as MessageEvent<SweepWorkerReply>);
    }, 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe('sweep files in the lab', () => {
  it('ships the seed 004 grids: scheme × scheduler, 16 points, 500 s, 2 seeds', () => {
    expect(SHIPPED_SWEEPS.map((f) => f.id)).toEqual(expect.arrayContaining(['seed004-fair', 'seed004-random']));
    for (const id of ['seed004-fair', 'seed004-random']) {
      const s = summarizeSweepFile(SHIPPED_SWEEPS.find((f) => f.id === id)!);
      expect(s.parameters).toEqual([
        { name: 'duration', labels: ['500s'] },
        { name: 'scheme', labels: SCHEMES },
        { name: 'scheduler', labels: SCHEDULERS },
      ]);
      expect([s.points, s.seeds, s.durationS]).toEqual([16, 2, 500]);
      expect(s.metrics.slice(0, 3)).toEqual(['jain', 'aggregatePacketsPerMs', 'utility']);
    }
  });

  it('short labels: a transport by its congestion control, a one-field model by its type', () => {
    expect(shortValueLabel({ type: 'tcp', cc: 'vegas', ccParams: { alpha: 200 } })).toBe('vegas');
    expect(shortValueLabel({ type: 'qdelay' })).toBe('qdelay');
    expect(shortValueLabel({ type: 'red', params: { minThresh: 5 } })).toBe('{"type":"red","params":{"minThresh":5}}');
    expect(shortValueLabel('10Mbps')).toBe('10Mbps');
  });

  it('the lab overrides set every point’s duration and the seeds, and keep the grid', () => {
    const plan = parseSweep(withOverrides(fair(), { durationS: 2, seeds: 1 }));
    expect(plan.seeds).toEqual([1]);
    expect(plan.parameters.map((p) => p.name)).toEqual(['scheme', 'scheduler']);
    expect(plan.points).toHaveLength(16);
    const original = parseSweep(fair().definition, { checkPoints: false });
    plan.points.forEach((p, i) => {
      const sc = pointScenario(plan.experiment, p, 1);
      expect(sc.duration).toBe('2s');
      // the same transport and scheduler as the file's point i
      const theirs = pointScenario(original.experiment, original.points[i]!, 1);
      expect(sc.flows.map((f) => f.transport)).toEqual(theirs.flows.map((f) => f.transport));
      expect(sc.nodes.find((n) => n.kind === 'bs')!.bs).toEqual(theirs.nodes.find((n) => n.kind === 'bs')!.bs);
    });
    // without overrides: the file as written
    expect(parseSweep(withOverrides(fair(), { durationS: null, seeds: null }), { checkPoints: false }).seeds).toEqual([
      1, 2,
    ]);
  });
});

describe('the scheme × scheduler table', () => {
  const plan = parseSweep(withOverrides(fair(), { durationS: 2, seeds: null }), { checkPoints: false });
  const jobs = sweepJobs(plan);
  const records = jobs.map((j) => fakeRecord(j, plan.points.indexOf(j.point)));

  it('puts each point in its row (scheme) and column (scheduler), the mean over seeds and its interval', () => {
    expect(varyingParameters(plan)).toEqual([0, 1]);
    const g = sweepGrid(plan, sweepSummaryRows(plan, records), 'jain')!;
    expect([g.rowName, g.colName, g.rows, g.cols]).toEqual(['scheme', 'scheduler', SCHEMES, SCHEDULERS]);
    // seeds 1 and 2 give v and v + 2: mean v + 1, sd √2, 95 % half-width t(0.975, 1)·√2/√2 = 12.706
    g.cells.forEach((row, r) =>
      row.forEach((cell, c) => {
        expect(cell!.mean).toBe(10 * r + c + 1);
        expect(cell!.n).toBe(2);
        expect(cell!.ci95).toBeCloseTo(12.7062, 3);
      }),
    );
    expect(formatMean(g.cells[3]![2]!)).toBe('33 ± 12.7');
    const csv = gridCsv(g).trim().split('\n');
    expect(csv[0]).toBe('scheme,scheduler,metric,unit,n,mean,ci95');
    expect(csv).toHaveLength(17);
    expect(csv[8]!.split(',').slice(0, 6)).toEqual(['vegas', 'qdelay', 'jain', '', '2', '14']);
  });

  it('leaves cells not run yet empty, and a point table lists any shape', () => {
    const some = records.filter((r) => r.point === 'p5');
    const g = sweepGrid(plan, sweepSummaryRows(plan, some), 'jain')!;
    expect(g.cells.flat().filter((c) => c !== null)).toHaveLength(1);
    expect(g.cells[1]![1]!.mean).toBe(12); // p5: vegas × max-snr
    expect(formatMean(g.cells[0]![0]!)).toBe('–');
    const rows = pointRows(plan, sweepSummaryRows(plan, some));
    expect(rows[5]).toMatchObject({ point: 'p5', values: ['vegas', 'max-snr'] });
    expect(rows[5]!.metrics[0]!.mean).toBe(12);
  });
});

describe('running a sweep file on the worker pool', () => {
  it('reports progress, cancels, and runs all 16 points when started again', async () => {
    const s = createSweepStore(
      () => new FakeWorker(),
      () => 2,
      () => 0,
      null,
    );
    s.getState().setFile(fair(), { durationS: 2, seeds: 2 });
    s.getState().startFile();
    expect(s.getState()).toMatchObject({ status: 'running', total: 32, done: 0 });
    await new Promise<void>((resolve) => s.subscribe((st) => st.done >= 1 && resolve()));
    s.getState().cancel();
    const cancelledAt = s.getState().done;
    expect(s.getState().status).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 20));
    expect(s.getState().done).toBe(cancelledAt); // nothing arrives after the cancel
    expect(cancelledAt).toBeLessThan(32);

    s.getState().setOverrides({ seeds: 1 });
    s.getState().startFile();
    await new Promise<void>((resolve) => s.subscribe((st) => st.status === 'done' && resolve()));
    const result = s.getState().result!;
    expect(result.fromFile).toBe(true);
    expect(result.records).toHaveLength(16);
    expect(new Set(result.records.map((r) => r.point)).size).toBe(16);
    const g = sweepGrid(result.plan, sweepSummaryRows(result.plan, result.records), 'jain')!;
    expect(g.cells[2]![3]!.mean).toBe(23); // fast × qdelay, seed 1
  });

  it('reports a bad sweep file by field, without starting', () => {
    const s = createSweepStore(
      () => new FakeWorker(),
      () => 2,
      () => 0,
      null,
    );
    s.getState().setFile({ id: 'bad.json', shipped: false, definition: { version: 1, base: { preset: 'nope' } } });
    s.getState().startFile();
    expect(s.getState().status).toBe('failed');
    expect(s.getState().problems.join('\n')).toMatch(/parameters/);
  });
});
