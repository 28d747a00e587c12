import type { ScenarioIssue } from '@cclab/engine';

/** Validation messages under a field. */
export function FieldIssues({ issues }: { issues: readonly ScenarioIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <ul className="field-issues" role="alert">
      {issues.map((i) => (
        <li key={i.path + i.message}>
          <code>{i.path}</code>: {i.message}
        </li>
      ))}
    </ul>
  );
}
