/**
 * The Sweep panel's sweep-file mode: what the chosen file runs (its parameters and their values,
 * points, seeds, metrics) and the lab's two overrides — every point's duration and the number of
 * seeds — so a 500-second grid can be tried in minutes. The same file runs on every core with
 * `cclab sweep <file>`.
 */
import { useId, useMemo } from 'react';
import { useStore } from 'zustand';
import { SweepError } from '@cclab/engine';
import { summarizeSweepFile, type SweepFileSummary } from './sweepFiles';
import { MAX_LAB_SEEDS } from './sweepStore';
import { sweepStore } from './sweepSetup';

export function SweepFileSection({ running }: { running: boolean }) {
  const file = useStore(sweepStore, (s) => s.file);
  const overrides = useStore(sweepStore, (s) => s.overrides);
  const ids = { duration: useId(), seeds: useId() };
  const summary = useMemo((): SweepFileSummary | string | null => {
    if (!file) return null;
    try {
      return summarizeSweepFile(file);
    } catch (e) {
      return e instanceof SweepError ? e.issues.map((i) => `${i.path}: ${i.message}`).join('; ') : String(e);
    }
  }, [file]);
  if (!file || summary === null) return null;
  if (typeof summary === 'string')
    return (
      <ul className="sweep-problems" role="alert">
        <li>
          {file.id}: {summary}
        </li>
      </ul>
    );
  const seeds = overrides.seeds ?? summary.seeds;
  const command = file.shipped
    ? `npx cclab sweep packages/engine/sweeps/${file.id}.json`
    : `npx cclab sweep ${file.id}`;
  return (
    <div className="sweep-file" data-testid="sweep-file">
      <p className="sweep-help">{summary.description || summary.name}</p>
      <ul className="sweep-file-params">
        {summary.parameters.map((p) => (
          <li key={p.name}>
            <strong>{p.name}</strong>: {p.labels.join(', ')}
          </li>
        ))}
      </ul>
      <p className="sweep-help">
        {summary.points} points × {seeds} seed{seeds === 1 ? '' : 's'} = {summary.points * seeds} runs · metrics:{' '}
        {summary.metrics.join(', ')}. The whole file on every core: <code>{command}</code>.
      </p>
      <div className="sweep-form">
        <label htmlFor={ids.duration}>Duration (s)</label>
        <input
          id={ids.duration}
          type="number"
          min={0.1}
          step={1}
          value={overrides.durationS ?? summary.durationS ?? ''}
          disabled={running}
          title={`Every point runs this long (the file says ${summary.durationS ?? 'various'} s)`}
          onChange={(e) => {
            const v = Number(e.target.value);
            sweepStore.getState().setOverrides({ durationS: v > 0 ? v : null });
          }}
        />
        <label htmlFor={ids.seeds}>Seeds</label>
        <input
          id={ids.seeds}
          type="number"
          min={1}
          max={MAX_LAB_SEEDS}
          value={seeds}
          disabled={running}
          title={`Seeds 1…n (the file says ${summary.seeds})`}
          onChange={(e) =>
            sweepStore.getState().setOverrides({ seeds: Math.max(1, Math.round(Number(e.target.value)) || 1) })
          }
        />
      </div>
      {summary.durationS !== null && overrides.durationS !== null && overrides.durationS !== summary.durationS && (
        <p className="sweep-help">
          The file runs each point for {summary.durationS} s; here each runs {overrides.durationS} s.
        </p>
      )}
    </div>
  );
}
