/** What the run looks like to the UI: status, clock, speed, progress and problems. */
import { create } from 'zustand';
import type { ScenarioIssue } from '@cclab/engine';
import type { PageSummary } from '../worker/pageSummary';
import type { RunMeta, RunStatus } from '../worker/protocol';

/** Speeds offered (simulated seconds per wall second); Infinity = as fast as possible. */
export const SPEEDS = [0.01, 0.03, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, Infinity] as const;
export const DEFAULT_SPEED = 2;

export interface RunState {
  status: RunStatus;
  nowNs: number;
  durationNs: number;
  progress: number;
  speed: number;
  meta: RunMeta | null;
  /** Why the scenario cannot run (from the worker's validation). */
  issues: ScenarioIssue[];
  crash: string | null;
  /** The engine's summary of the run so far (live while running, final at the end). */
  summary: PageSummary | null;
  /**
   * The furthest simulated time this run has shown (a rewind keeps it; a load, or a change that
   * replaces the future, sets it to where the run is). Below it the run is "rewound".
   */
  reachedNs: number;
  /** The time a rewind (seek) is re-simulating to, until the worker is there; else null. */
  seekingToNs: number | null;
}

export function createRunStore() {
  return create<RunState>(() => ({
    status: 'idle',
    nowNs: 0,
    durationNs: 0,
    progress: 0,
    speed: DEFAULT_SPEED,
    meta: null,
    issues: [],
    crash: null,
    summary: null,
    reachedNs: 0,
    seekingToNs: null,
  }));
}

export type RunStore = ReturnType<typeof createRunStore>;

export function formatSpeed(s: number): string {
  if (!Number.isFinite(s)) return 'Max';
  return s < 1 ? `${s}×` : `${s}×`;
}
