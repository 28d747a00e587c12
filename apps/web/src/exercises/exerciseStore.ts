/**
 * The Exercises panel's state: which exercise is open with which variant, the student's progress
 * and answers per exercise (saved in localStorage, so they survive a reload), exercises authored or
 * imported here, and the panel's view. Answers are checked in a worker (checkInWorker.ts); this
 * store only records what the checks said.
 */
import { createStore } from 'zustand/vanilla';
import {
  builtinExercises,
  MAX_VARIANT,
  parseExercise,
  type Exercise,
  type ExerciseFile,
  type Observation,
  type TaskCheck,
} from '@cclab/engine';
import type { ExerciseLink } from './exerciseLink';

export const EXERCISES_STORAGE_KEY = 'cclab.exercises.v1';

export interface TaskProgress {
  /** The answer as entered: a number as typed, an option id, the editable fields as JSON, text. */
  answer: string;
  correct: boolean;
  attempts: number;
  hints: number;
  feedback: string;
  observed: Observation[];
}

export interface ExerciseProgress {
  variant: number;
  task: number;
  tasks: TaskProgress[];
  finished: boolean;
}

export type ExerciseView = 'list' | 'exercise' | 'summary' | 'author';

export interface ExercisesState {
  open: boolean;
  view: ExerciseView;
  /** Key of the open exercise: a built-in id or "custom:<id>". */
  current: string | null;
  progress: Record<string, ExerciseProgress>;
  custom: Record<string, ExerciseFile>;
  checking: boolean;
  /** An exercise link read at start-up, opened when the panel mounts. */
  pending: ExerciseLink | null;
  setOpen(open: boolean): void;
  setView(view: ExerciseView): void;
  /** Opens an exercise (a new random variant unless one is given; a different variant restarts it). */
  start(key: string, variant?: number): ExerciseProgress;
  record(key: string, task: number, answer: string, check: TaskCheck): void;
  saveAnswer(key: string, task: number, answer: string): void;
  showHint(key: string, task: number): void;
  goTo(key: string, task: number): void;
  finish(key: string): void;
  addCustom(file: ExerciseFile): string;
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function randomVariant(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0]! % (MAX_VARIANT + 1);
}

const emptyTask = (): TaskProgress => ({
  answer: '',
  correct: false,
  attempts: 0,
  hints: 0,
  feedback: '',
  observed: [],
});

/** The file of an exercise key (built-in or custom), or undefined. */
export function exerciseFileOf(s: Pick<ExercisesState, 'custom'>, key: string): ExerciseFile | undefined {
  if (key.startsWith('custom:')) return s.custom[key.slice(7)];
  return builtinExercises.find((e) => e.id === key);
}

const parsed = new Map<ExerciseFile, Exercise>();
/** The checked exercise (cached per file object). */
export function parsedExercise(file: ExerciseFile): Exercise {
  let ex = parsed.get(file);
  if (!ex) {
    ex = parseExercise(file);
    parsed.set(file, ex);
  }
  return ex;
}

interface Saved {
  current: string | null;
  progress: Record<string, ExerciseProgress>;
  custom: Record<string, ExerciseFile>;
}

function load(store: KeyValueStore | null): Saved {
  const empty: Saved = { current: null, progress: {}, custom: {} };
  if (!store) return empty;
  try {
    const text = store.getItem(EXERCISES_STORAGE_KEY);
    if (!text) return empty;
    const s = JSON.parse(text) as Partial<Saved>;
    const custom: Record<string, ExerciseFile> = {};
    for (const [id, f] of Object.entries(s.custom ?? {})) {
      try {
        custom[id] = parseExercise(f).file;
      } catch {
        // an exercise that no longer validates is dropped
      }
    }
    return { current: typeof s.current === 'string' ? s.current : null, progress: s.progress ?? {}, custom };
  } catch {
    return empty;
  }
}

export function createExercisesStore(storage: KeyValueStore | null, pending: ExerciseLink | null) {
  const saved = load(storage);
  const store = createStore<ExercisesState>((set, get) => {
    const patchProgress = (key: string, task: number, patch: (t: TaskProgress) => Partial<TaskProgress>) => {
      const p = get().progress[key];
      if (!p) return;
      const tasks = p.tasks.map((t, i) => (i === task ? { ...t, ...patch(t) } : t));
      set({ progress: { ...get().progress, [key]: { ...p, tasks } } });
    };
    return {
      open: pending !== null || saved.current !== null,
      view: saved.current !== null ? 'exercise' : 'list',
      current: saved.current,
      progress: saved.progress,
      custom: saved.custom,
      checking: false,
      pending,
      setOpen: (open) => set({ open }),
      setView: (view) => set({ view }),
      start(key, variant) {
        const file = exerciseFileOf(get(), key);
        const n = file?.tasks.length ?? 0;
        let p = get().progress[key];
        if (!p || (variant !== undefined && p.variant !== variant) || p.tasks.length !== n)
          p = {
            variant: variant ?? randomVariant(),
            task: 0,
            tasks: Array.from({ length: n }, emptyTask),
            finished: false,
          };
        set({ current: key, view: 'exercise', open: true, progress: { ...get().progress, [key]: p } });
        return p;
      },
      record(key, task, answer, check) {
        patchProgress(key, task, (t) => ({
          answer,
          correct: t.correct || check.correct,
          attempts: t.attempts + 1,
          feedback: check.feedback,
          observed: check.observed,
        }));
      },
      saveAnswer(key, task, answer) {
        patchProgress(key, task, () => ({ answer }));
      },
      showHint(key, task) {
        patchProgress(key, task, (t) => ({ hints: t.hints + 1 }));
      },
      goTo(key, task) {
        const p = get().progress[key];
        if (p) set({ progress: { ...get().progress, [key]: { ...p, task } } });
      },
      finish(key) {
        const p = get().progress[key];
        if (p) set({ view: 'summary', progress: { ...get().progress, [key]: { ...p, finished: true } } });
      },
      addCustom(file) {
        set({ custom: { ...get().custom, [file.id]: file } });
        return `custom:${file.id}`;
      },
    };
  });
  if (storage)
    store.subscribe((s, prev) => {
      if (s.progress === prev.progress && s.custom === prev.custom && s.current === prev.current) return;
      const data: Saved = { current: s.current, progress: s.progress, custom: s.custom };
      try {
        storage.setItem(EXERCISES_STORAGE_KEY, JSON.stringify(data));
      } catch {
        // storage full or disabled: progress lives until the page closes
      }
    });
  return store;
}

export type ExercisesStore = ReturnType<typeof createExercisesStore>;

/** Done tasks of an exercise's progress, for the list. */
export function doneCount(p: ExerciseProgress | undefined): number {
  return p ? p.tasks.filter((t) => t.correct).length : 0;
}
