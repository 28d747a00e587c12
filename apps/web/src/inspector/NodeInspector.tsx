/** Id, label and kind of one node, and what is attached to it. */
import { useEffect, useId, useState } from 'react';
import type { ScenarioInput, ScenarioNode } from '@cclab/engine';
import { useLab } from '../lab';
import { renameNode, updateNode } from '../state/scenarioEdits';
import { clipText } from '../clipText';
import { NODE_CAPTION_CHARS } from '../editor/captions';

export function NodeInspector({ node, scenario }: { node: ScenarioNode; scenario: ScenarioInput }) {
  const lab = useLab();
  const idId = useId();
  const labelId = useId();
  const kindId = useId();
  const [idText, setIdText] = useState(node.id);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setIdText(node.id);
    setError(null);
  }, [node.id]);
  const st = () => lab.scenario.getState();
  const commitId = () => {
    if (idText === node.id) return;
    const ok = st().apply((s) => renameNode(s, node.id, idText));
    if (ok) {
      st().select({ nodes: [idText.trim()] });
      setError(null);
    } else
      setError(idText.trim() === '' ? 'An id cannot be empty.' : `“${idText.trim()}” is already used by another node.`);
  };
  const links = scenario.links.filter((l) => l.a === node.id || l.b === node.id);
  const flows = scenario.flows.filter((f) => f.from === node.id || f.to === node.id);
  return (
    <section className="inspector-section" aria-label={`Node ${node.id}`} data-testid="node-inspector">
      <h3>
        {node.kind === 'host' ? 'Host' : 'Router'} <span className="mono">{clipText(node.id, NODE_CAPTION_CHARS)}</span>
      </h3>
      <div className="field">
        <label htmlFor={idId}>Id</label>
        <input
          id={idId}
          value={idText}
          data-testid="node-id"
          aria-invalid={error ? true : undefined}
          onChange={(e) => setIdText(e.target.value)}
          onBlur={commitId}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitId();
          }}
        />
      </div>
      {error && (
        <p className="field-issues" role="alert">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor={labelId}>Label</label>
        <input
          id={labelId}
          value={node.label ?? ''}
          placeholder="(uses the id)"
          onChange={(e) =>
            st().apply((s) => updateNode(s, node.id, { label: e.target.value === '' ? undefined : e.target.value }), {
              history: false,
            })
          }
        />
      </div>
      <div className="field">
        <label htmlFor={kindId}>Kind</label>
        <select
          id={kindId}
          value={node.kind}
          onChange={(e) => st().apply((s) => updateNode(s, node.id, { kind: e.target.value as ScenarioNode['kind'] }))}
        >
          <option value="host">Host (traffic endpoint)</option>
          <option value="router">Router</option>
        </select>
      </div>
      <p className="muted small">
        {links.length} link{links.length === 1 ? '' : 's'}, {flows.length} flow{flows.length === 1 ? '' : 's'} start or
        end here.
      </p>
    </section>
  );
}
