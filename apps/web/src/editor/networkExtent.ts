/**
 * What the network view draws around each node and link, as fit items (fitView.ts): the node's
 * glyph, its caption under it, and the link's caption above it — in the editor sized in world
 * units (they zoom with the network), in presentation mode sized in screen pixels (the
 * stylesheet draws them at a fixed size on screen whatever the zoom). The numbers mirror
 * NodeGlyph, LinkGlyph, geometry.ts and the label rules in app.css / presentation.css.
 */
import type { ScenarioInput, ScenarioNode } from '@cclab/engine';
import { linkCaption, nodeCaption } from './captions';
import {
  gaugeScale,
  LANE_OFFSET,
  linkLabelAlong,
  linkLabelOffset,
  NODE_RADIUS,
  PRESENTATION_GAUGE_SCALE,
  type Pt,
} from './geometry';
import { MAX_FIT_ZOOM, type FitItem } from './fitView';

/** Width of a text in px at a size and weight (a canvas's measureText in the browser). */
export type MeasureText = (text: string, fontPx: number, weight: number) => number;

export interface CaptionStyle {
  /** Captions in screen pixels (presentation mode) or in world units (the editor). */
  screen: boolean;
  /** Node caption size (px or world units). */
  nodeFontPx: number;
  /** Link caption size, or null when link captions are not drawn. */
  linkFontPx: number | null;
  /**
   * Presenting, the zoom the captions are placed for (their distance from the link and where
   * along it they sit depend on it, geometry.ts); without it, a placement that holds at any zoom
   * up to the fit's largest.
   */
  zoom?: number;
}

/** The editor's captions (app.css: .node-label 13 px, .link-label 11.5 px, at zoom 1). */
export const EDITOR_CAPTIONS: CaptionStyle = { screen: false, nodeFontPx: 13, linkFontPx: 11.5 };

/** A node caption's baseline below the node's centre in the editor (NodeGlyph: y = r + 15). */
export const NODE_LABEL_Y = NODE_RADIUS + 15;

/**
 * Presenting, a node caption's baseline sits this many screen px below the node glyph's edge
 * (one more than its size: its capitals clear the glyph at any zoom). presentation.css moves the
 * label there: translate(0, gap/k − 15) from NodeGlyph's y = r + 15 (world units).
 */
export function presentingLabelGapPx(fontPx: number): number {
  return fontPx + 1;
}

/**
 * Presenting, how far a node caption of `fontPx` reaches above and below the node glyph's lowest
 * point (its centre plus NODE_RADIUS, world units), in screen px: its baseline sits
 * presentingLabelGapPx below, and the text with its outline reaches ASCENT above and DESCENT below
 * the baseline.
 */
export function presentingCaptionExtent(fontPx: number): { above: number; below: number } {
  const gap = presentingLabelGapPx(fontPx);
  return { above: ASCENT * fontPx - gap + HALO, below: gap + DESCENT * fontPx + HALO };
}

/** Text's reach above and below its baseline, as fractions of its size (generous for any sans). */
const ASCENT = 0.95;
const DESCENT = 0.25;
/** The captions' outline (paint-order stroke, 4 px wide) reaches this far beyond the glyphs. */
const HALO = 2;

/** Half a node caption's width with its outline, at `fontPx` (its weight is NodeGlyph's 600). */
export function nodeCaptionHalf(node: ScenarioNode, fontPx: number, measure: MeasureText): number {
  return measure(nodeCaption(node), fontPx, 600) / 2 + HALO;
}

function point(x: number, y: number, l: number, t: number, r: number, b: number): FitItem {
  return { x0: x, y0: y, x1: x, y1: y, l, t, r, b };
}

/** Extents of the rectangle [−w/2, w/2] × [top, bottom] rotated by `deg` (its own frame → screen). */
function rotatedExtent(w: number, top: number, bottom: number, deg: number) {
  const c = Math.cos((deg * Math.PI) / 180);
  const s = Math.sin((deg * Math.PI) / 180);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const px of [-w / 2, w / 2])
    for (const py of [top, bottom]) {
      xs.push(c * px - s * py);
      ys.push(s * px + c * py);
    }
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/** The angle a link's caption is drawn at (LinkGlyph: along the link, never upside down). */
function captionAngle(a: Pt, b: Pt): number {
  let angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  if (angle < -90) angle += 180;
  return angle;
}

