/** Which probed ports the queue chart shows (or, named `noun`, which flows the delay chart shows). */
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
  if (ports.length <= 1) return null;
  return (
    <details className="port-picker" data-testid={testId}>
      <summary>{summary ?? `${noun} (${chosen.length}/${ports.length})`}</summary>
      <div className="port-picker-list" role="group" aria-label={`${noun} shown`}>
        {ports.map((p) => (
          <label key={p}>
            <input
              type="checkbox"
              checked={chosen.includes(p)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, p] : chosen.filter((x) => x !== p))}
            />
            <span className="mono">{p}</span>
          </label>
        ))}
      </div>
    </details>
  );
}
