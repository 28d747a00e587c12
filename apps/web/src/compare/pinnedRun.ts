/**
 * A/B comparison: a run pinned for comparison (its chart lines copied, its summary kept) and
 * the table of the pinned run beside the current one with the differences.
 */
import type { PageSummary } from '../worker/pageSummary';
import { chartLines, type ChartKind, type FlowStyle, type LineSeries } from '../charts/chartData';
import type { SeriesStore } from '../state/SeriesStore';
import { jainOf, lossPercent } from '../summary/figures';

export interface PinnedRun {
  /** What the run was (shown in the legend and the table): scenario name and time pinned. */
  label: string;
  summary: PageSummary;
  /**
   * Copies of the run's solid lines per chart (cwnd, throughput, RTT, the delay chart's mean), drawn
   * dashed under the live ones.
   */
  lines: Partial<Record<ChartKind, LineSeries[]>>;
}

/** Dash pattern of a pinned run's lines (the live run's are solid). */
export const PINNED_DASH = '2 3';
const PINNED_KINDS: ChartKind[] = ['cwnd', 'throughput', 'rtt', 'delay'];

/** Pins the run the series store holds now: each solid line copied, restyled dashed. */
export function pinRun(
  store: SeriesStore,
  flows: readonly FlowStyle[],
  summary: PageSummary,
  label: string,
): PinnedRun {
  const lines: Partial<Record<ChartKind, LineSeries[]>> = {};
  for (const kind of PINNED_KINDS)
    lines[kind] = chartLines(kind, store, flows, null)
      .filter((l) => !l.dash && !l.base)
      .map((l) => ({
        key: `pinned:${l.key}`,
        label: `${l.label} (A)`,
        color: l.color,
        dash: PINNED_DASH,
        x: l.x.slice(),
        y: l.y.slice(),
        ...(l.step ? { step: true } : {}),
        ...(l.unit ? { unit: l.unit } : {}),
      }));
  return { label, summary, lines };
}

export interface CompareRow {
  what: string;
  unit: string;
  a: number | null;
  b: number | null;
  /** The flow a per-flow figure is of (none: Jain's index, the total). */
  flow?: string;
  /** Which per-flow figure (the compact table puts a flow's three in one row). */
  figure?: 'goodput' | 'delay' | 'loss';
}

/** The figures of both runs side by side: per flow (matched by id) goodput, delay, loss; then Jain and the total. */
export function compareRows(a: PageSummary, b: PageSummary): CompareRow[] {
  const rows: CompareRow[] = [];
  const ids = [...new Set([...a.flows.map((f) => f.id), ...b.flows.map((f) => f.id)])];
  for (const id of ids) {
    const fa = a.flows.find((f) => f.id === id);
    const fb = b.flows.find((f) => f.id === id);
    rows.push({
      what: `${id} goodput`,
      unit: 'Mb/s',
      a: fa ? fa.goodputBps / 1e6 : null,
      b: fb ? fb.goodputBps / 1e6 : null,
      flow: id,
      figure: 'goodput',
    });
    rows.push({
      what: `${id} mean delay`,
      unit: 'ms',
      a: fa?.meanDelayMs ?? null,
      b: fb?.meanDelayMs ?? null,
      flow: id,
      figure: 'delay',
    });
    rows.push({
      what: `${id} loss`,
      unit: '%',
      a: fa ? lossPercent(fa) : null,
      b: fb ? lossPercent(fb) : null,
      flow: id,
      figure: 'loss',
    });
  }
  rows.push({ what: "Jain's index", unit: '', a: jainOf(a), b: jainOf(b) });
  rows.push({ what: 'total goodput', unit: 'Mb/s', a: a.aggregateGoodputBps / 1e6, b: b.aggregateGoodputBps / 1e6 });
  return rows;
}

/** B − A, or null when either is missing or undefined. */
export function difference(r: CompareRow): number | null {
  if (r.a === null || r.b === null) return null;
  const d = r.b - r.a;
  return Number.isFinite(d) ? d : null;
}
