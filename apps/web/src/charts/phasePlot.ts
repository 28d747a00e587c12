/**
 * The Chiu–Jain phase plot (Chiu & Jain 1989; seed 003 §1): two flows' rates (x₁, x₂) as fractions
 * of the bottleneck capacity, over time, with the fairness line x₁ = x₂ and the efficiency line
 * x₁ + x₂ = 1. Data from the flows' per-interval throughput columns, averaged over a short
 * window so the trajectory is not dominated by packet-level noise. Drawn on a canvas while the run
 * animates and as a D3 SVG for export (same input, attributes not CSS, like drawChart.ts).
 */
import * as d3 from 'd3';
import { canvasMetrics, estimatedMetrics, type TextMetrics } from './chartLayout';
import { phaseLayout, phaseXTitleCentre } from './phaseLayout';
import type { SeriesStore } from '../state/SeriesStore';
import type { RunMeta } from '../worker/protocol';

export interface PhaseData {
  t: Float64Array;
  x1: Float64Array;
  x2: Float64Array;
  /** Capacity the rates are divided by, bit/s. */
  capacityBps: number;
}

/**
 * The capacity the two flows' rates are divided by: the slowest port both flows' data paths
 * cross (the shared bottleneck of the Chiu–Jain plane); without flows, or when their paths share
 * no port, the slowest probed port, else the slowest port, else 0.
 */
export function bottleneckBps(meta: RunMeta | null, a = -1, b = -1): number {
  if (!meta || meta.ports.length === 0) return 0;
  const pa = meta.flowPorts?.[a];
  const pb = meta.flowPorts?.[b];
  if (pa && pb) {
    const shared = pa.filter((i) => pb.includes(i) && meta.ports[i] !== undefined);
    if (shared.length > 0) return Math.min(...shared.map((i) => meta.ports[i]!.rateBps));
  }
  const probed = meta.ports.filter((p) => p.probe >= 0);
  const set = probed.length > 0 ? probed : meta.ports;
  return Math.min(...set.map((p) => p.rateBps));
}

/** Trailing mean of `col` over `w` samples (NaN-skipping). */
export function trailingMean(col: Float64Array, w: number): Float64Array {
  const out = new Float64Array(col.length);
  let sum = 0;
  let n = 0;
  for (let i = 0; i < col.length; i++) {
    const v = col[i]!;
    if (Number.isFinite(v)) {
      sum += v;
      n++;
    }
    if (i >= w) {
      const old = col[i - w]!;
      if (Number.isFinite(old)) {
        sum -= old;
        n--;
      }
    }
    out[i] = n > 0 ? sum / n : NaN;
  }
  return out;
}

/** (x₁, x₂) of flows `a` and `b` (indices), each averaged over `windowS` seconds. */
export function phaseData(series: SeriesStore, a: number, b: number, windowS = 0.5): PhaseData | null {
  const fa = series.flows[a];
  const fb = series.flows[b];
  const cap = bottleneckBps(series.meta, a, b);
  if (!fa || !fb || cap <= 0) return null;
  const n = Math.min(fa.length, fb.length);
  const interval = series.meta ? series.meta.intervalNs / 1e9 : 0.1;
  const w = Math.max(1, Math.round(windowS / interval));
  const ya = trailingMean(fa.column('throughputBps').subarray(0, n), w);
  const yb = trailingMean(fb.column('throughputBps').subarray(0, n), w);
  return {
    t: fa.column('t').subarray(0, n),
    x1: ya.map((v) => v / cap),
    x2: yb.map((v) => v / cap),
    capacityBps: cap,
  };
}

/** max(x₁/x₂, x₂/x₁) of the last point (seed 003's fairness index), NaN when undefined. */
export function lastMaxRatio(d: PhaseData): number {
  for (let i = d.t.length - 1; i >= 0; i--) {
    const p = d.x1[i]!;
    const q = d.x2[i]!;
    if (p > 0 && q > 0) return Math.max(p / q, q / p);
  }
  return NaN;
}

