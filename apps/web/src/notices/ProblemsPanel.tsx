/** Why the scenario cannot run, with a click-through to the item at fault. */
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { useScenarioIssues } from '../inspector/useScenarioIssues';
import { linkKey } from '../state/scenarioEdits';
import { clipMessage, clipText, PATH_CHARS } from '../clipText';

export function ProblemsPanel() {
  const lab = useLab();
  const issues = useScenarioIssues();
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  const crash = useStore(lab.run, (s) => s.crash);
  const runIssues = useStore(lab.run, (s) => s.issues);
  const all = issues.length > 0 ? issues : runIssues;
  if (all.length === 0 && !crash) return null;
  const reveal = (path: string) => {
    const m = /^(links|flows|nodes)\[(\d+)\]/.exec(path);
    if (!m) {
      lab.scenario.getState().select({});
      return;
    }
    const i = Number(m[2]);
    const st = lab.scenario.getState();
    if (m[1] === 'links' && scenario.links[i]) st.select({ links: [linkKey(scenario.links[i])] });
    if (m[1] === 'flows' && scenario.flows[i]) st.select({ flows: [scenario.flows[i].id] });
    if (m[1] === 'nodes' && scenario.nodes[i]) st.select({ nodes: [scenario.nodes[i].id] });
  };
  return (
    <section className="panel problems" aria-label="Problems" data-testid="problems">
      <h2>
        Problems <span className="count">{all.length + (crash ? 1 : 0)}</span>
      </h2>
      {crash && <p className="field-issues">The simulation stopped: {crash}</p>}
      <ul>
        {all.map((i, k) => (
          <li key={k}>
            <button type="button" className="linklike" onClick={() => reveal(i.path)}>
              <code>{clipText(i.path, PATH_CHARS)}</code>
            </button>
            : {clipMessage(i.message)}
          </li>
        ))}
      </ul>
    </section>
  );
}
