/**
 * A list-of-numbers field (registry kind "list", e.g. a VBR frame-size trace): numbers separated
 * by commas, spaces or new lines, or a text file of them; commits on blur. Empty means "default".
 */
import { useEffect, useId, useState } from 'react';

interface Props {
  label: string;
  unit?: string | undefined;
  value: unknown;
  title?: string;
  testId?: string;
  invalid?: boolean;
  onCommit(v: string | undefined): void;
}

const toText = (v: unknown): string => (Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v));

export function ListInput({ label, unit, value, title, testId, invalid, onCommit }: Props) {
  const id = useId();
  const [text, setText] = useState(toText(value));
  useEffect(() => setText(toText(value)), [value]);
  const commit = (t: string) => {
    const trimmed = t.trim();
    // committed as text: the engine's validator parses it and names a bad entry
    if (trimmed === '') onCommit(undefined);
    else if (trimmed !== toText(value)) onCommit(trimmed);
  };
  const count = text.trim() === '' ? 0 : text.trim().split(/[\s,;]+/).length;
  return (
    <div className="field" title={title}>
      <label htmlFor={id}>
        {label}
        {unit ? <span className="unit"> ({unit})</span> : null}
        <span className="muted small"> {count > 0 ? `${count} values` : 'empty'}</span>
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        data-testid={testId}
        aria-invalid={invalid || undefined}
        placeholder="e.g. 1200, 340, 560 …"
        onChange={(e) => setText(e.target.value)}
        onBlur={() => commit(text)}
      />
      <input
        type="file"
        accept=".txt,.csv,text/plain"
        aria-label={`Load ${label} from a file`}
        data-testid={testId ? `${testId}-file` : undefined}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          const t = await file.text();
          setText(t);
          commit(t);
        }}
      />
    </div>
  );
}
