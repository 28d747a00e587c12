/**
 * The exported chart (PNG/SVG) stands on its own: a title above the plot and a legend below it
 * with one entry per drawn series (swatch in the series' colour and dash, then its label and unit),
 * laid out in columns wide enough for the longest label and as many rows as needed, so 16 flows
 * can be told apart on a slide. The live view keeps its HTML legend (ChartLegend.tsx).
 */
import { drawChart, type DrawInput } from './drawChart';
import { RANGE_OPACITY, type LineSeries } from './chartData';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const SWATCH_PX = 18;
const PAD_PX = 10;

export interface LegendLayout {
  /** Top-left of each entry's swatch, relative to the legend's origin. */
  items: { x: number; y: number }[];
  columns: number;
  rowHeight: number;
  /** Height the legend needs, px (0 without entries). */
  height: number;
}

/** Average glyph width as a fraction of the font size (system sans-serif). */
const GLYPH_EM = 0.6;

/** A legend entry's text: the label and, when it has one, the unit. */
export function legendText(l: Pick<LineSeries, 'label' | 'unit'>): string {
  return l.unit ? `${l.label} (${l.unit})` : l.label;
}

/** Columns of equal width (the widest entry), filled row by row, within `width`. */
export function legendLayout(texts: readonly string[], width: number, fontPx: number): LegendLayout {
  const rowHeight = Math.ceil(fontPx * 1.6);
  if (texts.length === 0) return { items: [], columns: 0, rowHeight, height: 0 };
  const longest = Math.max(...texts.map((t) => t.length));
  const colWidth = SWATCH_PX + 6 + Math.ceil(longest * fontPx * GLYPH_EM) + 14;
  const columns = Math.max(1, Math.min(texts.length, Math.floor((width - 2 * PAD_PX) / colWidth)));
  const items = texts.map((_, i) => ({
    x: PAD_PX + (i % columns) * colWidth,
    y: Math.floor(i / columns) * rowHeight,
  }));
  const rows = Math.ceil(texts.length / columns);
  return { items, columns, rowHeight, height: rows * rowHeight + PAD_PX };
}

/** The chart as a standalone SVG for export: title, the plot (drawChart) and a full legend. */
export function chartExportSvg(inp: DrawInput, title: string): SVGSVGElement {
  const fontPx = inp.fontPx ?? 11;
  const titlePx = fontPx + 3;
  const titleH = Math.ceil(titlePx * 1.8);
  const shown = inp.lines.filter((l) => !inp.hidden.has(l.key));
  const texts = shown.map(legendText);
  const layout = legendLayout(texts, inp.width, fontPx);
  const height = titleH + inp.height + layout.height;

  const svg = document.createElementNS(SVG_NS, 'svg');
  const attrs = (el: Element, a: Record<string, string | number>) => {
    for (const [k, v] of Object.entries(a)) el.setAttribute(k, String(v));
    return el;
  };
  attrs(svg, {
    width: inp.width,
    height,
    viewBox: `0 0 ${inp.width} ${height}`,
    'font-family': FONT,
    'font-size': fontPx,
  });
  svg.appendChild(attrs(document.createElementNS(SVG_NS, 'rect'), { width: inp.width, height, fill: '#ffffff' }));
  const heading = attrs(document.createElementNS(SVG_NS, 'text'), {
    x: PAD_PX,
    y: Math.round(titleH * 0.7),
    'font-size': titlePx,
    'font-weight': 600,
    fill: '#222',
    'data-export': 'title',
  });
  heading.textContent = title;
  svg.appendChild(heading);

  const plot = attrs(document.createElementNS(SVG_NS, 'svg'), { x: 0, y: titleH }) as SVGSVGElement;
  drawChart(plot, inp);
  svg.appendChild(plot);

  const legend = attrs(document.createElementNS(SVG_NS, 'g'), {
    transform: `translate(0,${titleH + inp.height})`,
    'data-export': 'legend',
  });
  shown.forEach((l, i) => {
    const { x, y } = layout.items[i]!;
    const mid = y + layout.rowHeight / 2;
    const swatch = l.base
      ? attrs(document.createElementNS(SVG_NS, 'rect'), {
          x,
          y: mid - 4,
          width: SWATCH_PX,
          height: 8,
          fill: l.color,
          ...(l.range ? { 'fill-opacity': RANGE_OPACITY, stroke: l.color } : {}),
        })
      : attrs(document.createElementNS(SVG_NS, 'line'), {
          x1: x,
          x2: x + SWATCH_PX,
          y1: mid,
          y2: mid,
          stroke: l.color,
          'stroke-width': 2.5,
          ...(l.dash ? { 'stroke-dasharray': l.dash } : {}),
        });
    legend.appendChild(swatch);
    const label = attrs(document.createElementNS(SVG_NS, 'text'), {
      x: x + SWATCH_PX + 6,
      y: mid,
      'dominant-baseline': 'central',
      fill: '#333',
      'data-series': l.key,
    });
    label.textContent = texts[i]!;
    legend.appendChild(label);
  });
  svg.appendChild(legend);
  return svg;
}
