import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ScenarioInput } from '@cclab/engine';
import { fitItems, screenBox, type FitItem } from './fitView';
import { EDITOR_CAPTIONS, linkCaptionFits, networkFitItems } from './networkExtent';
import { MAX_ZOOM, MIN_ZOOM } from './viewTransform';

const NO_MARGIN = { left: 0, top: 0, right: 0, bottom: 0 };
const point = (x: number, y: number, pad = 0): FitItem => ({
  x0: x,
  y0: y,
  x1: x,
  y1: y,
  l: pad,
  t: pad,
  r: pad,
  b: pad,
});
/** A monospace font: 10 px a character at 17 px (so 10/17 of the size), as in axisTitle.test.ts. */
const mono = (s: string, px: number) => (s.length * 10 * px) / 17;

describe('fitting the network with its captions to the view', () => {
  it('without captions, is the classic fit: the points span the room, centred', () => {
    // 100 × 50 world units into 300 × 200 less 50 px margins (200 × 100): zoom 2 either way
    const t = fitItems([point(0, 0), point(100, 50)], 300, 200, { left: 50, top: 50, right: 50, bottom: 50 }, 5);
    expect(t.k).toBe(2);
    expect(screenBox(point(0, 0), t)).toMatchObject({ left: 50, top: 50 });
    expect(screenBox(point(100, 50), t)).toMatchObject({ right: 250, bottom: 150 });
  });

  it('leaves room for captions drawn in screen pixels', () => {
    // two nodes 1000 world units apart with 44 px wide captions under them, in 380 px: the
    // captions reach 22 px beyond each centre, so 1000·k + 44 = 380, k = 0.336
    const t = fitItems([point(0, 0, 22), point(1000, 0, 22)], 380, 300, NO_MARGIN);
    expect(t.k).toBeCloseTo(0.336, 9);
    expect(screenBox(point(0, 0, 22), t).left).toBeCloseTo(0, 9);
    expect(screenBox(point(1000, 0, 22), t).right).toBeCloseTo(380, 9);
  });

  it('shows every item whole, as large as the room allows', () => {
    const item = fc
      .record({
        x: fc.integer({ min: -2000, max: 2000 }),
        y: fc.integer({ min: -2000, max: 2000 }),
        w: fc.integer({ min: 0, max: 200 }),
        h: fc.integer({ min: 0, max: 200 }),
        l: fc.integer({ min: 0, max: 60 }),
        t: fc.integer({ min: -10, max: 60 }),
        r: fc.integer({ min: 0, max: 60 }),
        b: fc.integer({ min: 0, max: 60 }),
      })
      .map((p): FitItem => ({ x0: p.x, y0: p.y, x1: p.x + p.w, y1: p.y + p.h, l: p.l, t: p.t, r: p.r, b: p.b }));
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 300, max: 1400 }),
        fc.integer({ min: 200, max: 900 }),
        (items, w, h) => {
          const m = { left: 16, top: 16, right: 58, bottom: 16 };
          const t = fitItems(items, w, h, m);
          if (t.k <= MIN_ZOOM) return; // too large to fit at any zoom the editor allows
          for (const it of items) {
            const b = screenBox(it, t);
            expect(b.left).toBeGreaterThanOrEqual(m.left - 1e-6);
            expect(b.top).toBeGreaterThanOrEqual(m.top - 1e-6);
            expect(b.right).toBeLessThanOrEqual(w - m.right + 1e-6);
            expect(b.bottom).toBeLessThanOrEqual(h - m.bottom + 1e-6);
          }
          if (t.k >= Math.min(1.6, MAX_ZOOM)) return;
          // a little more zoom, however centred, no longer fits one axis
          const k = t.k * 1.001;
          const spanX = Math.max(...items.map((i) => i.x1 * k + i.r)) - Math.min(...items.map((i) => i.x0 * k - i.l));
          const spanY = Math.max(...items.map((i) => i.y1 * k + i.b)) - Math.min(...items.map((i) => i.y0 * k - i.t));
          expect(spanX > w - m.left - m.right || spanY > h - m.top - m.bottom).toBe(true);
        },
      ),
    );
  });
});

const dumbbell: ScenarioInput = {
  nodes: [
    { id: 's0', kind: 'host', x: 0, y: 0 },
    { id: 'r1', kind: 'router', x: 250, y: 0 },
  ],
  links: [{ a: 's0', b: 'r1', rate: '100Mbps', delay: '5ms' }],
  flows: [],
} as unknown as ScenarioInput;

describe('what the network view draws around its nodes', () => {
  it("in the editor: a node's caption under it in world units (NodeGlyph: baseline r + 15)", () => {
    const items = networkFitItems(dumbbell, { ...EDITOR_CAPTIONS, linkFontPx: null }, mono);
    // "s0" at 13 px: 2 × 10 × 13/17 = 15.3 wide, ±(7.65 + 2 halo); baseline at 33, 0.25 × 13 below
    const caption = items[1]!;
    expect(caption.x0).toBeCloseTo(-9.65, 2);
    expect(caption.x1).toBeCloseTo(9.65, 2);
    expect(caption.y1).toBeCloseTo(33 + 3.25 + 2, 9);
    expect([caption.l, caption.r, caption.t, caption.b]).toEqual([0, 0, 0, 0]);
  });

  it('presenting: the caption is screen pixels under the glyph, whatever the zoom', () => {
    const items = networkFitItems(dumbbell, { screen: true, nodeFontPx: 17, linkFontPx: null }, mono);
    const caption = items[1]!;
    // anchored at the glyph's bottom (y = r = 18); 20 px wide text reaches 10 + 2 px either side;
    // its baseline 18 px lower, descent 0.25 × 17 below it, plus the halo
    expect([caption.x0, caption.y0]).toEqual([0, 18]);
    expect(caption.l).toBeCloseTo(12, 9);
    expect(caption.b).toBeCloseTo(18 + 4.25 + 2, 9);
  });

  it("draws a link's caption only where it fits between the nodes", () => {
    const a = { x: 0, y: 0 };
    const b = { x: 250, y: 0 };
    const screen = { screen: true, nodeFontPx: 17, linkFontPx: 16 };
    // "100 Mb/s · 5 ms" (15 characters) at 16 px: 141 px; the link leaves 250 − 2 × 26 = 198 world units
    expect(linkCaptionFits(a, b, '100 Mb/s · 5 ms', screen, 1, mono)).toBe(true); // 198 px
    expect(linkCaptionFits(a, b, '100 Mb/s · 5 ms', screen, 0.5, mono)).toBe(false); // 99 px
    // in the editor the caption zooms with the link: 101 world units of 198, at any zoom
    expect(linkCaptionFits(a, b, '100 Mb/s · 5 ms', EDITOR_CAPTIONS, 0.3, mono)).toBe(true);
    expect(linkCaptionFits(a, b, '100 Mb/s · 5 ms', { ...screen, linkFontPx: null }, 1, mono)).toBe(false);
  });
});
