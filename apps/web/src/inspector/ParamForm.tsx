/**
 * A form generated from a model's parameter schema (the engine registry): one control per
 * parameter with its unit, range and default; unset parameters show the default as placeholder.
 */
import { useId } from 'react';
import type { ParamSpec, ScenarioIssue } from '@cclab/engine';
import { formatQuantity, type QuantityKind } from '../units/quantity';
import { FieldIssues } from './FieldIssues';
import { issuesAt } from './useScenarioIssues';
import { QuantityInput } from './QuantityInput';
import { NumberInput } from './NumberInput';
import { ListInput } from './ListInput';

interface Props {
  specs: readonly ParamSpec[];
  values: Record<string, unknown> | undefined;
  /** Scenario path of the params object, for matching validation issues. */
  path: string;
  issues: readonly ScenarioIssue[];
  onChange(key: string, value: unknown): void;
  testPrefix: string;
}

function defaultText(p: ParamSpec): string {
  if (Array.isArray(p.default)) return p.default.length === 0 ? 'empty' : p.default.join(', ');
  if (typeof p.default === 'number') {
    if (p.kind === 'duration' || p.kind === 'rate' || p.kind === 'size') return formatQuantity(p.kind, p.default);
    return `${p.default}${p.unit ? ` ${p.unit}` : ''}`;
  }
  return String(p.default);
}

function rangeText(p: ParamSpec): string {
  if (p.min === undefined && p.max === undefined) return '';
  const u = p.unit ? ` ${p.unit}` : '';
  if (p.min !== undefined && p.max !== undefined) return `${p.min}–${p.max}${u}`;
  return p.min !== undefined ? `≥ ${p.min}${u}` : `≤ ${p.max}${u}`;
}

function ParamField({
  spec,
  value,
  issues,
  onChange,
  testId,
}: {
  spec: ParamSpec;
  value: unknown;
  issues: ScenarioIssue[];
  onChange(v: unknown): void;
  testId: string;
}) {
  const id = useId();
  const title = `${spec.description}${rangeText(spec) ? ` Range: ${rangeText(spec)}.` : ''} Default: ${defaultText(spec)}.`;
  let control: React.ReactNode;
  if (spec.kind === 'boolean') {
    control = (
      <div className="field checkbox" title={title}>
        <input
          id={id}
          type="checkbox"
          data-testid={testId}
          checked={Boolean(value ?? spec.default)}
          onChange={(e) => onChange(e.target.checked === spec.default ? undefined : e.target.checked)}
        />
        <label htmlFor={id}>{spec.label}</label>
      </div>
    );
  } else if (spec.kind === 'enum') {
    control = (
      <div className="field" title={title}>
        <label htmlFor={id}>{spec.label}</label>
        <select
          id={id}
          data-testid={testId}
          value={String(value ?? spec.default)}
          onChange={(e) => onChange(e.target.value === spec.default ? undefined : e.target.value)}
        >
          {(spec.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </div>
    );
  } else if (spec.kind === 'list') {
    control = (
      <ListInput
        label={spec.label}
        unit={spec.unit}
        value={value}
        title={title}
        testId={testId}
        invalid={issues.length > 0}
        onCommit={onChange}
      />
    );
  } else if (spec.kind === 'duration' || spec.kind === 'rate' || spec.kind === 'size') {
    const kind: QuantityKind = spec.kind;
    control = (
      <QuantityInput
        label={spec.label}
        kind={kind}
        value={value}
        placeholder={defaultText(spec)}
        title={title}
        testId={testId}
        invalid={issues.length > 0}
        onCommit={onChange}
      />
    );
  } else {
    control = (
      <NumberInput
        label={spec.label}
        unit={spec.unit}
        integer={spec.kind === 'integer'}
        min={spec.min}
        max={spec.max}
        value={value}
        placeholder={String(spec.default)}
        title={title}
        testId={testId}
        invalid={issues.length > 0}
        onCommit={onChange}
      />
    );
  }
  return (
    <div className="param">
      {control}
      <FieldIssues issues={issues} />
    </div>
  );
}

export function ParamForm({ specs, values, path, issues, onChange, testPrefix }: Props) {
  if (specs.length === 0) return <p className="muted small">No parameters.</p>;
  const unknown = Object.keys(values ?? {}).filter((k) => !specs.some((s) => s.key === k));
  return (
    <div className="param-form">
      {specs.map((s) => (
        <ParamField
          key={s.key}
          spec={s}
          value={values?.[s.key]}
          issues={issuesAt(issues, `${path}.${s.key}`)}
          onChange={(v) => onChange(s.key, v)}
          testId={`${testPrefix}-${s.key}`}
        />
      ))}
      {unknown.map((k) => (
        <div key={k} className="param">
          <FieldIssues issues={issuesAt(issues, `${path}.${k}`)} />
          <button type="button" className="btn btn-small" onClick={() => onChange(k, undefined)}>
            Remove unknown parameter “{k}”
          </button>
        </div>
      ))}
    </div>
  );
}
