/** The list of flows with an "add flow" form; selecting a flow opens it in the inspector. */
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { getRegistry } from '@cclab/engine';
import { useLab } from '../lab';
import { flowColor } from '../palette';
import { NODE_CAPTION_CHARS } from '../editor/captions';
import { clipText } from '../clipText';
import { addFlow, deleteItems } from '../state/scenarioEdits';
import { useScenarioAtPlayhead } from '../run/useScenarioAtPlayhead';

export function FlowsPanel() {
  const lab = useLab();
  // flows at the playhead (a congestion control switched mid-run is a recorded event)
  const scenario = useScenarioAtPlayhead();
  const selected = useStore(lab.scenario, (s) => s.selection.flows);
  const hosts = scenario.nodes.filter((n) => n.kind === 'host').map((n) => n.id);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const fromId = useId();
  const toId = useId();
  const src = hosts.includes(from) ? from : (hosts[0] ?? '');
  const dst = hosts.includes(to) && to !== src ? to : (hosts.find((h) => h !== src) ?? '');
  const ccNames = new Map(getRegistry().cc.map((c) => [c.id, c.name]));
  const st = () => lab.scenario.getState();
  const add = () => {
    if (!src || !dst) return;
    const r = addFlow(st().scenario, src, dst);
    st().apply(() => r.scenario);
    st().select({ flows: [r.id] });
  };
  return (
    <section className="panel flows-panel" aria-label="Flows" data-testid="flows-panel">
      <h2>
        Flows <span className="count">{scenario.flows.length}</span>
      </h2>
      {scenario.flows.length === 0 && <p className="muted small">No traffic yet. Add a flow between two hosts.</p>}
      <ul className="flow-list">
        {scenario.flows.map((f, i) => (
          <li key={f.id} className={selected.includes(f.id) ? 'is-selected' : ''}>
            <button
              type="button"
              className="flow-item"
              data-testid={`flow-${f.id}`}
              aria-pressed={selected.includes(f.id)}
              onClick={() => st().select({ flows: [f.id] })}
            >
              <span className="swatch" style={{ background: flowColor(i, f.color) }} />
              <span className="mono">{clipText(f.label ?? f.id, NODE_CAPTION_CHARS)}</span>
              <span className="flow-route">
                {f.from} → {f.to}
              </span>
              <span className="flow-cc">
                {f.transport.cc ? (ccNames.get(f.transport.cc) ?? f.transport.cc) : f.transport.type.toUpperCase()} ·{' '}
                {f.app.type}
              </span>
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-label={`Delete flow ${f.id}`}
              title="Delete flow"
              onClick={() => st().apply((s) => deleteItems(s, { flows: [f.id] }))}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <div className="add-flow" role="group" aria-label="Add a flow">
        <label htmlFor={fromId}>From</label>
        <select
          id={fromId}
          value={src}
          data-testid="new-flow-from"
          onChange={(e) => setFrom(e.target.value)}
          disabled={hosts.length < 2}
        >
          {hosts.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </select>
        <label htmlFor={toId}>to</label>
        <select
          id={toId}
          value={dst}
          data-testid="new-flow-to"
          onChange={(e) => setTo(e.target.value)}
          disabled={hosts.length < 2}
        >
          {hosts
            .filter((h) => h !== src)
            .map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
        </select>
        <button
          type="button"
          className="btn btn-primary btn-small"
          data-testid="add-flow"
          disabled={hosts.length < 2}
          onClick={add}
        >
          Add flow
        </button>
      </div>
      {hosts.length < 2 && <p className="muted small">Flows run between hosts: add at least two.</p>}
    </section>
  );
}
