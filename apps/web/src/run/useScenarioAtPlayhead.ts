/**
 * The scenario as it stands at the playhead: the links' and flows' settings after the recorded
 * changes the run has passed (`effectiveScenario` at the current simulated time). The inspector,
 * the flows list and the link captions all read it, so they always show the same state — the one
 * the charts and the network show at that moment. It re-renders only when the run passes (or
 * rewinds before) a recorded change, not on every frame.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { ScenarioInput } from '@cclab/engine';
import { useLab } from '../lab';
import { effectiveScenario } from './liveChanges';
import { changeTimeNs } from './recordedChanges';

/** The recorded changes' times, ascending. */
function changeTimes(s: ScenarioInput): number[] {
  return (s.events ?? []).map(changeTimeNs).sort((a, b) => a - b);
}

/** How many of the ascending `times` are at or before `tNs`. */
export function passedCount(times: readonly number[], tNs: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= tNs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function useScenarioAtPlayhead(): ScenarioInput {
  const lab = useLab();
  const stored = useStore(lab.scenario, (s) => s.scenario);
  const times = useMemo(() => changeTimes(stored), [stored]);
  const passed = useStore(lab.run, (r) => passedCount(times, r.nowNs));
  return useMemo(
    () => (passed === 0 ? stored : effectiveScenario(stored, times[passed - 1]!)),
    [stored, times, passed],
  );
}
