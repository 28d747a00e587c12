/**
 * The lab's side of the demos' live changes (pure, unit-tested): which demo the open scenario is,
 * whether a change is already in effect, and the edit a change button hands to the scenario
 * store's ordinary `apply` (during a run the store records it as a timed event at the current
 * time: run/liveChanges.ts).
 */
import { applyDemoChange, demos, type Demo, type DemoChange, type ScenarioInput } from '@cclab/engine';
import { effectiveScenario } from '../run/liveChanges';

const byName = new Map<string, Demo>(demos.map((d) => [String(d.scenario().name), d]));

/**
 * The demo whose scenario is open, by the scenario's name: every demo's name is its own, and it
 * survives the demo's live changes, undo and redo, a link, a reload. Renamed, it is a scenario of
 * the user's: no note.
 */
export function demoOfScenario(s: ScenarioInput): Demo | null {
  return byName.get(String(s.name ?? '')) ?? null;
}

const linkName = (l: { id?: string; a: string; b: string }) => l.id ?? `${l.a}-${l.b}`;

/**
 * Whether every edit of `change` is already in effect: a link's or flow's setting as the events
 * leave it (effectiveScenario), or a start/stop already recorded for the flow.
 */
export function changeIsApplied(s: ScenarioInput, change: DemoChange): boolean {
  const eff = effectiveScenario(s);
  return change.edits.every((e) => {
    if ('link' in e) {
      const l = eff.links.find((x) => linkName(x) === e.link);
      if (!l) return false;
      return Object.entries(e.set).every(
        ([k, v]) => JSON.stringify((l as unknown as Record<string, unknown>)[k]) === JSON.stringify(v),
      );
    }
    if ('action' in e) return (s.events ?? []).some((x) => x.flow === e.flow && x.action === e.action);
    const f = eff.flows.find((x) => x.id === e.flow);
    return !!f && f.transport.cc === e.cc;
  });
}

/**
 * The edit for the scenario store: `change` made to the scenario at simulated time `at` (a
 * start/stop is an event there; a setting is changed in place and the store turns it into an
 * event while a run is going). Throws naming the link or flow the scenario no longer has.
 */
export function demoEdit(change: DemoChange, at: string): (s: ScenarioInput) => ScenarioInput {
  return (s) => applyDemoChange(s, change, at);
}
