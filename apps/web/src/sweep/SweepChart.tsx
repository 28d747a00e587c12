/** One metric of a finished (or running) sweep against the swept parameter, with exports. */
import { useEffect, useMemo, useRef } from 'react';
import { summaryRowsCsv, sweepSummaryRows, valueLabel } from '@cclab/engine';
import { exportCsv, exportPng, exportSvg } from '../charts/exportChart';
import { drawSweepChart, type SweepChartInput, type SweepChartPoint } from './drawSweepChart';
import type { SweepResult } from './sweepStore';

const WIDTH = 470;
const HEIGHT = 270;

export function SweepChart({ result, metric }: { result: SweepResult; metric: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const m = result.plan.metrics.find((x) => x.name === metric)!;
  const rows = useMemo(
    () => sweepSummaryRows(result.plan, result.records).filter((r) => r.metric === metric),
    [result, metric],
  );
  const input: SweepChartInput = useMemo(() => {
    const points: SweepChartPoint[] = rows.map((r) => {
      const point = result.plan.points.find((p) => p.id === r.point)!;
      const raw = result.xValues[point.index];
      return {
        x: typeof raw === 'number' ? raw : valueLabel(point.values[0]),
        label: valueLabel(point.values[0]),
        mean: r.mean,
        low: r.ciLow,
        high: r.ciHigh,
        n: r.n,
      };
    });
    const what = metricTitle(m.label, metric);
    return {
      width: WIDTH,
      height: HEIGHT,
      title: `${what} vs ${result.xLabel}`,
      xLabel: result.xUnit ? `${result.xLabel} (${result.xUnit})` : result.xLabel,
      yLabel: m.unit ? `${m.label} (${m.unit})` : m.label,
      points,
    };
  }, [rows, result, m, metric]);

  useEffect(() => {
    if (ref.current) drawSweepChart(ref.current, input);
  }, [input]);

  const file = `sweep-${metric.replace(/[^A-Za-z0-9_.-]+/g, '_')}`;
  const svgForExport = () => {
    const el = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    drawSweepChart(el, input);
    return el;
  };
  return (
    <figure className="chart sweep-chart" data-testid="sweep-chart" aria-label={`${input.title} chart`}>
      <figcaption className="chart-head">
        <span className="chart-title">{metricTitle(m.label, metric)}</span>
        <span className="chart-actions">
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Export ${input.title} as PNG`}
            onClick={() => void exportPng(svgForExport(), input.title, `${file}.png`)}
          >
            PNG
          </button>
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Export ${input.title} as SVG`}
            onClick={() => exportSvg(svgForExport(), input.title, `${file}.svg`)}
          >
            SVG
          </button>
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Export ${input.title} data as CSV`}
            data-testid="sweep-chart-csv"
            onClick={() => exportCsv(summaryRowsCsv(result.plan, rows), `${file}.csv`)}
          >
            CSV
          </button>
        </span>
      </figcaption>
      <svg ref={ref} role="img" aria-label={input.title} />
    </figure>
  );
}

/** "Mean queue at r1->r2" from the metric's label and its name's target. */
function metricTitle(label: string, name: string): string {
  const target = /\[(.*)\]$/.exec(name)?.[1];
  return target ? `${label} [${target}]` : label;
}
