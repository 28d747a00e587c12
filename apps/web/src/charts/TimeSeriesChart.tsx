/**
 * One live chart: drawn on a canvas (redrawn at most every REDRAW_MS while data arrives), a
 * legend whose entries toggle series, a tooltip with the values under the cursor, drag-to-zoom on
 * time (double-click resets), and export as PNG, SVG and CSV. Exports build a D3 SVG from the
 * same data the canvas shows.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import type { SeriesStore } from '../state/SeriesStore';
import {
  chartLines,
  nearestIndex,
  nothingToShow,
  toCsv,
  CHARTS,
  type ChartKind,
  type FlowStyle,
  type LineSeries,
} from './chartData';
import { drawChartCanvas, type DrawInput } from './drawChart';
import type { AxisLayout } from './chartLayout';
import { markerPoints } from './markers';
import { chartExportSvg } from './exportLegend';
import { exportCsv, exportPng, exportSvg } from './exportChart';
import { ChartLegend } from './ChartLegend';
import { seconds } from '../run/liveChanges';
import { PRESENTATION_CHART_FONT_PX } from '../present/PresentationMode';

/** Builds a chart's lines from the series (views of its columns). Keep its identity stable. */
export type LineSource = (store: SeriesStore, flows: readonly FlowStyle[]) => LineSeries[];

interface Props {
  kind: ChartKind;
  /** Probed ports to show (queue chart, all-ports view). */
  ports?: readonly string[] | null;
  /** Flows to show (flow charts; all if null or absent). */
  shownFlows?: readonly string[] | null;
  /** Lines other than the kind's own (the queue chart's per-port views), and their axis label. */
  source?: LineSource;
  yLabel?: string;
  /** Names the export files after the view (e.g. "queue-r1-r2-backlog"). */
  fileSuffix?: string;
  toolbar?: React.ReactNode;
}

const REDRAW_MS = 250;
const PHASE: Record<ChartKind, number> = {
  cwnd: 0,
  queue: 1,
  throughput: 2,
  rtt: 3,
  delay: 3.5,
  snr: 0.5,
  uerate: 2.5,
};

