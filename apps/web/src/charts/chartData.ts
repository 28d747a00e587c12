/**
 * Chart data transforms: from the series store to drawable lines, decimation for drawing, and
 * CSV export. Pure functions, unit-tested.
 */
import { flowColor, flowDash } from '../palette';
import type { SeriesStore } from '../state/SeriesStore';

export interface LineSeries {
  key: string;
  label: string;
  color: string;
  dash?: string | undefined;
  x: Float64Array;
  /** The drawn value; for a stacked series, the top of its band (the running sum). */
  y: Float64Array;
  /** Draw as a step function (queue lengths). */
  step?: boolean;
  /** Unit of the values, written into CSV headers ("packets", "ms"). */
  unit?: string;
  /**
   * Stacked series (a band from `base` to `y`, filled): the series' own values are `value`; every
   * series of one `stack` shares the decimation of the topmost, so the bands stay aligned.
   */
  stack?: string;
  base?: Float64Array;
  value?: Float64Array;
  /**
   * A range band (the delay chart's per-interval min–max): `base` holds the smallest values, `y`
   * the largest; drawn translucent (RANGE_OPACITY), its CSV has a min and a max column.
   */
  range?: boolean;
}

/** Opacity of a range band's fill (lines drawn over it stay readable). */
export const RANGE_OPACITY = 0.25;

export type ChartKind = 'cwnd' | 'queue' | 'throughput' | 'rtt' | 'delay' | 'snr' | 'uerate';

export interface ChartSpec {
  kind: ChartKind;
  title: string;
  yLabel: string;
  /** Multiplier from stored units to displayed units. */
  yScale: number;
  /** What the chart shows, beyond its title (the title's tooltip). */
  help?: string;
}

export const CHARTS: Record<ChartKind, ChartSpec> = {
  cwnd: { kind: 'cwnd', title: 'Congestion window', yLabel: 'cwnd (segments)', yScale: 1 },
  queue: { kind: 'queue', title: 'Queue', yLabel: 'queue (packets)', yScale: 1 },
  throughput: { kind: 'throughput', title: 'Throughput', yLabel: 'throughput (Mb/s)', yScale: 1e-6 },
  rtt: { kind: 'rtt', title: 'Round-trip time', yLabel: 'smoothed RTT (ms)', yScale: 1 },
  delay: {
    kind: 'delay',
    title: 'One-way delay',
    yLabel: 'delay (ms)',
    yScale: 1,
    help:
      'Data packets, sender to receiver (queueing + serialization + propagation). Band: smallest to largest delay ' +
      'of the packets that arrived in each sampling interval. Lines: mean and 95th percentile of all the ' +
      'flow’s packets since the run began.',
  },
  snr: { kind: 'snr', title: 'UE channel SNR', yLabel: 'SNR (dB)', yScale: 1 },
  uerate: { kind: 'uerate', title: 'UE channel rate (AMC)', yLabel: 'rate (Mb/s)', yScale: 1e-6 },
};

export interface FlowStyle {
  id: string;
  color?: string | undefined;
}

function scaled(col: Float64Array, k: number): Float64Array {
  if (k === 1) return col;
  const out = new Float64Array(col.length);
  for (let i = 0; i < col.length; i++) out[i] = col[i]! * k;
  return out;
}

/**
 * The lines of one chart. Queue charts show the probed ports listed in `ports` (all if null); the
 * flow charts the flows listed in `shownFlows` (all if null or absent).
 */
