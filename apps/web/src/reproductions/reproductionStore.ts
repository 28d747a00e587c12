/**
 * The Reproductions gallery's state: open or not, the entry shown, the recorded results loaded so
 * far, and the one run in progress or last finished (on the sweep's worker pool: points × seeds,
 * one job per worker at a time, Cancel terminates them). The scenario store is not touched here:
 * "Load scenario" goes through the editor's undoable replace.
 */
import { createStore } from 'zustand/vanilla';
import type { ExperimentResult, RunRecord } from '@cclab/engine';
import type { ReproductionSpec } from '@cclab/engine/reproductions';
import { SweepPool, type SweepWorkerLike } from '../sweep/SweepPool';
import type { ReproductionJobDefinition } from './reproduction.worker';

export type RunStatus = 'running' | 'done' | 'cancelled' | 'failed';

export interface ReproductionRun {
  id: string;
  status: RunStatus;
  done: number;
  total: number;
  startedMs: number;
  /** When it ended (done, cancelled or failed); null while running. */
  endedMs: number | null;
  records: RunRecord[];
  problems: string[];
}

export interface ReproductionState {
  open: boolean;
  selectedId: string | null;
  /** id → recorded result (null: none recorded); absent while loading or not asked for. */
  recorded: Record<string, ExperimentResult | null>;
  run: ReproductionRun | null;
  setOpen(open: boolean): void;
  select(id: string | null): void;
  start(spec: ReproductionSpec): void;
  cancel(): void;
}

export function createReproductionStore(
  makeWorker: () => SweepWorkerLike,
  threads: () => number,
  now: () => number,
  loadRecorded: (id: string) => Promise<ExperimentResult | null>,
) {
  let pool: SweepPool | null = null;
  const asked = new Set<string>();
  return createStore<ReproductionState>()((set, get) => {
    const fetchRecorded = (id: string) => {
      if (asked.has(id)) return;
      asked.add(id);
      loadRecorded(id).then(
        (r) => set({ recorded: { ...get().recorded, [id]: r } }),
        () => set({ recorded: { ...get().recorded, [id]: null } }),
      );
    };
    return {
      open: false,
      selectedId: null,
      recorded: {},
      run: null,
      setOpen: (open) => set({ open }),
      select: (id) => {
        if (id) fetchRecorded(id);
        set({ selectedId: id });
      },
      start: (spec) => {
        if (get().run?.status === 'running') return;
        const total = spec.points.length * spec.seeds.length;
        const run: ReproductionRun = {
          id: spec.id,
          status: 'running',
          done: 0,
          total,
          startedMs: now(),
          endedMs: null,
          records: [],
          problems: [],
        };
        set({ run });
        pool = new SweepPool(makeWorker);
        const records: RunRecord[] = [];
        const update = (patch: Partial<ReproductionRun>) => {
          const cur = get().run;
          if (cur && cur.startedMs === run.startedMs && cur.id === run.id) set({ run: { ...cur, ...patch } });
        };
        const definition: ReproductionJobDefinition = { id: spec.id, seeds: spec.seeds };
        pool.start(definition, total, threads(), {
          onRecord: (_job, record) => {
            records.push(record);
            update({ done: records.length, records: [...records] });
          },
          onDone: () => update({ status: 'done', endedMs: now() }),
          onError: (message) => update({ status: 'failed', problems: [message], endedMs: now() }),
        });
      },
      cancel: () => {
        pool?.cancel();
        pool = null;
        const cur = get().run;
        if (cur?.status === 'running') set({ run: { ...cur, status: 'cancelled', endedMs: now() } });
      },
    };
  });
}

export type ReproductionStore = ReturnType<typeof createReproductionStore>;