export function TimeSeriesChart({ kind, ports = null, shownFlows = null, source, yLabel, fileSuffix, toolbar }: Props) {
  const lab = useLab();
  const spec = yLabel ? { ...CHARTS[kind], yLabel } : CHARTS[kind];
  const flows = useStore(lab.scenario, (s) => s.scenario.flows);
  const name = useStore(lab.scenario, (s) => s.scenario.name ?? 'scenario');
  const durationNs = useStore(lab.run, (s) => s.durationNs);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 400, h: 200 });
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [zoom, setZoom] = useState<[number, number] | null>(null);
  const [cursor, setCursor] = useState<{ t: number; px: number } | null>(null);
  const [brush, setBrush] = useState<{ x0: number; x1: number } | null>(null);
  const [version, setVersion] = useState(0);
  // the axes as last drawn: the pointer's time is read against them
  const drawn = useRef<{ layout: AxisLayout; domain: [number, number] } | null>(null);

  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Redraw when new samples arrive, at most every REDRAW_MS.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const unsub = lab.series.subscribe(() => {
      if (timer) return;
      const now = performance.now();
      let due = now + Math.max(0, REDRAW_MS - (now - last));
      // While data streams in, each chart redraws in its own quarter of the REDRAW_MS period, so
      // the four charts' redraws (and their rasterisation) never land on the same frame.
      if (now - last < 2 * REDRAW_MS) {
        const offset = PHASE[kind] * (REDRAW_MS / 4);
        due = Math.ceil((due - offset) / REDRAW_MS) * REDRAW_MS + offset;
      }
      timer = setTimeout(() => {
        timer = null;
        last = performance.now();
        setVersion((v) => v + 1);
      }, due - now);
    });
    return () => {
      unsub();
      if (timer) clearTimeout(timer);
    };
  }, [lab, kind]);

  const xDomain = useCallback((): [number, number] => {
    if (zoom) return zoom;
    const meta = lab.series.meta;
    const lastT = lab.series.times().at(-1) ?? 0;
    const dur = meta ? meta.durationNs / 1e9 : 10;
    return [0, Math.min(dur, Math.max(lastT, Math.min(dur, 10)))];
  }, [lab, zoom]);

  const build = useCallback(
    () => (source ? source(lab.series, flows) : chartLines(kind, lab.series, flows, ports, shownFlows)),
    [source, kind, lab, flows, ports, shownFlows],
  );
  // The lines are views on the series columns, taken again when new samples arrive; a run pinned
  // for comparison (A) is drawn dashed beside them.
  const allPinned = useStore(lab.ui, (s) => (source ? null : (s.pinned?.lines[kind] ?? null)));
  const pinned = useMemo(
    () =>
      allPinned && shownFlows ? allPinned.filter((l) => shownFlows.some((id) => l.key.endsWith(`:${id}`))) : allPinned,
    [allPinned, shownFlows],
  );
  const lines: LineSeries[] = useMemo(
    () => (pinned ? [...pinned, ...build()] : build()),
    [build, version, durationNs, pinned],
  );

  const markerKinds = useMemo(() => (kind === 'cwnd' ? [...lab.series.markerKinds].sort() : []), [kind, lab, version]);

  const events = useStore(lab.scenario, (s) => s.scenario.events);
  const presenting = useStore(lab.ui, (s) => s.presentation);
  const changes = useMemo(() => (events ?? []).map((e) => seconds(e.at)).filter(Number.isFinite), [events]);

  const drawInput = useCallback(
    (cursorT: number | null, ls: LineSeries[] = lines): DrawInput => {
      const [x0, x1] = xDomain();
      // one marker per flow, kind and pixel column of the plot (markers.ts)
      const markers =
        kind === 'cwnd'
          ? markerPoints(lab.series.markers, ls, lab.series.meta?.flowIds ?? [], {
              x0,
              x1,
              columns: Math.max(1, Math.round(size.w)),
              hidden,
            })
          : [];
      return {
        width: size.w,
        height: size.h,
        lines: ls,
        hidden,
        xDomain: xDomain(),
        yLabel: spec.yLabel,
        markers,
        cursor: cursorT,
        changes,
        fontPx: presenting ? PRESENTATION_CHART_FONT_PX : 11,
      };
    },
    [kind, lab, lines, size, hidden, xDomain, spec.yLabel, changes, presenting],
  );

  useEffect(() => {
    const cv = canvasRef.current;
    if (!cv || size.w < 40 || size.h < 40) return;
    const inp = drawInput(cursor?.t ?? null);
    const layout = drawChartCanvas(cv, inp, window.devicePixelRatio || 1);
    drawn.current = layout ? { layout, domain: inp.xDomain } : null;
  }, [drawInput, size, cursor]);

  /** Exports read the series as they are now (the canvas may be up to one redraw behind). */
  const freshLines = build;
  /** The chart as SVG (exports): drawn by D3 from the same input as the canvas, without the cursor,
   *  with the title above and a legend of every shown series below (exportLegend.ts). */
  const svgForExport = () => chartExportSvg(drawInput(null, freshLines()), spec.title);

  /** The time under a pointer at `clientX` and its x in the plot box (null outside the plot). */
  const dataX = (clientX: number): { t: number; px: number } | null => {
    const cv = canvasRef.current;
    const d = drawn.current;
    if (!cv || !d) return null;
    const px = clientX - cv.getBoundingClientRect().left - d.layout.margin.left;
    if (px < 0 || px > d.layout.iw) return null;
    const [a, b] = d.domain;
    return { t: a + ((b - a) * px) / d.layout.iw, px: px + d.layout.margin.left };
  };
  /** The time at x `px` of the plot box (the brush's start). */
  const timeAt = (px: number): number => {
    const d = drawn.current;
    if (!d) return 0;
    const [a, b] = d.domain;
    return a + ((b - a) * (px - d.layout.margin.left)) / d.layout.iw;
  };

  const toggle = useCallback(
    (key: string) =>
      setHidden((h) => {
        const n = new Set(h);
        if (n.has(key)) n.delete(key);
        else n.add(key);
        return n;
      }),
    [],
  );
  const file = `${name.replace(/[^A-Za-z0-9]+/g, '-')}-${kind}${fileSuffix ? `-${fileSuffix.replace(/[^A-Za-z0-9]+/g, '-')}` : ''}`;
  const visibleLines = () => lines.filter((l) => !hidden.has(l.key));
  const tooltipRows = cursor
    ? visibleLines().map((l) => {
        const i = nearestIndex(l.x, cursor.t);
        const v = i >= 0 ? (l.value ?? l.y)[i]! : NaN;
        // a range band reads "min–max"
        const lo = l.range && l.base && i >= 0 ? l.base[i]! : NaN;
        const text = !Number.isFinite(v)
          ? '—'
          : Number.isFinite(lo)
            ? `${formatValue(lo)}–${formatValue(v)}`
            : formatValue(v);
        return { key: l.key, label: l.label, color: l.color, text };
      })
    : [];
  // no flow of the run has what this chart shows (and no pinned run to draw): say so in one line
  const empty = !source && !pinned ? nothingToShow(kind, lab.series) : null;

  return (
    <figure className={`chart chart-${kind}`} data-testid={`chart-${kind}`} aria-label={`${spec.title} chart`}>
      <figcaption className="chart-head">
        <span className="chart-title" title={spec.help}>
          {spec.title}
        </span>
        {toolbar}
        <span className="chart-actions">
          {zoom && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setZoom(null)}
              data-testid={`chart-${kind}-unzoom`}
            >
              Reset zoom
            </button>
          )}
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Export ${spec.title} chart as PNG`}
            data-testid={`chart-${kind}-png`}
            onClick={() => void exportPng(svgForExport(), spec.title, `${file}.png`)}
          >
            PNG
          </button>
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Export ${spec.title} chart as SVG`}
            data-testid={`chart-${kind}-svg`}
            onClick={() => exportSvg(svgForExport(), spec.title, `${file}.svg`)}
          >
            SVG
          </button>
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Export ${spec.title} data as CSV`}
            data-testid={`chart-${kind}-csv`}
            onClick={() => exportCsv(toCsv(freshLines().filter((l) => !hidden.has(l.key))), `${file}.csv`)}
          >
            CSV
          </button>
        </span>
      </figcaption>
      {empty === null && <ChartLegend lines={lines} hidden={hidden} onToggle={toggle} markerKinds={markerKinds} />}
      <div
        className="chart-plot"
        ref={boxRef}
        onPointerMove={(e) => {
          const d = dataX(e.clientX);
          setCursor(d);
          if (brush && d) setBrush({ ...brush, x1: d.px });
        }}
        onPointerLeave={() => {
          setCursor(null);
          setBrush(null);
        }}
        onPointerDown={(e) => {
          const d = dataX(e.clientX);
          if (d) {
            setBrush({ x0: d.px, x1: d.px });
            (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
          }
        }}
        onPointerUp={(e) => {
          const d = dataX(e.clientX);
          if (brush && d && Math.abs(d.px - brush.x0) > 6) {
            const a = timeAt(brush.x0);
            setZoom([Math.min(a, d.t), Math.max(a, d.t)]);
          }
          setBrush(null);
        }}
        onDoubleClick={() => setZoom(null)}
      >
        {empty && (
          <p className="chart-empty" data-testid={`chart-${kind}-empty`}>
            {empty}
          </p>
        )}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${spec.title} over time`}
          hidden={empty !== null}
          style={{ width: size.w, height: size.h }}
        />
        {/* What the canvas shows, series by series, for assistive tech and tests (not rendered). */}
        <svg className="chart-index" aria-hidden="true">
          {lines
            .filter((l) => !hidden.has(l.key))
            .map((l) => (
              <path key={l.key} data-series={l.key} data-points={l.x.length} />
            ))}
        </svg>
        {brush && Math.abs(brush.x1 - brush.x0) > 2 && (
          <div
            className="chart-brush"
            style={{
              left: Math.min(brush.x0, brush.x1),
              width: Math.abs(brush.x1 - brush.x0),
              top: drawn.current?.layout.margin.top ?? 0,
              bottom: drawn.current?.layout.margin.bottom ?? 0,
            }}
          />
        )}
        {cursor && tooltipRows.length > 0 && !brush && (
          <div
            className={`chart-tooltip${cursor.px > size.w / 2 ? ' left' : ''}`}
            style={{ left: cursor.px }}
            role="status"
          >
            <div className="tt-time">t = {cursor.t.toFixed(2)} s</div>
            {tooltipRows.map((r) => (
              <div key={r.key} className="tt-row">
                <span className="swatch" style={{ background: r.color }} />
                {r.label}
                <b>{r.text}</b>
              </div>
            ))}
          </div>
        )}
      </div>
    </figure>
  );
}

function formatValue(v: number): string {
  const a = Math.abs(v);
  return a >= 100 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : v.toFixed(2);
}
