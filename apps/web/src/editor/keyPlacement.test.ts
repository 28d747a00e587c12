import { describe, expect, it } from 'vitest';
import { KEY_ENTRIES } from './DropLegend';
import { keyColumnWidth, keySide, keyStripHeight } from './keyPlacement';
import type { FitItem } from './fitView';

/** 10 px a character at 17 px (as in the other editor tests): 9.41 px at the key's 16 px. */
const mono = (s: string, px: number) => (s.length * 10 * px) / 17;
const box = (w: number, h: number): FitItem[] => [
  { x0: 0, y0: 0, x1: 0, y1: 0, l: 0, t: 0, r: 0, b: 0 },
  { x0: w, y0: h, x1: w, y1: h, l: 0, t: 0, r: 0, b: 0 },
];
const M = { left: 14, top: 14, right: 14, bottom: 14 };

describe('where presentation mode puts the glyph key', () => {
  it('sizes the key from its entries', () => {
    // the widest entry, "early (AQM) drop": 16 characters (150.6 px), its glyph 14 × 1.4 and a 4 px
    // gap: 174.2 px; with 12 px padding each side and the border, 200 px
    expect(keyColumnWidth(KEY_ENTRIES, mono)).toBe(200);
    // 1000 px wide: the first seven entries and their 16 px gaps take 863.6 px of 976, the eighth
    // ("queue by flow", 157.2 px) starts a second row: 2 × 22.4 + 4 + 16 + 1 = 65.8
    expect(keyStripHeight(KEY_ENTRIES, 1000, mono)).toBe(66);
  });

  it('puts it above a wide, shallow network and beside a tall one', () => {
    // 1000 × 100 world units in 1000 × 400 px: beside it the network gets (800 − 28) / 1000 =
    // 0.77; above it (1000 − 28) / 1000 = 0.97
    expect(keySide(box(1000, 100), 1000, 400, M, KEY_ENTRIES, mono)).toBe('top');
    // 800 × 450 in 1000 × 330: beside it (330 − 28) / 450 = 0.67; above it (330 − 66 − 28) / 450 = 0.52
    expect(keySide(box(800, 450), 1000, 330, M, KEY_ENTRIES, mono)).toBe('right');
  });
});
