/**
 * Presenting, node captions are drawn at a fixed size on screen (presentation.css), so at a small
 * zoom — a split view pane at 1024×768, four routers in a row — two neighbours' captions can run
 * into each other ("FQ-CoDelFQ-CoDel"). The view then draws them a little smaller: the largest
 * size, from the style's own down to a floor, at which no two node captions overlap at the
 * camera's zoom. Below the floor they are left to overlap (nodes placed on top of each other
 * cannot be helped by the font).
 */
import type { ScenarioInput } from '@cclab/engine';
import { NODE_RADIUS } from './geometry';
import { nodeCaptionHalf, presentingCaptionExtent, type MeasureText } from './networkExtent';

/** The smallest presenting node caption (px): still readable from the back of a lecture hall. */
export const MIN_PRESENTING_NODE_CAPTION_PX = 12;

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The node captions' boxes on screen (px, relative to the camera's translation) at zoom k. */
function captionBoxes(s: ScenarioInput, fontPx: number, k: number, measure: MeasureText): Box[] {
  return s.nodes.map((n) => {
    const x = (n.x ?? 0) * k;
    const foot = ((n.y ?? 0) + NODE_RADIUS) * k;
    const half = nodeCaptionHalf(n, fontPx, measure);
    const { above, below } = presentingCaptionExtent(fontPx);
    return { x0: x - half, x1: x + half, y0: foot - above, y1: foot + below };
  });
}

/** Whether any two boxes overlap (swept along x, so a large network costs n log n plus its near pairs). */
export function anyOverlap(boxes: Box[]): boolean {
  const sorted = [...boxes].sort((a, b) => a.x0 - b.x0);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length && sorted[j]!.x0 < a.x1; j++) {
      const b = sorted[j]!;
      if (b.y0 < a.y1 && a.y0 < b.y1) return true;
    }
  }
  return false;
}

/** The node caption size (px) to present at zoom k: `basePx`, or smaller where neighbours' captions would overlap. */
export function presentingNodeCaptionPx(
  s: ScenarioInput,
  basePx: number,
  k: number,
  measure: MeasureText,
  minPx = MIN_PRESENTING_NODE_CAPTION_PX,
): number {
  if (!(k > 0) || s.nodes.length < 2) return basePx;
  for (let px = basePx; px > minPx; px--) if (!anyOverlap(captionBoxes(s, px, k, measure))) return px;
  return minPx;
}