export interface PhaseDrawInput {
  size: number;
  data: PhaseData | null;
  labels: [string, string];
  colors: [string, string];
  /** Text size, px: 11 in the editor, larger in presentation mode. */
  fontPx?: number;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const fmtTick = d3.format('~g');

/** Axis limit: at least 1.1 (the efficiency line in view), more if the rates overshoot. */
function axisMax(d: PhaseData | null): number {
  let m = 1.1;
  if (d) for (let i = 0; i < d.t.length; i++) m = Math.max(m, d.x1[i]! || 0, d.x2[i]! || 0);
  return Math.min(m, 3);
}

/** Scales and layout (phaseLayout.ts) of the plot for text measured by `m`. */
export function phaseScales(inp: PhaseDrawInput, m: TextMetrics) {
  const max = axisMax(inp.data);
  // fewer ticks on a small plot (a narrow column beside a base station's charts), so their labels keep apart
  const ticks = d3
    .scaleLinear()
    .domain([0, max])
    .ticks(inp.size < 240 ? 2 : 5);
  const layout = phaseLayout(
    inp.size,
    m,
    ticks,
    max,
    fmtTick,
    `${inp.labels[0]} rate / capacity`,
    `${inp.labels[1]} rate / capacity`,
  );
  const side = layout.side;
  const x = d3.scaleLinear().domain([0, max]).range([0, side]);
  const y = d3.scaleLinear().domain([0, max]).range([side, 0]);
  return { x, y, side, max, M: layout.M, ticks, layout };
}

/** Colour of the trajectory at fraction f of the run: light (start) to dark (now). */
function trailColor(f: number): string {
  return d3.interpolateRgb('#b9c6e4', '#1f3b8a')(f);
}

export function drawPhaseCanvas(canvas: HTMLCanvasElement, inp: PhaseDrawInput, dpr = 1): void {
  const fp = inp.fontPx ?? 11;
  const px = Math.round(inp.size * dpr);
  if (canvas.width !== px || canvas.height !== px) {
    canvas.width = px;
    canvas.height = px;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.font = `${fp}px ${FONT}`;
  const { x, y, side, max, M, ticks, layout } = phaseScales(inp, canvasMetrics(ctx, fp));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, inp.size, inp.size);
  ctx.translate(M.left, M.top);
  canvas.dataset['fontPx'] = String(fp);
  canvas.dataset['yTitle'] = layout.yTitleLines.join(' ');
  canvas.dataset['yTitleSpan'] = `${layout.boxes.yTitle[1].toFixed(1)} ${layout.boxes.yTitle[3].toFixed(1)}`;
  canvas.dataset['axes'] = JSON.stringify(layout.boxes);
  // grid and axes
  ctx.strokeStyle = '#e6e8eb';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const v of ticks) {
    ctx.moveTo(x(v), 0);
    ctx.lineTo(x(v), side);
    ctx.moveTo(0, y(v));
    ctx.lineTo(side, y(v));
  }
  ctx.stroke();
  ctx.strokeStyle = '#9aa1a9';
  ctx.strokeRect(0.5, 0.5, side, side);
  ctx.fillStyle = '#444';
  ctx.textAlign = 'center';
  for (const v of ticks) ctx.fillText(fmtTick(v), x(v), layout.xLabelY);
  ctx.textAlign = 'right';
  for (const v of ticks) ctx.fillText(fmtTick(v), -5, y(v) + layout.yLabelDy);
  ctx.fillStyle = '#555';
  ctx.textAlign = 'center';
  ctx.fillText(layout.xTitle, phaseXTitleCentre(layout), layout.xTitleY);
  ctx.save();
  ctx.rotate(-Math.PI / 2);
  layout.yTitleLines.forEach((line, i) => ctx.fillText(line, -side / 2, layout.yTitleX[i]!));
  ctx.restore();
  // fairness line x1 = x2 and efficiency line x1 + x2 = 1
  ctx.setLineDash([5, 4]);
  ctx.lineWidth = 1.4;
  ctx.strokeStyle = '#2e8b57';
  ctx.beginPath();
  ctx.moveTo(x(0), y(0));
  ctx.lineTo(x(max), y(max));
  ctx.stroke();
  ctx.strokeStyle = '#c0392b';
  ctx.beginPath();
  ctx.moveTo(x(0), y(1));
  ctx.lineTo(x(1), y(0));
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.textAlign = 'right';
  ctx.fillStyle = '#2e8b57';
  ctx.fillText('fairness x₁ = x₂', x(max) - 4, y(max) + 2 * fp);
  ctx.textAlign = 'left';
  ctx.fillStyle = '#c0392b';
  // the line's name where the plot is wide enough for it (a narrow plot: its equation alone)
  const eff = 'efficiency x₁ + x₂ = 1';
  ctx.fillText(ctx.measureText(eff).width <= side - x(0.02) - 4 ? eff : 'x₁ + x₂ = 1', x(0.02) + 2, y(1) - 4);
  // trajectory, fading from the start to now
  const d = inp.data;
  if (!d || d.t.length === 0) return;
  const n = d.t.length;
  ctx.lineWidth = 1.6;
  for (let i = 1; i < n; i++) {
    const a1 = d.x1[i - 1]!;
    const a2 = d.x2[i - 1]!;
    const b1 = d.x1[i]!;
    const b2 = d.x2[i]!;
    if (![a1, a2, b1, b2].every(Number.isFinite)) continue;
    ctx.strokeStyle = trailColor(i / n);
    ctx.beginPath();
    ctx.moveTo(x(a1), y(a2));
    ctx.lineTo(x(b1), y(b2));
    ctx.stroke();
  }
  const l1 = d.x1[n - 1]!;
  const l2 = d.x2[n - 1]!;
  if (Number.isFinite(l1) && Number.isFinite(l2)) {
    ctx.fillStyle = '#1f3b8a';
    ctx.beginPath();
    ctx.arc(x(l1), y(l2), 4.5, 0, 2 * Math.PI);
    ctx.fill();
  }
}

