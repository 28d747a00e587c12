/**
 * Where a node added "in the middle of the view" (Shift+H, Shift+R, Shift+B, the toolbar's add
 * buttons) goes: the middle when it is free, else the nearest free spot in view — free meaning
 * that the new node's glyph and caption overlap no other node's glyph or caption and that it sits
 * on no link nor its caption. Candidates are a grid around the middle, tried nearest first (a spiral in effect),
 * so two nodes added one after the other land side by side, never on the same spot.
 */
import type { ScenarioInput, ScenarioNode } from '@cclab/engine';
import { nodeCaption } from './captions';
import { NODE_RADIUS, type Pt } from './geometry';
import { EDITOR_CAPTIONS, networkFitItems, NODE_LABEL_Y, type MeasureText } from './networkExtent';

/** A box in world units. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Space kept between two nodes' footprints, and between a node's glyph and a link (world units). */
export const NODE_GAP = 12;
/** Grid step of the search (world units). */
export const SEARCH_STEP = 10;

/**
 * What a node takes in the editor around its centre: its glyph with its outline, and its caption
 * under it (13 px, NodeGlyph) — the boxes networkExtent.ts gives the fit, as one.
 */
export function footprint(node: Pick<ScenarioNode, 'id' | 'label'>, measure: MeasureText): Rect {
  const r = NODE_RADIUS + 3;
  const half = Math.max(r, measure(nodeCaption(node as ScenarioNode), 13, 600) / 2 + 2);
  return { x0: -half, y0: -r, x1: half, y1: NODE_LABEL_Y + 13 * 0.25 + 2 };
}

function at(f: Rect, p: Pt, pad = 0): Rect {
  return { x0: p.x + f.x0 - pad, y0: p.y + f.y0 - pad, x1: p.x + f.x1 + pad, y1: p.y + f.y1 + pad };
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** Distance from p to the segment a–b. */
function toSegment(p: Pt, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * Grid offsets (i, j) within `rings` of the origin, nearest first: band by band (distances in
 * [r, r + 1)), each band sorted by distance, then i, then j — a fixed order, generated lazily so
 * a free spot near the middle is found without listing the whole view.
 */
export function* gridByDistance(rings: number): Generator<[number, number]> {
  for (let r = 0; r <= rings; r++) {
    const band: [number, number, number][] = [];
    for (let i = -r - 1; i <= r + 1; i++) {
      // the j with r ≤ √(i² + j²) < r + 1
      const lo = Math.ceil(Math.sqrt(Math.max(0, r * r - i * i)));
      for (let j = lo; j * j + i * i < (r + 1) * (r + 1); j++) {
        if (j * j + i * i < r * r) continue;
        const d = Math.hypot(i, j);
        band.push([d, i, j]);
        if (j > 0) band.push([d, i, -j]);
      }
    }
    band.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    for (const [, i, j] of band) yield [i, j];
  }
}

/**
 * The free spot nearest `want` for a node of footprint `mine` among `s`'s nodes and links (and
 * their captions), inside
 * `view` (world units) when one is free there, else the nearest free spot outside it (`inView`
 * false); grid points `SEARCH_STEP` apart, nearest first (ties in a fixed order), so the answer
 * is the same for the same scenario.
 */
export function freeSpot(
  s: Pick<ScenarioInput, 'nodes' | 'links'>,
  want: Pt,
  mine: Rect,
  view: Rect,
  measure: MeasureText,
): { x: number; y: number; inView: boolean } {
  const pos = new Map(s.nodes.map((n) => [n.id, { x: n.x ?? 0, y: n.y ?? 0 }]));
  // every node's glyph and caption and every link's caption, as the editor draws them
  const taken: Rect[] = networkFitItems(s as ScenarioInput, EDITOR_CAPTIONS, measure);
  const segments = s.links.flatMap((l) => {
    const a = pos.get(l.a);
    const b = pos.get(l.b);
    return a && b ? [[a, b] as const] : [];
  });
  const free = (p: Pt) =>
    !taken.some((t) => overlaps(at(mine, p, NODE_GAP), t)) &&
    !segments.some(([a, b]) => toSegment(p, a, b) < NODE_RADIUS + NODE_GAP);
  const inside = (p: Pt) => {
    const r = at(mine, p);
    return r.x0 >= view.x0 && r.y0 >= view.y0 && r.x1 <= view.x1 && r.y1 <= view.y1;
  };
  // rings of grid points around `want`, nearest first; out to the view's far corner, then beyond
  const reach = Math.max(
    Math.hypot(view.x1 - view.x0, view.y1 - view.y0),
    ...s.nodes.map((n) => Math.hypot((n.x ?? 0) - want.x, (n.y ?? 0) - want.y) + 200),
  );
  const rings = Math.ceil(reach / SEARCH_STEP) + 1;
  let outside: Pt | null = null;
  for (const [i, j] of gridByDistance(rings)) {
    const p = { x: want.x + i * SEARCH_STEP, y: want.y + j * SEARCH_STEP };
    if (!free(p)) continue;
    if (inside(p)) return { ...p, inView: true };
    outside ??= p;
  }
  return { ...(outside ?? want), inView: false };
}
