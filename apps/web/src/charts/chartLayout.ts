/**
 * Where a time-series chart's axes, tick labels and axis titles go, measured rather than assumed:
 * the left margin is as wide as the widest y tick label plus the y-axis title's lines (one, or two
 * when the title is longer than the chart is tall, axisTitle.ts), so the title never runs over
 * the ticks nor off the canvas; the x-axis title sits at the right end of the tick labels' row
 * (saving the row a title of its own would take: presentation charts are short) and tick labels
 * that would run into it are left out. Every box is recorded for the layout checks of the e2e
 * tests (canvas px).
 */
import * as d3 from 'd3';
import { axisTitleCentre, axisTitleLines } from './axisTitle';
import { yExtent } from './chartData';
import type { DrawInput } from './drawChart';

export interface TextMetrics {
  /** Width of a text in px. */
  width(s: string): number;
  /** The font's reach above and below the baseline, px. */
  ascent: number;
  descent: number;
}

/** left, top, right, bottom (canvas px). */
export type Box = [number, number, number, number];

export interface AxisLayout {
  margin: { top: number; right: number; bottom: number; left: number };
  iw: number;
  ih: number;
  yTitleLines: string[];
  /** Baseline x of each y-title line and the centre of the lines along the axis (plot coordinates). */
  yTitleX: number[];
  yTitleCentre: number;
  /** Baseline y of the x tick labels and of the x title, and where the x title ends (plot coordinates). */
  xLabelY: number;
  xTitleRight: number;
  /** Which x ticks get a label (the others would run into the x title). */
  xTickShown: boolean[];
  yTicks: Tick[];
  xTicks: Tick[];
  /** A y tick label's baseline below its tick (its box is centred on the tick). */
  yLabelDy: number;
  boxes: { plot: Box; yTitle: Box; yTicks: Box | null; xTitle: Box; xTicks: Box[] };
}

const TOP = 10;
const RIGHT = 14;
/** Space left of the y title, between it and the tick labels, and between a tick and its label. */
const PAD = 3;
const GAP = 5;
const TICK = 9;

/** A tick: where it sits along its axis in the plot (px) and its label. */
export interface Tick {
  at: number;
  label: string;
  /** The data value at the tick. */
  value: number;
}

/**
 * The chart's layout for a canvas of width × height: the y ticks for a plot `ih` tall and the x
 * ticks for a plot `iw` wide (each asked for once the size is known), and the axis titles.
 */
export function chartLayout(
  width: number,
  height: number,
  m: TextMetrics,
  yTitle: string,
  xTitle: string,
  yTicks: (ih: number) => Tick[],
  xTicks: (iw: number) => Tick[],
): AxisLayout {
  const lineH = Math.ceil(m.ascent + m.descent);
  const bottom = Math.ceil(TICK + lineH + 3);
  const ih = Math.max(10, height - TOP - bottom);
  const yTitleLines = axisTitleLines(yTitle, height - 4, m.width);
  const ys = yTicks(ih);
  const tickW = Math.max(0, ...ys.map((t) => m.width(t.label)));
  const left = Math.ceil(PAD + yTitleLines.length * lineH + GAP + tickW + TICK);
  const iw = Math.max(10, width - left - RIGHT);
  const yTitleX = yTitleLines.map((_, i) => -left + PAD + i * lineH + m.ascent);
  const titleW = Math.max(...yTitleLines.map(m.width));
  const yTitleCentre = axisTitleCentre(ih, height, TOP, titleW);
  const xLabelY = ih + TICK + m.ascent;
  const xTitleRight = width - left - 2;
  const xTitleW = m.width(xTitle);
  const row: [number, number] = [xLabelY - m.ascent, xLabelY + m.descent];
  const ticks = xTicks(iw);
  const xTickShown = ticks.map((t) => {
    const w = m.width(t.label);
    return t.at + w / 2 <= xTitleRight - xTitleW - GAP && t.at - w / 2 >= -left;
  });
  const tickBoxes = ticks
    .filter((_, i) => xTickShown[i])
    .map((t): Box => {
      const w = m.width(t.label);
      return [left + t.at - w / 2, TOP + row[0], left + t.at + w / 2, TOP + row[1]];
    });
  // a y tick label's box is centred on its tick: its baseline is this far below the tick
  const yLabelDy = (m.ascent - m.descent) / 2;
  const half = (m.ascent + m.descent) / 2;
  return {
    margin: { top: TOP, right: RIGHT, bottom, left },
    iw,
    ih,
    yTitleLines,
    yTitleX,
    yTitleCentre,
    xLabelY,
    xTitleRight,
    xTickShown,
    yTicks: ys,
    xTicks: ticks,
    yLabelDy,
    boxes: {
      plot: [left, TOP, left + iw, TOP + ih],
      yTitle: [PAD, TOP + yTitleCentre - titleW / 2, PAD + yTitleLines.length * lineH, TOP + yTitleCentre + titleW / 2],
      yTicks:
        ys.length > 0
          ? [
              left - TICK - tickW,
              TOP + Math.min(...ys.map((t) => t.at)) - half,
              left - TICK,
              TOP + Math.max(...ys.map((t) => t.at)) + half,
            ]
          : null,
      xTitle: [left + xTitleRight - xTitleW, TOP + row[0], left + xTitleRight, TOP + row[1]],
      xTicks: tickBoxes,
    },
  };
}

