/**
 * Draws one time-series chart into an SVG element with D3. Styling is written as attributes (not
 * CSS classes) so an exported SVG looks the same on its own.
 */
import * as d3 from 'd3';
import { drawYAxisTitle } from './axisTitle';
import { decimate, RANGE_OPACITY, yExtent, type LineSeries } from './chartData';
import { markerStyle } from './markerStyles';

export interface MarkerPoint {
  t: number;
  y: number;
  kind: string;
  color: string;
  flow: string;
}

export interface DrawInput {
  width: number;
  height: number;
  lines: readonly LineSeries[];
  hidden: ReadonlySet<string>;
  xDomain: [number, number];
  yLabel: string;
  /** Label of the x axis, default "time (s)". */
  xLabel?: string;
  markers: readonly MarkerPoint[];
  /** Vertical cursor (tooltip), in data x. */
  cursor: number | null;
  /** Text size of ticks and axis labels, px (11; larger in presentation mode). */
  fontPx?: number;
  /** Times (data x) of the scenario's timed changes: a change made mid-run is marked there. */
  changes?: readonly number[];
}

/** Colour of the timed-change marks (Okabe–Ito vermillion; dashed, so not a flow's line). */
export const CHANGE_COLOR = '#D55E00';

export const MARGIN = { top: 10, right: 14, bottom: 30, left: 52 };

/** The margins for a text size: larger type (presentation mode) needs room for it. */
export function chartMargins(fontPx = 11): typeof MARGIN {
  const extra = Math.max(0, fontPx - 11);
  // presenting: room for x-axis ticks and title on two rows, and for a y-axis title on two lines
  return { top: MARGIN.top, right: MARGIN.right, bottom: MARGIN.bottom + 3 * extra, left: MARGIN.left + 8 * extra };
}
/**
 * Stacked bands (per-flow backlog) are drawn top band first, each filled from the floor of its
 * stack up to its own top, so lower bands paint over the upper ones: no two bands share an
 * anti-aliased edge (which would show as light seams between narrow steps).
 */
function bandsInPaintOrder(visible: readonly LineSeries[]): { band: LineSeries; floor: Float64Array }[] {
  const floors = new Map<string, Float64Array>();
  const out: { band: LineSeries; floor: Float64Array }[] = [];
  for (const l of visible) {
    if (!l.base) continue;
    const k = l.stack ?? '';
    if (!floors.has(k)) floors.set(k, l.base);
    out.push({ band: l, floor: floors.get(k)! });
  }
  return out.reverse();
}

/** Dashed helper lines (ssthresh, thresholds) are thinner than data lines. */
function lineWidth(l: LineSeries): number {
  return l.dash === '4 4' || l.dash === '6 4' ? 1.4 : 2;
}

/**
 * One decimation per stack, taken from its topmost visible band (the running total), so every
 * band of a stack is drawn at the same sample times and the bands meet without gaps.
 */
function stackIndices(
  visible: readonly LineSeries[],
  xDomain: [number, number],
  buckets: number,
): Map<string, number[]> {
  const top = new Map<string, LineSeries>();
  for (const l of visible) if (l.base && l.stack !== undefined) top.set(l.stack, l);
  const out = new Map<string, number[]>();
  for (const [k, l] of top) out.set(k, decimate(l.x, l.y, xDomain[0], xDomain[1], buckets));
  return out;
}
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export function chartScales(inp: Pick<DrawInput, 'width' | 'height' | 'xDomain' | 'lines' | 'hidden' | 'fontPx'>) {
  const M = chartMargins(inp.fontPx);
  const iw = Math.max(10, inp.width - M.left - M.right);
  const ih = Math.max(10, inp.height - M.top - M.bottom);
  const visible = inp.lines.filter((l) => !inp.hidden.has(l.key));
  const [y0, y1] = yExtent(visible, inp.xDomain[0], inp.xDomain[1]);
  const x = d3.scaleLinear().domain(inp.xDomain).range([0, iw]);
  const y = d3
    .scaleLinear()
    .domain([y0, y1 * 1.05])
    .range([ih, 0])
    .nice();
  return { x, y, iw, ih, visible };
}

