import type { ScenarioIssue } from '@cclab/engine';
import { clipMessage, clipText, PATH_CHARS } from '../clipText';

/**
 * Validation messages under a field. The same message at the same path is shown once (a queue
 * shared by both directions of a link is checked, and reported, for each).
 */
export function FieldIssues({ issues }: { issues: readonly ScenarioIssue[] }) {
  if (issues.length === 0) return null;
  const unique = [...new Map(issues.map((i) => [i.path + '\u0000' + i.message, i])).values()];
  return (
    <ul className="field-issues" role="alert">
      {unique.map((i) => (
        <li key={i.path + i.message}>
          <code>{clipText(i.path, PATH_CHARS)}</code>: {clipMessage(i.message)}
        </li>
      ))}
    </ul>
  );
}
