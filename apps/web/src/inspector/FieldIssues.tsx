import type { ScenarioIssue } from '@cclab/engine';
import { clipMessage, clipText, PATH_CHARS } from '../clipText';

/** Validation messages under a field. */
export function FieldIssues({ issues }: { issues: readonly ScenarioIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <ul className="field-issues" role="alert">
      {issues.map((i) => (
        <li key={i.path + i.message}>
          <code>{clipText(i.path, PATH_CHARS)}</code>: {clipMessage(i.message)}
        </li>
      ))}
    </ul>
  );
}
