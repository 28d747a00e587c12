import type { FlowTable } from '../net/QueueDisc.js';
import type { QueueCheckEnv, QueueParamIssue } from './QueueModel.js';
import type { ParamSpec, ResolvedParams } from '../model/types.js';

/** The most classes a scenario can use (`flows[i].class` is 0–63): per-class schedulers size for it. */
export const MAX_CLASSES = 64;

/** `weights`: per-class weights for the weighted schedulers (WFQ, weighted DRR). */
export const weightsParam: ParamSpec = {
  key: 'weights',
  label: 'Class weights',
  kind: 'list',
  default: [],
  description:
    'Weight of each class (entry k for class k) when sub-queues are classes; empty = every class weight 1. ' +
    'Per-flow weights come from the scenario (flows[i].weight).',
};

/**
 * The weight of sub-queue `i`: a flow's scenario weight when sub-queues are flows, entry `i` of
 * `weights` (1 when the list is empty) when they are classes, 1 otherwise.
 */
export function subQueueWeight(by: string, i: number, flows: FlowTable, weights: readonly number[]): number {
  if (by === 'flow') return i < flows.count ? flows.weightOf[i]! : 1;
  if (by === 'class') return weights.length === 0 ? 1 : (weights[i] ?? 1);
  return 1;
}

/**
 * Problems with `weights` taken together with `by` and the scenario's classes: a weight that is
 * not positive, a list given where sub-queues are not classes, fewer weights than classes.
 */
export function checkWeights(p: ResolvedParams, env: QueueCheckEnv): QueueParamIssue[] {
  const weights = p.weights as readonly number[];
  const by = p.by as string;
  const issues: QueueParamIssue[] = [];
  weights.forEach((w, k) => {
    if (!(w > 0)) issues.push({ key: 'weights', message: `entry ${k + 1} (class ${k}) is ${w}: a weight must be > 0` });
  });
  if (weights.length > 0 && by !== 'class')
    issues.push({
      key: 'weights',
      message: `weights apply to classes (by: class); with by: ${by} use the flows' own weight (flows[i].weight)`,
    });
  else if (weights.length > 0 && weights.length < env.classes)
    issues.push({
      key: 'weights',
      message: `${weights.length} weight(s) for ${env.classes} classes: give one weight per class used (classes 0–${env.classes - 1})`,
    });
  return issues;
}
