/**
 * Flow-event markers for the cwnd chart (▼ fast retransmit, ✕ timeout, …), placed on their flow's
 * cwnd line. A long run of many flows has tens of thousands of events (the store keeps up to
 * MAX_MARKERS); most of them would land on top of each other, and looking each one's line up among
 * every line made the chart's redraw grow with the run's length. So lines are
 * found by key once, and within a drawing window at most one marker of each flow and kind is kept
 * per pixel column: the picture is the same (one glyph over another is not seen), the work per
 * redraw is bounded by what is on screen. Pure functions, unit-tested.
 */
import type { FlowMarker } from '../state/SeriesStore';
import { nearestIndex, type LineSeries } from './chartData';
import type { MarkerPoint } from './drawChart';

/** The time window drawn and its width in pixel columns (one marker per flow, kind and column). */
export interface MarkerWindow {
  x0: number;
  x1: number;
  columns: number;
  /** Line keys not drawn (legend toggles): their markers are left out too. */
  hidden?: ReadonlySet<string>;
}

/** Markers for a chart (cwnd only), with the y they sit at on their flow's cwnd line. */
export function markerPoints(
  markers: readonly FlowMarker[],
  lines: readonly LineSeries[],
  flowIds: readonly string[],
  window?: MarkerWindow,
): MarkerPoint[] {
  const out: MarkerPoint[] = [];
  const byKey = new Map<string, LineSeries>();
  for (const l of lines) if (l.key.startsWith('cwnd:') && !byKey.has(l.key)) byKey.set(l.key, l);
  // the line of each flow index, looked up once per flow
  const lineOf = new Map<number, LineSeries | null>();
  // (flow, kind, column) as one number: no string made per marker
  const seen = new Set<number>();
  const kinds = new Map<string, number>();
  const columns = window ? Math.max(1, Math.floor(window.columns)) : 1;
  const span = window ? window.x1 - window.x0 : 0;
  for (const m of markers) {
    let line = lineOf.get(m.flow);
    if (line === undefined) {
      const id = flowIds[m.flow];
      const key = `cwnd:${id}`;
      line = id !== undefined && !window?.hidden?.has(key) ? (byKey.get(key) ?? null) : null;
      lineOf.set(m.flow, line);
    }
    if (!line || line.x.length === 0) continue;
    if (window) {
      if (m.t < window.x0 || m.t > window.x1) continue;
      const col = span > 0 ? Math.min(columns, Math.floor(((m.t - window.x0) / span) * columns)) : 0;
      let kind = kinds.get(m.kind);
      if (kind === undefined) kinds.set(m.kind, (kind = kinds.size));
      const k = (m.flow * 1024 + kind) * (columns + 1) + col; // far fewer than 1,024 event kinds
      if (seen.has(k)) continue;
      seen.add(k);
    }
    const i = nearestIndex(line.x, m.t);
    out.push({ t: m.t, y: line.y[i]!, kind: m.kind, color: line.color, flow: flowIds[m.flow]! });
  }
  return out;
}
