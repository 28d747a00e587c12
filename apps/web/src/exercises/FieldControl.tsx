/**
 * The control an exercise field calls for (the engine's `fieldControlOf`, inferred from the field's
 * path): a discipline or scheduler picker from the registry with the chosen model's parameter form
 * (the inspector's ParamForm), a select of registry ids or an enumeration's options, a number
 * with its unit menu (the inspector's QuantityInput), a number with its range, a checkbox. The
 * student never types JSON. What is entered goes to `onCommit`; whether it goes into the scenario
 * is the caller's decision (draftProblem), and `problem` is shown under the control when not.
 */
import { useId } from 'react';
import { getRegistry, type FieldControl as Control, type ModelInfo } from '@cclab/engine';
import { QuantityInput } from '../inspector/QuantityInput';
import { NumberInput } from '../inspector/NumberInput';
import { ListInput } from '../inspector/ListInput';
import { ParamForm } from '../inspector/ParamForm';
import { withParam } from '../inspector/QueueFields';

interface Props {
  control: Control;
  label: string;
  value: unknown;
  testId: string;
  /** Show the chosen model's parameter form open (the task's answer sets parameters). */
  paramsOpen?: boolean;
  /** Why the last value entered was not taken, in the field's words. */
  problem?: string | null | undefined;
  onCommit(v: unknown): void;
}

type ModelSpec = { type?: string; params?: Record<string, unknown> } | undefined;

/** A model picker (queue discipline, base-station scheduler) and the chosen model's parameters. */
function ModelPicker({
  models,
  fallback,
  label,
  value,
  testId,
  paramsOpen,
  invalid,
  onCommit,
}: {
  models: readonly ModelInfo[];
  /** The model in force when the field is unset (the engine's default). */
  fallback: string;
  label: string;
  value: unknown;
  testId: string;
  paramsOpen: boolean;
  invalid: boolean;
  onCommit(v: unknown): void;
}) {
  const id = useId();
  const spec = value as ModelSpec;
  const type = spec?.type ?? fallback;
  const info = models.find((m) => m.id === type);
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          data-testid={testId}
          value={type}
          aria-invalid={invalid || undefined}
          onChange={(e) => onCommit({ type: e.target.value })}
        >
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
          {!info && <option value={type}>{type} (unknown)</option>}
        </select>
      </div>
      {info && (
        <p className="muted small model-desc">
          {info.description} <cite>{info.citation}</cite>
        </p>
      )}
      {info && info.params.length > 0 && (
        <details className="field-params" open={paramsOpen} data-testid={`${testId}-params`}>
          <summary>Parameters of {info.name}</summary>
          <ParamForm
            specs={info.params}
            values={spec?.params}
            path=""
            issues={[]}
            testPrefix={`${testId}-param`}
            onChange={(k, v) => onCommit({ ...(spec ?? {}), type, params: withParam(spec?.params, k, v) })}
          />
        </details>
      )}
    </>
  );
}

function ChoiceSelect({
  control,
  label,
  value,
  testId,
  invalid,
  onCommit,
}: {
  control: Extract<Control, { kind: 'choice' }>;
  label: string;
  value: unknown;
  testId: string;
  invalid: boolean;
  onCommit(v: unknown): void;
}) {
  const id = useId();
  const known = control.options.some((o) => o.value === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        data-testid={testId}
        value={known ? String(value) : ''}
        aria-invalid={invalid || undefined}
        onChange={(e) => onCommit(e.target.value)}
      >
        {!known && (
          <option value="" disabled>
            {value === undefined ? `Choose a ${control.noun}…` : `${String(value)} (unknown)`}
          </option>
        )}
        {control.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function TextField({
  label,
  value,
  testId,
  onCommit,
}: {
  label: string;
  value: unknown;
  testId: string;
  onCommit(v: unknown): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        data-testid={testId}
        defaultValue={typeof value === 'string' ? value : ''}
        key={String(value)}
        onBlur={(e) => e.target.value !== value && onCommit(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onCommit((e.target as HTMLInputElement).value)}
      />
    </div>
  );
}

export function FieldControl({ control, label, value, testId, paramsOpen = false, problem, onCommit }: Props) {
  const invalid = Boolean(problem);
  let body: React.ReactNode;
  switch (control.kind) {
    case 'queue':
    case 'scheduler': {
      const reg = getRegistry();
      body = (
        <ModelPicker
          models={control.kind === 'queue' ? reg.queue : reg.bsScheduler}
          fallback={control.kind === 'queue' ? 'droptail' : 'rr'}
          label={label}
          value={value}
          testId={testId}
          paramsOpen={paramsOpen}
          invalid={invalid}
          onCommit={onCommit}
        />
      );
      break;
    }
    case 'choice':
      body = (
        <ChoiceSelect
          control={control}
          label={label}
          value={value}
          testId={testId}
          invalid={invalid}
          onCommit={onCommit}
        />
      );
      break;
    case 'boolean':
      body = (
        <div className="field checkbox">
          <input
            id={`${testId}-box`}
            type="checkbox"
            data-testid={testId}
            checked={value === true}
            onChange={(e) => onCommit(e.target.checked)}
          />
          <label htmlFor={`${testId}-box`}>{label}</label>
        </div>
      );
      break;
    case 'quantity':
      body = (
        <QuantityInput
          label={label}
          kind={control.quantity}
          value={value}
          testId={testId}
          invalid={invalid}
          onCommit={onCommit}
        />
      );
      break;
    case 'number':
      body = (
        <NumberInput
          label={label}
          unit={control.unit}
          integer={control.integer}
          min={control.min}
          max={control.max}
          value={value}
          testId={testId}
          invalid={invalid}
          onCommit={onCommit}
        />
      );
      break;
    case 'list':
      body = (
        <ListInput
          label={label}
          unit={control.unit}
          value={value}
          testId={testId}
          invalid={invalid}
          onCommit={(t) => onCommit(t === undefined ? undefined : t.split(/[\s,;]+/).map(Number))}
        />
      );
      break;
    case 'text':
      body = <TextField label={label} value={value} testId={testId} onCommit={onCommit} />;
      break;
  }
  return (
    <div className="exercise-field" data-testid={`${testId}-field`}>
      {body}
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
