/**
 * Where things sit on a link, in world coordinates: the two directions run side by side (offset
 * to the right of travel), packets move along them, and each egress port's queue bar sits next to
 * its sending node.
 */
export interface Pt {
  x: number;
  y: number;
}

export const NODE_RADIUS = 18;
/** Distance between a direction's lane and the link's centre line. */
export const LANE_OFFSET = 5;

export interface Lane {
  /** Start and end of the lane (clipped at the node glyphs). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Unit direction of travel and its right-hand normal. */
  ux: number;
  uy: number;
  nx: number;
  ny: number;
}

/** The lane of the direction from `a` to `b`. */
export function lane(a: Pt, b: Pt, offset = LANE_OFFSET, clip = NODE_RADIUS + 4): Lane {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  // Right-hand normal in screen coordinates (y grows downwards).
  const nx = -uy;
  const ny = ux;
  const c = Math.min(clip, len / 2 - 1);
  return {
    x0: a.x + ux * c + nx * offset,
    y0: a.y + uy * c + ny * offset,
    x1: b.x - ux * c + nx * offset,
    y1: b.y - uy * c + ny * offset,
    ux,
    uy,
    nx,
    ny,
  };
}

/** Point at fraction `f` (0..1) along a lane. */
export function along(l: Lane, f: number): Pt {
  return { x: l.x0 + (l.x1 - l.x0) * f, y: l.y0 + (l.y1 - l.y0) * f };
}

export const QUEUE_BAR_LENGTH = 34;
export const QUEUE_BAR_THICKNESS = 7;
/**
 * Presentation mode draws the port gauges this many times their editor size on screen, at any
 * zoom (34 × 7 px become 85 × 17.5 px or more), so the back of a lecture hall can read them.
 */
export const PRESENTATION_GAUGE_SCALE = 2.5;

/** The gauges' scale (world units per editor size): 1 in the editor; presenting, ≥ 2.5× on screen. */
export function gaugeScale(presenting: boolean, zoom: number): number {
  return presenting ? Math.max(PRESENTATION_GAUGE_SCALE, PRESENTATION_GAUGE_SCALE / zoom) : 1;
}

/**
 * How far above its link a link's caption sits (world units, along the caption's "up"): 14 in
 * the editor; with enlarged gauges (presentation mode), beyond the gauge on that side of the link
 * so the gauge never covers it, with 6 px to spare on screen at any zoom (the caption's descent
 * reaches 4 px below its baseline; the gauge's scale is 2.5 / zoom below zoom 1, so 2.4 × gauge
 * world units are 6 px there and more above).
 */
export function linkLabelOffset(gauge: number): number {
  return gauge > 1 ? LANE_OFFSET + 5.5 + QUEUE_BAR_THICKNESS * gauge + 2.4 * gauge : 14;
}

export interface GaugeFrame {
  /** Where the gauge starts (world), and its direction along the link. */
  x: number;
  y: number;
  angleDeg: number;
  /** Its size (world units). */
  length: number;
  thickness: number;
}

/**
 * The queue bar of the port a→b: a small gauge just outside the sending node on the right of
 * the lane, pointing along the link, so it fills "towards" the link. Scaled up (presentation
 * mode), it is never longer than 42 % of the link between the node glyphs, so the two gauges of
 * a link and their drop marks keep apart.
 */
export function queueBarFrame(a: Pt, b: Pt, scale = 1): GaugeFrame {
  const free = Math.hypot(b.x - a.x, b.y - a.y) - 2 * (NODE_RADIUS + 8);
  const length = Math.min(QUEUE_BAR_LENGTH * scale, Math.max(QUEUE_BAR_LENGTH, 0.42 * free));
  const thickness = QUEUE_BAR_THICKNESS * (length / QUEUE_BAR_LENGTH);
  const l = lane(a, b, LANE_OFFSET + 5.5 + thickness / 2, NODE_RADIUS + 8);
  return { x: l.x0, y: l.y0, angleDeg: (Math.atan2(l.uy, l.ux) * 180) / Math.PI, length, thickness };
}

/**
 * Where along its link (fraction from a to b) a link's caption is centred: the middle in the
 * editor; with enlarged gauges, the middle of the stretch no gauge takes, so a host link's caption
 * moves away from the router, whose gauges (its own and its neighbours') fan out there. A caption
 * `captionLength` long (world units) that is longer than that stretch slides further towards the
 * end without a gauge (a host: the caption passes above its glyph) rather than run into the
 * router's gauges, never past that end's centre.
 */
export function linkLabelAlong(
  a: Pt,
  b: Pt,
  gaugeAtA: boolean,
  gaugeAtB: boolean,
  gauge: number,
  captionLength = 0,
): number {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (gauge <= 1 || len === 0) return 0.5;
  const g = queueBarFrame(a, b, gauge).length;
  const start = NODE_RADIUS + 8 + (gaugeAtA ? g : 0);
  const end = len - NODE_RADIUS - 8 - (gaugeAtB ? g : 0);
  if (end <= start) return 0.5;
  const half = captionLength / 2;
  let centre = (start + end) / 2;
  if (gaugeAtA && !gaugeAtB) centre = Math.min(Math.max(centre, start + half), len - half);
  else if (gaugeAtB && !gaugeAtA) centre = Math.max(Math.min(centre, end - half), half);
  return Math.min(Math.max(centre / len, 0), 1);
}