/** The same plot as an SVG element (exports). */
export function phaseSvgElement(inp: PhaseDrawInput): SVGSVGElement {
  const svgEl = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const fp = inp.fontPx ?? 11;
  const { x, y, side, max, M, ticks, layout } = phaseScales(inp, estimatedMetrics(fp));
  const svg = d3
    .select(svgEl)
    .attr('width', inp.size)
    .attr('height', inp.size)
    .attr('viewBox', `0 0 ${inp.size} ${inp.size}`)
    .attr('font-family', FONT)
    .attr('font-size', fp);
  svg.append('rect').attr('width', inp.size).attr('height', inp.size).attr('fill', '#ffffff');
  const g = svg.append('g').attr('transform', `translate(${M.left},${M.top})`);
  g.append('g').attr('transform', `translate(0,${side})`).call(d3.axisBottom(x).tickValues(ticks));
  g.append('g').call(d3.axisLeft(y).tickValues(ticks));
  g.append('text')
    .attr('x', phaseXTitleCentre(layout))
    .attr('y', layout.xTitleY)
    .attr('text-anchor', 'middle')
    .attr('fill', '#555')
    .text(layout.xTitle);
  layout.yTitleLines.forEach((line, i) =>
    g
      .append('text')
      .attr('transform', `rotate(-90)`)
      .attr('x', -side / 2)
      .attr('y', layout.yTitleX[i]!)
      .attr('text-anchor', 'middle')
      .attr('fill', '#555')
      .text(line),
  );
  g.append('line')
    .attr('x1', x(0))
    .attr('y1', y(0))
    .attr('x2', x(max))
    .attr('y2', y(max))
    .attr('stroke', '#2e8b57')
    .attr('stroke-dasharray', '5 4')
    .attr('data-line', 'fairness');
  g.append('line')
    .attr('x1', x(0))
    .attr('y1', y(1))
    .attr('x2', x(1))
    .attr('y2', y(0))
    .attr('stroke', '#c0392b')
    .attr('stroke-dasharray', '5 4')
    .attr('data-line', 'efficiency');
  const d = inp.data;
  if (d && d.t.length > 1) {
    const idx = d3.range(d.t.length).filter((i) => Number.isFinite(d.x1[i]!) && Number.isFinite(d.x2[i]!));
    g.append('path')
      .attr(
        'd',
        d3
          .line<number>()
          .x((i) => x(d.x1[i]!))
          .y((i) => y(d.x2[i]!))(idx) ?? '',
      )
      .attr('fill', 'none')
      .attr('stroke', '#1f3b8a')
      .attr('stroke-width', 1.4)
      .attr('data-series', 'trajectory');
  }
  return svgEl;
}

/** CSV of the trajectory: t, x1, x2 (fractions of the capacity, said in the headers). */
export function phaseCsv(d: PhaseData, labels: [string, string]): string {
  const lines = [`t (s),${labels[0]} x1 (fraction of capacity),${labels[1]} x2 (fraction of capacity)`];
  for (let i = 0; i < d.t.length; i++) lines.push(`${d.t[i]},${d.x1[i]},${d.x2[i]}`);
  return lines.join('\n') + '\n';
}
