/**
 * Draws one metric against the swept parameter with D3: the mean over seeds at each point, joined
 * by a line, with its 95 % confidence interval as a shaded band and error bars. Title, axis units
 * and legend are inside the SVG, so an exported file stands on its own. Styling is written as
 * attributes, like the time-series charts.
 */
import * as d3 from 'd3';

export interface SweepChartPoint {
  x: number | string;
  label: string;
  mean: number | null;
  low: number | null;
  high: number | null;
  n: number;
}

export interface SweepChartInput {
  width: number;
  height: number;
  title: string;
  xLabel: string;
  yLabel: string;
  points: readonly SweepChartPoint[];
}

const MARGIN = { top: 46, right: 16, bottom: 40, left: 60 };
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const COLOR = '#2f6db5';

/** A numeric x axis when every x is a number; logarithmic when they are positive and span ≥ 50×. */
export function xScaleFor(points: readonly SweepChartPoint[], width: number) {
  const xs = points.map((p) => p.x);
  if (xs.length > 0 && xs.every((x): x is number => typeof x === 'number')) {
    const lo = Math.min(...xs);
    const hi = Math.max(...xs);
    const log = lo > 0 && hi / lo >= 50;
    const s = (log ? d3.scaleLog() : d3.scaleLinear())
      .domain(lo === hi ? [lo - 1, hi + 1] : [lo, hi])
      .range([0, width]);
    return {
      numeric: true,
      at: (x: number | string) => s(x as number),
      axis: d3.axisBottom(s).ticks(Math.max(2, Math.floor(width / 70)), log ? '~g' : undefined),
    };
  }
  const s = d3
    .scalePoint<string>()
    .domain(points.map((p) => p.label))
    .range([0, width])
    .padding(0.5);
  return {
    numeric: false,
    at: (_x: number | string, label?: string) => s(label ?? String(_x)) ?? 0,
    axis: d3.axisBottom(s),
  };
}