export function chartLines(
  kind: ChartKind,
  store: SeriesStore,
  flows: readonly FlowStyle[],
  ports: readonly string[] | null,
  shownFlows: readonly string[] | null = null,
): LineSeries[] {
  const meta = store.meta;
  if (!meta) return [];
  const out: LineSeries[] = [];
  if (kind === 'snr' || kind === 'uerate') return ueLines(kind, store);
  if (kind === 'queue') {
    // when the ports' disciplines differ (a comparison), each line says which it is
    // by name, once (a search per port made a network of 2,500 probed ports ten million comparisons a redraw)
    const discs = new Map(meta.ports.map((p) => [p.name, p.queue]));
    const discOf = (name: string) => discs.get(name) ?? '';
    const wanted = ports ? new Set(ports) : null;
    const mixed = new Set(meta.probedPorts.map(discOf)).size > 1;
    meta.probedPorts.forEach((name, i) => {
      if (wanted && !wanted.has(name)) return;
      const c = store.ports[i]!;
      out.push({
        key: `port:${name}`,
        label: mixed ? `${name} (${discOf(name)})` : name,
        color: portColor(i),
        x: c.column('t'),
        y: c.column('queuePackets'),
        step: true,
        unit: 'packets',
      });
    });
    return out;
  }
  // by id, once (a search per flow made a chart of 1,000 flows a million comparisons a redraw)
  const styles = new Map(flows.map((f) => [f.id, f]));
  const shown = shownFlows ? new Set(shownFlows) : null;
  meta.flowIds.forEach((id, i) => {
    if (shown && !shown.has(id)) return;
    const c = store.flows[i]!;
    const style = styles.get(id);
    const color = flowColor(i, style?.color);
    const x = c.column('t');
    // a flow's transport may have no window (UDP, TFRC) or no RTT (UDP): no line, no legend entry
    const traits = meta.flowTraits?.[i] ?? { window: true, rtt: true };
    if ((kind === 'cwnd' && !traits.window) || (kind === 'rtt' && !traits.rtt)) return;
    if (kind === 'delay') {
      out.push(...delayLines(id, i, color, x, (col) => c.column(col)));
      return;
    }
    if (kind === 'cwnd') {
      const cwnd = c.column('cwnd');
      out.push({ key: `cwnd:${id}`, label: `${id} cwnd`, color, dash: flowDash(i), x, y: cwnd, unit: 'segments' });
      out.push({
        key: `ssthresh:${id}`,
        label: `${id} ssthresh`,
        color,
        dash: '4 4',
        x,
        y: hideAbove(c.column('ssthresh'), 2 * maxFinite(cwnd)),
        unit: 'segments',
      });
    } else if (kind === 'throughput') {
      out.push({
        key: `thr:${id}`,
        label: id,
        color,
        dash: flowDash(i),
        x,
        y: scaled(c.column('throughputBps'), CHARTS.throughput.yScale),
        unit: 'Mb/s',
      });
    } else {
      out.push({
        key: `rtt:${id}`,
        label: id,
        color,
        dash: flowDash(i),
        x,
        y: zeroAsGap(c.column('srttMs')),
        unit: 'ms',
      });
    }
  });
  return out;
}

/** Dash pattern of a flow's p95 delay line (dotted). */
export const P95_DASH = '1 3';

/**
 * A flow's one-way delay (the engine's delay columns, docs/models.md): a translucent band from the
 * smallest to the largest delay of the packets that arrived in each sample interval (every packet
 * lies inside it), and the mean and 95th percentile of all its packets since the start of the run.
 */
export function delayLines(
  id: string,
  i: number,
  color: string,
  x: Float64Array,
  column: (name: string) => Float64Array,
): LineSeries[] {
  return [
    {
      key: `delayrange:${id}`,
      label: `${id} min–max`,
      color,
      x,
      y: column('delayMaxMs'),
      base: column('delayMinMs'),
      stack: `delayrange:${id}`,
      range: true,
      unit: 'ms',
    },
    {
      key: `delaymean:${id}`,
      label: `${id} mean`,
      color,
      dash: flowDash(i),
      x,
      y: column('delayRunMeanMs'),
      unit: 'ms',
    },
    // dotted: apart from the mean's dash pattern, which tells flows of one colour apart (flowDash)
    { key: `delayp95:${id}`, label: `${id} p95`, color, dash: P95_DASH, x, y: column('delayRunP95Ms'), unit: 'ms' },
  ];
}

/**
 * The flows the delay chart shows until the user picks: all of up to four; of more, those that
 * measure no round-trip time (UDP/CBR — the latency-sensitive flows, whose delay no other chart
 * shows), or the first four when every flow measures one.
 */
export function defaultDelayFlows(store: SeriesStore): string[] {
  const meta = store.meta;
  if (!meta) return [];
  const ids = meta.flowIds;
  if (ids.length <= 4) return [...ids];
  const noRtt = ids.filter((_, i) => meta.flowTraits?.[i]?.rtt === false);
  return noRtt.length > 0 ? noRtt : ids.slice(0, 4);
}

/** What a chart says in place of an empty plot when no flow of the run has what it shows. */
export function nothingToShow(kind: ChartKind, store: SeriesStore): string | null {
  const meta = store.meta;
  if (!meta) return null;
  const traits = meta.flowIds.map((_, i) => meta.flowTraits?.[i] ?? { window: true, rtt: true });
  if (kind === 'cwnd' || kind === 'rtt' || kind === 'throughput' || kind === 'delay') {
    if (meta.flowIds.length === 0) return 'No flows in this scenario: add one to chart it.';
  }
  if (kind === 'cwnd' && !traits.some((t) => t.window))
    return 'No flow here has a congestion window (UDP/CBR and rate-based TFRC/CCID 3 flows have none).';
  if (kind === 'rtt' && !traits.some((t) => t.rtt))
    return 'No flow here measures a round-trip time (UDP flows do not).';
  return null;
}

