import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '@cclab/engine';
import { anyOverlap, MIN_PRESENTING_NODE_CAPTION_PX, presentingNodeCaptionPx } from './captionFit';

/** A monospace font whose characters are 0.6 of its size wide. */
const mono = (s: string, px: number) => s.length * 0.6 * px;

/** Two routers `gap` world units apart, captioned "FQ-CoDel" (8 characters). */
function pair(gap: number, dy = 0): ScenarioInput {
  return {
    name: 'pair',
    duration: '1s',
    nodes: [
      { id: 'a', kind: 'router', label: 'FQ-CoDel', x: 0, y: 0 },
      { id: 'b', kind: 'router', label: 'FQ-CoDel', x: gap, y: dy },
    ],
    links: [],
    flows: [],
  } as unknown as ScenarioInput;
}

describe('presenting node captions that would overlap are drawn smaller', () => {
  it('keeps the style’s size where neighbours are far enough apart', () => {
    // 8 × 0.6 × 15 = 72 px wide plus a 2 px halo each side: 76 px; 100 px apart at zoom 1
    expect(presentingNodeCaptionPx(pair(100), 15, 1, mono)).toBe(15);
  });

  it('takes the largest size at which they clear each other', () => {
    // 70 px apart: a caption of p px is 4.8p + 4 wide, clear when 4.8p + 4 ≤ 70, so p ≤ 13.75 → 13
    expect(presentingNodeCaptionPx(pair(70), 15, 1, mono)).toBe(13);
    // the same pair at half the zoom is 35 px apart on screen: below the floor, the floor
    expect(presentingNodeCaptionPx(pair(70), 15, 0.5, mono)).toBe(MIN_PRESENTING_NODE_CAPTION_PX);
  });

  it('captions on different rows do not count, however close in x', () => {
    expect(presentingNodeCaptionPx(pair(10, 200), 15, 1, mono)).toBe(15);
  });

  it('finds an overlap among many boxes swept in any order', () => {
    const row = (n: number, step: number) =>
      Array.from({ length: n }, (_, i) => ({ x0: i * step, x1: i * step + 10, y0: 0, y1: 5 }));
    expect(anyOverlap(row(50, 12).reverse())).toBe(false);
    const boxes = row(50, 12);
    boxes.push({ x0: 300, x1: 305, y0: 4, y1: 9 }); // into the box at x = 300
    expect(anyOverlap(boxes.reverse())).toBe(true);
  });
});