/** Every node's glyph and caption and every link's caption, as fit items. */
export function networkFitItems(s: ScenarioInput, style: CaptionStyle, measure: MeasureText): FitItem[] {
  const items: FitItem[] = [];
  const at = new Map(s.nodes.map((n) => [n.id, { x: n.x ?? 0, y: n.y ?? 0 }]));
  const kind = new Map(s.nodes.map((n) => [n.id, n.kind]));
  const r = NODE_RADIUS + 3; // the glyph with its outline (a base station's hexagon is r + 1)
  for (const n of s.nodes) {
    const { x, y } = at.get(n.id)!;
    items.push({ x0: x - r, y0: y - r, x1: x + r, y1: y + r, l: 0, t: 0, r: 0, b: 0 });
    const fs = style.nodeFontPx;
    const half = nodeCaptionHalf(n, fs, measure);
    if (style.screen) {
      const e = presentingCaptionExtent(fs);
      items.push(point(x, y + NODE_RADIUS, half, e.above, half, e.below));
    } else {
      const base = y + NODE_LABEL_Y;
      items.push({
        x0: x - half,
        y0: base - ASCENT * fs - HALO,
        x1: x + half,
        y1: base + DESCENT * fs + HALO,
        l: 0,
        t: 0,
        r: 0,
        b: 0,
      });
    }
  }
  if (style.linkFontPx === null) return items;
  const fs = style.linkFontPx;
  for (const l of s.links) {
    const a = at.get(l.a);
    const b = at.get(l.b);
    if (!a || !b) continue;
    // at a given zoom, a caption that does not fit along its link is not drawn (linkCaptionFits)
    if (style.zoom !== undefined && !linkCaptionFits(a, b, linkCaption(l), style, style.zoom, measure)) continue;
    const w = measure(linkCaption(l), fs, 400) + 2 * HALO;
    const angle = captionAngle(a, b);
    const rad = (angle * Math.PI) / 180;
    // "up" in the caption's frame, in the world: the caption sits this far from the link
    const upX = Math.sin(rad);
    const upY = -Math.cos(rad);
    if (style.screen) {
      // presenting: offset = 10.5 + 9.4·gauge world units, gauge = max(2.5, 2.5/k) (geometry.ts):
      // at a given zoom, exactly that; else 10.5 world units plus 23.5 px below zoom 1, up to
      // 23.5 × 1.6 px more at the fit's largest zoom: taken as 10.5 world units plus 37.6 px
      const k = style.zoom;
      const gauge = k === undefined ? PRESENTATION_GAUGE_SCALE : gaugeScale(true, k);
      const offWorld = k === undefined ? LANE_OFFSET + 5.5 : linkLabelOffset(gauge);
      const offScreen = k === undefined ? (linkLabelOffset(gauge) - offWorld) * MAX_FIT_ZOOM : 0;
      const routerA = kind.get(l.a) === 'router';
      const routerB = kind.get(l.b) === 'router';
      const f = linkLabelAlong(a, b, routerA, routerB, gauge, k === undefined ? 0 : w / k);
      const mx = a.x + (b.x - a.x) * f + upX * offWorld;
      const my = a.y + (b.y - a.y) * f + upY * offWorld;
      const e = rotatedExtent(w, -offScreen - ASCENT * fs - HALO, -offScreen + DESCENT * fs + HALO, angle);
      items.push(point(mx, my, -e.minX, -e.minY, e.maxX, e.maxY));
    } else {
      const off = linkLabelOffset(1);
      const e = rotatedExtent(w, -off - ASCENT * fs - HALO, -off + DESCENT * fs + HALO, angle);
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      items.push({ x0: mx + e.minX, y0: my + e.minY, x1: mx + e.maxX, y1: my + e.maxY, l: 0, t: 0, r: 0, b: 0 });
    }
  }
  return items;
}

/**
 * Whether a link's caption fits along its link between the two node glyphs (with room for the
 * gauges' ends): a caption longer than its link would run into its neighbours' (four short links
 * in a row, as in the bufferbloat preset presented at 1280×720), so it is left out; the link's
 * tooltip and inspector still say what it is. `zoom` is the camera's; captions are `fontPx`
 * world units (the editor) or screen px (presenting, `style.screen`).
 */
export function linkCaptionFits(
  a: Pt,
  b: Pt,
  caption: string,
  style: CaptionStyle,
  zoom: number,
  measure: MeasureText,
): boolean {
  if (style.linkFontPx === null) return false;
  const free = Math.hypot(b.x - a.x, b.y - a.y) - 2 * (NODE_RADIUS + 8);
  const width = measure(caption, style.linkFontPx, 400);
  return style.screen ? width <= free * zoom : width <= free;
}
