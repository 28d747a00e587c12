/**
 * How the lab draws a drop or an ECN mark, by reason: one shape and colour per kind of event, so
 * overflow, AQM (early), forced drops, marks and link losses look different in the animation
 * (shape, for colour-blind readers, and colour) and the same in the legend and the charts. The
 * colours are outside the flows' palette (palette.ts), so a glyph never reads as a packet.
 */
export type DropGlyph = 'cross' | 'diamond' | 'square' | 'ring';

export interface ReasonStyle {
  /** The kind of event, as the legend names it. */
  kind: 'overflow' | 'aqm' | 'forced' | 'mark' | 'loss';
  glyph: DropGlyph;
  color: string;
}

export const REASON_STYLES: Record<ReasonStyle['kind'], ReasonStyle & { label: string; detail: string }> = {
  overflow: {
    kind: 'overflow',
    glyph: 'cross',
    color: '#c0392b',
    label: 'overflow drop',
    detail: 'the buffer was full (tail, front, longest sub-queue, memory limit)',
  },
  aqm: {
    kind: 'aqm',
    glyph: 'diamond',
    color: '#6a3d9a',
    label: 'early (AQM) drop',
    detail: 'the discipline chose to drop before the buffer filled (RED/PIE early, CoDel, step, policy)',
  },
  forced: {
    kind: 'forced',
    glyph: 'square',
    color: '#222222',
    label: 'forced drop',
    detail: 'RED above its maximum threshold (or twice it, gentle)',
  },
  mark: {
    kind: 'mark',
    glyph: 'ring',
    color: '#0b8f8f',
    label: 'ECN mark',
    detail: 'Congestion Experienced set instead of a drop: the packet goes on',
  },
  loss: {
    kind: 'loss',
    glyph: 'cross',
    color: '#8a929c',
    label: 'link loss',
    detail: 'random loss on the link (its loss rate)',
  },
};

/** The style of a drop (`mark` false) or mark (`mark` true) made for `reason`. */
export function reasonStyle(reason: string, mark: boolean): ReasonStyle {
  if (mark) return REASON_STYLES.mark;
  switch (reason) {
    case 'overflow':
    case 'front':
    case 'fq-overflow':
    case 'memory':
      return REASON_STYLES.overflow;
    case 'forced':
      return REASON_STYLES.forced;
    case 'link-loss':
      return REASON_STYLES.loss;
    default:
      // early, codel, step, policy, and any reason a new discipline adds: a decision, not a full buffer
      return REASON_STYLES.aqm;
  }
}

/** Draws a glyph of radius `r` centred at (x, y), with a white halo so it reads over packets. */
export function drawGlyph(
  ctx: CanvasRenderingContext2D,
  glyph: DropGlyph,
  x: number,
  y: number,
  r: number,
  color: string,
): void {
  ctx.beginPath();
  switch (glyph) {
    case 'cross':
      ctx.moveTo(x - r, y - r);
      ctx.lineTo(x + r, y + r);
      ctx.moveTo(x + r, y - r);
      ctx.lineTo(x - r, y + r);
      break;
    case 'diamond':
      ctx.moveTo(x, y - r * 1.2);
      ctx.lineTo(x + r, y);
      ctx.lineTo(x, y + r * 1.2);
      ctx.lineTo(x - r, y);
      ctx.closePath();
      break;
    case 'square':
      ctx.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
      break;
    case 'ring':
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      break;
  }
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 4.5;
  ctx.stroke();
  if (glyph === 'diamond' || glyph === 'square') {
    ctx.fillStyle = color;
    ctx.fill();
  } else {
    ctx.strokeStyle = color;
    ctx.lineWidth = 2.2;
    ctx.stroke();
  }
}

/** The same glyph as an SVG path (legend). */
export function glyphPath(glyph: DropGlyph, x: number, y: number, r: number): string {
  switch (glyph) {
    case 'cross':
      return `M${x - r},${y - r}L${x + r},${y + r}M${x + r},${y - r}L${x - r},${y + r}`;
    case 'diamond':
      return `M${x},${y - r * 1.2}L${x + r},${y}L${x},${y + r * 1.2}L${x - r},${y}Z`;
    case 'square':
      return `M${x - r * 0.85},${y - r * 0.85}h${r * 1.7}v${r * 1.7}h${-r * 1.7}Z`;
    case 'ring':
      return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
  }
}
