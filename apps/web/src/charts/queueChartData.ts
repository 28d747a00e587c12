/**
 * The queue chart's views of one probed port, built from the port's named columns and the
 * registry's probe metadata (`info.probes`): per-flow backlog stacked in flow colours with the
 * discipline's queue-sized state (RED's average and thresholds), sojourn time, drops and marks by
 * reason, and one view per other unit of the discipline's probes (PIE's drop probability, CoDel's
 * dropping state). Nothing here names a discipline: a new one's probes appear by themselves.
 * Pure functions, unit-tested.
 */
import type { ModelInfo } from '@cclab/engine';
import { flowColor } from '../palette';
import type { Columns, SeriesStore } from '../state/SeriesStore';
import type { FlowStyle, LineSeries } from './chartData';
import { reasonStyle } from '../dropStyles';

export interface ProbeMeta {
  /** Column name, `disc:<key>`. */
  column: string;
  key: string;
  label: string;
  unit: string;
  description: string;
  /** A count since the start of the run: charted with the drop and mark counts. */
  cumulative: boolean;
}

export interface QueueView {
  id: string;
  /** Shown in the view menu. */
  label: string;
  yLabel: string;
}

/**
 * Where a probe is drawn: counts so far with the drops and marks; levels by unit beside the
 * backlog (packets), the queue in bytes, the sojourn (times), or in a view of their own unit.
 */
function probeHome(p: ProbeMeta): 'backlog' | 'bytes' | 'sojourn' | 'drops' | 'own' {
  if (p.cumulative) return 'drops';
  const u = p.unit.trim().toLowerCase();
  if (u === 'packets' || u === 'packet' || u === 'pkts') return 'backlog';
  if (u === 'bytes' || u === 'b') return 'bytes';
  if (u === 'ms' || u === 's' || u === 'µs' || u === 'us') return 'sojourn';
  return 'own';
}

/** Multiplier from a time unit to milliseconds. */
function toMs(unit: string): number {
  const u = unit.trim().toLowerCase();
  return u === 's' ? 1e3 : u === 'µs' || u === 'us' ? 1e-3 : 1;
}

/**
 * The discipline probes recorded at a port: its `disc:<key>` columns, described by the registry
 * entries of the port's discipline (a column the registry does not describe keeps its key).
 */
export function portProbes(columns: readonly string[], infos: readonly (ModelInfo | undefined)[]): ProbeMeta[] {
  const described = infos.flatMap((i) => i?.probes ?? []);
  return columns
    .filter((c) => c.startsWith('disc:'))
    .map((column) => {
      const key = column.slice(5);
      const d = described.find((p) => p.key === key);
      return {
        column,
        key,
        label: d?.label ?? key,
        unit: d?.unit ?? '',
        description: d?.description ?? '',
        cumulative: d?.cumulative === true,
      };
    });
}

/** The views a port offers, in menu order. */
export function queueViews(columns: readonly string[], probes: readonly ProbeMeta[]): QueueView[] {
  const views: QueueView[] = [
    {
      id: 'backlog',
      label: columns.some((c) => c.startsWith('backlog:')) ? 'Backlog by flow' : 'Queue length',
      yLabel: 'queue (packets)',
    },
  ];
  if (probes.some((p) => probeHome(p) === 'bytes'))
    views.push({ id: 'bytes', label: 'Queue in bytes', yLabel: 'queue (bytes)' });
  views.push({ id: 'sojourn', label: 'Sojourn time', yLabel: 'sojourn (ms)' });
  views.push({ id: 'drops', label: 'Drops and marks', yLabel: 'packets so far' });
  const ownUnits = [...new Set(probes.filter((p) => probeHome(p) === 'own').map((p) => p.unit))];
  for (const unit of ownUnits) {
    const ps = probes.filter((p) => probeHome(p) === 'own' && p.unit === unit);
    views.push({
      id: `probe:${unit}`,
      label: ps.map((p) => p.label).join(', '),
      yLabel: unit ? `${ps.length === 1 ? ps[0]!.label : 'state'} (${unit})` : ps.length === 1 ? ps[0]!.label : 'state',
    });
  }
  return views;
}

/** True when every finite value is the same (a threshold, a configured target): drawn dashed. */
export function isConstant(y: Float64Array): boolean {
  let first = NaN;
  for (let i = 0; i < y.length; i++) {
    const v = y[i]!;
    if (!Number.isFinite(v)) continue;
    if (Number.isNaN(first)) first = v;
    else if (v !== first) return false;
  }
  return !Number.isNaN(first);
}

const PROBE_COLORS = ['#222222', '#7a4fa0', '#8c6d00', '#b5475b'];

function scaledCopy(col: Float64Array, k: number): Float64Array {
  if (k === 1) return col;
  return col.map((v) => v * k);
}

