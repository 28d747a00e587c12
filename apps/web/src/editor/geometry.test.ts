import { describe, expect, it } from 'vitest';
import { linkLabelAlong } from './geometry';

describe('a link caption beside enlarged gauges', () => {
  it('slides away from the router when the stretch between the gauges is shorter than it', () => {
    // router at 0, host at 260, gauges at 2.55×: 34 × 2.55 = 86.7 long (under 42 % of the 208
    // between the glyphs), so the stretch clear of them runs from 26 + 86.7 = 112.7 to 234; a
    // 127-unit caption centred there (173.35) would start at 109.85, inside the gauges: it is
    // centred at 112.7 + 63.5 = 176.2 instead, its near end at the gauges' end
    const f = linkLabelAlong({ x: 0, y: 0 }, { x: 260, y: 0 }, true, false, 2.55, 127);
    expect(f * 260).toBeCloseTo(176.2, 9);
    // a short caption stays in the middle of the stretch; the same from the other end
    expect(linkLabelAlong({ x: 0, y: 0 }, { x: 260, y: 0 }, true, false, 2.55, 60) * 260).toBeCloseTo(173.35, 9);
    expect(linkLabelAlong({ x: 260, y: 0 }, { x: 0, y: 0 }, false, true, 2.55, 127) * 260).toBeCloseTo(260 - 176.2, 9);
    // never past the host's centre
    expect(linkLabelAlong({ x: 0, y: 0 }, { x: 260, y: 0 }, true, false, 2.55, 400)).toBeCloseTo(1 - 200 / 260, 12);
  });
});