/**
 * One line per UE behind a base station: its channel's SNR in the slot at each sample, or the rate
 * adaptive modulation gives it then (0 in an outage). Labelled "BS→UE" when there are several
 * base stations, else by the UE.
 */
export function ueLines(kind: 'snr' | 'uerate', store: SeriesStore): LineSeries[] {
  const bss = store.meta?.baseStations ?? [];
  const out: LineSeries[] = [];
  for (const bs of bss)
    bs.ues.forEach((ue, j) => {
      const c = store.ues[bs.firstUe + j];
      if (!c) return;
      const k = bs.firstUe + j;
      out.push({
        key: `${kind}:${bs.name}:${ue}`,
        label: bss.length > 1 ? `${bs.name}→${ue}` : ue,
        color: portColor(k + 1),
        dash: flowDash(k),
        x: c.column('t'),
        y: kind === 'snr' ? c.column('snrDb') : scaled(c.column('rateBps'), CHARTS.uerate.yScale),
        step: true,
      });
    });
  return out;
}

/** What the per-slot view of the UE chart shows: each UE's SNR or AMC rate per slot, or the served UE. */
export type SlotView = 'snr' | 'rate' | 'served';

export const SLOT_VIEW_LABELS: Record<SlotView, string> = {
  snr: 'SNR (dB)',
  rate: 'rate (Mb/s)',
  served: 'UE (0: none)',
};

/**
 * The channel as each base station's scheduler saw it, one point per TDMA slot (its slot series):
 * each UE's SNR or AMC rate in the slot, and a "served" line at the value of the UE the slot went
 * to — or, for `served`, the served UE's number (1 for the first UE, 0 when the slot served none).
 */
export function slotLines(view: SlotView, store: SeriesStore): LineSeries[] {
  const bss = store.meta?.baseStations ?? [];
  const out: LineSeries[] = [];
  bss.forEach((bs, b) => {
    const c = store.slots[b];
    if (!c) return;
    const x = c.column('t');
    const served = c.column('served');
    const prefix = bss.length > 1 ? `${bs.name} ` : '';
    if (view === 'served') {
      const y = new Float64Array(served.length);
      for (let i = 0; i < y.length; i++) y[i] = served[i]! + 1;
      out.push({ key: `slot:served:${bs.name}`, label: `${prefix}served UE`, color: portColor(b), x, y, step: true });
      return;
    }
    const col = view === 'snr' ? 'snrDb' : 'rateBps';
    const k = view === 'snr' ? 1 : CHARTS.uerate.yScale;
    const unit = view === 'snr' ? 'dB' : 'Mb/s';
    const ys = bs.ues.map((ue) => scaled(c.column(`${col}:${ue}`), k));
    bs.ues.forEach((ue, j) => {
      const at = bs.firstUe + j;
      out.push({
        key: `slot:${view}:${bs.name}:${ue}`,
        label: bss.length > 1 ? `${bs.name}→${ue}` : ue,
        color: portColor(at + 1),
        dash: flowDash(at),
        x,
        y: ys[j]!,
        step: true,
        unit,
      });
    });
    const y = new Float64Array(served.length);
    for (let i = 0; i < y.length; i++) y[i] = served[i]! >= 0 ? ys[served[i]!]![i]! : NaN;
    out.push({
      key: `slot:${view}:${bs.name}:served`,
      label: `${prefix}served UE's ${view === 'snr' ? 'SNR' : 'rate'}`,
      color: '#000000',
      x,
      y,
      step: true,
      unit,
    });
  });
  return out;
}

