/**
 * Start or stop a flow while a run is going (a live change): the button records a timed
 * event `{ at: now, flow, action }` in the scenario, the running simulation applies it at the
 * current simulated time (the run goes on, nothing restarts) and the charts mark it. A stopped flow
 * stays stopped (its transport has closed; the engine rejects a later start).
 */
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { formatEventTime } from '../run/liveChanges';
import { flowRunState } from './flowRunState';

export function LiveFlowAction({ flowId }: { flowId: string }) {
  const lab = useLab();
  useStore(lab.scenario, (s) => s.scenario.events); // re-read when an event is added
  const state = useStore(lab.run, (r) =>
    lab.sim.midRun ? flowRunState(lab.scenario.getState().scenario, flowId, r.nowNs) : null,
  );
  if (state === null) return null;
  const record = (action: 'start' | 'stop') =>
    lab.scenario.getState().apply((s) => ({
      ...s,
      version: 2,
      events: [...(s.events ?? []), { at: formatEventTime(lab.run.getState().nowNs), flow: flowId, action }],
    }));
  return (
    <div className="field live-flow-action" data-testid="flow-live">
      {state === 'stopped' ? (
        <p className="muted small">Stopped: this flow sends nothing more in this run.</p>
      ) : (
        <button
          type="button"
          className="btn"
          data-testid={state === 'running' ? 'flow-stop-now' : 'flow-start-now'}
          title={`Record "${state === 'running' ? 'stop' : 'start'}" as a timed event at the current simulated time; the run goes on`}
          onClick={() => record(state === 'running' ? 'stop' : 'start')}
        >
          {state === 'running' ? 'Stop flow now' : 'Start flow now'}
        </button>
      )}
    </div>
  );
}
