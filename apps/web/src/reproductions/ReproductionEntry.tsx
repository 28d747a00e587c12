/**
 * One entry of the gallery: what it reproduces and every ambiguity noted, its scenario(s) to load
 * into the editor, its run on the worker pool (estimate, progress, Cancel), and the results —
 * this run's beside the paper when there is one, the recorded result from the start.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { pointScenario } from '@cclab/engine';
import type { ReproductionSpec } from '@cclab/engine/reproductions';
import { useLab } from '../lab';
import { estimateRun, formatDuration, LONG_RUN_SECONDS } from './galleryModel';
import { resultOf } from './reportModel';
import { reproductionStore } from './reproductionSetup';
import { ResultView } from './ResultView';
import { SHIPPED_SWEEPS, SWEEP_OF_REPRODUCTION } from '../sweep/sweepFiles';
import { chooseSweepFile } from '../sweep/SweepSourcePicker';
import { sweepStore } from '../sweep/sweepSetup';

export function ReproductionEntry({ spec, onBack }: { spec: ReproductionSpec; onBack: () => void }) {
  const lab = useLab();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pointId = useId();
  const recorded = useStore(reproductionStore, (s) => s.recorded[spec.id]);
  const run = useStore(reproductionStore, (s) => s.run);
  const [point, setPoint] = useState(spec.points[0]?.id ?? '');
  const [confirming, setConfirming] = useState(false);
  useEffect(() => headingRef.current?.focus(), [spec.id]);

  const threads = Math.max(1, navigator.hardwareConcurrency || 2);
  const estimate = useMemo(() => estimateRun(recorded, threads), [recorded, threads]);
  const mine = run && run.id === spec.id ? run : null;
  const otherRunning = run !== null && run.id !== spec.id && run.status === 'running';
  const running = mine?.status === 'running';
  const ours = useMemo(() => (mine && mine.records.length > 0 ? resultOf(spec, mine.records) : null), [mine, spec]);

  const load = () => {
    const p = spec.points.find((x) => x.id === point) ?? spec.points[0];
    if (!p) return;
    lab.scenario.getState().replace(pointScenario(spec, p, spec.seeds[0] ?? 1));
    setConfirming(false);
    lab.ui
      .getState()
      .showToast(
        `Loaded “${p.label}” of ${spec.id} into the editor — Undo (Ctrl+Z) brings back the previous scenario.`,
      );
  };
  const askOrLoad = () => {
    if (lab.scenario.getState().past.length > 0) setConfirming(true);
    else load();
  };

  const gridFile = SHIPPED_SWEEPS.find((f) => f.id === SWEEP_OF_REPRODUCTION[spec.id]);
  const sweepRunning = useStore(sweepStore, (s) => s.status === 'running');
  const openGrid = () => {
    if (!gridFile) return;
    chooseSweepFile(gridFile);
    reproductionStore.getState().setOpen(false);
    sweepStore.getState().setOpen(true);
  };

  const elapsedS = mine ? ((mine.endedMs ?? performance.now()) - mine.startedMs) / 1000 : 0;
  const eta = running && mine.done > 0 ? Math.round((elapsedS / mine.done) * (mine.total - mine.done)) : null;

  return (
    <article className="reproduction-entry" data-testid="reproduction-entry" aria-labelledby={`${spec.id}-h`}>
      <button type="button" className="btn btn-small" onClick={onBack}>
        ← All reproductions
      </button>
      <h3 id={`${spec.id}-h`} ref={headingRef} tabIndex={-1}>
        {spec.figure}: {spec.title}
      </h3>
      <p className="muted small">
        <code>{spec.id}</code> · seed {spec.study} · command line: <code>npx cclab reproduce {spec.id}</code>
      </p>
      <p className="small">{spec.source}</p>
      <p>{spec.summary}</p>

      <div className="reproduction-actions" role="group" aria-label="Scenario and run">
        <label htmlFor={pointId}>Point to load</label>
        <select id={pointId} value={point} onChange={(e) => setPoint(e.target.value)}>
          {spec.points.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn"
          onClick={askOrLoad}
          title="Put this point's scenario (first seed) into the editor; undoable"
        >
          Load scenario
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={running || otherRunning}
          onClick={() => reproductionStore.getState().start(spec)}
        >
          Run
        </button>
        <button type="button" className="btn" disabled={!running} onClick={() => reproductionStore.getState().cancel()}>
          Cancel
        </button>
        {gridFile && (
          <button
            type="button"
            className="btn"
            disabled={sweepRunning}
            onClick={openGrid}
            title={`Open the Sweep panel with ${gridFile.id}.json: the ${spec.points.length}-configuration grid as a batch, at a duration you choose`}
          >
            Run the grid in the Sweep panel
          </button>
        )}
      </div>
      {confirming && (
        <div className="reproduction-confirm" role="alertdialog" aria-label="Replace the scenario in the editor?">
          <p>
            The editor holds work with changes. Replace it with “
            {spec.points.find((x) => x.id === point)?.label ?? point}”? Undo (Ctrl+Z) brings it back.
          </p>
          <button type="button" className="btn btn-primary" onClick={load} autoFocus>
            Replace
          </button>{' '}
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            Keep my work
          </button>
        </div>
      )}
      <p className={`small${estimate && estimate.seconds >= LONG_RUN_SECONDS ? ' reproduction-long' : ' muted'}`}>
        {spec.points.length} points × {spec.seeds.length} seeds = {spec.points.length * spec.seeds.length} runs
        {estimate
          ? ` · estimated ${formatDuration(estimate.seconds)} on ${estimate.workers} worker${estimate.workers > 1 ? 's' : ''} (${(estimate.events / 1e6).toFixed(1)} M simulated events recorded)`
          : ''}
        {estimate && estimate.seconds >= LONG_RUN_SECONDS
          ? ' — a long run; the lab stays usable, Cancel stops it.'
          : ''}
        {otherRunning ? ` · ${run.id} is running; one reproduction runs at a time.` : ''}
      </p>
      {mine && (
        <div className="sweep-progress">
          <div
            className="sweep-bar"
            role="progressbar"
            aria-label="Reproduction progress"
            aria-valuemin={0}
            aria-valuemax={mine.total}
            aria-valuenow={mine.done}
          >
            <div style={{ width: `${mine.total ? (100 * mine.done) / mine.total : 0}%` }} />
          </div>
          <span data-testid="reproduction-status" role="status">
            {mine.status === 'cancelled'
              ? `Cancelled after ${mine.done} of ${mine.total} runs`
              : mine.status === 'failed'
                ? `Failed after ${mine.done} of ${mine.total} runs`
                : mine.status === 'done'
                  ? `Done: ${mine.total} runs in ${elapsedS.toFixed(1)} s`
                  : `${mine.done}/${mine.total} runs${eta !== null ? ` · about ${eta} s left` : ''}`}
          </span>
        </div>
      )}
      {mine && mine.problems.length > 0 && (
        <ul className="sweep-problems" role="alert">
          {mine.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {ours && mine && (
        <ResultView
          spec={spec}
          result={ours}
          heading={mine.status === 'done' ? 'This run' : `This run (${mine.done} of ${mine.total} runs so far)`}
          source="this run"
          testId="reproduction-ours"
          plotsOpen
        />
      )}
      {recorded === undefined ? (
        <p className="muted">Loading the recorded result…</p>
      ) : recorded === null ? (
        <p className="muted">No recorded result yet: run it here or with the command line.</p>
      ) : (
        <ResultView
          spec={spec}
          result={recorded}
          heading="Recorded result"
          source="recorded"
          testId="reproduction-recorded"
          plotsOpen={!ours}
        />
      )}
      <h4>Ambiguities and choices</h4>
      <ul className="reproduction-notes">
        {spec.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </article>
  );
}
