/**
 * Fitting the network to its view with everything drawn around the nodes in it: each node's
 * glyph and caption and each link's caption. Some of these are sized in world units (they scale
 * with the zoom: the editor's captions), some in screen pixels (presentation mode draws captions
 * at a fixed size on screen whatever the zoom), so a fit that only looks at node centres with a
 * fixed margin crops a long caption, or one under the last row of nodes, at a projector's size.
 *
 * Each thing is an item: a box in world units plus how far it reaches beyond that box on screen
 * (pixels, any zoom). The zoom k is the largest for which, along each axis, every pair of items
 * fits the view: k·(x1ⱼ − x0ᵢ) + rⱼ + lᵢ ≤ width − margins (and the same for y), solved exactly
 * over the pairs; the content is then centred in the view.
 */
import type { ViewTransform } from '../state/scenarioStore';
import { IDENTITY, MAX_ZOOM, MIN_ZOOM } from './viewTransform';

export interface FitItem {
  /** World box. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Screen pixels the item reaches beyond its world box on each side (may be negative). */
  l: number;
  t: number;
  r: number;
  b: number;
}

/** The largest zoom a fit chooses (closer than that, a small network looks lost in its glyphs). */
export const MAX_FIT_ZOOM = 1.6;

export interface Margins {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The largest zoom at which every pair of items fits `room` px along one axis (Infinity: no limit). */
function axisZoom(
  items: readonly FitItem[],
  lo: 'x0' | 'y0',
  hi: 'x1' | 'y1',
  padLo: 'l' | 't',
  padHi: 'r' | 'b',
  room: number,
): number {
  let k = Infinity;
  for (const i of items)
    for (const j of items) {
      const d = j[hi] - i[lo];
      if (d <= 0) continue;
      k = Math.min(k, (room - j[padHi] - i[padLo]) / d);
    }
  return k;
}

/** Where the content runs on screen along one axis at zoom k (before translation). */
function axisSpan(
  items: readonly FitItem[],
  k: number,
  lo: 'x0' | 'y0',
  hi: 'x1' | 'y1',
  padLo: 'l' | 't',
  padHi: 'r' | 'b',
): [number, number] {
  let a = Infinity;
  let b = -Infinity;
  for (const it of items) {
    a = Math.min(a, it[lo] * k - it[padLo]);
    b = Math.max(b, it[hi] * k + it[padHi]);
  }
  return [a, b];
}

/**
 * The camera that shows every item whole inside a width × height view less its margins, as large
 * as it can be up to `maxZoom` (and within the editor's zoom limits), centred in that room. When
 * even the smallest zoom cannot fit (an enormous network), it is the smallest zoom, centred.
 */
export function fitItems(
  items: readonly FitItem[],
  width: number,
  height: number,
  margins: Margins,
  maxZoom = MAX_FIT_ZOOM,
): ViewTransform {
  if (items.length === 0 || width <= 0 || height <= 0) return IDENTITY;
  const roomX = width - margins.left - margins.right;
  const roomY = height - margins.top - margins.bottom;
  const kx = axisZoom(items, 'x0', 'x1', 'l', 'r', roomX);
  const ky = axisZoom(items, 'y0', 'y1', 't', 'b', roomY);
  const k = Math.min(MAX_ZOOM, maxZoom, Math.max(MIN_ZOOM, Math.min(kx, ky)));
  const [ax, bx] = axisSpan(items, k, 'x0', 'x1', 'l', 'r');
  const [ay, by] = axisSpan(items, k, 'y0', 'y1', 't', 'b');
  return {
    k,
    x: margins.left + roomX / 2 - (ax + bx) / 2,
    y: margins.top + roomY / 2 - (ay + by) / 2,
  };
}

/** An item's box on screen under camera `t` (for tests and checks). */
export function screenBox(it: FitItem, t: ViewTransform): { left: number; top: number; right: number; bottom: number } {
  return {
    left: it.x0 * t.k + t.x - it.l,
    top: it.y0 * t.k + t.y - it.t,
    right: it.x1 * t.k + t.x + it.r,
    bottom: it.y1 * t.k + t.y + it.b,
  };
}
