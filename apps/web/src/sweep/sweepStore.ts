/**
 * The Sweep panel's state: the form (one parameter, its values, seeds, start jitter, metrics) or
 * a sweep file (shipped or imported, any number of parameters, with the lab's duration and seed
 * overrides), the run on the worker pool (progress, cancel) and its results. Separate from the
 * scenario store: a sweep reads the current scenario when it starts and never changes it.
 */
import { createStore } from 'zustand/vanilla';
import { parseSweep, SweepError, type RunRecord, type ScenarioInput, type SweepPlan } from '@cclab/engine';
import { parseValuesText, type MetricChoice, type SweepField } from './sweepFields';
import { SweepPool, type SweepWorkerLike } from './SweepPool';
import type { SweepDraft } from './sweepLink';
import { withOverrides, type SweepFileChoice, type SweepOverrides } from './sweepFiles';

export type SweepStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

export interface SweepForm {
  path: string;
  valuesText: string;
  seeds: number;
  startJitter: number;
  /** Keys of the chosen metric choices (`meanQueuePackets[r1->r2]`). */
  metrics: string[];
}

export interface SweepResult {
  plan: SweepPlan;
  /** The values as typed (numbers before the unit is appended), one per point. */
  xValues: (string | number | boolean)[];
  xLabel: string;
  xUnit: string;
  records: RunRecord[];
  /** Run from a sweep file (shown as tables), not from the one-parameter form. */
  fromFile: boolean;
}

export interface SweepState {
  open: boolean;
  form: SweepForm | null;
  status: SweepStatus;
  done: number;
  total: number;
  startedMs: number;
  problems: string[];
  result: SweepResult | null;
  /** The sweep file the panel runs instead of the form (null: the form). */
  file: SweepFileChoice | null;
  overrides: SweepOverrides;
  setOpen(open: boolean): void;
  /** Runs a sweep file from now on (null: back to the form), with these overrides. */
  setFile(file: SweepFileChoice | null, overrides?: SweepOverrides): void;
  setOverrides(patch: Partial<SweepOverrides>): void;
  /** Runs the chosen sweep file. */
  startFile(): void;
  setForm(patch: Partial<SweepForm>): void;
  start(scenario: ScenarioInput, field: SweepField | undefined, choices: readonly MetricChoice[]): void;
  cancel(): void;
}

export const MAX_LAB_SEEDS = 50;

/** The sweep file a form describes (base: the current scenario). */
export function draftOf(form: SweepForm, field: SweepField | undefined, choices: readonly MetricChoice[]): SweepDraft {
  return {
    parameters: [
      { path: form.path, values: parseValuesText(form.valuesText), ...(field?.unit ? { unit: field.unit } : {}) },
    ],
    seeds: form.seeds,
    ...(form.startJitter > 0 ? { startJitter: form.startJitter } : {}),
    metrics: form.metrics.flatMap((k) => {
      const c = choices.find((x) => x.key === k);
      return c ? [{ ...c.query, name: c.key } as SweepDraft['metrics'][number]] : [];
    }),
  };
}

export function formOf(d: SweepDraft): SweepForm {
  const p = d.parameters[0];
  return {
    path: p?.path ?? '',
    valuesText: (p?.values ?? [])
      .map((v) => (typeof v === 'string' && p?.unit && v.endsWith(p.unit) ? v : String(v)))
      .join(', '),
    seeds: Math.min(MAX_LAB_SEEDS, Math.max(1, Math.round(d.seeds) || 1)),
    startJitter: d.startJitter ?? 0,
    metrics: d.metrics.map((m) => m.name ?? m.metric),
  };
}

export function createSweepStore(
  makeWorker: () => SweepWorkerLike,
  threads: () => number,
  now: () => number,
  initial: SweepDraft | null,
) {
  let pool: SweepPool | null = null;
  return createStore<SweepState>()((set, get) => {
    const fail = (e: unknown) => {
      const problems =
        e instanceof SweepError ? e.issues.map((i) => `${i.path}: ${i.message}`) : [(e as Error).message];
      set({ problems, status: 'failed' });
    };
    /** Runs every point × seed of the plan on the worker pool. */
    const run = (plan: SweepPlan, result: SweepResult) => {
      const total = plan.points.length * plan.seeds.length;
      set({ status: 'running', done: 0, total, startedMs: now(), problems: [], result });
      const mine = new SweepPool(makeWorker);
      pool = mine;
      const records: RunRecord[] = [];
      mine.start(plan.definition, total, threads(), {
        onRecord: (_job, record) => {
          records.push(record);
          set({ done: records.length, result: { ...result, records: [...records] } });
        },
        onDone: () => set({ status: 'done' }),
        onError: (message) => set({ status: 'failed', problems: [message] }),
      });
    };
    return {
      open: initial !== null,
      form: initial ? formOf(initial) : null,
      status: 'idle',
      done: 0,
      total: 0,
      startedMs: 0,
      problems: [],
      result: null,
      file: null,
      overrides: { durationS: null, seeds: null },
      setOpen: (open) => set({ open }),
      setFile: (file, overrides) => {
        if (get().status === 'running') return;
        // a different sweep: the last one's results no longer apply
        set({
          file,
          overrides: overrides ?? { durationS: null, seeds: null },
          problems: [],
          status: 'idle',
          result: null,
        });
      },
      setOverrides: (patch) => set((s) => ({ overrides: { ...s.overrides, ...patch } })),
      startFile: () => {
        const { file, overrides } = get();
        if (!file || get().status === 'running') return;
        let plan: SweepPlan;
        try {
          if (overrides.seeds !== null && overrides.seeds > MAX_LAB_SEEDS)
            throw new SweepError([
              { path: 'seeds', message: `at most ${MAX_LAB_SEEDS} in the lab (use the command line)` },
            ]);
          plan = parseSweep(withOverrides(file, overrides));
        } catch (e) {
          fail(e);
          return;
        }
        run(plan, { plan, xValues: [], xLabel: '', xUnit: '', records: [], fromFile: true });
      },
      setForm: (patch) => set((s) => ({ form: s.form ? { ...s.form, ...patch } : null })),
      start: (scenario, field, choices) => {
        const form = get().form;
        if (!form || get().status === 'running') return;
        const draft = draftOf(form, field, choices);
        const definition = { version: 1, name: 'lab sweep', base: { scenario }, ...draft };
        let plan: SweepPlan;
        try {
          if (draft.metrics.length === 0)
            throw new SweepError([{ path: 'metrics', message: 'choose at least one metric' }]);
          if (form.seeds > MAX_LAB_SEEDS)
            throw new SweepError([
              { path: 'seeds', message: `at most ${MAX_LAB_SEEDS} in the lab (use the command line)` },
            ]);
          plan = parseSweep(definition);
        } catch (e) {
          fail(e);
          return;
        }
        run(plan, {
          plan,
          xValues: draft.parameters[0]!.values as (string | number | boolean)[],
          xLabel: field?.label ?? form.path,
          xUnit: field?.unit?.trim() ?? '',
          records: [],
          fromFile: false,
        });
      },
      cancel: () => {
        pool?.cancel();
        pool = null;
        if (get().status === 'running') set({ status: 'cancelled' });
      },
    };
  });
}

export type SweepStore = ReturnType<typeof createSweepStore>;
