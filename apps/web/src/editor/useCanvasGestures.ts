/**
 * Pointer gestures of the topology editor: place nodes, drag nodes (all selected ones), drag
 * from node to node to link them, rubber-band selection (Shift-drag or select tool on empty
 * space with Shift), pan (drag empty space), wheel zoom.
 */
import { useCallback, useRef, useState } from 'react';
import type { ScenarioInput } from '@cclab/engine';
import { useLab } from '../lab';
import { addLink, addNode, linkKey, moveNodes } from '../state/scenarioEdits';
import type { ViewTransform } from '../state/scenarioStore';
import { NODE_RADIUS } from './geometry';
import { toWorld, zoomAt } from './viewTransform';

export interface Band {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface LinkDraft {
  from: string;
  x: number;
  y: number;
  target: string | null;
}

type Gesture =
  | { kind: 'none' }
  | { kind: 'pan'; sx: number; sy: number; t0: ViewTransform; moved: boolean }
  | { kind: 'band'; sx: number; sy: number }
  | { kind: 'move'; wx: number; wy: number; start: Map<string, { x: number; y: number }>; moved: boolean }
  | { kind: 'link'; from: string };

export function nodeAt(s: ScenarioInput, wx: number, wy: number, exclude?: string): string | null {
  let best: string | null = null;
  let bestD = (NODE_RADIUS + 8) ** 2;
  for (const n of s.nodes) {
    if (n.id === exclude) continue;
    const d = ((n.x ?? 0) - wx) ** 2 + ((n.y ?? 0) - wy) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = n.id;
    }
  }
  return best;
}

