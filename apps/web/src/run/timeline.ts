/**
 * Rewind: the pure parts. The timeline scrubber sends the worker to any time of the run (it
 * re-simulates from zero, the engine being deterministic); a change of the recorded events alone
 * (an undone live change, the future after a rewind replaced) re-simulates to the current time
 * instead of restarting the run; a live change made while rewound starts a new branch, dropping
 * the recorded events after that moment.
 */
import type { ScenarioEvent, ScenarioInput } from '@cclab/engine';
import { seconds } from './liveChanges';

/** Simulated time of an event, ns (rounded: `formatEventTime` writes it exact to the nanosecond). */
export function eventTimeNs(e: ScenarioEvent): number {
  return Math.round(seconds(e.at) * 1e9);
}

/** The recorded events later than `tNs` (what a change made at `tNs` while rewound replaces). */
export function eventsAfter(s: ScenarioInput, tNs: number): ScenarioEvent[] {
  return (s.events ?? []).filter((e) => eventTimeNs(e) > tNs);
}

/** Whether the run shows a moment before the furthest it reached (a rewind happened). */
export function isRewound(nowNs: number, reachedNs: number): boolean {
  return nowNs < reachedNs;
}

/**
 * The scrubber's step, in ms (its value is in ms): one sampling interval, so each arrow key press
 * lands on a sample of the charts, but never finer than 1/2000 of the run (a keyboard user
 * crosses a long run in a sensible number of presses with Page Up/Down) nor than 1 ms.
 */
export function timelineStepMs(intervalNs: number, durationNs: number): number {
  const ms = Math.max(1, Math.round(intervalNs / 1e6), Math.round(durationNs / 1e6 / 2000));
  return Number.isFinite(ms) ? ms : 1;
}

/** The slider's spoken value: "10.0 s of 60.0 s". */
export function timelineValueText(nowNs: number, durationNs: number): string {
  const digits = durationNs < 10e9 ? 3 : durationNs < 100e9 ? 2 : 1;
  return `${(nowNs / 1e9).toFixed(digits)} s of ${(durationNs / 1e9).toFixed(digits)} s`;
}
