import { useStore } from 'zustand';
import { useLab } from '../lab';
import { addNode, deleteItemsReport, type RemovedFlow } from '../state/scenarioEdits';
import type { Tool } from '../state/scenarioStore';
import { ToolIcon } from './ToolIcon';
import { toWorld, IDENTITY } from './viewTransform';

const TOOLS: { tool: Tool; label: string; key: string }[] = [
  { tool: 'select', label: 'Select and move', key: 'V' },
  { tool: 'host', label: 'Place hosts (click on the canvas)', key: 'H' },
  { tool: 'router', label: 'Place routers (click on the canvas)', key: 'R' },
  { tool: 'link', label: 'Connect (drag from node to node)', key: 'L' },
];

/** Adds a node in the middle of the visible canvas (toolbar button and keyboard path). */
export function addNodeAtCentre(lab: ReturnType<typeof useLab>, kind: 'host' | 'router'): void {
  const st = lab.scenario.getState();
  const box = document.querySelector('.canvas-box');
  const t = st.camera ?? IDENTITY;
  const c = toWorld(t, (box?.clientWidth ?? 800) / 2, (box?.clientHeight ?? 500) / 2);
  // Avoid stacking nodes exactly on top of each other.
  let { x, y } = c;
  while (st.scenario.nodes.some((n) => Math.hypot((n.x ?? 0) - x, (n.y ?? 0) - y) < 30)) {
    x += 40;
    y += 25;
  }
  const r = addNode(st.scenario, kind, x, y);
  st.apply(() => r.scenario);
  st.select({ nodes: [r.id] });
}

export function deleteSelection(lab: ReturnType<typeof useLab>): void {
  const st = lab.scenario.getState();
  const sel = st.selection;
  if (sel.nodes.length + sel.links.length + sel.flows.length === 0) return;
  const r = deleteItemsReport(st.scenario, sel);
  st.apply(() => r.scenario);
  st.select({});
  if (r.removedFlows.length > 0) lab.ui.getState().showToast(removedFlowsText(r.removedFlows));
}

const WHY: Record<RemovedFlow['reason'], string> = {
  endpoint: 'started or ended there',
  path: 'had an explicit path through it',
  unreachable: 'could no longer reach their destination',
};

/** "Also deleted flows f1, f2 (they could no longer reach their destination). Undo brings them back." */
export function removedFlowsText(removed: readonly RemovedFlow[]): string {
  const parts = (Object.keys(WHY) as RemovedFlow['reason'][])
    .map((reason) => {
      const ids = removed.filter((f) => f.reason === reason).map((f) => f.id);
      return ids.length === 0 ? null : `${ids.join(', ')} (${ids.length === 1 ? 'it' : 'they'} ${WHY[reason]})`;
    })
    .filter((x) => x !== null);
  return `Also deleted flow${removed.length === 1 ? '' : 's'} ${parts.join('; ')}. Undo (Ctrl+Z) brings ${removed.length === 1 ? 'it' : 'them'} back.`;
}

/** The editor's tool palette (left of the canvas). */
export function Toolbar() {
  const lab = useLab();
  const tool = useStore(lab.scenario, (s) => s.tool);
  const canUndo = useStore(lab.scenario, (s) => s.past.length > 0);
  const canRedo = useStore(lab.scenario, (s) => s.future.length > 0);
  const hasSelection = useStore(lab.scenario, (s) => s.selection.nodes.length + s.selection.links.length > 0);
  return (
    <div className="toolbar" role="toolbar" aria-label="Editor tools" aria-orientation="vertical">
      {TOOLS.map((t) => (
        <button
          key={t.tool}
          type="button"
          className={`tool${tool === t.tool ? ' is-active' : ''}`}
          aria-pressed={tool === t.tool}
          data-testid={`tool-${t.tool}`}
          title={`${t.label} (${t.key})`}
          aria-label={`${t.label} (${t.key})`}
          onClick={() => lab.scenario.getState().setTool(t.tool)}
        >
          <ToolIcon name={t.tool} />
        </button>
      ))}
      <hr />
      <button
        type="button"
        className="tool"
        title="Add a host in the middle of the view (Shift+H)"
        aria-label="Add host at centre"
        onClick={() => addNodeAtCentre(lab, 'host')}
      >
        <ToolIcon name="addHost" />
      </button>
      <button
        type="button"
        className="tool"
        title="Add a router in the middle of the view (Shift+R)"
        aria-label="Add router at centre"
        onClick={() => addNodeAtCentre(lab, 'router')}
      >
        <ToolIcon name="addRouter" />
      </button>
      <hr />
      <button
        type="button"
        className="tool"
        disabled={!hasSelection}
        title="Delete selection (Delete)"
        aria-label="Delete selection"
        data-testid="delete"
        onClick={() => deleteSelection(lab)}
      >
        <ToolIcon name="delete" />
      </button>
      <button
        type="button"
        className="tool"
        disabled={!canUndo}
        title="Undo (Ctrl+Z)"
        aria-label="Undo"
        data-testid="undo"
        onClick={() => lab.scenario.getState().undo()}
      >
        <ToolIcon name="undo" />
      </button>
      <button
        type="button"
        className="tool"
        disabled={!canRedo}
        title="Redo (Ctrl+Shift+Z)"
        aria-label="Redo"
        data-testid="redo"
        onClick={() => lab.scenario.getState().redo()}
      >
        <ToolIcon name="redo" />
      </button>
    </div>
  );
}
