import { useStore } from 'zustand';
import { useLab } from '../lab';

export function formatClock(ns: number): string {
  const s = ns / 1e9;
  return s < 10 ? s.toFixed(3) : s < 100 ? s.toFixed(2) : s.toFixed(1);
}

/**
 * A simulated time against a duration, as the run controls show it. The text changes every frame:
 * it sits in a block of fixed size with strict containment (a relayout boundary, which the flex
 * item around it cannot be), so a tick lays out only it.
 */
export function ClockReadout({
  nowNs,
  durationNs,
  label,
  testId,
}: {
  nowNs: number;
  durationNs: number;
  label: string;
  testId: string;
}) {
  return (
    <div className="sim-clock" role="timer" aria-live="off" aria-label={label} data-testid={testId} data-now-ns={nowNs}>
      <span className="clock-text">
        <span className="clock-now">{formatClock(nowNs)}</span>
        <span className="clock-dur"> / {formatClock(durationNs)} s</span>
      </span>
    </div>
  );
}

/** Simulated time against the scenario's duration. */
export function SimClock() {
  const lab = useLab();
  const now = useStore(lab.run, (s) => s.nowNs);
  const dur = useStore(lab.run, (s) => s.durationNs);
  return <ClockReadout nowNs={now} durationNs={dur} label="Simulation clock" testId="sim-clock" />;
}
