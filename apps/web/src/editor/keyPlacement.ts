/**
 * Where presentation mode puts the key to the glyphs: beside the canvas, never over it — as a
 * column at the network view's right or as a strip along its top, whichever leaves the network
 * the larger zoom. A wide, shallow network (the dumbbell) fills the width, so a column would
 * shrink it and crowd the gauges at its routers; a tall one (the bufferbloat preset's four rows)
 * is limited by the height, so a strip would. The key's size either way is worked out from its
 * entries' text (as DropLegend and presentation.css draw them: 16 px, glyphs 1.4×).
 */
import { fitItems, type FitItem, type Margins } from './fitView';
import type { MeasureText } from './networkExtent';

/** One entry of the key: its text and its glyph's drawn width (px, before the 1.4× zoom). */
export interface KeyEntry {
  text: string;
  glyph: number;
}

const FONT = 16;
const ZOOM = 1.4;
const ROW = FONT * 1.4;
/** presentation.css: gap between a strip's entries (16 across, 4 between rows), padding 12 × 8, a 1 px border. */
const STRIP_GAP = 16;
const PAD_X = 12;
const PAD_Y = 8;

function entryWidth(e: KeyEntry, measure: MeasureText): number {
  return e.glyph * ZOOM + 4 + measure(e.text, FONT, 400);
}

/** The key as a column: its width (px). */
export function keyColumnWidth(entries: readonly KeyEntry[], measure: MeasureText): number {
  return Math.ceil(Math.max(...entries.map((e) => entryWidth(e, measure))) + 2 * PAD_X + 1);
}

/** The key as a strip `width` px wide: its height (px), its entries wrapping into rows. */
export function keyStripHeight(entries: readonly KeyEntry[], width: number, measure: MeasureText): number {
  let rows = 1;
  let x = 0;
  for (const e of entries) {
    const w = entryWidth(e, measure);
    if (x > 0 && x + STRIP_GAP + w > width - 2 * PAD_X) {
      rows++;
      x = w;
    } else x += (x > 0 ? STRIP_GAP : 0) + w;
  }
  return Math.ceil(rows * ROW + (rows - 1) * 4 + 2 * PAD_Y + 1);
}

/** The side that leaves the network `items` the larger zoom in a `width` × `height` view ('right' on a tie). */
export function keySide(
  items: readonly FitItem[],
  width: number,
  height: number,
  margins: Margins,
  entries: readonly KeyEntry[],
  measure: MeasureText,
): 'right' | 'top' {
  if (items.length === 0) return 'right';
  const right = fitItems(items, width - keyColumnWidth(entries, measure), height, margins).k;
  const top = fitItems(items, width, height - keyStripHeight(entries, width, measure), margins).k;
  return top > right ? 'top' : 'right';
}