const PORT_PALETTE = ['#333333', '#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];
export function portColor(i: number): string {
  return PORT_PALETTE[i % PORT_PALETTE.length]!;
}

/**
 * ssthresh starts "infinite" (a huge initial value): values above `limit` (twice the largest
 * cwnd) are shown as a gap so they do not flatten the cwnd lines.
 */
export function hideAbove(col: Float64Array, limit: number): Float64Array {
  const out = new Float64Array(col.length);
  for (let i = 0; i < col.length; i++) out[i] = col[i]! > limit ? NaN : col[i]!;
  return out;
}

export function maxFinite(col: Float64Array): number {
  let m = 0;
  for (let i = 0; i < col.length; i++) if (Number.isFinite(col[i]!) && col[i]! > m) m = col[i]!;
  return m;
}

/** An RTT of 0 means "no sample yet": show a gap. */
export function zeroAsGap(col: Float64Array): Float64Array {
  const out = new Float64Array(col.length);
  for (let i = 0; i < col.length; i++) out[i] = col[i]! > 0 ? col[i]! : NaN;
  return out;
}

/**
 * Reduces a line to at most ~2 points per pixel column while keeping each bucket's first, min,
 * max and last point, so peaks (the sawtooth's tops) survive decimation. Returns indices.
 */
export function decimate(x: Float64Array, y: Float64Array, x0: number, x1: number, buckets: number): number[] {
  const n = x.length;
  const idx: number[] = [];
  if (n === 0) return idx;
  if (n <= buckets * 4) {
    for (let i = 0; i < n; i++) if (x[i]! >= x0 && x[i]! <= x1) idx.push(i);
    return withNeighbours(idx, n);
  }
  const w = (x1 - x0) / buckets || 1;
  let i = 0;
  while (i < n && x[i]! < x0) i++;
  const startI = i;
  while (i < n && x[i]! <= x1) {
    const b = Math.floor((x[i]! - x0) / w);
    const first = i;
    let lo = i;
    let hi = i;
    while (i < n && x[i]! <= x1 && Math.floor((x[i]! - x0) / w) === b) {
      if (y[i]! < y[lo]! || Number.isNaN(y[lo]!)) lo = i;
      if (y[i]! > y[hi]! || Number.isNaN(y[hi]!)) hi = i;
      i++;
    }
    const last = i - 1;
    for (const k of [...new Set([first, lo, hi, last])].sort((a, b2) => a - b2)) idx.push(k);
  }
  if (idx.length === 0 && startI > 0) return [startI - 1];
  return withNeighbours(idx, n);
}

/** Adds the points just outside the window so lines reach the chart edges. */
function withNeighbours(idx: number[], n: number): number[] {
  if (idx.length === 0) return idx;
  const first = idx[0]!;
  const last = idx[idx.length - 1]!;
  if (first > 0) idx.unshift(first - 1);
  if (last < n - 1) idx.push(last + 1);
  return idx;
}

/** [min, max] of the finite values of the lines within [x0, x1]. */
export function yExtent(lines: readonly LineSeries[], x0: number, x1: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const l of lines) {
    for (let i = 0; i < l.x.length; i++) {
      const xv = l.x[i]!;
      if (xv < x0 || xv > x1) continue;
      const v = l.y[i]!;
      if (Number.isFinite(v)) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
  }
  if (lo === Infinity) return [0, 1];
  const low = Math.min(0, lo);
  return [low, hi <= low ? low + 1 : hi];
}

/** Index of the sample nearest to `t` in a sorted column. */
export function nearestIndex(x: Float64Array, t: number): number {
  let lo = 0;
  let hi = x.length - 1;
  if (hi < 0) return -1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs(x[lo - 1]! - t) <= Math.abs(x[lo]! - t)) return lo - 1;
  return lo;
}

function csvField(s: string): string {
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV column header: the series' label with its unit, "f0 cwnd (segments)". */
export function csvHeader(l: LineSeries): string {
  return l.unit ? `${l.label} (${l.unit})` : l.label;
}

/**
 * CSV with one time column and one column per line (headers with units; a stacked series' own
 * values, not its band top). Lines sharing the time base (all series of one run do) are joined
 * row by row; a missing value is left empty.
 */
export function toCsv(lines: readonly LineSeries[], timeLabel = 't (s)'): string {
  const times = new Set<number>();
  for (const l of lines) for (const t of l.x) times.add(t);
  const sorted = [...times].sort((a, b) => a - b);
  // a range band is two columns, its smallest and its largest values
  const cols = lines.flatMap((l): { l: LineSeries; v: Float64Array; header: string }[] =>
    l.range && l.base
      ? [
          { l, v: l.base, header: csvHeader({ ...l, label: `${l.label.replace(/ min–max$/, '')} min` }) },
          { l, v: l.y, header: csvHeader({ ...l, label: `${l.label.replace(/ min–max$/, '')} max` }) },
        ]
      : [{ l, v: l.value ?? l.y, header: csvHeader(l) }],
  );
  const maps = cols.map(({ l, v }) => {
    const m = new Map<number, number>();
    l.x.forEach((t, i) => m.set(t, v[i]!));
    return m;
  });
  const rows = [[timeLabel, ...cols.map((c) => c.header)].map(csvField).join(',')];
  for (const t of sorted) {
    rows.push(
      [
        String(t),
        ...maps.map((m) => {
          const v = m.get(t);
          return v === undefined || Number.isNaN(v) ? '' : String(v);
        }),
      ].join(','),
    );
  }
  return rows.join('\n') + '\n';
}