/** Lines of the discipline's probes that live in `home`, black and purple; constant ones dashed. */
function probeLines(c: Columns, probes: readonly ProbeMeta[], home: string, unit: string, k = 1): LineSeries[] {
  const x = c.column('t');
  return probes
    .filter((p) =>
      home.startsWith('probe:') ? probeHome(p) === 'own' && `probe:${p.unit}` === home : probeHome(p) === home,
    )
    .map((p, i) => {
      const y = scaledCopy(c.column(p.column), home === 'sojourn' ? toMs(p.unit) * k : k);
      return {
        key: p.column,
        label: p.label,
        color: PROBE_COLORS[i % PROBE_COLORS.length]!,
        dash: isConstant(y) ? '6 4' : undefined,
        x,
        y,
        step: true,
        unit: home === 'sojourn' ? 'ms' : p.unit || unit,
      };
    });
}

/** Whether a column holds a value above zero (a flow that has queued at the port). */
function everPositive(col: Float64Array): boolean {
  for (let i = 0; i < col.length; i++) if (col[i]! > 0) return true;
  return false;
}

/**
 * Per-flow backlog as stacked bands in flow colours (bottom to top in flow order), from the
 * port's `backlog:<flow id>` columns of the flows that have queued there (a flow whose path
 * avoids the port gets no band or legend entry); the port's total queue when there are none.
 */
function backlogLines(
  c: Columns,
  flowIds: readonly string[],
  flows: readonly FlowStyle[],
  portName: string,
): LineSeries[] {
  const x = c.column('t');
  const present = flowIds
    .map((id, i) => ({ id, i }))
    .filter(({ id }) => c.has(`backlog:${id}`) && everPositive(c.column(`backlog:${id}`)));
  if (present.length === 0)
    return [
      {
        key: `port:${portName}`,
        label: portName,
        color: '#333333',
        x,
        y: c.column('queuePackets'),
        step: true,
        unit: 'packets',
      },
    ];
  const out: LineSeries[] = [];
  let base: Float64Array = new Float64Array(x.length);
  for (const { id, i } of present) {
    const value = c.column(`backlog:${id}`);
    const top = new Float64Array(x.length);
    for (let j = 0; j < x.length; j++) top[j] = base[j]! + value[j]!;
    const style = flows.find((f) => f.id === id);
    out.push({
      key: `backlog:${id}`,
      label: id,
      color: flowColor(i, style?.color),
      x,
      y: top,
      base,
      value,
      stack: 'backlog',
      step: true,
      unit: 'packets',
    });
    base = top;
  }
  return out;
}

/** Cumulative drops (solid) and marks (dashed) by reason: only the reasons that occurred. */
function dropLines(c: Columns): LineSeries[] {
  const x = c.column('t');
  const out: LineSeries[] = [];
  for (const name of c.names) {
    const m = /^(drops|marks):(.+)$/.exec(name);
    if (!m) continue;
    const y = c.column(name);
    if (y.length === 0 || !(y[y.length - 1]! > 0)) continue;
    const mark = m[1] === 'marks';
    const reason = m[2]!;
    out.push({
      key: name,
      label: `${reason} ${mark ? 'marks' : 'drops'}`,
      color: reasonStyle(reason, mark).color,
      dash: mark ? '5 3' : undefined,
      x,
      y,
      step: true,
      unit: 'packets',
    });
  }
  return out;
}

/** The lines of one view of probed port `portIndex`. */
export function queueViewLines(
  store: SeriesStore,
  portIndex: number,
  view: string,
  probes: readonly ProbeMeta[],
  flows: readonly FlowStyle[],
): LineSeries[] {
  const meta = store.meta;
  const c = store.ports[portIndex];
  if (!meta || !c) return [];
  const name = meta.probedPorts[portIndex]!;
  const x = c.column('t');
  switch (view) {
    case 'backlog':
      return [...backlogLines(c, meta.flowIds, flows, name), ...probeLines(c, probes, 'backlog', 'packets')];
    case 'bytes':
      return [
        {
          key: `bytes:${name}`,
          label: name,
          color: '#333333',
          x,
          y: c.column('queueBytes'),
          step: true,
          unit: 'bytes',
        },
        ...probeLines(c, probes, 'bytes', 'bytes'),
      ];
    case 'sojourn':
      return [
        { key: `sojourn:${name}`, label: 'mean sojourn', color: '#0072B2', x, y: c.column('sojournMs'), unit: 'ms' },
        ...probeLines(c, probes, 'sojourn', 'ms'),
      ];
    case 'drops':
      return [...dropLines(c), ...probeLines(c, probes, 'drops', 'packets')];
    default: {
      if (!view.startsWith('probe:')) return [];
      const unit = view.slice(6);
      return probeLines(c, probes, view, unit);
    }
  }
}
