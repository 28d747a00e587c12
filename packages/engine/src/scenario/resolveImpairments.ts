// A link direction's impairments (scenario field `impairments`), resolved into what the port runs
// (net/LinkImpairment.ts): defaults filled in, the duration parsed, and the combinations the schema
// cannot judge refused with the field named.
import { LINK_DELAY_RANGE } from '../core/limits.js';
import type { ImpairmentSpec } from '../net/LinkImpairment.js';
import { checkedDurationNs } from './quantities.js';
import type { ScenarioIssue } from './ScenarioError.js';
import type { ImpairmentsSpec } from './types.js';

/** `spec` (already checked by the schema) resolved; null when there is none or it has a problem. */
export function resolveImpairments(
  spec: ImpairmentsSpec | undefined,
  path: string,
  issues: ScenarioIssue[],
): ImpairmentSpec | null {
  if (spec === undefined) return null;
  const before = issues.length;
  const b = spec.burstLoss;
  if (b !== undefined && b.p > 0 && b.r === 0)
    issues.push({
      path: `${path}.burstLoss.r`,
      message: 'must be > 0 when p is: with r = 0 the chain never leaves its bad state',
    });
  const jitterNs =
    spec.jitter === undefined ? 0 : checkedDurationNs(spec.jitter, `${path}.jitter`, LINK_DELAY_RANGE, issues);
  if (spec.reorder === true && !(jitterNs !== null && jitterNs > 0))
    issues.push({ path: `${path}.reorder`, message: 'reorders only with a jitter: give jitter too' });
  if (spec.jitterDistribution !== undefined && !(jitterNs !== null && jitterNs > 0))
    issues.push({ path: `${path}.jitterDistribution`, message: 'shapes the jitter: give jitter too' });
  if (issues.length > before) return null;
  return {
    burstLoss:
      b === undefined || b.p === 0 ? null : { p: b.p, r: b.r, lossGood: b.lossGood ?? 0, lossBad: b.lossBad ?? 1 },
    jitterNs: jitterNs ?? 0,
    jitterDistribution: spec.jitterDistribution ?? 'uniform',
    reorder: spec.reorder === true,
    duplicate: spec.duplicate ?? 0,
  };
}
