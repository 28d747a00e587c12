/**
 * Where the phase plot's square, tick labels and axis titles go (phasePlot.ts), measured as
 * chartLayout.ts measures the time-series charts: the left margin holds the widest y tick label
 * and the y title's lines (two when it is longer than the plot is tall), the x title is cut to
 * the canvas's width, and every box is recorded for the e2e layout checks (canvas px).
 */
import { axisTitleLines, fitLine } from './axisTitle';
import type { Box, TextMetrics } from './chartLayout';

export interface PhaseLayout {
  M: { top: number; right: number; bottom: number; left: number };
  side: number;
  yTitleLines: string[];
  /** Baseline x of each y-title line (plot coordinates). */
  yTitleX: number[];
  xTitle: string;
  /** Baselines of the x tick labels and of the x title (plot coordinates). */
  xLabelY: number;
  xTitleY: number;
  /** A y tick label's baseline below its tick. */
  yLabelDy: number;
  boxes: { plot: Box; yTitle: Box; yTicks: Box; xTitle: Box; xTicks: Box[] };
}

const TOP = 12;
const RIGHT = 12;
const PAD = 3;
const GAP = 5;
const TICK = 5;

/**
 * The layout of a `size` × `size` plot whose axes run 0…max with ticks at `ticks` (fractions of
 * the capacity, both axes), labelled by `fmt`.
 */
export function phaseLayout(
  size: number,
  m: TextMetrics,
  ticks: readonly number[],
  max: number,
  fmt: (v: number) => string,
  xTitleText: string,
  yTitleText: string,
): PhaseLayout {
  const lineH = Math.ceil(m.ascent + m.descent);
  const bottom = TICK + lineH + 4 + lineH + 3;
  const tickW = Math.max(...ticks.map((v) => m.width(fmt(v))));
  // the title's room: the plot's height with the margin a two-line title would take
  const leftTwo = PAD + 2 * lineH + GAP + tickW + TICK;
  const room = Math.max(20, size - Math.max(leftTwo + RIGHT, TOP + bottom));
  const yTitleLines = axisTitleLines(yTitleText, room, m.width);
  const left = Math.ceil(PAD + yTitleLines.length * lineH + GAP + tickW + TICK);
  const side = Math.max(20, size - Math.max(left + RIGHT, TOP + bottom));
  const at = (v: number) => (v / max) * side;
  const xTitle = fitLine(xTitleText, size - 4, m.width);
  const xTitleW = m.width(xTitle);
  const yTitleW = Math.max(...yTitleLines.map(m.width));
  const xLabelY = side + TICK + m.ascent;
  const xTitleY = side + TICK + lineH + 4 + m.ascent;
  const half = (m.ascent + m.descent) / 2;
  // the x title is centred under the plot, kept inside the canvas
  const xTitleCentre = Math.min(Math.max(side / 2, xTitleW / 2 + 2 - left), size - left - xTitleW / 2 - 2);
  return {
    M: { top: TOP, right: RIGHT, bottom, left },
    side,
    yTitleLines,
    yTitleX: yTitleLines.map((_, i) => -left + PAD + i * lineH + m.ascent),
    xTitle,
    xLabelY,
    xTitleY,
    yLabelDy: (m.ascent - m.descent) / 2,
    boxes: {
      plot: [left, TOP, left + side, TOP + side],
      yTitle: [PAD, TOP + side / 2 - yTitleW / 2, PAD + yTitleLines.length * lineH, TOP + side / 2 + yTitleW / 2],
      yTicks: [left - TICK - tickW, TOP + side - at(Math.max(...ticks)) - half, left - TICK, TOP + side + half],
      xTitle: [
        left + xTitleCentre - xTitleW / 2,
        TOP + xTitleY - m.ascent,
        left + xTitleCentre + xTitleW / 2,
        TOP + xTitleY + m.descent,
      ],
      xTicks: ticks.map((v): Box => {
        const w = m.width(fmt(v));
        return [left + at(v) - w / 2, TOP + xLabelY - m.ascent, left + at(v) + w / 2, TOP + xLabelY + m.descent];
      }),
    },
  };
}

/** Where the x title's centre is, in plot coordinates (inside the canvas). */
export function phaseXTitleCentre(l: PhaseLayout): number {
  return (l.boxes.xTitle[0] + l.boxes.xTitle[2]) / 2 - l.M.left;
}
