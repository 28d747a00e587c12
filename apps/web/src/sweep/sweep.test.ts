import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  getRegistry,
  parseSweep,
  runSweepJob,
  sweepJobs,
  type RunRecord,
  type SweepJob,
  type SweepPlan,
} from '@cclab/engine';
import { metricChoices, parseValuesText, sweepFields } from './sweepFields';
import { encodeSweepDraft, hashWithSweep, sweepDraftFromHash, type SweepDraft } from './sweepLink';
import { SweepPool, type SweepWorkerLike, type SweepWorkerReply, type SweepWorkerRequest } from './SweepPool';
import { createSweepStore, draftOf, formOf } from './sweepStore';

/** A worker that runs the engine in this thread and answers on a later task, like a real one. */
class InThreadWorker implements SweepWorkerLike {
  onmessage: ((ev: MessageEvent<SweepWorkerReply>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  terminated = false;
  ran: number[] = [];
  private plan: SweepPlan | null = null;
  private jobs: SweepJob[] = [];

  postMessage(msg: SweepWorkerRequest): void {
    setTimeout(() => {
      if (this.terminated) return;
      let reply: SweepWorkerReply;
      if (msg.type === 'init') {
        this.plan = parseSweep(msg.definition, { checkPoints: false });
        this.jobs = sweepJobs(this.plan);
        reply = { type: 'ready' };
      } else {
        this.ran.push(msg.job);
        reply = { type: 'done', job: msg.job, record: runSweepJob(this.plan!, this.jobs[msg.job]!) };
      }
      this.onmessage?.({ data: reply } as MessageEvent<SweepWorkerReply>);
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

const shortScenario = () => ({ ...defaultScenario(), duration: '3s' });

describe('what the Sweep panel offers', () => {
  const sc = defaultScenario();
  const fields = sweepFields(sc, getRegistry());

  it('link rate, delay, buffer and queue discipline, flow congestion control, with units appended to numbers', () => {
    const byPath = new Map(fields.map((f) => [f.path, f]));
    expect(byPath.get('links[r1-r2].buffer')?.unit).toBe(' packets');
    expect(byPath.get('links[r1-r2].rate')?.unit).toBe('Mbps');
    expect(byPath.get('links[r1-r2].delay')?.unit).toBe('ms');
    expect(byPath.get('links[r1-r2].queue.type')?.options).toContain('red');
    expect(byPath.get('flows[*].transport.cc')?.options).toContain('cubic');
    expect(byPath.get('flows[f0].transport.cc')).toBeDefined();
    expect(byPath.get('links[r1-r2].impairments.jitter')?.unit).toBe('ms');
    expect(byPath.get('links[r1-r2].impairments.duplicate')).toBeDefined();
    // burst loss needs both of its chain's probabilities: p is offered only where there is a chain
    expect(byPath.get('links[r1-r2].impairments.burstLoss.p')).toBeUndefined();
    const bursty = { ...sc, links: sc.links.map((l) => ({ ...l, impairments: { burstLoss: { p: 0.01, r: 0.3 } } })) };
    const burstField = sweepFields(bursty, getRegistry()).find(
      (f) => f.path === 'links[r1-r2].impairments.burstLoss.p',
    )!;
    // and every point of the impairments' suggested values is a valid scenario
    for (const [base, f] of [
      [sc, byPath.get('links[r1-r2].impairments.jitter')!],
      [sc, byPath.get('links[r1-r2].impairments.duplicate')!],
      [bursty, burstField],
    ] as const)
      expect(() =>
        parseSweep({
          version: 1,
          base: { scenario: base },
          parameters: [{ path: f.path, values: parseValuesText(f.suggested), ...(f.unit ? { unit: f.unit } : {}) }],
          metrics: [{ metric: 'jain' }],
        }),
      ).not.toThrow();
    // every offered path is one a sweep accepts on this scenario
    for (const f of fields) {
      const values = parseValuesText(f.suggested);
      expect(values.length, f.path).toBeGreaterThan(0);
      expect(
        () =>
          parseSweep(
            {
              version: 1,
              base: { scenario: sc },
              parameters: [{ path: f.path, values, ...(f.unit ? { unit: f.unit } : {}) }],
              metrics: [{ metric: 'jain' }],
            },
            { checkPoints: false },
          ),
        f.path,
      ).not.toThrow();
    }
  });

  it('metrics per flow, per port and for the flows together, with units', () => {
    const choices = metricChoices(sc, getRegistry());
    const q = choices.find((c) => c.key === 'meanQueuePackets[r1->r2]');
    expect(q).toMatchObject({ unit: 'packets', query: { metric: 'meanQueuePackets', port: 'r1->r2' } });
    expect(choices.find((c) => c.key === 'goodputBps[f1]')?.query).toEqual({ metric: 'goodputBps', flow: 'f1' });
    expect(choices.find((c) => c.key === 'jain')?.query).toEqual({ metric: 'jain' });
    // a discipline's own probes are offered where that discipline runs
    expect(choices.some((c) => c.query.metric === 'queueProbe')).toBe(false);
    const red = {
      ...sc,
      links: sc.links.map((l) => (l.a === 'r1' && l.b === 'r2' ? { ...l, queue: { type: 'red' } } : l)),
    };
    const avg = metricChoices(red, getRegistry()).find((c) => c.key === 'queueProbe:avgQueue[r1->r2]');
    expect(avg?.query).toEqual({ metric: 'queueProbe', port: 'r1->r2', key: 'avgQueue' });
  });

  it('typed values: numbers become numbers, the rest stays text', () => {
    expect(parseValuesText(' 10, 2.5 ,1e3, red, true,')).toEqual([10, 2.5, 1000, 'red', true]);
  });
});

describe('the sweep in the link', () => {
  const draft: SweepDraft = {
    parameters: [{ path: 'links[r1-r2].buffer', values: [10, 25, 50], unit: ' packets' }],
    seeds: 2,
    startJitter: 0.5,
    metrics: [{ metric: 'meanQueuePackets', port: 'r1->r2', name: 'meanQueuePackets[r1->r2]' }],
  };

  it('round-trips beside the scenario parameter and survives a damaged value', () => {
    const hash = hashWithSweep('#s=abc', draft);
    expect(hash.startsWith('#s=abc&sweep=')).toBe(true);
    expect(sweepDraftFromHash(hash)).toEqual(draft);
    expect(sweepDraftFromHash(hashWithSweep(hash, { ...draft, seeds: 3 }))?.seeds).toBe(3);
    expect(sweepDraftFromHash('#s=abc&sweep=' + encodeSweepDraft(draft).slice(0, 10))).toBeNull();
    expect(sweepDraftFromHash('#s=abc')).toBeNull();
  });

  it('a form read from a draft gives the draft back', () => {
    const choices = metricChoices(defaultScenario(), getRegistry());
    const fields = sweepFields(defaultScenario(), getRegistry());
    const field = fields.find((f) => f.path === 'links[r1-r2].buffer');
    expect(draftOf(formOf(draft), field, choices)).toEqual(draft);
  });
});

describe('the Web Worker pool', () => {
  const plan = parseSweep({
    version: 1,
    base: { scenario: shortScenario() },
    parameters: [{ path: 'links[r1-r2].buffer', values: [5, 50] }],
    seeds: 2,
    startJitter: 0.5,
    metrics: [{ metric: 'meanQueuePackets', port: 'r1->r2' }],
  });

  it('runs every job once across the workers, with the records the engine gives in this thread', async () => {
    const workers: InThreadWorker[] = [];
    const got = new Map<number, RunRecord>();
    await new Promise<void>((resolve, reject) =>
      new SweepPool(() => {
        const w = new InThreadWorker();
        workers.push(w);
        return w;
      }).start(plan.definition, 4, 3, {
        onRecord: (job, r) => got.set(job, r),
        onDone: resolve,
        onError: reject,
      }),
    );
    expect(workers).toHaveLength(3);
    expect(workers.flatMap((w) => w.ran).sort()).toEqual([0, 1, 2, 3]);
    const jobs = sweepJobs(plan);
    for (const j of jobs) expect(got.get(j.index)).toEqual(runSweepJob(plan, j));
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it('cancel stops every worker: no record arrives after it', async () => {
    const workers: InThreadWorker[] = [];
    const pool = new SweepPool(() => {
      const w = new InThreadWorker();
      workers.push(w);
      return w;
    });
    const got: number[] = [];
    let done = false;
    pool.start(plan.definition, 4, 2, {
      onRecord: (job) => {
        got.push(job);
        pool.cancel();
      },
      onDone: () => (done = true),
      onError: () => (done = true),
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toHaveLength(1);
    expect(done).toBe(false);
    expect(workers.every((w) => w.terminated)).toBe(true);
  });
});

describe('the sweep store', () => {
  const choices = metricChoices(shortScenario(), getRegistry());
  const fields = sweepFields(shortScenario(), getRegistry());
  const buffer = fields.find((f) => f.path === 'links[r1-r2].buffer');
  const store = () =>
    createSweepStore(
      () => new InThreadWorker(),
      () => 2,
      () => 0,
      null,
    );

  it('reports bad values with the point and field, without starting', () => {
    const s = store();
    s.setState({
      form: { path: 'links[r1-r2].buffer', valuesText: 'ten', seeds: 1, startJitter: 0, metrics: ['jain'] },
    });
    s.getState().start(shortScenario(), undefined, choices);
    expect(s.getState().status).toBe('failed');
    expect(s.getState().problems[0]).toMatch(/^point p0 \(links\[r1-r2\]\.buffer=ten\) → links\[\d+\]\.buffer: /);
  });

  it('runs values × seeds and keeps the records', async () => {
    const s = store();
    s.setState({
      form: {
        path: 'links[r1-r2].buffer',
        valuesText: '5, 50',
        seeds: 2,
        startJitter: 0.5,
        metrics: ['meanQueuePackets[r1->r2]'],
      },
    });
    s.getState().start(shortScenario(), buffer, choices);
    expect(s.getState()).toMatchObject({ status: 'running', total: 4 });
    await new Promise<void>((resolve) => s.subscribe((st) => st.status === 'done' && resolve()));
    const r = s.getState().result!;
    expect(r.records).toHaveLength(4);
    expect(r.xValues).toEqual([5, 50]);
    expect(r.xUnit).toBe('packets');
    expect(r.plan.points.map((p) => p.label)).toEqual([
      'links[r1-r2].buffer=5 packets',
      'links[r1-r2].buffer=50 packets',
    ]);
  });
});
