import { SPEEDS, formatSpeed } from '../state/runStore';

/** The speed picker of the run controls: simulated seconds per wall second, or Max. */
export function SpeedSelect({
  speed,
  onChange,
  title,
  testId,
}: {
  speed: number;
  onChange(speed: number): void;
  title: string;
  testId: string;
}) {
  return (
    <label className="speed" title={title}>
      <span>Speed</span>
      <select data-testid={testId} value={String(speed)} onChange={(e) => onChange(Number(e.target.value))}>
        {SPEEDS.map((s) => (
          <option key={String(s)} value={String(s)}>
            {formatSpeed(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