export function drawSweepChart(svgEl: SVGSVGElement, inp: SweepChartInput): void {
  const iw = Math.max(10, inp.width - MARGIN.left - MARGIN.right);
  const ih = Math.max(10, inp.height - MARGIN.top - MARGIN.bottom);
  const pts = inp.points;
  const xs = xScaleFor(pts, iw);
  const X = (p: SweepChartPoint) => xs.at(p.x, p.label);
  const ys = pts.flatMap((p) => [p.mean, p.low, p.high]).filter((v): v is number => v !== null && Number.isFinite(v));
  let [y0, y1] = ys.length ? [Math.min(...ys), Math.max(...ys)] : [0, 1];
  if (y0 === y1) [y0, y1] = [y0 - Math.abs(y0 || 1) * 0.1, y1 + Math.abs(y1 || 1) * 0.1];
  const pad = (y1 - y0) * 0.08;
  const y = d3
    .scaleLinear()
    .domain([y0 >= 0 && y0 - pad < 0 ? 0 : y0 - pad, y1 + pad])
    .range([ih, 0])
    .nice();
  const fmt = (d: d3.NumberValue) => (Math.abs(+d) >= 1e4 ? d3.format('~s')(d) : d3.format('~g')(d));

  const svg = d3
    .select(svgEl)
    .attr('width', inp.width)
    .attr('height', inp.height)
    .attr('viewBox', `0 0 ${inp.width} ${inp.height}`)
    .attr('font-family', FONT)
    .attr('font-size', 11);
  svg.selectAll('*').remove();
  svg.append('rect').attr('width', inp.width).attr('height', inp.height).attr('fill', '#ffffff');
  svg
    .append('text')
    .attr('x', 8)
    .attr('y', 14)
    .attr('font-size', 12)
    .attr('font-weight', 600)
    .attr('fill', '#1f2328')
    .text(inp.title);

  // legend: mean and the 95 % interval
  const lg = svg.append('g').attr('transform', `translate(${inp.width - 132},${22})`);
  lg.append('line')
    .attr('x1', 0)
    .attr('x2', 16)
    .attr('y1', 18)
    .attr('y2', 18)
    .attr('stroke', COLOR)
    .attr('stroke-width', 2);
  lg.append('circle').attr('cx', 8).attr('cy', 18).attr('r', 3).attr('fill', COLOR);
  lg.append('text').attr('x', 20).attr('y', 22).attr('fill', '#1f2328').text('mean');
  lg.append('rect')
    .attr('x', 64)
    .attr('y', 12)
    .attr('width', 16)
    .attr('height', 12)
    .attr('fill', COLOR)
    .attr('fill-opacity', 0.18);
  lg.append('text').attr('x', 84).attr('y', 22).attr('fill', '#1f2328').text('95 % CI');

  const g = svg.append('g').attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);
  g.append('g')
    .selectAll('line')
    .data(y.ticks(Math.max(2, Math.floor(ih / 32))))
    .join('line')
    .attr('x1', 0)
    .attr('x2', iw)
    .attr('y1', (d) => y(d))
    .attr('y2', (d) => y(d))
    .attr('stroke', '#e6e8eb');
  const xAxis = g.append('g').attr('transform', `translate(0,${ih})`).call(xs.axis);
  const yAxis = g.append('g').call(
    d3
      .axisLeft(y)
      .ticks(Math.max(2, Math.floor(ih / 32)))
      .tickFormat(fmt),
  );
  for (const a of [xAxis, yAxis]) {
    a.selectAll('path,line').attr('stroke', '#8b949e');
    a.selectAll('text').attr('fill', '#57606a');
  }
  g.append('text')
    .attr('x', iw / 2)
    .attr('y', ih + 32)
    .attr('text-anchor', 'middle')
    .attr('fill', '#1f2328')
    .text(inp.xLabel);
  g.append('text')
    .attr('transform', `translate(${-46},${ih / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle')
    .attr('fill', '#1f2328')
    .text(inp.yLabel);

  // categories (congestion controls, disciplines) get error bars only: a band or line between them would suggest values in between
  const withCi = pts.filter((p) => p.low !== null && p.high !== null);
  if (withCi.length > 0 && xs.numeric) {
    const area = d3
      .area<SweepChartPoint>()
      .x(X)
      .y0((p) => y(p.low!))
      .y1((p) => y(p.high!));
    g.append('path')
      .attr('data-testid', 'sweep-ci-band')
      .attr('d', area(withCi))
      .attr('fill', COLOR)
      .attr('fill-opacity', 0.18)
      .attr('stroke', 'none');
  }
  if (withCi.length > 0) {
    g.append('g')
      .selectAll('line')
      .data(withCi)
      .join('line')
      .attr('data-testid', 'sweep-ci-bar')
      .attr('x1', X)
      .attr('x2', X)
      .attr('y1', (p) => y(p.low!))
      .attr('y2', (p) => y(p.high!))
      .attr('stroke', COLOR)
      .attr('stroke-opacity', 0.6);
  }
  const withMean = pts.filter((p) => p.mean !== null);
  if (xs.numeric)
    g.append('path')
      .attr(
        'd',
        d3
          .line<SweepChartPoint>()
          .x(X)
          .y((p) => y(p.mean!))(withMean),
      )
      .attr('fill', 'none')
      .attr('stroke', COLOR)
      .attr('stroke-width', 2);
  g.append('g')
    .selectAll('circle')
    .data(withMean)
    .join('circle')
    .attr('data-testid', 'sweep-point')
    .attr('cx', X)
    .attr('cy', (p) => y(p.mean!))
    .attr('r', 3.5)
    .attr('fill', COLOR)
    .append('title')
    .text(
      (p) =>
        `${p.label}: ${fmt(p.mean!)}${p.low !== null ? ` (95 % CI ${fmt(p.low)} – ${fmt(p.high!)})` : ''}, n = ${p.n}`,
    );
}
