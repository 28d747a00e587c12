/**
 * Consistency checks of a reproduction entry (run by the tests over every entry, and by
 * `cclab reproduce` before running one): unique ids, every reference resolvable, every metric
 * known, every point's scenario valid. Problems name the field.
 */
import { pointScenario } from '../experiment/experiment.js';
import { findResultMetric } from '../results/resultMetrics.js';
import { ScenarioError, validateScenario } from '../scenario/validate.js';
import type { QuantityRef, ReproductionSpec } from './types.js';

export function checkReproduction(spec: ReproductionSpec): string[] {
  const problems: string[] = [];
  const add = (path: string, msg: string) => problems.push(`${spec.id}: ${path}: ${msg}`);
  if (!/^seed-00[0-4]-[a-z0-9-]+$/.test(spec.id)) add('id', 'must look like seed-00N-figure-or-table');
  if (!spec.id.startsWith(`seed-${spec.study}-`)) add('id', `must start with seed-${spec.study}-`);
  if (spec.seeds.length === 0) add('seeds', 'needs at least one seed');
  const points = new Set<string>();
  spec.points.forEach((p, i) => {
    if (points.has(p.id)) add(`points[${i}].id`, `duplicate ${JSON.stringify(p.id)}`);
    points.add(p.id);
  });
  const metrics = new Set<string>();
  spec.metrics.forEach((m, i) => {
    if (metrics.has(m.name)) add(`metrics[${i}].name`, `duplicate ${JSON.stringify(m.name)}`);
    metrics.add(m.name);
    if (!m.computed && !findResultMetric(m.metric))
      add(`metrics[${i}].metric`, `${JSON.stringify(m.metric)} is not a result metric`);
    m.onlyPoints?.forEach((pt, j) => {
      if (!spec.points.some((p) => p.id === pt))
        add(`metrics[${i}].onlyPoints[${j}]`, `${JSON.stringify(pt)} is not a point`);
    });
  });
  const ref = (q: QuantityRef, path: string) => {
    if (!points.has(q.point)) add(`${path}.point`, `${JSON.stringify(q.point)} is not a point`);
    if (!metrics.has(q.metric)) add(`${path}.metric`, `${JSON.stringify(q.metric)} is not a collected metric`);
  };
  spec.paper.forEach((pv, i) => {
    ref(pv, `paper[${i}]`);
    if (pv.numbers.length === 0 && !pv.note)
      add(`paper[${i}]`, 'has no numbers and no note saying why (e.g. "value lost")');
  });
  const claimIds = new Set<string>();
  spec.claims.forEach((c, i) => {
    const p = `claims[${i}]`;
    if (claimIds.has(c.id)) add(`${p}.id`, `duplicate ${JSON.stringify(c.id)}`);
    claimIds.add(c.id);
    if (c.kind === 'within' || c.kind === 'range') ref(c.of, `${p}.of`);
    else if (c.kind === 'less') {
      ref(c.left, `${p}.left`);
      ref(c.right, `${p}.right`);
    } else if (c.kind === 'similar') {
      ref(c.a, `${p}.a`);
      ref(c.b, `${p}.b`);
    } else {
      if (!metrics.has(c.metric)) add(`${p}.metric`, `${JSON.stringify(c.metric)} is not a collected metric`);
      c.points.forEach((pt, j) => {
        if (!points.has(pt)) add(`${p}.points[${j}]`, `${JSON.stringify(pt)} is not a point`);
      });
    }
  });
  spec.quickCheck?.points.forEach((pt, j) => {
    if (!points.has(pt)) add(`quickCheck.points[${j}]`, `${JSON.stringify(pt)} is not a point`);
  });
  for (const [i, p] of spec.points.entries()) {
    try {
      validateScenario(pointScenario(spec, p, spec.seeds[0] ?? 1));
    } catch (e) {
      const detail =
        e instanceof ScenarioError ? e.issues.map((x) => `${x.path}: ${x.message}`).join('; ') : (e as Error).message;
      add(`points[${i}] (${p.id})`, `scenario is invalid: ${detail}`);
    }
  }
  return problems;
}
