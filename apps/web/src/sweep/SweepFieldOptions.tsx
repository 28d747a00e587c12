import type { SweepField } from './sweepFields';

/**
 * The options of a select that picks a scenario setting (the Sweep panel's parameter, the split
 * view's "What differs"): the settings grouped as sweepFields groups them, and the current path on
 * its own when it is not among them (a shared link may name one this scenario does not have).
 */
export function SweepFieldOptions({ fields, current }: { fields: readonly SweepField[]; current: string }) {
  const groups = [...new Set(fields.map((f) => f.group))];
  return (
    <>
      {!fields.some((f) => f.path === current) && <option value={current}>{current}</option>}
      {groups.map((g) => (
        <optgroup key={g} label={g}>
          {fields
            .filter((f) => f.group === g)
            .map((f) => (
              <option key={f.path} value={f.path}>
                {f.label}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}
