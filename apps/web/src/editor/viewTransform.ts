/** Pan and zoom of the topology editor: screen = world × k + (x, y). */
import type { ViewTransform } from '../state/scenarioStore';

export const MIN_ZOOM = 0.2;
export const MAX_ZOOM = 5;
export const IDENTITY: ViewTransform = { x: 0, y: 0, k: 1 };

export function toWorld(t: ViewTransform, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - t.x) / t.k, y: (sy - t.y) / t.k };
}

export function toScreen(t: ViewTransform, wx: number, wy: number): { x: number; y: number } {
  return { x: wx * t.k + t.x, y: wy * t.k + t.y };
}

/** Zooms by `factor` keeping the world point under screen point (sx, sy) fixed. */
export function zoomAt(t: ViewTransform, sx: number, sy: number, factor: number): ViewTransform {
  const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, t.k * factor));
  const w = toWorld(t, sx, sy);
  return { k, x: sx - w.x * k, y: sy - w.y * k };
}

/** The transform that shows all points inside a width × height viewport with a margin. */
export function fitTransform(
  points: readonly { x: number; y: number }[],
  width: number,
  height: number,
  margin = 60,
): ViewTransform {
  if (points.length === 0 || width <= 0 || height <= 0) return IDENTITY;
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  const w = Math.max(x1 - x0, 1);
  const h = Math.max(y1 - y0, 1);
  const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.min((width - 2 * margin) / w, (height - 2 * margin) / h, 1.6)));
  return { k, x: width / 2 - ((x0 + x1) / 2) * k, y: height / 2 - ((y0 + y1) / 2) * k };
}

export function readTransform(view: Record<string, unknown> | undefined): ViewTransform | null {
  const t = view?.['transform'] as Partial<ViewTransform> | undefined;
  if (!t || typeof t.x !== 'number' || typeof t.y !== 'number' || typeof t.k !== 'number') return null;
  if (!Number.isFinite(t.x) || !Number.isFinite(t.y) || !(t.k > 0)) return null;
  return { x: t.x, y: t.y, k: Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, t.k)) };
}
