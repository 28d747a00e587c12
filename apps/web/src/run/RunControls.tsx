/** Play, pause, step, reset, speed, batch run with progress, and the simulation clock. */
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { SimClock } from './SimClock';
import { SpeedSelect } from './SpeedSelect';

const STATUS_TEXT: Record<string, string> = {
  idle: 'Loading…',
  playing: 'Running',
  paused: 'Paused',
  batch: 'Running to the end…',
  done: 'Finished',
  error: 'Cannot run',
};

export function RunControls() {
  const lab = useLab();
  const status = useStore(lab.run, (s) => s.status);
  const speed = useStore(lab.run, (s) => s.speed);
  // Progress is only shown during a batch run; while playing it changes every frame and would
  // re-render the controls for nothing.
  const progress = useStore(lab.run, (s) => (s.status === 'batch' ? s.progress : 0));
  const issues = useStore(lab.run, (s) => s.issues.length);
  const crashed = useStore(lab.run, (s) => s.crash !== null);
  // a scenario just opened (or reset) waits at time zero: edits now change the scenario itself
  const atStart = useStore(lab.run, (s) => s.nowNs === 0);
  const sim = lab.sim;
  const playing = status === 'playing';
  const batch = status === 'batch';
  const blocked = status === 'error' || status === 'idle';
  return (
    <div className="run-controls" role="group" aria-label="Simulation controls">
      <button
        type="button"
        className="btn btn-primary run-play"
        data-testid="play"
        disabled={blocked || batch}
        onClick={() => (playing ? sim.pause() : sim.play())}
        aria-label={playing ? 'Pause (Space)' : 'Play (Space)'}
        title={playing ? 'Pause (Space)' : 'Play (Space)'}
      >
        {playing ? '❚❚ Pause' : status === 'done' ? '▶ Replay' : '▶ Play'}
      </button>
      <button
        type="button"
        className="btn"
        data-testid="step"
        disabled={blocked || batch || status === 'done'}
        onClick={() => sim.step()}
        title="Advance one probe interval (.)"
      >
        Step
      </button>
      <button
        type="button"
        className="btn"
        data-testid="reset"
        disabled={status === 'error' && !crashed}
        onClick={() => sim.reset()}
        title="Back to time zero"
      >
        Reset
      </button>
      <SpeedSelect
        speed={speed}
        onChange={(v) => sim.setSpeed(v)}
        title="Simulated seconds per second of wall time; Max runs as fast as possible"
        testId="speed"
      />
      <SimClock />
      <span className={`run-status status-${status}`} data-testid="run-status" data-status={status}>
        {status === 'error' && issues > 0
          ? `Cannot run: ${issues} problem${issues > 1 ? 's' : ''}`
          : crashed
            ? status === 'done'
              ? 'Stopped by an error'
              : 'Simulation not running'
            : status === 'paused' && atStart
              ? 'Ready at 0 s'
              : STATUS_TEXT[status]}
      </span>
      <div className="batch">
        {batch ? (
          <>
            <progress max={1} value={progress} aria-label="Batch run progress" data-testid="batch-progress" />
            <span className="batch-pct">{Math.round(progress * 100)}%</span>
            <button type="button" className="btn" data-testid="cancel" onClick={() => sim.cancel()}>
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn"
            data-testid="batch"
            disabled={blocked || status === 'done'}
            onClick={() => sim.batch()}
            title="Run the rest of the scenario as fast as possible (no animation)"
          >
            Run to end
          </button>
        )}
      </div>
    </div>
  );
}
