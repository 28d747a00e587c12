import { groupThousands } from '../core/limits.js';
import { SCENARIO_LIMITS } from './inputBounds.js';

export interface ScenarioIssue {
  /** Path of the offending field, e.g. `links[2].rate`. */
  path: string;
  message: string;
}

/**
 * A scenario that cannot be run; `issues` names every problem found (the first
 * SCENARIO_LIMITS.issues of them, then how many more; each message at most
 * SCENARIO_LIMITS.messageChars characters).
 */
export class ScenarioError extends Error {
  readonly issues: ScenarioIssue[];

  constructor(issues: ScenarioIssue[]) {
    const bounded = boundIssues(issues);
    super(bounded.map((i) => `${i.path}: ${i.message}`).join('\n'));
    this.issues = bounded;
    this.name = 'ScenarioError';
  }
}

function boundIssues(issues: ScenarioIssue[]): ScenarioIssue[] {
  const { issues: most, messageChars } = SCENARIO_LIMITS;
  const cut = (s: string) => (s.length > messageChars ? s.slice(0, messageChars - 1) + '…' : s);
  const out = issues.slice(0, most).map((i) => ({ path: cut(i.path), message: cut(i.message) }));
  if (issues.length > most)
    out.push({
      path: '(scenario)',
      message: `${groupThousands(issues.length - most)} more problem${issues.length - most > 1 ? 's' : ''} not listed`,
    });
  return out;
}