export function useCanvasGestures(transform: ViewTransform, setTransform: (t: ViewTransform) => void) {
  const lab = useLab();
  const gesture = useRef<Gesture>({ kind: 'none' });
  const [band, setBand] = useState<Band | null>(null);
  const [draft, setDraft] = useState<LinkDraft | null>(null);

  const local = (e: { clientX: number; clientY: number; currentTarget: Element }) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { sx: e.clientX - r.left, sy: e.clientY - r.top };
  };

  const onPointerDown = useCallback(
    (e: React.PointerEvent<SVGSVGElement>) => {
      if (e.button !== 0 && e.button !== 1) return;
      const st = lab.scenario.getState();
      const { sx, sy } = local(e);
      const w = toWorld(transform, sx, sy);
      const target = (e.target as Element).closest('[data-node],[data-link]');
      const nodeId = target?.getAttribute('data-node') ?? null;
      const linkId = target?.getAttribute('data-link') ?? null;
      e.currentTarget.setPointerCapture(e.pointerId);
      (e.currentTarget as SVGSVGElement).focus({ preventScroll: true });
      if (e.button === 1) {
        gesture.current = { kind: 'pan', sx, sy, t0: transform, moved: false };
        return;
      }
      if (nodeId && (st.tool === 'link' || e.altKey)) {
        gesture.current = { kind: 'link', from: nodeId };
        setDraft({ from: nodeId, x: w.x, y: w.y, target: null });
        return;
      }
      if (nodeId) {
        const sel = st.selection;
        if (e.shiftKey || e.metaKey || e.ctrlKey) st.select({ nodes: [nodeId] }, true);
        else if (!sel.nodes.includes(nodeId)) st.select({ nodes: [nodeId] });
        const ids = lab.scenario.getState().selection.nodes;
        const start = new Map(
          st.scenario.nodes.filter((n) => ids.includes(n.id)).map((n) => [n.id, { x: n.x ?? 0, y: n.y ?? 0 }]),
        );
        gesture.current = { kind: 'move', wx: w.x, wy: w.y, start, moved: false };
        return;
      }
      if (linkId) {
        st.select({ links: [linkId] }, e.shiftKey || e.metaKey || e.ctrlKey);
        gesture.current = { kind: 'none' };
        return;
      }
      if (st.tool === 'host' || st.tool === 'router' || st.tool === 'bs') {
        const r = addNode(st.scenario, st.tool, w.x, w.y);
        st.apply(() => r.scenario);
        st.select({ nodes: [r.id] });
        gesture.current = { kind: 'none' };
        return;
      }
      if (e.shiftKey) {
        gesture.current = { kind: 'band', sx, sy };
        setBand({ x0: sx, y0: sy, x1: sx, y1: sy });
        return;
      }
      gesture.current = { kind: 'pan', sx, sy, t0: transform, moved: false };
    },
    [lab, transform],
  );

  const onPointerMove = useCallback(
    (e: React.PointerEvent<SVGSVGElement>) => {
      const g = gesture.current;
      if (g.kind === 'none') return;
      const { sx, sy } = local(e);
      const st = lab.scenario.getState();
      if (g.kind === 'pan') {
        if (!g.moved && Math.hypot(sx - g.sx, sy - g.sy) < 3) return;
        g.moved = true;
        setTransform({ ...g.t0, x: g.t0.x + sx - g.sx, y: g.t0.y + sy - g.sy });
      } else if (g.kind === 'band') {
        setBand({ x0: g.sx, y0: g.sy, x1: sx, y1: sy });
      } else if (g.kind === 'move') {
        const w = toWorld(transform, sx, sy);
        const dx = w.x - g.wx;
        const dy = w.y - g.wy;
        if (!g.moved && Math.hypot(dx, dy) * transform.k < 3) return;
        if (!g.moved) st.checkpoint();
        g.moved = true;
        const moves = new Map<string, { x: number; y: number }>();
        for (const [id, p] of g.start) moves.set(id, { x: p.x + dx, y: p.y + dy });
        st.apply((s) => moveNodes(s, moves), { history: false });
      } else if (g.kind === 'link') {
        const w = toWorld(transform, sx, sy);
        setDraft({ from: g.from, x: w.x, y: w.y, target: nodeAt(st.scenario, w.x, w.y, g.from) });
      }
    },
    [lab, transform, setTransform],
  );

  const onPointerUp = useCallback(
    (e: React.PointerEvent<SVGSVGElement>) => {
      const g = gesture.current;
      gesture.current = { kind: 'none' };
      const st = lab.scenario.getState();
      const { sx, sy } = local(e);
      if (g.kind === 'pan' && !g.moved && e.button === 0) st.select({});
      if (g.kind === 'band') {
        const a = toWorld(transform, Math.min(g.sx, sx), Math.min(g.sy, sy));
        const b = toWorld(transform, Math.max(g.sx, sx), Math.max(g.sy, sy));
        const nodes = st.scenario.nodes
          .filter((n) => (n.x ?? 0) >= a.x && (n.x ?? 0) <= b.x && (n.y ?? 0) >= a.y && (n.y ?? 0) <= b.y)
          .map((n) => n.id);
        const inside = new Set(nodes);
        const links = st.scenario.links.filter((l) => inside.has(l.a) && inside.has(l.b)).map(linkKey);
        st.select({ nodes, links });
        setBand(null);
      }
      if (g.kind === 'link') {
        const w = toWorld(transform, sx, sy);
        const to = nodeAt(st.scenario, w.x, w.y, g.from);
        if (to) {
          const ok = st.apply((s) => addLink(s, g.from, to));
          if (ok) {
            const l = lab.scenario.getState().scenario.links.at(-1)!;
            st.select({ links: [linkKey(l)] });
          } else {
            lab.ui.getState().showToast(`${g.from} and ${to} are already linked`);
          }
        }
        setDraft(null);
      }
    },
    [lab, transform],
  );

  const onWheel = useCallback(
    (e: React.WheelEvent<SVGSVGElement>) => {
      const { sx, sy } = local(e);
      setTransform(zoomAt(transform, sx, sy, Math.exp(-e.deltaY * 0.0015)));
    },
    [transform, setTransform],
  );

  return { onPointerDown, onPointerMove, onPointerUp, onWheel, band, draft };
}
