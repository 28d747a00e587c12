/**
 * What differs between A and B: a setting of the scenario (the Sweep panel's parameter list) and
 * a value for each side. Apply checks both variants and names the field of every problem.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ScenarioInput } from '@cclab/engine';
import type { SweepField } from '../../sweep/sweepFields';
import { SweepFieldOptions } from '../../sweep/SweepFieldOptions';
import { currentValueText, splitVariants, type SplitChoice, type SplitIssue } from './splitVariants';

interface Props {
  scenario: ScenarioInput;
  fields: readonly SweepField[];
  choice: SplitChoice;
  /** Problems of the choice in use (a shared link may hold one this scenario cannot take). */
  issues: readonly SplitIssue[];
  onApply(c: SplitChoice): void;
}

/** A value for B different from A's: the other of two choices, or the field's next suggestion. */
function otherValue(field: SweepField, a: string): string {
  const options = field.options ?? field.suggested.split(',').map((s) => s.trim());
  return options.find((o) => o !== a && o !== '') ?? a;
}

export function SplitPicker({ scenario, fields, choice, issues, onApply }: Props) {
  const ids = { path: useId(), a: useId(), b: useId(), err: useId() };
  const [draft, setDraft] = useState<SplitChoice>(choice);
  const [problems, setProblems] = useState<readonly SplitIssue[]>(issues);
  useEffect(() => setDraft(choice), [choice]);
  useEffect(() => setProblems(issues), [issues]);
  const field = fields.find((f) => f.path === draft.path);
  const errorOf = (k: SplitIssue['field']) => problems.filter((p) => p.field === k);

  const choosePath = (path: string) => {
    const f = fields.find((x) => x.path === path);
    if (!f) return;
    const now = currentValueText(scenario, path);
    const a = now !== '' ? now : (f.options?.[0] ?? '');
    setDraft({ path, a, b: otherValue(f, a) });
    setProblems([]);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = splitVariants(scenario, draft, fields);
    if (r.ok) {
      setProblems([]);
      onApply(draft);
    } else setProblems(r.issues);
  };

  const valueInput = (side: 'a' | 'b') => {
    const id = ids[side];
    const errs = errorOf(side);
    const common = {
      id,
      value: draft[side],
      'aria-invalid': errs.length > 0 || undefined,
      'aria-describedby': errs.length > 0 ? `${ids.err}-${side}` : undefined,
      'data-testid': `split-value-${side}`,
    };
    const set = (v: string) => setDraft((d) => ({ ...d, [side]: v }));
    return field?.options ? (
      <select {...common} onChange={(e) => set(e.target.value)}>
        {!field.options.includes(draft[side]) && <option value={draft[side]}>{draft[side] || '(none)'}</option>}
        {field.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    ) : (
      <input {...common} type="text" size={10} onChange={(e) => set(e.target.value)} />
    );
  };
  const unit = field?.unit ? ` (${field.unit.trim()})` : '';

  return (
    <form className="split-picker" onSubmit={submit} aria-label="What differs between A and B">
      <label htmlFor={ids.path}>What differs</label>
      <select
        id={ids.path}
        data-testid="split-path"
        value={draft.path}
        aria-invalid={errorOf('path').length > 0 || undefined}
        aria-describedby={errorOf('path').length > 0 ? `${ids.err}-path` : undefined}
        onChange={(e) => choosePath(e.target.value)}
      >
        <SweepFieldOptions fields={fields} current={draft.path} />
      </select>
      <label htmlFor={ids.a}>A{unit}</label>
      {valueInput('a')}
      <label htmlFor={ids.b}>B{unit}</label>
      {valueInput('b')}
      <button type="submit" className="btn btn-small" data-testid="split-apply">
        Apply
      </button>
      {(['path', 'a', 'b'] as const).map((k) =>
        errorOf(k).length > 0 ? (
          <p key={k} id={`${ids.err}-${k}`} className="split-error" role="alert" data-testid={`split-error-${k}`}>
            {errorOf(k)
              .map((p) => p.message)
              .join('; ')}
          </p>
        ) : null,
      )}
    </form>
  );
}
