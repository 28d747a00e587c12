import { useStore } from 'zustand';
import { useLab } from '../lab';
import { addNode, deleteItemsReport, moveNodes, type RemovedFlow } from '../state/scenarioEdits';
import { footprint, freeSpot } from './placement';
import { measure } from './useFitCamera';
import type { Tool } from '../state/scenarioStore';
import { ToolIcon } from './ToolIcon';
import { toWorld, IDENTITY } from './viewTransform';

const TOOLS: { tool: Tool; label: string; key: string }[] = [
  { tool: 'select', label: 'Select and move', key: 'V' },
  { tool: 'host', label: 'Place hosts (click on the canvas)', key: 'H' },
  { tool: 'router', label: 'Place routers (click on the canvas)', key: 'R' },
  { tool: 'bs', label: 'Place base stations (click on the canvas)', key: 'B' },
  {
    tool: 'link',
    label: 'Connect: drag from node to node; by keyboard, L on a focused node, then Enter on another',
    key: 'L',
  },
];

/**
 * Adds a node in the middle of the visible canvas (toolbar button and keyboard path), or at the
 * nearest spot clear of every node and link when the middle is taken (placement.ts); when the
 * view has no free spot, at the nearest one beyond it, and the view is fitted to show it.
 */
export function addNodeAtCentre(lab: ReturnType<typeof useLab>, kind: 'host' | 'router' | 'bs'): void {
  const st = lab.scenario.getState();
  const box = document.querySelector('.workspace .canvas-box');
  const t = st.camera ?? IDENTITY;
  const w = box?.clientWidth ?? 800;
  const h = box?.clientHeight ?? 500;
  const c = toWorld(t, w / 2, h / 2);
  const a = toWorld(t, 0, 0);
  const b = toWorld(t, w, h);
  const r = addNode(st.scenario, kind, c.x, c.y);
  const node = r.scenario.nodes.at(-1)!;
  const spot = freeSpot(st.scenario, c, footprint(node, measure), { x0: a.x, y0: a.y, x1: b.x, y1: b.y }, measure);
  st.apply(() => moveNodes(r.scenario, new Map([[r.id, spot]])));
  st.select({ nodes: [r.id] });
  if (!spot.inView) window.dispatchEvent(new Event('cclab:fit'));
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
      <button
        type="button"
        className="tool"
        title="Add a base station in the middle of the view (Shift+B); link hosts to it as its UEs"
        aria-label="Add base station at centre"
        data-testid="add-bs"
        onClick={() => addNodeAtCentre(lab, 'bs')}
      >
        <ToolIcon name="addBs" />
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
