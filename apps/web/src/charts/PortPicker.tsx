/** Which probed ports the queue chart shows (or, named `noun`, which flows the delay chart shows). */
import { useMemo } from 'react';
import { ChecklistDisclosure } from './ChecklistDisclosure';

export function PortPicker({
  ports,
  chosen,
  onChange,
  noun = 'Ports',
  testId,
  summary,
}: {
  ports: readonly string[];
  chosen: readonly string[];
  onChange(p: string[]): void;
  noun?: string;
  testId?: string;
  /** What the closed picker says (default "Ports (4/623)"). */
  summary?: string;
}) {
  const items = useMemo(() => ports.map((name) => ({ name })), [ports]);
  const checked = useMemo(() => new Set(chosen), [chosen]);
  if (ports.length <= 1) return null;
  return (
    <ChecklistDisclosure
      items={items}
      checked={checked}
      onToggle={(p, on) => onChange(on ? [...chosen, p] : chosen.filter((x) => x !== p))}
      summary={summary ?? `${noun} (${chosen.length}/${ports.length})`}
      label={`${noun} shown`}
      className="port-picker"
      listClassName="port-picker-list"
      testId={testId}
    />
  );
}
