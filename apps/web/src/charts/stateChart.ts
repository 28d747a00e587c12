/**
 * The "Router state" chart: what queue disciplines report about themselves (their probes, e.g.
 * LbLCA's occupancy share Θ/B with the set points b_l and b_u, its sending and target rates; RED's
 * average queue; XCP's feedback), per probed port. Views group probes that belong together; any
 * other probe is a view of its own. Pure functions, unit-tested.
 */
import type { RunMeta } from '../worker/protocol';
import { PORT_COL, type SeriesStore } from '../state/SeriesStore';
import { portColor, type LineSeries } from './chartData';

export interface StateView {
  id: string;
  label: string;
  yLabel: string;
  /** Probe keys: the first solid, the others dashed in the same colour. */
  keys: string[];
  yScale: number;
}

/** Grouped views, offered when a probed port reports their first key. */
const GROUPS: StateView[] = [
  {
    id: 'occupancy',
    label: 'Buffer occupancy vs set points',
    yLabel: 'Θ/B (share of the router buffer)',
    keys: ['occupancyShare', 'lowerSetPoint', 'upperSetPoint'],
    yScale: 1,
  },
  {
    id: 'rates',
    label: 'Sending and target rate',
    yLabel: 'rate (Mb/s)',
    keys: ['sendRateBps', 'targetRateBps'],
    yScale: 1e-6,
  },
];

/** The views the run's probed ports can show, grouped ones first. */
export function stateViews(meta: RunMeta | null): StateView[] {
  if (!meta) return [];
  const all = new Map<string, { label: string; unit: string }>();
  for (const probes of meta.discProbes) for (const p of probes) if (!all.has(p.key)) all.set(p.key, p);
  const grouped = GROUPS.filter((g) => all.has(g.keys[0]!));
  const inGroups = new Set(grouped.flatMap((g) => g.keys));
  const single = [...all.entries()]
    .filter(([k]) => !inGroups.has(k))
    .map(([key, p]) => {
      const mb = p.unit === 'bit/s';
      return {
        id: `key:${key}`,
        label: p.label,
        yLabel: mb ? `${p.label} (Mb/s)` : p.unit ? `${p.label} (${p.unit})` : p.label,
        keys: [key],
        yScale: mb ? 1e-6 : 1,
      };
    });
  return [...grouped, ...single];
}

function scaled(col: Float64Array, k: number): Float64Array {
  if (k === 1) return col;
  const out = new Float64Array(col.length);
  for (let i = 0; i < col.length; i++) out[i] = col[i]! * k;
  return out;
}

/** Lines of one view over the chosen probed ports (all if null) that report its keys. */
export function stateLines(
  store: SeriesStore,
  view: StateView | undefined,
  ports: readonly string[] | null,
): LineSeries[] {
  const meta = store.meta;
  if (!meta || !view) return [];
  const out: LineSeries[] = [];
  meta.probedPorts.forEach((name, i) => {
    if (ports && !ports.includes(name)) return;
    const probes = meta.discProbes[i] ?? [];
    const disc = store.disc[i];
    const t = store.ports[i]?.column(PORT_COL.t);
    if (!disc || !t) return;
    view.keys.forEach((key, k) => {
      const c = probes.findIndex((p) => p.key === key);
      if (c < 0) return;
      const y = disc.column(c);
      const n = Math.min(t.length, y.length);
      out.push({
        key: `state:${name}:${key}`,
        label: `${name} ${probes[c]!.label}`,
        color: portColor(i),
        ...(k > 0 ? { dash: k === 1 ? '6 3' : '2 3' } : {}),
        x: t.subarray(0, n),
        y: scaled(y.subarray(0, n), view.yScale),
        step: true,
      });
    });
  });
  return out;
}