export function drawChart(svgEl: SVGSVGElement, inp: DrawInput): void {
  const { x, y, iw, ih, visible } = chartScales(inp);
  const svg = d3
    .select(svgEl)
    .attr('width', inp.width)
    .attr('height', inp.height)
    .attr('viewBox', `0 0 ${inp.width} ${inp.height}`)
    .attr('font-family', FONT)
    .attr('font-size', inp.fontPx ?? 11);
  svg.selectAll('*').remove();
  svg.append('rect').attr('width', inp.width).attr('height', inp.height).attr('fill', '#ffffff');
  const M = chartMargins(inp.fontPx);
  const fp = inp.fontPx ?? 11;
  const g = svg.append('g').attr('transform', `translate(${M.left},${M.top})`);
  const clipId = `clip-${Math.random().toString(36).slice(2)}`;
  svg.append('defs').append('clipPath').attr('id', clipId).append('rect').attr('width', iw).attr('height', ih);

  // Grid and axes.
  const yTicks = y.ticks(Math.max(2, Math.floor(ih / 32)));
  g.append('g')
    .selectAll('line')
    .data(yTicks)
    .join('line')
    .attr('x1', 0)
    .attr('x2', iw)
    .attr('y1', (d) => y(d))
    .attr('y2', (d) => y(d))
    .attr('stroke', '#e6e8eb');
  const xAxis = g
    .append('g')
    .attr('transform', `translate(0,${ih})`)
    .call(d3.axisBottom(x).ticks(Math.max(2, Math.floor(iw / 70))));
  const yAxis = g.append('g').call(
    d3
      .axisLeft(y)
      .ticks(Math.max(2, Math.floor(ih / 32)))
      .tickFormat((d) => (Math.abs(+d) >= 1e4 ? d3.format('~s')(d) : d3.format('~g')(d))),
  );
  for (const ax of [xAxis, yAxis]) {
    ax.selectAll('text')
      .attr('fill', '#444')
      .attr('font-size', inp.fontPx ?? 11);
    ax.selectAll('line,path').attr('stroke', '#9aa1a9');
  }
  g.append('text')
    .attr('x', iw)
    .attr('y', ih + 15 + fp)
    .attr('text-anchor', 'end')
    .attr('fill', '#555')
    .text(inp.xLabel ?? 'time (s)');
  g.append('text')
    .attr('transform', 'rotate(-90)')
    .attr('x', 0)
    .attr('y', -M.left + 12)
    .attr('text-anchor', 'end')
    .attr('fill', '#555')
    .text(inp.yLabel);

  // Stacked bands first, then lines (decimated to the pixel width, peaks kept).
  const plot = g.append('g').attr('clip-path', `url(#${clipId})`);
  const stackIdx = stackIndices(visible, inp.xDomain, Math.ceil(iw));
  for (const { band: l, floor } of bandsInPaintOrder(visible)) {
    const idx = stackIdx.get(l.stack ?? '') ?? [];
    const area = d3
      .area<number>()
      .defined((i) => Number.isFinite(l.y[i]!))
      .x((i) => x(l.x[i]!))
      .y0((i) => y(floor[i]!))
      .y1((i) => y(l.y[i]!));
    if (l.step) area.curve(d3.curveStepAfter);
    const path = plot
      .append('path')
      .attr('d', area(idx) ?? '')
      .attr('fill', l.color)
      .attr('data-series', l.key)
      .attr('data-points', l.x.length);
    // a range band is translucent, with a thin edge (an interval alone between gaps stays visible)
    if (l.range)
      path
        .attr('fill-opacity', RANGE_OPACITY)
        .attr('stroke', l.color)
        .attr('stroke-opacity', 2 * RANGE_OPACITY)
        .attr('stroke-width', 1);
  }
  for (const l of visible) {
    if (l.base) continue;
    const idx = decimate(l.x, l.y, inp.xDomain[0], inp.xDomain[1], Math.ceil(iw));
    const gen = d3
      .line<number>()
      .defined((i) => Number.isFinite(l.y[i]!))
      .x((i) => x(l.x[i]!))
      .y((i) => y(l.y[i]!));
    if (l.step) gen.curve(d3.curveStepAfter);
    plot
      .append('path')
      .attr('d', gen(idx) ?? '')
      .attr('fill', 'none')
      .attr('stroke', l.color)
      .attr('stroke-width', lineWidth(l))
      .attr('stroke-dasharray', l.dash ?? null)
      .attr('stroke-linejoin', 'round')
      .attr('data-series', l.key)
      .attr('data-points', l.x.length);
  }

  // Flow-event markers (▼ fast retransmit, ✕ timeout, ◇ ECN, …; see markerStyles.ts).
  const marks = plot.append('g');
  for (const m of inp.markers) {
    if (m.t < inp.xDomain[0] || m.t > inp.xDomain[1] || !Number.isFinite(m.y)) continue;
    const st = markerStyle(m.kind);
    const path = marks
      .append('path')
      .attr('d', st.path)
      .attr('transform', `translate(${x(m.t)},${y(m.y) - 8})`)
      .attr('data-marker', m.kind);
    if (st.filled) path.attr('fill', m.color).attr('stroke', '#fff').attr('stroke-width', 0.6);
    else path.attr('fill', 'none').attr('stroke', m.color).attr('stroke-width', 2);
  }
  for (const t of inp.changes ?? []) {
    if (t < inp.xDomain[0] || t > inp.xDomain[1]) continue;
    g.append('line')
      .attr('x1', x(t))
      .attr('x2', x(t))
      .attr('y1', 0)
      .attr('y2', ih)
      .attr('stroke', CHANGE_COLOR)
      .attr('stroke-width', 1.5)
      .attr('stroke-dasharray', '6 3')
      .attr('data-change', t);
  }
  if (inp.cursor !== null && inp.cursor >= inp.xDomain[0] && inp.cursor <= inp.xDomain[1]) {
    g.append('line')
      .attr('x1', x(inp.cursor))
      .attr('x2', x(inp.cursor))
      .attr('y1', 0)
      .attr('y2', ih)
      .attr('stroke', '#555')
      .attr('stroke-dasharray', '3 3');
  }
}

