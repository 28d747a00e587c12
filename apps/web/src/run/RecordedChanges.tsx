/**
 * Recorded changes where the user makes them: in the inspector of a link or a flow, the changes
 * made to it while a run went on, each with its time, what it sets, **Apply from 0 s** (make it the
 * scenario's own value instead) and **Remove**; beside the timeline, every recorded change of the
 * scenario in one list. Both actions are ordinary edits (Ctrl+Z undoes them); during a run the run
 * re-simulates to where it is, so the clock stays.
 */
import { useId } from 'react';
import { useStore } from 'zustand';
import type { ScenarioEvent } from '@cclab/engine';
import { useLab } from '../lab';
import { formatClock } from './SimClock';
import {
  applyFromStart,
  canApplyFromStart,
  changeTarget,
  changeTimeNs,
  changesOf,
  describeChange,
  removeChange,
} from './recordedChanges';

function ChangeRow({ event, index, withTarget }: { event: ScenarioEvent; index: number; withTarget: boolean }) {
  const lab = useLab();
  const t = changeTimeNs(event);
  const passed = useStore(lab.run, (r) => r.nowNs >= t);
  const what = `${withTarget ? `${changeTarget(event)}: ` : ''}${describeChange(event)}`;
  const edit = (f: typeof applyFromStart) => lab.scenario.getState().apply((s) => f(s, index), { live: false });
  return (
    <li className={`recorded-change${passed ? ' is-passed' : ''}`} data-testid="recorded-change" data-at-ns={t}>
      <span className="recorded-at mono">{Number.isFinite(t) ? `${formatClock(t)} s` : String(event.at)}</span>
      <span className="recorded-what">{what}</span>
      <span className="recorded-actions">
        {canApplyFromStart(event) && (
          <button
            type="button"
            className="btn btn-small"
            data-testid="apply-from-start"
            title="Make this the scenario's own value from time zero instead of a change during the run (Ctrl+Z undoes)"
            aria-label={`Apply from 0 s: ${what}`}
            onClick={() => edit(applyFromStart)}
          >
            Apply from 0 s
          </button>
        )}
        <button
          type="button"
          className="btn btn-small"
          data-testid="remove-change"
          title="Remove this recorded change (Ctrl+Z undoes)"
          aria-label={`Remove the change at ${formatClock(t)} s: ${what}`}
          onClick={() => edit(removeChange)}
        >
          Remove
        </button>
      </span>
    </li>
  );
}

/** The recorded changes of one link or flow, in its inspector (nothing when it has none). */
export function InspectorChanges({ link, flow }: { link?: string; flow?: string }) {
  const lab = useLab();
  const events = useStore(lab.scenario, (s) => s.scenario.events);
  const midRun = useStore(lab.run, (r) => r.nowNs > 0 && r.status !== 'done');
  const indices = changesOf(events, { link, flow });
  const headId = useId();
  if (indices.length === 0)
    return midRun ? (
      <p className="live-hint muted small" data-testid="live-hint">
        The run is under way: a change here is recorded at the current time and replays on every run.
      </p>
    ) : null;
  return (
    <section className="inspector-changes" aria-labelledby={headId} data-testid="inspector-changes">
      <h4 id={headId}>Changes during the run ({indices.length})</h4>
      <p className="muted small">
        Recorded at their time; every run (and a shared link) replays them. The fields below show the value at the
        playhead.
      </p>
      <ol className="recorded-list">
        {indices.map((i) => (
          <ChangeRow key={i} event={events![i]!} index={i} withTarget={false} />
        ))}
      </ol>
    </section>
  );
}

/** Every recorded change of the scenario, beside the timeline: a button that opens the list. */
export function TimelineChangesButton({ open, onToggle, listId }: { open: boolean; onToggle(): void; listId: string }) {
  const lab = useLab();
  const count = useStore(lab.scenario, (s) => s.scenario.events?.length ?? 0);
  if (count === 0) return null;
  return (
    <button
      type="button"
      className="btn btn-small timeline-changes"
      aria-expanded={open}
      aria-controls={listId}
      data-testid="timeline-changes"
      onClick={onToggle}
    >
      {count} recorded change{count === 1 ? '' : 's'} {open ? '▴' : '▾'}
    </button>
  );
}

/** The list the timeline's button opens, under the timeline (every change, in time order). */
export function TimelineChangesList({ listId }: { listId: string }) {
  const lab = useLab();
  const events = useStore(lab.scenario, (s) => s.scenario.events);
  if (!events || events.length === 0) return null;
  const order = events
    .map((e, i) => [changeTimeNs(e), i] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, i]) => i);
  return (
    <ol className="recorded-list timeline-changes-list" id={listId} aria-label="Recorded changes">
      {order.map((i) => (
        <ChangeRow key={i} event={events[i]!} index={i} withTarget />
      ))}
    </ol>
  );
}
