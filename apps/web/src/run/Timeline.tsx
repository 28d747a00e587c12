/**
 * The timeline scrubber (accessible name "Timeline"): drag back (or press ←/→, Page Up/Down,
 * Home/End; Space plays on) to any time of the run and the view shows that moment: the charts up to it, the
 * packets, queues and gauges at it, the summary as of it. The worker re-simulates the scenario
 * from zero to there (deterministic: the same state the run passed through); the run pauses there
 * and Play goes on from it. The shaded part of the track is how far the run has got; the recorded
 * changes (timed events) are ticks on it.
 */
import { useId, useState, type CSSProperties } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab';
import { eventsAfter, eventTimeNs, isRewound, timelineStepMs, timelineValueText } from './timeline';
import { formatClock } from './SimClock';
import { TimelineChangesButton, TimelineChangesList } from './RecordedChanges';
import './timeline.css';

export function Timeline() {
  const lab = useLab();
  const durationNs = useStore(lab.run, (s) => s.durationNs);
  const intervalNs = useStore(lab.run, (s) => s.meta?.intervalNs ?? 0);
  const stepMs = timelineStepMs(intervalNs, durationNs);
  const stepNs = stepMs * 1e6;
  // the value moves in whole steps: the slider renders once a step, not once a frame
  const shownNs = useStore(lab.run, (s) => Math.floor((s.seekingToNs ?? s.nowNs) / stepNs) * stepNs);
  const reachedNs = useStore(lab.run, (s) => Math.floor(s.reachedNs / stepNs) * stepNs);
  const rewound = useStore(lab.run, (s) => s.seekingToNs === null && isRewound(s.nowNs, s.reachedNs));
  const seeking = useStore(lab.run, (s) => s.seekingToNs !== null);
  const usable = useStore(lab.run, (s) => s.meta !== null && s.status !== 'idle' && s.status !== 'error');
  const events = useStore(lab.scenario, (s) => s.scenario.events);
  const later = useStore(lab.scenario, (s) => (rewound ? eventsAfter(s.scenario, shownNs).length : 0));
  const noteId = useId();
  const listId = useId();
  const [listOpen, setListOpen] = useState(false);
  /** Where `ns` sits along the rail, as the CSS variable `--f` (0..1) the stylesheet places by. */
  const at = (ns: number) =>
    ({ '--f': durationNs > 0 ? Math.min(1, Math.max(0, ns / durationNs)) : 0 }) as CSSProperties;
  const times = (events ?? []).map(eventTimeNs).filter((t) => Number.isFinite(t) && t <= durationNs);
  const note = seeking
    ? 'Re-simulating to that moment…'
    : rewound
      ? later > 0
        ? `Rewound. Play replays the recorded run; a change made now replaces the ${later === 1 ? 'recorded change' : `${later} recorded changes`} after this moment.`
        : 'Rewound. Play replays the run from here; a change made now starts a new branch.'
      : 'Drag back to rewind; Play goes on from there.';
  return (
    <>
      <div className="timeline" data-testid="timeline">
        <div className="timeline-track">
          <div className="timeline-reached" style={at(reachedNs)} aria-hidden="true" />
          <div className="timeline-played" style={at(shownNs)} aria-hidden="true" />
          {times.map((t, i) => (
            <span key={i} className="timeline-tick" style={at(t)} aria-hidden="true" data-at-ns={t} />
          ))}
          <input
            type="range"
            className="timeline-input"
            aria-label="Timeline"
            aria-describedby={noteId}
            aria-valuetext={timelineValueText(shownNs, durationNs)}
            data-testid="timeline-slider"
            min={0}
            max={Math.max(0, Math.floor(durationNs / 1e6))}
            step={stepMs}
            value={Math.round(shownNs / 1e6)}
            disabled={!usable}
            onChange={(e) => lab.sim.seek(Number(e.target.value) * 1e6)}
            onKeyDown={(e) => {
              // Space plays from the moment found (a slider takes no Space of its own)
              if (e.key !== ' ') return;
              e.preventDefault();
              if (lab.sim.active) lab.sim.pause();
              else lab.sim.play();
            }}
          />
        </div>
        <TimelineChangesButton open={listOpen} onToggle={() => setListOpen(!listOpen)} listId={listId} />
        <p className="timeline-note" id={noteId} data-testid="timeline-note" data-rewound={rewound}>
          {note}
          {times.length > 0 && (
            <span className="sr-only"> Recorded changes at {times.map((t) => `${formatClock(t)} s`).join(', ')}.</span>
          )}
        </p>
      </div>
      {listOpen && <TimelineChangesList listId={listId} />}
    </>
  );
}