/**
 * The same chart drawn on a canvas (the live view): no DOM nodes per tick, series or marker, so a
 * redraw costs no style, layout or paint work for the page. Geometry, colours, dashes, fonts and
 * axis layout follow `drawChart` (which builds the SVG for export from the same input).
 */
export function drawChartCanvas(canvas: HTMLCanvasElement, inp: DrawInput, dpr = 1): void {
  const { x, y, iw, ih, visible } = chartScales(inp);
  const pw = Math.round(inp.width * dpr);
  const ph = Math.round(inp.height * dpr);
  if (canvas.width !== pw || canvas.height !== ph) {
    canvas.width = pw;
    canvas.height = ph;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, inp.width, inp.height);
  const M = chartMargins(inp.fontPx);
  const fp = inp.fontPx ?? 11;
  ctx.translate(M.left, M.top);
  ctx.font = `${inp.fontPx ?? 11}px ${FONT}`;
  canvas.dataset['fontPx'] = String(inp.fontPx ?? 11);
  ctx.lineWidth = 1;
  ctx.setLineDash([]);

  // Grid and axes (as d3.axisBottom / d3.axisLeft lay them out: 6 px ticks, labels 9 px away).
  const yCount = Math.max(2, Math.floor(ih / 32));
  const yTicks = y.ticks(yCount);
  ctx.strokeStyle = '#e6e8eb';
  ctx.beginPath();
  for (const d of yTicks) {
    ctx.moveTo(0, y(d));
    ctx.lineTo(iw, y(d));
  }
  ctx.stroke();
  const xCount = Math.max(2, Math.floor(iw / 70));
  const xTicks = x.ticks(xCount);
  const xFmt = x.tickFormat(xCount);
  const yFmt = (d: number) => (Math.abs(d) >= 1e4 ? d3.format('~s')(d) : d3.format('~g')(d));
  ctx.strokeStyle = '#9aa1a9';
  ctx.beginPath();
  ctx.moveTo(0.5, ih + 6);
  ctx.lineTo(0.5, ih + 0.5);
  ctx.lineTo(iw + 0.5, ih + 0.5);
  ctx.lineTo(iw + 0.5, ih + 6);
  for (const d of xTicks) {
    const px = Math.round(x(d)) + 0.5;
    ctx.moveTo(px, ih);
    ctx.lineTo(px, ih + 6);
  }
  ctx.moveTo(-6, ih + 0.5);
  ctx.lineTo(0.5, ih + 0.5);
  ctx.lineTo(0.5, 0.5);
  ctx.lineTo(-6, 0.5);
  for (const d of yTicks) {
    const py = Math.round(y(d)) + 0.5;
    ctx.moveTo(-6, py);
    ctx.lineTo(0, py);
  }
  ctx.stroke();
  ctx.fillStyle = '#444';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  for (const d of xTicks) ctx.fillText(xFmt(d), x(d) + 0.5, ih + 9 + 0.71 * fp);
  ctx.textAlign = 'right';
  for (const d of yTicks) ctx.fillText(yFmt(d), -9, y(d) + 0.5 + 0.32 * fp);
  ctx.fillStyle = '#555';
  ctx.fillText(inp.xLabel ?? 'time (s)', iw, ih + 15 + fp + 1.8 * Math.max(0, fp - 11));
  drawYAxisTitle(ctx, inp.yLabel, ih, inp.height, M, fp);

  // Stacked bands, then lines (decimated to the pixel width, peaks kept), clipped to the plot.
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, iw, ih);
  ctx.clip();
  ctx.lineJoin = 'round';
  const stackIdx = stackIndices(visible, inp.xDomain, Math.ceil(iw));
  for (const { band: l, floor } of bandsInPaintOrder(visible)) {
    const idx = stackIdx.get(l.stack ?? '') ?? [];
    const area = d3
      .area<number>()
      .defined((i) => Number.isFinite(l.y[i]!))
      .x((i) => x(l.x[i]!))
      .y0((i) => y(floor[i]!))
      .y1((i) => y(l.y[i]!))
      .context(ctx);
    if (l.step) area.curve(d3.curveStepAfter);
    ctx.beginPath();
    area(idx);
    ctx.fillStyle = l.color;
    if (l.range) {
      ctx.globalAlpha = RANGE_OPACITY;
      ctx.fill();
      ctx.globalAlpha = 2 * RANGE_OPACITY;
      ctx.strokeStyle = l.color;
      ctx.lineWidth = 1;
      ctx.setLineDash([]);
      ctx.stroke();
      ctx.globalAlpha = 1;
    } else ctx.fill();
  }
  for (const l of visible) {
    if (l.base) continue;
    const idx = decimate(l.x, l.y, inp.xDomain[0], inp.xDomain[1], Math.ceil(iw));
    const gen = d3
      .line<number>()
      .defined((i) => Number.isFinite(l.y[i]!))
      .x((i) => x(l.x[i]!))
      .y((i) => y(l.y[i]!))
      .context(ctx);
    if (l.step) gen.curve(d3.curveStepAfter);
    ctx.beginPath();
    gen(idx);
    ctx.strokeStyle = l.color;
    ctx.lineWidth = lineWidth(l);
    ctx.setLineDash(l.dash ? l.dash.split(/[\s,]+/).map(Number) : []);
    ctx.stroke();
  }
  ctx.setLineDash([]);

  // Flow-event markers (see markerStyles.ts).
  for (const m of inp.markers) {
    if (m.t < inp.xDomain[0] || m.t > inp.xDomain[1] || !Number.isFinite(m.y)) continue;
    const st = markerStyle(m.kind);
    ctx.save();
    ctx.translate(x(m.t), y(m.y) - 8);
    const p = new Path2D(st.path);
    if (st.filled) {
      ctx.fillStyle = m.color;
      ctx.fill(p);
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = 0.6;
    } else {
      ctx.strokeStyle = m.color;
      ctx.lineWidth = 2;
    }
    ctx.stroke(p);
    ctx.restore();
  }
  ctx.restore();
  for (const t of inp.changes ?? []) {
    if (t < inp.xDomain[0] || t > inp.xDomain[1]) continue;
    ctx.strokeStyle = CHANGE_COLOR;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([6, 3]);
    ctx.beginPath();
    ctx.moveTo(x(t), 0);
    ctx.lineTo(x(t), ih);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (inp.cursor !== null && inp.cursor >= inp.xDomain[0] && inp.cursor <= inp.xDomain[1]) {
    ctx.strokeStyle = '#555';
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(x(inp.cursor), 0);
    ctx.lineTo(x(inp.cursor), ih);
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

/** The chart as a standalone SVG element (for export), built from the same input as the canvas. */
export function chartSvgElement(inp: DrawInput): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  drawChart(svg, inp);
  return svg;
}