/** Metrics of a canvas context's current font (the font's own ascent and descent where the browser gives them). */
export function canvasMetrics(ctx: CanvasRenderingContext2D, fontPx: number): TextMetrics {
  const probe = ctx.measureText('Mgy');
  const ascent = probe.fontBoundingBoxAscent || 0.9 * fontPx;
  const descent = probe.fontBoundingBoxDescent || 0.25 * fontPx;
  return { width: (s) => ctx.measureText(s).width, ascent, descent };
}

/** Metrics without a canvas (an SVG export outside the browser's canvas): a sans-serif estimate. */
export function estimatedMetrics(fontPx: number): TextMetrics {
  return { width: (s) => s.length * fontPx * 0.6, ascent: 0.92 * fontPx, descent: 0.24 * fontPx };
}

/**
 * Scales and axis layout of a chart (chartLayout.ts): the y ticks for the plot's height, the left
 * margin from their labels and the y title, the x ticks for the plot's width.
 */
export function chartGeometry(
  inp: Pick<DrawInput, 'width' | 'height' | 'xDomain' | 'lines' | 'hidden' | 'yLabel' | 'xLabel'>,
  m: TextMetrics,
) {
  const visible = inp.lines.filter((l) => !inp.hidden.has(l.key));
  const [y0, y1] = yExtent(visible, inp.xDomain[0], inp.xDomain[1]);
  let y = d3.scaleLinear();
  let x = d3.scaleLinear();
  const yFmt = (d: number) => (Math.abs(d) >= 1e4 ? d3.format('~s')(d) : d3.format('~g')(d));
  const layout = chartLayout(
    inp.width,
    inp.height,
    m,
    inp.yLabel,
    inp.xLabel ?? 'time (s)',
    (ih) => {
      y = d3
        .scaleLinear()
        .domain([y0, y1 * 1.05])
        .range([ih, 0])
        .nice();
      return y.ticks(Math.max(2, Math.floor(ih / 32))).map((d) => ({ at: y(d), label: yFmt(d), value: d }));
    },
    (iw) => {
      x = d3.scaleLinear().domain(inp.xDomain).range([0, iw]);
      const n = Math.max(2, Math.floor(iw / 70));
      const fmt = x.tickFormat(n);
      return x.ticks(n).map((d) => ({ at: x(d), label: fmt(d), value: d }));
    },
  );
  return { x, y, iw: layout.iw, ih: layout.ih, visible, layout };
}

/** The axis boxes a chart canvas was drawn with (chartLayout.ts), for the e2e layout checks. */
export function recordAxes(canvas: HTMLCanvasElement, layout: AxisLayout): void {
  const r = (b: Box | null) => (b ? b.map((v) => Math.round(v * 10) / 10) : null);
  canvas.dataset['yTitle'] = layout.yTitleLines.join(' ');
  canvas.dataset['yTitleSpan'] = `${layout.boxes.yTitle[1].toFixed(1)} ${layout.boxes.yTitle[3].toFixed(1)}`;
  canvas.dataset['axes'] = JSON.stringify({
    plot: r(layout.boxes.plot),
    yTitle: r(layout.boxes.yTitle),
    yTicks: r(layout.boxes.yTicks),
    xTitle: r(layout.boxes.xTitle),
    xTicks: layout.boxes.xTicks.map(r),
  });
}
