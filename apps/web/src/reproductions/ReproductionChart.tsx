/** One metric of a reproduction result: ours per point with its interval, the paper's markers; exports. */
import { useEffect, useMemo, useRef } from 'react';
import { exportPng, exportSvg } from '../charts/exportChart';
import { drawReproductionChart, type ReproductionChartInput } from './drawReproductionChart';
import type { PlotModel } from './reportModel';

const WIDTH = 490;

export function ReproductionChart({ entryId, plot, source }: { entryId: string; plot: PlotModel; source: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const input: ReproductionChartInput = useMemo(
    () => ({ width: WIDTH, title: `${plot.title} by point`, source, plot }),
    [plot, source],
  );
  useEffect(() => {
    if (ref.current) drawReproductionChart(ref.current, input);
  }, [input]);
  const file = `${entryId}-${plot.metric.replace(/[^A-Za-z0-9_.-]+/g, '_')}`;
  const svgForExport = () => {
    const el = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    drawReproductionChart(el, input);
    return el;
  };
  const what = `${plot.title} by point, ${source}`;
  return (
    <figure className="chart reproduction-chart" data-testid="reproduction-chart">
      <figcaption className="chart-head">
        <span className="chart-title">{plot.title}</span>
        <span className="chart-actions">
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Export ${what} as PNG`}
            onClick={() => void exportPng(svgForExport(), input.title, `${file}.png`)}
          >
            PNG
          </button>
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Export ${what} as SVG`}
            onClick={() => exportSvg(svgForExport(), input.title, `${file}.svg`)}
          >
            SVG
          </button>
        </span>
      </figcaption>
      <svg ref={ref} role="img" aria-label={what} />
    </figure>
  );
}
