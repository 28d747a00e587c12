import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findReproduction } from '../../reproductions/index.js';
import { pointScenario } from '../experiment/experiment.js';
import { sweepJobs } from './sweepJobs.js';
import { parseSweep, SweepError } from './sweepPlan.js';

const file = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../sweeps/${name}.json`, import.meta.url), 'utf8')) as unknown;

describe('the shipped seed 004 sweeps: the 16-configuration grid on every core', () => {
  it.each(['fair', 'random'])(
    'seed004-%s is the reproduction entry’s grid: 4 schemes × 4 schedulers, 500 s, 2 seeds',
    (topo) => {
      const plan = parseSweep(file(`seed004-${topo}`));
      expect(plan.points).toHaveLength(16);
      expect(sweepJobs(plan)).toHaveLength(32);
      const entry = findReproduction(`seed-004-${topo}`)!;
      // point by point the same window law, parameters and scheduler as the reproduction entry's grid
      plan.points.forEach((p, i) => {
        const ours = pointScenario(plan.experiment, p, 1);
        const theirs = pointScenario(entry, entry.points[i]!, 1);
        expect(ours.duration).toBe('500s');
        const bs = (s: typeof ours) => s.nodes.find((n) => n.kind === 'bs')!.bs!.scheduler!.type;
        expect(bs(ours)).toBe(bs(theirs));
        const cc = (s: typeof ours) => s.flows.map((f) => [f.transport.cc, f.transport.ccParams ?? {}]);
        expect(cc(ours)).toEqual(cc(theirs));
      });
      expect(plan.metrics.map((m) => m.name).slice(0, 9)).toEqual([
        'jain',
        'aggregatePacketsPerMs',
        'utility',
        'jain[wired]',
        'aggregatePacketsPerMs[wired]',
        'utility[wired]',
        'jain[wireless]',
        'aggregatePacketsPerMs[wireless]',
        'utility[wireless]',
      ]);
    },
  );

  it('a subset applies to flow-set metrics only', () => {
    const bad = { ...(file('seed004-random') as Record<string, unknown>) };
    bad.metrics = [{ metric: 'goodputBps', flow: 'ftp0', subset: 'wired' }];
    try {
      parseSweep(bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SweepError);
      expect((e as SweepError).issues.map((i) => `${i.path}: ${i.message}`)).toContain(
        'metrics[0].subset: does not apply to goodputBps (a flow metric)',
      );
    }
  });
});
