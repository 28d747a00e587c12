/**
 * The Chiu–Jain phase plot of two chosen flows (seed 003 §1): (x₁, x₂) as fractions of the
 * bottleneck capacity over time, with the fairness and efficiency lines, redrawn live while the
 * run animates (at most every REDRAW_MS) and exportable as PNG, SVG and CSV like the other charts.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { flowColor } from '../palette';
import { PRESENTATION_CHART_FONT_PX } from '../present/PresentationMode';
import { exportCsv, exportPng, exportSvg } from './exportChart';
import { drawPhaseCanvas, lastMaxRatio, phaseCsv, phaseData, phaseSvgElement, type PhaseDrawInput } from './phasePlot';

const REDRAW_MS = 250;
const TITLE = 'Chiu–Jain phase plot';

export function ChiuJainPlot() {
  const lab = useLab();
  const flows = useStore(lab.scenario, (s) => s.scenario.flows);
  const name = useStore(lab.scenario, (s) => s.scenario.name ?? 'scenario');
  const durationNs = useStore(lab.run, (s) => s.durationNs);
  const presenting = useStore(lab.ui, (s) => s.presentation);
  const [pair, setPair] = useState<[number, number]>([0, 1]);
  const [version, setVersion] = useState(0);
  const [size, setSize] = useState(240);
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize(Math.max(120, Math.min(el.clientWidth, el.clientHeight))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsub = lab.series.subscribe(() => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        setVersion((v) => v + 1);
      }, REDRAW_MS);
    });
    return () => {
      unsub();
      if (timer) clearTimeout(timer);
    };
  }, [lab]);

  const n = flows.length;
  const a = Math.min(pair[0], n - 1);
  const b = Math.min(pair[1], n - 1);
  const labels: [string, string] = [flows[a]?.id ?? 'x1', flows[b]?.id ?? 'x2'];
  const input = (): PhaseDrawInput => ({
    size,
    data: phaseData(lab.series, a, b),
    labels,
    colors: [flowColor(a, flows[a]?.color), flowColor(b, flows[b]?.color)],
    fontPx: presenting ? PRESENTATION_CHART_FONT_PX : 11,
  });

  useEffect(() => {
    const cv = canvasRef.current;
    if (cv) drawPhaseCanvas(cv, input(), window.devicePixelRatio || 1);
  }, [version, size, a, b, durationNs, flows, presenting]);

  const data = phaseData(lab.series, a, b);
  const ratio = data ? lastMaxRatio(data) : NaN;
  const points = data ? data.t.length : 0;
  const file = `${name.replace(/[^A-Za-z0-9]+/g, '-')}-phase`;
  const pick = (i: 0 | 1) => (
    <select
      className="phase-flow"
      aria-label={i === 0 ? 'Flow on the x axis' : 'Flow on the y axis'}
      data-testid={`phase-flow-${i + 1}`}
      value={pair[i]}
      onChange={(e) => {
        const next: [number, number] = [...pair];
        next[i] = Number(e.target.value);
        setPair(next);
      }}
    >
      {flows.map((f, j) => (
        <option key={f.id} value={j}>
          {f.id}
        </option>
      ))}
    </select>
  );
  return (
    <figure className="chart chart-phase" data-testid="chart-phase" aria-label={`${TITLE}`}>
      <figcaption className="chart-head">
        <span className="chart-title">Phase plot</span>
        {pick(0)}
        {pick(1)}
        <span className="chart-actions">
          <button
            type="button"
            className="btn btn-small"
            aria-label="Export phase plot as PNG"
            data-testid="chart-phase-png"
            onClick={() => void exportPng(phaseSvgElement(input()), TITLE, `${file}.png`)}
          >
            PNG
          </button>
          <button
            type="button"
            className="btn btn-small"
            aria-label="Export phase plot as SVG"
            data-testid="chart-phase-svg"
            onClick={() => exportSvg(phaseSvgElement(input()), TITLE, `${file}.svg`)}
          >
            SVG
          </button>
          <button
            type="button"
            className="btn btn-small"
            aria-label="Export phase plot data as CSV"
            data-testid="chart-phase-csv"
            disabled={!data}
            onClick={() => data && exportCsv(phaseCsv(data, labels), `${file}.csv`)}
          >
            CSV
          </button>
        </span>
      </figcaption>
      <div className="phase-status" data-testid="phase-status" data-points={points}>
        max(x₁/x₂, x₂/x₁) = {Number.isFinite(ratio) ? ratio.toFixed(2) : '—'}
      </div>
      <div className="chart-plot phase-plot" ref={boxRef}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${labels[0]} against ${labels[1]} rate, as fractions of the bottleneck`}
          style={{ width: size, height: size }}
        />
      </div>
    </figure>
  );
}
