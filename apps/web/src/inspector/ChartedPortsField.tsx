/**
 * Which ports the run probes, so the queue chart can show them: every link direction with a
 * checkbox, host egress ports (not probed by default) marked as such. Changing it edits
 * `probes.ports` (chartedPorts.ts).
 */
import type { ScenarioInput } from '@cclab/engine';
import { chartedPorts, portChoices, withPortCharted } from '../charts/chartedPorts';

export function ChartedPortsField({
  scenario,
  edit,
}: {
  scenario: ScenarioInput;
  edit(change: (s: ScenarioInput) => ScenarioInput): void;
}) {
  const choices = portChoices(scenario);
  if (choices.length === 0) return null;
  const charted = new Set(chartedPorts(scenario));
  return (
    <details className="charted-ports" data-testid="charted-ports">
      <summary>
        Charted ports ({choices.filter((p) => charted.has(p.name)).length}/{choices.length})
      </summary>
      <div role="group" aria-label="Charted ports" className="charted-ports-list">
        {choices.map((p) => (
          <label key={p.name}>
            <input
              type="checkbox"
              checked={charted.has(p.name)}
              data-testid={`charted-port-${p.name}`}
              onChange={(e) => {
                const on = e.target.checked;
                edit((s) => withPortCharted(s, p.name, on));
              }}
            />
            <span className="mono">{p.name}</span>
            {p.hostEgress && <span className="muted small"> host egress</span>}
          </label>
        ))}
      </div>
    </details>
  );
}
