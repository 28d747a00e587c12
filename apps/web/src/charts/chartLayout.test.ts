import { describe, expect, it } from 'vitest';
import { chartLayout, type Box, type TextMetrics, type Tick } from './chartLayout';
import { phaseLayout } from './phaseLayout';

/** A monospace font: 10 px a character, 8 px above the baseline and 2 below (a 10 px line). */
const mono: TextMetrics = { width: (s) => 10 * s.length, ascent: 8, descent: 2 };
const meet = (p: Box, q: Box) => p[0] < q[2] && q[0] < p[2] && p[1] < q[3] && q[1] < p[3];
const ticks =
  (labels: string[]) =>
  (len: number): Tick[] =>
    labels.map((label, i) => ({ at: (len * i) / (labels.length - 1), label, value: i }));

describe('a chart’s axes laid out by measure', () => {
  it('gives the y title and the widest tick label their room left of the plot', () => {
    // 300 × 120: the plot is 120 − 10 − (9 + 10 + 3) = 88 tall; "cwnd (segments)" (150 px) is
    // longer than the canvas (116 px of room): two lines, "cwnd" / "(segments)"; the ticks'
    // widest label "1000" is 40 px; left = 3 + 2 × 10 + 5 + 40 + 9 = 77
    const l = chartLayout(
      300,
      120,
      mono,
      'cwnd (segments)',
      'time (s)',
      ticks(['0', '500', '1000']),
      ticks(['0', '5']),
    );
    expect(l.ih).toBe(88);
    expect(l.yTitleLines).toEqual(['cwnd', '(segments)']);
    expect(l.margin.left).toBe(77);
    expect(l.iw).toBe(300 - 77 - 14);
    // the title's lines end 5 px before the tick labels start
    expect(l.boxes.yTitle[2]).toBe(23);
    expect(l.boxes.yTicks![0]).toBe(28);
    expect(meet(l.boxes.yTitle, l.boxes.yTicks!)).toBe(false);
  });

  it('keeps one line when the title fits the height', () => {
    const l = chartLayout(300, 200, mono, 'cwnd (segments)', 'time (s)', ticks(['0', '50']), ticks(['0', '5']));
    expect(l.yTitleLines).toEqual(['cwnd (segments)']);
    expect(l.margin.left).toBe(3 + 10 + 5 + 20 + 9);
  });

  it('puts the x title at the right end of the tick row and leaves out the labels it would cover', () => {
    // 400 wide, left 3 + 10 + 5 + 20 + 9 = 47: plot 339 wide; ticks every 67.8 px at 0…5; the
    // title "time (s)" (80 px) ends 2 px before the canvas's edge, so it starts at 400 − 2 − 80 =
    // 318 (271 in the plot): the tick "5" at 339 and "4" at 271.2 (266.2–276.2) are left out,
    // "3" at 203.4 (ends 208.4 ≤ 271 − 5) stays
    const l = chartLayout(400, 200, mono, 'x', 'time (s)', ticks(['0', '10']), ticks(['0', '1', '2', '3', '4', '5']));
    expect(l.margin.left).toBe(47);
    expect(l.xTickShown).toEqual([true, true, true, true, false, false]);
    expect(l.boxes.xTitle[0]).toBe(318);
    expect(l.boxes.xTitle[2]).toBe(398);
    for (const t of l.boxes.xTicks) expect(meet(t, l.boxes.xTitle)).toBe(false);
  });
});

describe('the phase plot’s axes', () => {
  it('holds its tick labels and the y title left of the square, both titles inside the canvas', () => {
    const fmt = (v: number) => String(v);
    // 200 px: bottom = 5 + 10 + 4 + 10 + 3 = 32; "f1 rate / capacity" (180 px) in the room a
    // two-line title leaves (200 − max(3 + 20 + 5 + 30 + 5 + 12, 12 + 32) = 125): two lines
    // "f1 rate /" and "capacity" (90 px each); left = 3 + 2 × 10 + 5 + 30 + 5 = 63
    const l = phaseLayout(200, mono, [0, 0.5, 1], 1.1, fmt, 'f0 rate / capacity', 'f1 rate / capacity');
    expect(l.yTitleLines).toEqual(['f1 rate /', 'capacity']);
    expect(l.M.left).toBe(63);
    expect(l.side).toBe(200 - 75);
    expect(meet(l.boxes.yTitle, l.boxes.yTicks)).toBe(false);
    for (const b of [l.boxes.yTitle, l.boxes.xTitle, ...l.boxes.xTicks]) {
      expect(b[0]).toBeGreaterThanOrEqual(0);
      expect(b[2]).toBeLessThanOrEqual(200);
      expect(b[3]).toBeLessThanOrEqual(200);
    }
    for (const t of l.boxes.xTicks) expect(meet(t, l.boxes.xTitle)).toBe(false);
  });
});
