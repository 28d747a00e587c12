/**
 * Draws one time-series chart into an SVG element with D3. Styling is written as attributes (not
 * CSS classes) so an exported SVG looks the same on its own.
 */
import * as d3 from 'd3';
import { canvasMetrics, chartGeometry, estimatedMetrics, recordAxes, type AxisLayout } from './chartLayout';
import { decimate, RANGE_OPACITY, type LineSeries } from './chartData';
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

export function drawChart(svgEl: SVGSVGElement, inp: DrawInput): void {
  const fp = inp.fontPx ?? 11;
  const { x, y, iw, ih, visible, layout } = chartGeometry(inp, estimatedMetrics(fp));
  const svg = d3
    .select(svgEl)
    .attr('width', inp.width)
    .attr('height', inp.height)
    .attr('viewBox', `0 0 ${inp.width} ${inp.height}`)
    .attr('font-family', FONT)
    .attr('font-size', fp);
  svg.selectAll('*').remove();
  svg.append('rect').attr('width', inp.width).attr('height', inp.height).attr('fill', '#ffffff');
  const M = layout.margin;
  const g = svg.append('g').attr('transform', `translate(${M.left},${M.top})`);
  const clipId = `clip-${Math.random().toString(36).slice(2)}`;
  svg.append('defs').append('clipPath').attr('id', clipId).append('rect').attr('width', iw).attr('height', ih);

  // Grid and axes (the ticks and labels chartLayout placed; x labels that would meet the title left out).
  g.append('g')
    .selectAll('line')
    .data(layout.yTicks)
    .join('line')
    .attr('x1', 0)
    .attr('x2', iw)
    .attr('y1', (d) => d.at)
    .attr('y2', (d) => d.at)
    .attr('stroke', '#e6e8eb');
  const shown = new Set(layout.xTicks.filter((_, i) => layout.xTickShown[i]).map((t) => t.value));
  const xAxis = g
    .append('g')
    .attr('transform', `translate(0,${ih})`)
    .call(
      d3
        .axisBottom(x)
        .tickValues(layout.xTicks.map((t) => t.value))
        .tickFormat((d) => (shown.has(+d) ? (layout.xTicks.find((t) => t.value === +d)?.label ?? '') : '')),
    );
  const yAxis = g.append('g').call(
    d3
      .axisLeft(y)
      .tickValues(layout.yTicks.map((t) => t.value))
      .tickFormat((d) => layout.yTicks.find((t) => t.value === +d)?.label ?? ''),
  );
  for (const ax of [xAxis, yAxis]) {
    ax.selectAll('text').attr('fill', '#444').attr('font-size', fp);
    ax.selectAll('line,path').attr('stroke', '#9aa1a9');
  }
  g.append('text')
    .attr('x', layout.xTitleRight)
    .attr('y', layout.xLabelY)
    .attr('text-anchor', 'end')
    .attr('fill', '#555')
    .text(inp.xLabel ?? 'time (s)');
  layout.yTitleLines.forEach((line, i) =>
    g
      .append('text')
      .attr('transform', 'rotate(-90)')
      .attr('x', -layout.yTitleCentre)
      .attr('y', layout.yTitleX[i]!)
      .attr('text-anchor', 'middle')
      .attr('fill', '#555')
      .text(line),
  );

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
/** Each marker kind's shape as a Path2D, made once. */
const markerShapes = new Map<string, Path2D>();
function markerShape(kind: string): Path2D {
  let p = markerShapes.get(kind);
  if (!p) {
    p = new Path2D(markerStyle(kind).path);
    markerShapes.set(kind, p);
  }
  return p;
}

export function drawChartCanvas(canvas: HTMLCanvasElement, inp: DrawInput, dpr = 1): AxisLayout | null {
  const pw = Math.round(inp.width * dpr);
  const ph = Math.round(inp.height * dpr);
  if (canvas.width !== pw || canvas.height !== ph) {
    canvas.width = pw;
    canvas.height = ph;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const fp = inp.fontPx ?? 11;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.font = `${fp}px ${FONT}`;
  const { x, y, iw, ih, visible, layout } = chartGeometry(inp, canvasMetrics(ctx, fp));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, inp.width, inp.height);
  const M = layout.margin;
  ctx.translate(M.left, M.top);
  canvas.dataset['fontPx'] = String(fp);
  recordAxes(canvas, layout);
  ctx.lineWidth = 1;
  ctx.setLineDash([]);

  // Grid and axes (as d3.axisBottom / d3.axisLeft draw them: 6 px ticks, labels 9 px away).
  ctx.strokeStyle = '#e6e8eb';
  ctx.beginPath();
  for (const t of layout.yTicks) {
    ctx.moveTo(0, t.at);
    ctx.lineTo(iw, t.at);
  }
  ctx.stroke();
  ctx.strokeStyle = '#9aa1a9';
  ctx.beginPath();
  ctx.moveTo(0.5, ih + 6);
  ctx.lineTo(0.5, ih + 0.5);
  ctx.lineTo(iw + 0.5, ih + 0.5);
  ctx.lineTo(iw + 0.5, ih + 6);
  for (const t of layout.xTicks) {
    const px = Math.round(t.at) + 0.5;
    ctx.moveTo(px, ih);
    ctx.lineTo(px, ih + 6);
  }
  ctx.moveTo(-6, ih + 0.5);
  ctx.lineTo(0.5, ih + 0.5);
  ctx.lineTo(0.5, 0.5);
  ctx.lineTo(-6, 0.5);
  for (const t of layout.yTicks) {
    const py = Math.round(t.at) + 0.5;
    ctx.moveTo(-6, py);
    ctx.lineTo(0, py);
  }
  ctx.stroke();
  ctx.fillStyle = '#444';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  layout.xTicks.forEach((t, i) => {
    if (layout.xTickShown[i]) ctx.fillText(t.label, t.at + 0.5, layout.xLabelY);
  });
  ctx.textAlign = 'right';
  for (const t of layout.yTicks) ctx.fillText(t.label, -9, t.at + layout.yLabelDy);
  ctx.fillStyle = '#555';
  ctx.fillText(inp.xLabel ?? 'time (s)', layout.xTitleRight, layout.xLabelY);
  ctx.save();
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'center';
  layout.yTitleLines.forEach((line, i) => ctx.fillText(line, -layout.yTitleCentre, layout.yTitleX[i]!));
  ctx.restore();

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

  // Flow-event markers (see markerStyles.ts), gathered into one path per kind and colour and
  // drawn with one fill and one stroke each: thousands of markers (a long run of many lossy flows
  // has one per flow, kind and pixel column) drawn one by one, each with its own save, Path2D and
  // restore, made chart redraws of 100–270 ms at 500 nodes.
  const groups = new Map<string, { filled: boolean; color: string; path: Path2D }>();
  for (const m of inp.markers) {
    if (m.t < inp.xDomain[0] || m.t > inp.xDomain[1] || !Number.isFinite(m.y)) continue;
    const key = `${m.kind}\u0000${m.color}`;
    let g = groups.get(key);
    if (!g) {
      g = { filled: markerStyle(m.kind).filled, color: m.color, path: new Path2D() };
      groups.set(key, g);
    }
    g.path.addPath(markerShape(m.kind), { e: x(m.t), f: y(m.y) - 8 });
  }
  for (const g of groups.values()) {
    if (g.filled) {
      ctx.fillStyle = g.color;
      ctx.fill(g.path);
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = 0.6;
    } else {
      ctx.strokeStyle = g.color;
      ctx.lineWidth = 2;
    }
    ctx.stroke(g.path);
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
  return layout;
}

/** The chart as a standalone SVG element (for export), built from the same input as the canvas. */
export function chartSvgElement(inp: DrawInput): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  drawChart(svg, inp);
  return svg;
}
