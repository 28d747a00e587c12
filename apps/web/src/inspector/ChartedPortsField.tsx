/**
 * Which ports the run probes, so the queue chart can show them: every link direction with a
 * checkbox, host egress ports (not probed by default) marked as such. Changing it edits
 * `probes.ports` (chartedPorts.ts).
 */
import { useMemo } from 'react';
import type { ScenarioInput } from '@cclab/engine';
import { chartedPorts, portChoices, withPortCharted } from '../charts/chartedPorts';
import { ChecklistDisclosure } from '../charts/ChecklistDisclosure';

export function ChartedPortsField({
  scenario,
  edit,
}: {
  scenario: ScenarioInput;
  edit(change: (s: ScenarioInput) => ScenarioInput): void;
}) {
  const items = useMemo(
    () => portChoices(scenario).map((p) => ({ name: p.name, note: p.hostEgress ? 'host egress' : undefined })),
    [scenario],
  );
  const charted = useMemo(() => new Set(chartedPorts(scenario)), [scenario]);
  if (items.length === 0) return null;
  return (
    <ChecklistDisclosure
      items={items}
      checked={charted}
      onToggle={(name, on) => edit((s) => withPortCharted(s, name, on))}
      summary={`Charted ports (${items.filter((p) => charted.has(p.name)).length}/${items.length})`}
      label="Charted ports"
      className="charted-ports"
      listClassName="charted-ports-list"
      testId="charted-ports"
      itemTestId={(name) => `charted-port-${name}`}
    />
  );
}
