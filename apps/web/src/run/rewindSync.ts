/**
 * How an edit made during a run reaches the worker when rewinding is involved: a live change made
 * while rewound starts a new branch (the recorded events after that moment are dropped, and the
 * lab says how many), and a change of the recorded events alone (an undone live change, that new
 * branch) re-simulates to the current time instead of restarting the run from zero.
 */
import { validateScenario, type ScenarioInput } from '@cclab/engine';
import type { Lab } from '../lab';
import { formatClock } from './SimClock';
import { liveEdit } from './liveChanges';
import { eventsAfter, isRewound } from './timeline';

/**
 * A live change only when the result is valid: an impossible value ("-3ms") stays an edit of the
 * field itself, named there (links[0].delay) and blocking the run until it is fixed, as before.
 */
function validOrNull(s: ScenarioInput | null): ScenarioInput | null {
  if (s === null) return null;
  try {
    validateScenario(s);
    return s;
  } catch {
    return null;
  }
}

/**
 * The scenario store's `liveEdit` hook: the edit made at the current time (timed events), `cur`
 * when it changes nothing there, or null (the edit is made to the scenario: a restart).
 */
export function liveChange(
  lab: Lab,
  cur: ScenarioInput,
  edit: (s: ScenarioInput) => ScenarioInput | null,
): ScenarioInput | null {
  if (!lab.sim.midRun) return null;
  const { nowNs, reachedNs } = lab.run.getState();
  const rewound = isRewound(nowNs, reachedNs);
  const made = liveEdit(cur, edit, nowNs, rewound);
  if (made === cur) return cur;
  const out = validOrNull(made);
  const dropped = rewound ? eventsAfter(cur, nowNs).length : 0;
  if (out && dropped > 0)
    lab.ui
      .getState()
      .showToast(
        `Changed at ${formatClock(nowNs)} s: a new branch. The ${dropped === 1 ? 'recorded change' : `${dropped} recorded changes`} after ${formatClock(nowNs)} s ${dropped === 1 ? 'was' : 'were'} dropped (Undo brings ${dropped === 1 ? 'it' : 'them'} back).`,
      );
  return out;
}

/**
 * Says where a live change went, once the worker has said when it applies (the page's clock is a
 * frame behind; a branch's own message, shown when the change was made, is left standing).
 */
export function announceLiveChange(lab: Lab, tNs: number, settings: boolean): void {
  if (lab.ui.getState().toast?.text.startsWith('Changed at')) return;
  lab.ui
    .getState()
    .showToast(
      `Live change at ${formatClock(tNs)} s, recorded: it replays on every run.${settings ? " “Apply from 0 s” in the inspector makes it the scenario's value instead." : ''}`,
    );
}

/** Re-simulates `scenario` to the current time; a run that was playing (or running to the end) goes on. */
export function resimulate(lab: Lab, scenario: ScenarioInput): void {
  const { nowNs, seekingToNs, status } = lab.run.getState();
  lab.sim.seek(seekingToNs ?? nowNs, scenario, status === 'playing' || status === 'batch' ? status : 'paused');
}
