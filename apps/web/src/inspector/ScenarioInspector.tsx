/** Scenario-wide settings, shown when nothing is selected. */
import { useId } from 'react';
import type { ScenarioInput, ScenarioIssue } from '@cclab/engine';
import { useLab } from '../lab';
import { ChartedPortsField } from './ChartedPortsField';
import { FieldIssues } from './FieldIssues';
import { NumberInput } from './NumberInput';
import { QuantityInput } from './QuantityInput';
import { issuesAt } from './useScenarioIssues';

export function ScenarioInspector({ scenario, issues }: { scenario: ScenarioInput; issues: readonly ScenarioIssue[] }) {
  const lab = useLab();
  const nameId = useId();
  const descId = useId();
  const edit = (patch: Partial<ScenarioInput>, history = true) =>
    lab.scenario.getState().apply((s) => ({ ...s, ...patch }), { history });
  return (
    <section className="inspector-section" aria-label="Scenario settings" data-testid="scenario-inspector">
      <h3>Scenario</h3>
      <div className="field">
        <label htmlFor={nameId}>Name</label>
        <input
          id={nameId}
          value={scenario.name ?? ''}
          data-testid="scenario-name"
          onChange={(e) => edit({ name: e.target.value }, false)}
        />
      </div>
      <div className="field">
        <label htmlFor={descId}>Description</label>
        <textarea
          id={descId}
          rows={3}
          value={scenario.description ?? ''}
          onChange={(e) => edit({ description: e.target.value || undefined }, false)}
        />
      </div>
      <QuantityInput
        label="Duration"
        kind="duration"
        value={scenario.duration}
        testId="scenario-duration"
        onCommit={(v) => edit({ duration: v ?? '30s' })}
      />
      <FieldIssues issues={issuesAt(issues, 'duration')} />
      <NumberInput
        label="Random seed"
        integer
        min={0}
        value={scenario.seed}
        placeholder="1"
        testId="scenario-seed"
        onCommit={(v) => edit({ seed: v })}
      />
      <QuantityInput
        label="Sampling interval"
        kind="duration"
        value={scenario.probes?.interval}
        placeholder="100 ms"
        testId="scenario-interval"
        onCommit={(v) => edit({ probes: { ...(scenario.probes ?? {}), interval: v } })}
      />
      <ChartedPortsField scenario={scenario} edit={(change) => lab.scenario.getState().apply(change)} />
      <label className="field checkbox" title="Copy link then makes a link that starts the run as soon as it opens">
        <input
          type="checkbox"
          checked={scenario.view?.play === true}
          data-testid="scenario-link-plays"
          onChange={(e) => lab.scenario.getState().apply((s) => withPlayOnOpen(s, e.target.checked))}
        />
        Copied links start playing when opened
      </label>
      <FieldIssues issues={issuesAt(issues, 'probes')} />
      <p className="muted small">Select a node or link to edit it; Shift-click or Shift-drag to select several.</p>
    </section>
  );
}

/** `s` with `view.play` set (copied links carry `&play`) or removed. */
function withPlayOnOpen(s: ScenarioInput, on: boolean): ScenarioInput {
  const { play: _play, ...view } = s.view ?? {};
  const next = on ? { ...view, play: true } : view;
  if (Object.keys(next).length > 0) return { ...s, view: next };
  const { view: _view, ...rest } = s;
  return rest;
}
