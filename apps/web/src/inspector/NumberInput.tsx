/** A plain number field with unit and range; commits on Enter or blur; empty means "default". */
import { useEffect, useId, useState } from 'react';

interface Props {
  label: string;
  unit?: string | undefined;
  integer?: boolean;
  min?: number | undefined;
  max?: number | undefined;
  value: unknown;
  placeholder?: string;
  title?: string;
  testId?: string;
  invalid?: boolean;
  onCommit(v: number | undefined): void;
}

export function NumberInput({
  label,
  unit,
  integer,
  min,
  max,
  value,
  placeholder,
  title,
  testId,
  invalid,
  onCommit,
}: Props) {
  const id = useId();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  const commit = () => {
    const t = text.trim();
    if (t === '') {
      if (value !== undefined) onCommit(undefined);
      return;
    }
    const n = Number(t);
    // A non-number is still committed as text so the validator names the problem.
    if (String(value) !== t) onCommit(Number.isFinite(n) ? n : (t as unknown as number));
  };
  return (
    <div className="field" title={title}>
      <label htmlFor={id}>
        {label}
        {unit ? <span className="unit"> ({unit})</span> : null}
      </label>
      <input
        id={id}
        type="number"
        step={integer ? 1 : 'any'}
        min={min}
        max={max}
        value={text}
        placeholder={placeholder}
        data-testid={testId}
        aria-invalid={invalid || undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </div>
  );
}
