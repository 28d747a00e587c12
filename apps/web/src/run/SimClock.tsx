import { useStore } from 'zustand';
import { useLab } from '../lab';

export function formatClock(ns: number): string {
  const s = ns / 1e9;
  return s < 10 ? s.toFixed(3) : s < 100 ? s.toFixed(2) : s.toFixed(1);
}

/** Simulated time against the scenario's duration. */
export function SimClock() {
  const lab = useLab();
  const now = useStore(lab.run, (s) => s.nowNs);
  const dur = useStore(lab.run, (s) => s.durationNs);
  return (
    <div className="sim-clock" role="timer" aria-live="off" aria-label="Simulation clock" data-testid="sim-clock" data-now-ns={now}>
      <span className="clock-now">{formatClock(now)}</span>
      <span className="clock-dur"> / {formatClock(dur)} s</span>
    </div>
  );
}
