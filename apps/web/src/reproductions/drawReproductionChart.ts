/**
 * Draws one metric of a reproduction with D3 as a dot plot with one row per point (the points are
 * labelled variants — paced/unpaced, a buffer, a reading of the delay — so they are categories,
 * listed in the entry's order, never joined by a line): our mean over seeds as a filled dot with
 * its 95 % interval as a bar, the paper's values as open diamonds (several when the paper prints
 * contradictory numbers). Title, key and axis unit are inside the SVG, so an export stands alone.
 */
import * as d3 from 'd3';
import type { PlotModel, PlotPoint } from './reportModel';

export interface ReproductionChartInput {
  width: number;
  title: string;
  /** Heading of the values: the recorded result or this run. */
  source: string;
  plot: PlotModel;
}

const ROW = 24;
const MARGIN = { top: 48, right: 18, bottom: 38, left: 170 };
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const OURS = '#2f6db5';
const PAPER = '#b35c00';

export function chartHeight(points: number): number {
  return MARGIN.top + MARGIN.bottom + Math.max(1, points) * ROW;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function drawReproductionChart(svgEl: SVGSVGElement, inp: ReproductionChartInput): void {
  const pts = inp.plot.points;
  const height = chartHeight(pts.length);
  const iw = Math.max(10, inp.width - MARGIN.left - MARGIN.right);
  const ih = Math.max(1, pts.length) * ROW;
  const xs = pts
    .flatMap((p) => [p.mean, p.low, p.high, ...p.paper])
    .filter((v): v is number => v !== null && Number.isFinite(v));
  let [x0, x1] = xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1];
  if (x0 === x1) [x0, x1] = [x0 - Math.abs(x0 || 1) * 0.1, x1 + Math.abs(x1 || 1) * 0.1];
  const pad = (x1 - x0) * 0.06;
  const x = d3
    .scaleLinear()
    .domain([x0 >= 0 && x0 - pad < 0 ? 0 : x0 - pad, x1 + pad])
    .range([0, iw])
    .nice();
  const y = d3
    .scaleBand<string>()
    .domain(pts.map((p) => p.id))
    .range([0, ih])
    .padding(0.2);
  const Y = (p: PlotPoint) => (y(p.id) ?? 0) + y.bandwidth() / 2;
  const fmt = (d: d3.NumberValue) => (Math.abs(+d) >= 1e4 ? d3.format('~s')(d) : d3.format('~g')(d));

  const svg = d3
    .select(svgEl)
    .attr('width', inp.width)
    .attr('height', height)
    .attr('viewBox', `0 0 ${inp.width} ${height}`)
    .attr('font-family', FONT)
    .attr('font-size', 11);
  svg.selectAll('*').remove();
  svg.append('rect').attr('width', inp.width).attr('height', height).attr('fill', '#ffffff');
  svg
    .append('text')
    .attr('x', 8)
    .attr('y', 14)
    .attr('font-size', 12)
    .attr('font-weight', 600)
    .attr('fill', '#1f2328')
    .text(clip(inp.title, 70));

  // key: ours (mean, 95 % CI) and the paper
  const key = svg.append('g').attr('transform', `translate(8,${30})`);
  key
    .append('line')
    .attr('x1', 0)
    .attr('x2', 18)
    .attr('y1', 0)
    .attr('y2', 0)
    .attr('stroke', OURS)
    .attr('stroke-width', 2);
  key.append('circle').attr('cx', 9).attr('cy', 0).attr('r', 3.5).attr('fill', OURS);
  key.append('text').attr('x', 24).attr('y', 4).attr('fill', '#1f2328').text(`ours (${inp.source}): mean, 95 % CI`);
  const kx = 250;
  const paperValues = pts.some((p) => p.paper.some(Number.isFinite));
  if (paperValues)
    key
      .append('path')
      .attr('d', d3.symbol(d3.symbolDiamond, 48)())
      .attr('transform', `translate(${kx + 6},0)`)
      .attr('fill', '#ffffff')
      .attr('stroke', PAPER)
      .attr('stroke-width', 1.6);
  if (paperValues)
    key
      .append('text')
      .attr('x', kx + 16)
      .attr('y', 4)
      .attr('fill', '#1f2328')
      .text('paper');

  const g = svg.append('g').attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);
  g.append('g')
    .selectAll('line')
    .data(x.ticks(Math.max(2, Math.floor(iw / 70))))
    .join('line')
    .attr('x1', (d) => x(d))
    .attr('x2', (d) => x(d))
    .attr('y1', 0)
    .attr('y2', ih)
    .attr('stroke', '#e6e8eb');
  const xAxis = g
    .append('g')
    .attr('transform', `translate(0,${ih})`)
    .call(
      d3
        .axisBottom(x)
        .ticks(Math.max(2, Math.floor(iw / 70)))
        .tickFormat(fmt),
    );
  const yAxis = g
    .append('g')
    .call(d3.axisLeft(y).tickFormat((id) => clip(pts.find((p) => p.id === id)?.label ?? id, 30)));
  for (const a of [xAxis, yAxis]) {
    a.selectAll('path,line').attr('stroke', '#8b949e');
    a.selectAll('text').attr('fill', '#57606a');
  }
  g.append('text')
    .attr('x', iw / 2)
    .attr('y', ih + 32)
    .attr('text-anchor', 'middle')
    .attr('fill', '#1f2328')
    .text(inp.plot.unit ? `${inp.plot.title} (${inp.plot.unit})` : inp.plot.title);

  const withCi = pts.filter((p) => p.low !== null && p.high !== null);
  g.append('g')
    .selectAll('line')
    .data(withCi)
    .join('line')
    .attr('data-testid', 'reproduction-ci-bar')
    .attr('x1', (p) => x(p.low!))
    .attr('x2', (p) => x(p.high!))
    .attr('y1', Y)
    .attr('y2', Y)
    .attr('stroke', OURS)
    .attr('stroke-width', 2)
    .attr('stroke-opacity', 0.55);
  g.append('g')
    .selectAll('circle')
    .data(pts.filter((p) => p.mean !== null))
    .join('circle')
    .attr('data-testid', 'reproduction-point')
    .attr('cx', (p) => x(p.mean!))
    .attr('cy', Y)
    .attr('r', 4)
    .attr('fill', OURS)
    .append('title')
    .text(
      (p) =>
        `${p.label}: ours ${fmt(p.mean!)}${p.low !== null ? ` (95 % CI ${fmt(p.low)} – ${fmt(p.high!)})` : ''}, n = ${p.n}`,
    );
  const paper = pts.flatMap((p) => p.paper.filter(Number.isFinite).map((v) => ({ p, v })));
  g.append('g')
    .selectAll('path')
    .data(paper)
    .join('path')
    .attr('data-testid', 'reproduction-paper-marker')
    .attr('d', d3.symbol(d3.symbolDiamond, 56)())
    .attr('transform', (d) => `translate(${x(d.v)},${Y(d.p)})`)
    .attr('fill', '#ffffff')
    .attr('fill-opacity', 0.6)
    .attr('stroke', PAPER)
    .attr('stroke-width', 1.6)
    .append('title')
    .text((d) => `${d.p.label}: paper ${fmt(d.v)}`);
}
