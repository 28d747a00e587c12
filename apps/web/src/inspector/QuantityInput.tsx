/** A number with a unit menu for the scenario's human quantities; commits on Enter, blur or unit change. */
import { useEffect, useId, useState } from 'react';
import { joinQuantity, splitQuantity, UNITS, type QuantityKind } from '../units/quantity';

interface Props {
  label: string;
  kind: QuantityKind;
  value: unknown;
  /** Shown when the value is unset (the default). */
  placeholder?: string | undefined;
  onCommit(v: string | undefined): void;
  testId?: string | undefined;
  title?: string | undefined;
  invalid?: boolean;
}

export function QuantityInput({ label, kind, value, placeholder, onCommit, testId, title, invalid }: Props) {
  const id = useId();
  const initial = splitQuantity(kind, value);
  const [text, setText] = useState(value === undefined ? '' : initial.text);
  const [unit, setUnit] = useState(initial.unit);
  useEffect(() => {
    const q = splitQuantity(kind, value);
    setText(value === undefined ? '' : q.text);
    setUnit(q.unit);
  }, [kind, value]);
  const commit = (t: string, u: string) => {
    const next = t.trim() === '' ? undefined : joinQuantity(kind, t, u);
    if (next !== (value === undefined ? undefined : joinQuantity(kind, initial.text, initial.unit)) || t.trim() === '')
      onCommit(next);
  };
  return (
    <div className="field quantity" title={title}>
      <label htmlFor={id}>{label}</label>
      <div className="quantity-row">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          value={text}
          placeholder={placeholder}
          data-testid={testId}
          aria-invalid={invalid || undefined}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => commit(text, unit)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(text, unit);
          }}
        />
        <select
          aria-label={`${label} unit`}
          value={unit}
          data-testid={testId ? `${testId}-unit` : undefined}
          onChange={(e) => {
            setUnit(e.target.value);
            if (text.trim() !== '') commit(text, e.target.value);
          }}
        >
          {UNITS[kind].map((u) => (
            <option key={u.unit} value={u.unit}>
              {u.unit}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
