/** Shows the editor for what is selected: a flow, a link, a node, several items, or the scenario. */
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { linkKey } from '../state/scenarioEdits';
import { useScenarioAtPlayhead } from '../run/useScenarioAtPlayhead';
import { FlowInspector } from '../flows/FlowInspector';
import { LinkInspector } from './LinkInspector';
import { NodeInspector } from './NodeInspector';
import { ScenarioInspector } from './ScenarioInspector';
import { useScenarioIssues } from './useScenarioIssues';

export function Inspector() {
  const lab = useLab();
  // links and flows at the playhead (a change made mid-run is a recorded event)
  const scenario = useScenarioAtPlayhead();
  const sel = useStore(lab.scenario, (s) => s.selection);
  const issues = useScenarioIssues();
  const count = sel.nodes.length + sel.links.length + sel.flows.length;
  let body: React.ReactNode;
  if (count > 1) {
    body = (
      <section className="inspector-section">
        <h3>{count} items selected</h3>
        <p className="muted small">
          {sel.nodes.length} nodes, {sel.links.length} links, {sel.flows.length} flows. Drag to move them together,
          arrow keys to nudge, Delete to remove.
        </p>
      </section>
    );
  } else if (sel.flows.length === 1) {
    const i = scenario.flows.findIndex((f) => f.id === sel.flows[0]);
    body = i >= 0 ? <FlowInspector flow={scenario.flows[i]!} index={i} scenario={scenario} issues={issues} /> : null;
  } else if (sel.links.length === 1) {
    const i = scenario.links.findIndex((l) => linkKey(l) === sel.links[0]);
    body = i >= 0 ? <LinkInspector link={scenario.links[i]!} index={i} issues={issues} /> : null;
  } else if (sel.nodes.length === 1) {
    const n = scenario.nodes.find((x) => x.id === sel.nodes[0]);
    body = n ? <NodeInspector node={n} scenario={scenario} issues={issues} /> : null;
  } else {
    body = <ScenarioInspector scenario={scenario} issues={issues} />;
  }
  return (
    <div className="panel inspector" aria-label="Inspector">
      {body}
    </div>
  );
}
