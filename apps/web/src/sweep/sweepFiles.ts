/**
 * Sweep files in the lab: the ones shipped in packages/engine/sweeps (the seed 004 grids
 * {Reno, Vegas, FAST, QUIC-TCP} × {RR, max-SNR, Qlen, Qdelay} among them) and any the user
 * imports. The lab runs a file as `cclab sweep` does (same parser, same jobs), with two
 * overrides so a 500-second grid can be tried in minutes: the duration of every point and the
 * number of seeds.
 */
import { parseSweep, valueLabel, type SweepPlan } from '@cclab/engine';

export interface SweepFileChoice {
  /** File name without `.json` for a shipped file; the imported file's name otherwise. */
  id: string;
  shipped: boolean;
  /** The sweep file as written (version 1). */
  definition: Record<string, unknown>;
}

const files = import.meta.glob<Record<string, unknown>>('../../../../packages/engine/sweeps/*.json', {
  import: 'default',
  eager: true,
});

/** The shipped sweep files, by file name. */
export const SHIPPED_SWEEPS: readonly SweepFileChoice[] = Object.entries(files)
  .map(([path, definition]) => ({
    id: path.replace(/^.*\//, '').replace(/\.json$/, ''),
    shipped: true,
    definition,
  }))
  .sort((a, b) => a.id.localeCompare(b.id));

/** The shipped sweep file a reproduction entry's grid is (the CLI's `cclab sweep` of that entry). */
export const SWEEP_OF_REPRODUCTION: Readonly<Record<string, string>> = {
  'seed-004-fair': 'seed004-fair',
  'seed-004-random': 'seed004-random',
};

export interface SweepOverrides {
  /** Seconds every point runs (replaces the base's duration and any `duration` parameter). */
  durationS: number | null;
  /** Seeds 1..n (replaces the file's seeds). */
  seeds: number | null;
}

/** A parameter of a file as the panel lists it: its name and its values as short labels. */
export interface FileParameter {
  name: string;
  labels: string[];
}

export interface SweepFileSummary {
  name: string;
  description: string;
  parameters: FileParameter[];
  points: number;
  seeds: number;
  /** The duration the file gives every point, in seconds (null when the points differ). */
  durationS: number | null;
  metrics: string[];
}

/**
 * A value as a table or list shows it: a transport by its congestion control, a model by its
 * type, anything else as the sweep's label ("10Mbps", JSON for other objects).
 */
export function shortValueLabel(v: unknown): string {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    if (typeof o.cc === 'string') return o.cc;
    if (typeof o.type === 'string' && Object.keys(o).length === 1) return o.type;
  }
  return valueLabel(v);
}

const seconds = (d: unknown): number | null => {
  const m = typeof d === 'string' ? /^(\d+(?:\.\d+)?)\s*s$/.exec(d.trim()) : null;
  return typeof d === 'number' ? d : m ? Number(m[1]) : null;
};

/** What the panel shows of a file; throws SweepError when the file is not a valid sweep. */
export function summarizeSweepFile(choice: SweepFileChoice): SweepFileSummary {
  const plan = parseSweep(choice.definition, { checkPoints: false });
  const dur = plan.parameters.find((p) => p.path === 'duration');
  const durations = dur ? dur.values.map(seconds) : [seconds(plan.definition.base.scenario.duration)];
  return {
    name: plan.name,
    description: plan.definition.description ?? '',
    parameters: plan.parameters.map((p) => ({ name: p.name, labels: p.values.map(shortValueLabel) })),
    points: plan.points.length,
    seeds: plan.seeds.length,
    durationS: durations.length === 1 ? durations[0]! : null,
    metrics: plan.metrics.map((m) => m.name),
  };
}

/**
 * The file with the lab's overrides applied: the base inlined with the chosen duration (and the
 * file's `duration` parameter dropped), seeds 1..n. The result is a sweep file `parseSweep` reads.
 */
export function withOverrides(choice: SweepFileChoice, o: SweepOverrides): Record<string, unknown> {
  const plan: SweepPlan = parseSweep(choice.definition, { checkPoints: false });
  const d = plan.definition;
  const base = { ...d.base.scenario, ...(o.durationS !== null ? { duration: `${o.durationS}s` } : {}) };
  const parameters = o.durationS !== null ? d.parameters.filter((p) => p.path !== 'duration') : d.parameters;
  return {
    version: d.version,
    name: d.name ?? choice.id,
    ...(d.description ? { description: d.description } : {}),
    base: { scenario: base },
    parameters,
    combine: d.combine,
    seeds: o.seeds !== null ? o.seeds : d.seeds,
    ...(d.startJitter ? { startJitter: d.startJitter } : {}),
    metrics: d.metrics,
  };
}
