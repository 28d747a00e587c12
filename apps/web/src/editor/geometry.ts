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
 * The queue bar of the port a→b: a small gauge just outside the sending node on the right of
 * the lane, pointing along the link, so it fills "towards" the link.
 */
export function queueBarFrame(a: Pt, b: Pt): { x: number; y: number; angleDeg: number } {
  const l = lane(a, b, LANE_OFFSET + 9, NODE_RADIUS + 8);
  return { x: l.x0, y: l.y0, angleDeg: (Math.atan2(l.uy, l.ux) * 180) / Math.PI };
}
