/** The split view's one set of controls: Play/Pause, Step, Reset, Speed, Run to end, the shared clock. */
import { useStore } from 'zustand';
import { ClockReadout } from '../../run/SimClock';
import { SpeedSelect } from '../../run/SpeedSelect';
import type { SplitSession } from './SplitSession';

/** `what` differs between the runs: said here while presenting, where the form that chose it is hidden. */
export function SplitControls({ session, what }: { session: SplitSession; what: string }) {
  const st = useStore(session.state);
  // the time both runs have reached, read from their own clocks (as the panes show them)
  const sharedNs = Math.min(
    useStore(session.a.run, (s) => s.nowNs),
    useStore(session.b.run, (s) => s.nowNs),
  );
  const playing = st.mode === 'playing';
  const batch = st.mode === 'batch';
  const blocked = !st.ready || st.problem !== null;
  return (
    <div className="run-controls split-controls" role="group" aria-label="Controls of both runs">
      <button
        type="button"
        className="btn btn-primary run-play"
        data-testid="split-play"
        disabled={blocked || batch}
        onClick={() => (playing ? session.pause() : session.play())}
        aria-label={playing ? 'Pause both (Space)' : 'Play both (Space)'}
      >
        {playing ? '❚❚ Pause' : st.finished ? '▶ Replay' : '▶ Play'}
      </button>
      <button
        type="button"
        className="btn"
        data-testid="split-step"
        disabled={blocked || batch || st.finished}
        onClick={() => session.step()}
        title="Both runs one probe interval on (.)"
      >
        Step
      </button>
      <button type="button" className="btn" data-testid="split-reset" onClick={() => session.reset()}>
        Reset
      </button>
      <SpeedSelect
        speed={st.speed}
        onChange={(v) => session.setSpeed(v)}
        title="Simulated seconds per second of wall time, for both runs"
        testId="split-speed"
      />
      <ClockReadout
        nowNs={sharedNs}
        durationNs={st.durationNs}
        label="Shared clock (the time both runs have reached)"
        testId="split-clock"
      />
      <span className="run-status" data-testid="split-status" data-mode={st.finished ? 'finished' : st.mode}>
        {st.problem ??
          (!st.ready
            ? 'Loading…'
            : st.finished
              ? 'Finished'
              : batch
                ? 'Running to the end…'
                : playing
                  ? 'Running'
                  : 'Paused')}
      </span>
      <span className="split-what" title={`A vs B: ${what}`}>
        A vs B: {what}
      </span>
      <div className="batch">
        {batch ? (
          <>
            <progress
              max={1}
              value={st.durationNs > 0 ? sharedNs / st.durationNs : 0}
              aria-label="Progress of both runs"
            />
            <button type="button" className="btn" data-testid="split-cancel" onClick={() => session.pause()}>
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn"
            data-testid="split-batch"
            disabled={blocked || st.finished}
            onClick={() => session.batch()}
          >
            Run to end
          </button>
        )}
      </div>
    </div>
  );
}
