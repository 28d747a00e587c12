/**
 * Keeps the views of the one scenario state in step: the worker (reloaded when something the
 * simulation depends on changes, playing on if it was playing), the autosave and the address bar.
 * Saves at once when the page is hidden or closed (an edit made just before is not lost), warns
 * before closing when autosave is not working, and opens a link pasted into the address bar of
 * an open lab (only the fragment changes, so the page does not reload).
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useLab, type Lab } from '../lab';
import { linkParam, playsOnOpen, scenarioParam, URL_PARAM } from '../codec/urlCodec';
import { readLink } from '../codec/startup';
import { simulationKey } from '../state/scenarioEdits';
import { withCamera } from '../state/scenarioStore';
import { formatEventTime } from '../run/liveChanges';
import { announceLiveChange, liveChange, resimulate } from '../run/rewindSync';
import { canApplyFromStart, sameStructure } from '../run/recordedChanges';
import { validateScenario, type ScenarioInput } from '@cclab/engine';
import { hashWithSplit, splitChoiceFromHash } from '../compare/split/splitLink';
import type { SplitChoice } from '../compare/split/splitVariants';

/** Whether `next` is `prev` with events appended, nothing else the simulation sees changed. */
function onlyEventsAdded(prev: ScenarioInput | null, next: ScenarioInput): boolean {
  if (!prev) return false;
  const a = prev.events ?? [];
  const b = next.events ?? [];
  if (b.length <= a.length) return false;
  if (JSON.stringify(b.slice(0, a.length)) !== JSON.stringify(a)) return false;
  // a version-1 scenario becomes version 2 with its first event
  const rest = (s: ScenarioInput) => simulationKey({ ...s, version: 2, events: undefined });
  return rest(prev) === rest(next);
}

/** Whether the engine takes `s` (an invalid one is loaded, so its problems are shown, not re-simulated). */
function isValid(s: ScenarioInput): boolean {
  try {
    validateScenario(s);
    return true;
  } catch {
    return false;
  }
}

const AUTOSAVE_MS = 400;
const URL_MS = 600;

function saveNow(lab: Lab): void {
  const st = lab.scenario.getState();
  lab.autosave.save(st.scenario, st.serialize());
}

/**
 * Puts the scenario's link in the address bar, or none when the scenario is too large for a link.
 * An open split view's part (`&split=`, written by SplitView when it opens) is kept: this write
 * comes URL_MS after an edit, perhaps after the split view opened.
 */
function writeAddress(lab: Lab): void {
  const link = linkParam(lab.scenario.getState().serialize());
  const param = link.ok ? link.param : null;
  if (param === lab.autosave.address) return;
  const hash = hashWithSplit(param === null ? '' : `#${URL_PARAM}=${param}`, lab.ui.getState().split);
  history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  lab.autosave.noteAddress(param);
}

/** Opens the split view a pasted link names (`&split=`), unless it is open with that choice already. */
function openPastedSplit(lab: Lab, choice: SplitChoice | null): void {
  const open = lab.ui.getState().split;
  if (!choice || (open && open.path === choice.path && open.a === choice.a && open.b === choice.b)) return;
  lab.sim.pause();
  lab.ui.getState().setSplit(choice);
}

/**
 * A link pasted into the address bar of the open lab: open it (undoably) or say why not. A split
 * view in the link opens too, also when the link's scenario is the one already open.
 */
function openPastedLink(lab: Lab): void {
  const param = scenarioParam(location.hash);
  const split = splitChoiceFromHash(location.hash);
  if (param === null || param === lab.autosave.address) {
    openPastedSplit(lab, split);
    return;
  }
  const r = readLink(param);
  if (r.ok) {
    lab.scenario.getState().replace(r.scenario);
    lab.autosave.noteAddress(param);
    lab.ui.getState().showToast('Opened the scenario from the link. Undo (Ctrl+Z) brings back what you had.');
    openPastedSplit(lab, split);
    return;
  }
  lab.ui.getState().pushNotice({
    kind: 'error',
    key: 'pasted-link',
    title: 'This link does not hold a usable scenario; your current work is unchanged.',
    issues: r.issues,
  });
  lab.autosave.noteAddress(null);
  writeAddress(lab);
}

