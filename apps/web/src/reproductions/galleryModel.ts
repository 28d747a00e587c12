/**
 * The gallery's list: every registered reproduction entry grouped by study (seed 000–004, in that
 * order, a study without entries kept so the list says so), and the run-time estimate of an entry
 * from its recorded result. Pure: the entries, studies and results are passed in.
 */
import type { ExperimentResult } from '@cclab/engine';
import type { ReproductionSpec, StudyId } from '@cclab/engine/reproductions';

export interface StudyMeta {
  title: string;
  source: string;
  digest: string;
}

export interface GalleryEntry {
  id: string;
  figure: string;
  title: string;
  points: number;
  seeds: number;
  /** points × seeds. */
  runs: number;
}

export interface StudyGroup {
  study: StudyId;
  title: string;
  source: string;
  entries: GalleryEntry[];
}

export function galleryGroups(
  specs: readonly ReproductionSpec[],
  studies: Readonly<Record<StudyId, StudyMeta>>,
): StudyGroup[] {
  const ids = [...new Set([...(Object.keys(studies) as StudyId[]), ...specs.map((s) => s.study)])].sort();
  return ids.map((study) => ({
    study,
    title: studies[study]?.title ?? `Seed ${study}`,
    source: studies[study]?.source ?? '',
    entries: specs
      .filter((s) => s.study === study)
      .map((s) => ({
        id: s.id,
        figure: s.figure,
        title: s.title,
        points: s.points.length,
        seeds: s.seeds.length,
        runs: s.points.length * s.seeds.length,
      })),
  }));
}

/**
 * Simulated events per second of one worker: the engine runs seed-002-table-4-2 (6.3 M events) in
 * 2.0 s under Node on this project's machine (≈ 3.2 M/s); the lab rounds down for slower machines.
 */
export const EVENTS_PER_SECOND_PER_WORKER = 2.5e6;

export interface RunEstimate {
  /** Wall-clock seconds on `workers` workers. */
  seconds: number;
  /** Simulated events of the whole entry (from the recorded result). */
  events: number;
  workers: number;
}

/**
 * How long a run of the entry takes on `threads` workers: its recorded runs' events, handed out in
 * run order to whichever worker is free first (as the pool does), at EVENTS_PER_SECOND_PER_WORKER.
 * Null without a recorded result.
 */
export function estimateRun(
  recorded: ExperimentResult | null | undefined,
  threads: number,
  eventsPerSecond = EVENTS_PER_SECOND_PER_WORKER,
): RunEstimate | null {
  if (!recorded || recorded.records.length === 0) return null;
  const workers = Math.max(1, Math.min(threads, recorded.records.length));
  const busyUntil = new Array<number>(workers).fill(0);
  let events = 0;
  for (const r of recorded.records) {
    events += r.events;
    let w = 0;
    for (let i = 1; i < workers; i++) if (busyUntil[i]! < busyUntil[w]!) w = i;
    busyUntil[w]! += r.events / eventsPerSecond;
  }
  return { seconds: Math.max(...busyUntil), events, workers };
}

/** "about 3 s", "about 2 min". */
export function formatDuration(seconds: number): string {
  if (seconds < 1) return 'under a second';
  if (seconds < 90) return `about ${Math.round(seconds)} s`;
  return `about ${Math.round(seconds / 60)} min`;
}

/** An entry counts as long (its estimate is shown as a warning) from this many seconds. */
export const LONG_RUN_SECONDS = 20;