export function useScenarioSync(): void {
  const lab = useLab();
  const scenario = useStore(lab.scenario, (s) => s.scenario);
  const openedAs = useStore(lab.scenario, (s) => s.openedAs);
  const simKey = useRef<string | null>(null);
  const simScenario = useRef<ScenarioInput | null>(null);
  /** The scenario as last opened, to tell an open (which loads paused) from an edit. */
  const lastOpened = useRef(lab.scenario.getState().openedAs);

  useEffect(() => {
    // While a run is going, an edit of a link's or flow's setting becomes a timed event at the
    // current simulated time (run/liveChanges.ts) instead of a restart.
    lab.scenario.setState({ liveEdit: (cur, edit) => liveChange(lab, cur, edit) });
    // the worker says when each event applies (a frame later than the page saw): write it down
    lab.sim.onEventsTimed = (times) => {
      const events = lab.scenario.getState().scenario.events ?? [];
      if (times.length > 0)
        announceLiveChange(
          lab,
          Math.max(...times.map(([, t]) => t)),
          times.some(([i]) => events[i] !== undefined && canApplyFromStart(events[i])),
        );
      lab.scenario.getState().apply(
        (s) => {
          if (!s.events) return null;
          const events = [...s.events];
          for (const [i, tNs] of times) if (events[i]) events[i] = { ...events[i]!, at: formatEventTime(tNs) };
          const next = { ...s, events };
          simKey.current = simulationKey(next);
          simScenario.current = next;
          lab.sim.adopt(next);
          return next;
        },
        { history: false },
      );
    };
    // Before another scenario replaces this one (a link, a file, a preset, a reproduction, an
    // exercise, a new network), what the tab had goes into the history of work (Recent work),
    // with an edit made within the autosave delay.
    const unsubscribe = lab.scenario.subscribe((st, prev) => {
      if (st.openedAs !== prev.openedAs)
        lab.autosave.opening(withCamera(prev.scenario, prev.camera), withCamera(st.scenario, st.camera));
    });
    return () => {
      unsubscribe();
      lab.scenario.setState({ liveEdit: null });
      lab.sim.onEventsTimed = null;
    };
  }, [lab]);

  useEffect(() => {
    const key = simulationKey(scenario);
    // Opening something (a link, a preset, a file, an exercise, Recent work) always loads it afresh,
    // paused at 0 s, even when it is what ran, or differs from it only in its recorded changes.
    const opened = openedAs !== lastOpened.current;
    lastOpened.current = openedAs;
    if (key === simKey.current && !opened) return;
    const first = simKey.current === null;
    const prev = simScenario.current;
    simKey.current = key;
    simScenario.current = scenario;
    if (!first && opened) {
      lab.sim.load(scenario, false);
      return;
    }
    if (lab.sim.midRun && onlyEventsAdded(prev, scenario)) {
      lab.sim.addEvents(scenario);
      return;
    }
    if (lab.sim.midRun && sameStructure(prev, scenario) && isValid(scenario)) {
      // an undone live change, the future after a rewind replaced, a recorded change made the
      // value from time zero or removed: the run re-simulates to where it is, the clock stays
      resimulate(lab, scenario);
      return;
    }
    // Opening something (the first scenario, a link, a preset, a file, an exercise) never starts a
    // run by itself, so what the user then prepares changes the scenario, not a running simulation;
    // only a link that says so (`&play`) plays at once (not when it opens the split view: its own
    // two runs play there). After an edit, a run that was going keeps going from time zero.
    lab.sim.load(scenario, first ? lab.ui.getState().split === null && playsOnOpen(location.hash) : lab.sim.active);
  }, [lab, scenario, openedAs]);

  useEffect(() => {
    const t = setTimeout(() => saveNow(lab), AUTOSAVE_MS);
    return () => clearTimeout(t);
  }, [lab, scenario]);

  useEffect(() => {
    const t = setTimeout(() => writeAddress(lab), URL_MS);
    return () => clearTimeout(t);
  }, [lab, scenario]);

  useEffect(() => {
    // Only the save: the address bar is not written here, because a reload has already taken its
    // address, and the tab's record must name that address to be preferred to it.
    const flush = () => saveNow(lab);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!lab.autosave.wouldLose(lab.scenario.getState().scenario)) return;
      e.preventDefault();
      e.returnValue = ''; // older browsers need it to ask
    };
    const onHashChange = () => openPastedLink(lab);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('hashchange', onHashChange);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [lab]);
}
